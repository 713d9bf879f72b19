package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"coview/api"
)

// countingNoneRegistry is a registry whose searches send three matches
// with a total_results of 0, and any later page empty.
func countingNoneRegistry(t *testing.T) *api.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path != "/search" {
			http.NotFound(w, r)
			return
		}
		items := `[]`
		if r.URL.Query().Get("start_index") == "0" {
			items = `[`
			for i := 1; i <= 3; i++ {
				if i > 1 {
					items += ","
				}
				items += fmt.Sprintf(`{"kind":"searchresults#company","title":"GOOSEBERRY %d LTD","company_number":"0000000%d",
					"company_status":"active","links":{"self":"/company/0000000%d"}}`, i, i, i)
			}
			items += `]`
		}
		fmt.Fprintf(w, `{"kind":"search#all","total_results":0,"items_per_page":100,"start_index":%s,"items":%s}`,
			r.URL.Query().Get("start_index"), items)
	}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: "test-key"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Issue 20, item 10: a search that sends three matches and counts none
// lists the three, under the box and on the results page, and counts
// them: not "Nothing found", not "1 of 0".
func TestMatchesCountedAsNoneAreListedForWhatTheyAre(t *testing.T) {
	t.Parallel()
	m := testModel(t, countingNoneRegistry(t), Options{})
	typeName(t, m, "gooseberry")
	s := screen(m)
	mustContain(t, s, `3 matches for "gooseberry"`, "GOOSEBERRY 1 LTD", "GOOSEBERRY 3 LTD")
	mustNotContain(t, s, "Nothing found")
	press(t, m, "enter")
	s = screen(m)
	mustContain(t, s, `3 matches for "gooseberry"`, "GOOSEBERRY 2 LTD", "1 of 3")
	mustNotContain(t, s, "Nothing found", "of 0")
	if l := rowsOf(m); l.Len() != 3 || !l.Done {
		t.Fatalf("%d rows, done %v", l.Len(), l.Done)
	}
}
