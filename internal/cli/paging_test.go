package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"coview/api/faults"
)

// oddRegistry answers with handle, counting requests; its key is any.
func oddRegistry(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) (map[string]string, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		handle(w, r)
	}))
	t.Cleanup(srv.Close)
	return map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"}, &n
}

// companies is a page of company search results, numbered from start;
// total is left out when negative.
func companies(start, n, total int) string {
	var items []string
	for i := start; i < start+n; i++ {
		items = append(items, fmt.Sprintf(`{"kind":"searchresults#company","title":"ACME %d LTD","company_number":"%08d","company_status":"active","links":{"self":"/company/%08d"}}`, i, i+1, i+1))
	}
	totalPart := ""
	if total >= 0 {
		totalPart = fmt.Sprintf(`"total_results":%d,`, total)
	}
	return fmt.Sprintf(`{"kind":"search#companies",%s"start_index":%d,"items_per_page":%d,"items":[%s]}`, totalPart, start, n, strings.Join(items, ","))
}

// Issue 20, item 10: items are trusted over a total that says none.
func TestSearchTrustsTheItemsOverATotalOfNone(t *testing.T) {
	t.Parallel()
	env, _ := oddRegistry(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, companies(0, 3, 0))
	})
	for _, form := range []string{"--plain", "--json"} {
		r := run(t, "", env, "search", form, "--companies", "acme")
		if r.code != 0 || strings.Count(r.stdout, "ACME") != 3 {
			t.Errorf("%s: exit %d\n%s\n%s", form, r.code, r.stdout, r.stderr)
		}
	}
}

// Issue 20, item 11: paging ends where the registry stops serving, where
// a page repeats, and where a page brings nothing new; and a 416 on the
// first page is an error.
func TestPagingEndsWhereThereIsNothingMoreToGet(t *testing.T) {
	t.Parallel()
	start := func(r *http.Request) int {
		n, _ := strconv.Atoi(r.URL.Query().Get("start_index"))
		return n
	}
	cases := []struct {
		name     string
		handle   func(w http.ResponseWriter, r *http.Request)
		args     []string
		code     int
		requests int32
		says     string
	}{
		{"a search whose pages never end and carry no total stops at the registry's depth",
			func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, companies(start(r), 100, -1)) },
			[]string{"search", "--all", "--plain", "--companies", "acme"}, 0, 10, "no more than the first 1,000 or so matches"},
		{"a search that counts a million stops at the registry's depth",
			func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, companies(start(r), 100, 1_000_000)) },
			[]string{"search", "--all", "--json", "--companies", "acme"}, 0, 10, "the first 1,000 of 1,000,000"},
		{"a search whose page repeats stops at the repeat",
			func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, companies(0, 100, -1)) },
			[]string{"search", "--all", "--plain", "--companies", "acme"}, exitFailure, 2, "page 2 brings nothing new"},
		{"a followed list whose page repeats stops at the repeat",
			func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/company/00006400" {
					fmt.Fprint(w, `{"company_number":"00006400","company_name":"ACME","links":{"self":"/company/00006400","officers":"/company/00006400/officers"}}`)
					return
				}
				var items []string
				for i := range 100 {
					items = append(items, fmt.Sprintf(`{"name":"DOE, Jane %d","officer_role":"director","appointed_on":"2020-01-01","links":{"self":"/company/00006400/appointments/a%d","officer":{"appointments":"/officers/a%d/appointments"}}}`, i, i, i))
				}
				fmt.Fprintf(w, `{"kind":"officer-list","start_index":0,"items_per_page":100,"items":[%s]}`, strings.Join(items, ","))
			},
			[]string{"--plain", "--all", "--follow", "officers", "00006400"}, exitFailure, 3, "page 2 brings nothing new"},
		{"a 416 on the first page of a search is an error",
			func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
				fmt.Fprint(w, `{}`)
			},
			[]string{"search", "--companies", "acme"}, exitFailure, 1, "refused even the first page"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env, n := oddRegistry(t, tc.handle)
			r := run(t, "", env, tc.args...)
			if r.code != tc.code || n.Load() != tc.requests || !strings.Contains(r.stderr, tc.says) {
				t.Fatalf("exit %d after %d requests, want %d after %d; stderr:\n%s", r.code, n.Load(), tc.code, tc.requests, r.stderr)
			}
		})
	}
}

// Issue 20, item 23: a query that is not UTF-8 says so.
func TestAQueryThatIsNotTextSaysSo(t *testing.T) {
	t.Parallel()
	r := run(t, "", demoEnv(demoRegistry(t)), "search", "marz\xffipan")
	if r.code != exitUsage || !strings.Contains(r.stderr, "not UTF-8") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// Issue 31, item 11: every search pages by one rule, whatever it is and
// however it prints: paging stops at a page that brings nothing new, and
// says so (exit 1). Against a registry that sends the same 20 companies
// whatever page is asked, counting a million, --all asks twice, prints
// each company once, and never claims "the first 10,000 of 1,000,000";
// one page asks once.
func TestEverySearchStopsAtAPageThatBringsNothingNew(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		all  bool
		says string
	}{
		{[]string{"--plain", "acme"}, true, "page 2 brings nothing new"},
		{[]string{"--companies", "--json", "acme"}, true, "page 2 brings nothing new"},
		{[]string{"--officers", "--csv", "acme"}, true, "page 2 brings nothing new"},
		{[]string{"--status", "active"}, true, "page 2 brings nothing new"},
		{[]string{"--status", "active", "--csv"}, true, "page 2 brings nothing new"},
		{[]string{"--sic", "62020", "--json"}, true, "page 2 brings nothing new"},
		{[]string{"--dissolved", "acme"}, true, "page 2 brings nothing new"},
		{[]string{"--dissolved", "--previous-names", "--csv", "acme"}, true, "page 2 brings nothing new"},
		{[]string{"--status", "active"}, false, "--all prints them up to the first 10,000, as far as the registry serves"},
		{[]string{"--dissolved", "acme"}, false, "--all prints them"},
		{[]string{"--alphabetical", "acme"}, false, ""},
	}
	for _, tc := range cases {
		s := faults.New(t).Thereafter(faults.SamePage)
		args := append([]string{"search"}, tc.args...)
		if tc.all {
			args = append(args, "--all")
		}
		r := run(t, "", map[string]string{"COVIEW_BASE_URL": s.URL, "COVIEW_API_KEY": "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"}, args...)
		once := 1
		if slices.Contains(args, "--json") {
			once = 2 // a name is in an item twice: its title and its company_name
		}
		for i := 1; i <= faults.PageItems; i++ {
			if n := strings.Count(r.stdout, faults.PagedName(i)); n != once {
				t.Errorf("%v: %s printed %d times, want %d", args, faults.PagedName(i), n, once)
				break
			}
		}
		switch {
		case strings.Contains(r.stderr, "first 10,000 of") || strings.Contains(r.stderr, "first 1,000 of"):
			t.Errorf("%v claims a cap it never reached: %s", args, r.stderr)
		case !strings.Contains(r.stderr, tc.says):
			t.Errorf("%v: stderr lacks %q:\n%s", args, tc.says, r.stderr)
		case tc.all && (r.code != exitFailure || s.Count() != 2):
			t.Errorf("%v: exit %d after %d requests, want 1 after 2; stderr:\n%s", args, r.code, s.Count(), r.stderr)
		case !tc.all && (r.code != 0 || s.Count() != 1):
			t.Errorf("%v: exit %d after %d requests, want 0 after 1; stderr:\n%s", args, r.code, s.Count(), r.stderr)
		}
	}
}
