package common

import (
	"strings"
	"testing"

	"coview/api"
)

// Issue 20, item 26: what is loading is said in words for every kind of
// resource, never as a path ("Loading /search?q=…").
func TestWhatIsLoadingIsSaidInWordsForEveryKind(t *testing.T) {
	for kind := api.ResOther; kind <= api.ResSearchOfficers; kind++ {
		res := api.Resource{Kind: kind, Number: "00006400", Link: "/company/00006400/thing?q=x"}
		if kind >= api.ResSearch {
			res = api.SearchResource(kind, "gooseberry fool")
		}
		what := Key{Res: res}.What()
		if what == "" || strings.ContainsAny(what, "/?&") {
			t.Errorf("kind %d is named %q", kind, what)
		}
	}
	if got := (Key{Res: api.SearchResource(api.ResSearch, "gooseberry fool")}).What(); got != `matches for "gooseberry fool"` {
		t.Errorf("a name search is named %q", got)
	}
}
