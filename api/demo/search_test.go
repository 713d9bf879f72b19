package demo_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"coview/api/demo"
)

// searchPage is a page of search results as the demo sends it.
type searchPage struct {
	Etag         string       `json:"etag"`
	Kind         string       `json:"kind"`
	ItemsPerPage int          `json:"items_per_page"`
	StartIndex   int          `json:"start_index"`
	PageNumber   int          `json:"page_number"`
	TotalResults int          `json:"total_results"`
	Items        []searchItem `json:"items"`
}

type searchItem struct {
	Kind          string `json:"kind"`
	Title         string `json:"title"`
	Snippet       string `json:"snippet"`
	CompanyNumber string `json:"company_number"`
	Matches       struct {
		Title          []int `json:"title"`
		Snippet        []int `json:"snippet"`
		AddressSnippet []int `json:"address_snippet"`
	} `json:"matches"`
	Links struct {
		Self string `json:"self"`
	} `json:"links"`
}

func searchPath(endpoint, q string, extra ...string) string {
	return endpoint + "?q=" + url.QueryEscape(q) + strings.Join(extra, "")
}

func TestSearchPagesAsTheLiveRegistryDoes(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all searchPage
	getJSON(t, srv, searchPath("/search/companies", "ltd", "&items_per_page=100&start_index=0"), &all)
	cases := []struct {
		name                  string
		extra                 string
		items, start, perPage int
		pageNumber            int
	}{
		{"the default page holds 20", "", 20, 0, 20, 1},
		{"a page is at most 100", "&items_per_page=500", 100, 0, 100, 1},
		{"a start inside a page serves the page it falls in", "&items_per_page=20&start_index=45", 20, 40, 20, 3},
		{"a page that runs past the depth cap stops at it", "&items_per_page=30&start_index=990", 10, 990, 30, 34},
		{"the last page before the cap is whole", "&items_per_page=100&start_index=900", 100, 900, 100, 10},
		{"a page of one serves the second result, as the live bug does", "&items_per_page=1&start_index=0", 1, 1, 1, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var p searchPage
			getJSON(t, srv, searchPath("/search/companies", "ltd", tc.extra), &p)
			if len(p.Items) != tc.items || p.StartIndex != tc.start || p.ItemsPerPage != tc.perPage || p.PageNumber != tc.pageNumber {
				t.Fatalf("%d items from %d, %d a page, page %d", len(p.Items), p.StartIndex, p.ItemsPerPage, p.PageNumber)
			}
			if p.Kind != "search#companies" || p.TotalResults != all.TotalResults || p.TotalResults <= 1000 {
				t.Fatalf("kind %q, total %d", p.Kind, p.TotalResults)
			}
			if tc.perPage <= 100 && tc.start < 100 && p.Items[0].Links.Self != all.Items[tc.start].Links.Self {
				t.Fatalf("the page starts with %s, not result %d (%s)", p.Items[0].Links.Self, tc.start, all.Items[tc.start].Links.Self)
			}
		})
	}
}

func TestSearchPastTheDepthCapIs416WithNoResults(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, extra := range []string{"&start_index=1000", "&items_per_page=100&start_index=1000", "&items_per_page=20&start_index=5000"} {
		for _, endpoint := range []string{"/search", "/search/companies", "/search/officers"} {
			resp, body := get(t, srv, searchPath(endpoint, "ltd", extra))
			if resp.StatusCode != http.StatusRequestedRangeNotSatisfiable || len(body) != 0 {
				t.Fatalf("%s%s: status %d, body %q", endpoint, extra, resp.StatusCode, body)
			}
			if resp.Header.Get("X-Ratelimit-Remain") == "" {
				t.Fatalf("%s%s: no quota headers", endpoint, extra)
			}
		}
	}
}

func TestNothingFoundIs200WithNoItems(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, endpoint := range []string{"/search", "/search/companies", "/search/officers"} {
		resp, body := get(t, srv, searchPath(endpoint, "zzqxv"))
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"items":[]`) || !strings.Contains(string(body), `"total_results":0`) {
			t.Fatalf("%s: status %d, body %s", endpoint, resp.StatusCode, body)
		}
	}
}

func TestASearchWithoutAQueryIsRefused(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, path := range []string{"/search", "/search/companies?q=", "/search/officers?q=+++", "/search?items_per_page=x&q=ltd"} {
		resp, body := get(t, srv, path)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"location_type":"request-parameter"`) {
			t.Fatalf("%s: status %d, body %s", path, resp.StatusCode, body)
		}
	}
}

func TestSearchIsBehindTheSameKeyAndQuotaAsEveryRoute(t *testing.T) {
	srv := serve(t, demo.Options{Limit: 1})
	path := searchPath("/search", "marzipan")
	if resp, _ := fetch(t, srv, http.MethodGet, path, ""); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("without a key: status %d", resp.StatusCode)
	}
	if resp, _ := get(t, srv, path); resp.StatusCode != http.StatusOK {
		t.Fatalf("the first search: status %d", resp.StatusCode)
	}
	if resp, _ := get(t, srv, path); resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("past the quota: status %d", resp.StatusCode)
	}
}

// Every demo company, however it was added, is found by its name, first.
func TestEveryDemoCompanyIsFoundFirstByItsExactName(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	numbers := append(demo.Numbers(), demo.GeneratedFirst, "00007345", demo.GeneratedLast)
	for _, number := range numbers {
		t.Run(number, func(t *testing.T) {
			var profile struct {
				CompanyName string `json:"company_name"`
			}
			getJSON(t, srv, "/company/"+number, &profile)
			var p searchPage
			getJSON(t, srv, searchPath("/search/companies", strings.ToLower(profile.CompanyName), "&items_per_page=100"), &p)
			if len(p.Items) == 0 || p.Items[0].Title != profile.CompanyName {
				t.Fatalf("%q is not found first: %+v", profile.CompanyName, p.Items)
			}
			i := slices.IndexFunc(p.Items, func(it searchItem) bool { return it.CompanyNumber == number })
			if i < 0 || p.Items[i].Title != profile.CompanyName || p.Items[i].Links.Self != "/company/"+number {
				t.Fatalf("%s is not among the exact matches", number)
			}
			// Every word matches, so the matches run from the first
			// character to the last.
			m := p.Items[i].Matches.Title
			if len(m) < 2 || m[0] != 1 || m[len(m)-1] != len(utf16.Encode([]rune(profile.CompanyName))) {
				t.Fatalf("matches %v in %q", m, profile.CompanyName)
			}
		})
	}
}

// Every officer of every demo company is found by name, and the result
// leads to the same appointments the company's officer list does.
func TestEveryDemoOfficerIsFoundByName(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	seen := map[string]bool{}
	for _, number := range demo.Numbers() {
		for start := 0; ; start += 100 {
			var list struct {
				TotalResults int `json:"total_results"`
				Items        []struct {
					Name  string `json:"name"`
					Links struct {
						Officer struct {
							Appointments string `json:"appointments"`
						} `json:"officer"`
					} `json:"links"`
				} `json:"items"`
			}
			resp, body := get(t, srv, fmt.Sprintf("/company/%s/officers?items_per_page=100&start_index=%d", number, start))
			if resp.StatusCode == http.StatusNotFound {
				break
			}
			if err := json.Unmarshal(body, &list); err != nil {
				t.Fatal(err)
			}
			for _, o := range list.Items {
				link := o.Links.Officer.Appointments
				if seen[link] {
					continue
				}
				seen[link] = true
				var p searchPage
				getJSON(t, srv, searchPath("/search/officers", o.Name, "&items_per_page=100"), &p)
				if !slices.ContainsFunc(p.Items, func(it searchItem) bool { return it.Links.Self == link }) {
					t.Fatalf("%q (%s) is not found by name", o.Name, link)
				}
			}
			if start+100 >= list.TotalResults {
				break
			}
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d officers", len(seen))
	}
}

func TestQueriesAreDecodedAndMatchedIgnoringCase(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	const cio = "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"
	cases := []struct {
		name, rawQuery, first string
		titleMatches          []int
		inSnippet             bool
	}{
		{"a capital beyond ASCII found by its small letter", "q=%C3%A7", cio, []int{1, 1}, true},
		{"and by itself", "q=%C3%87", cio, []int{1, 1}, true},
		{"an escaped plus is a plus", "q=larder%2B", cio, []int{15, 21}, false},
		{"a plus is a space", "q=grumble+sons", "GRUMBLE & SONS PLUMBING LTD", []int{1, 7, 11, 14}, false},
		{"an escaped ampersand is part of the query", "q=grumble+%26+sons", "GRUMBLE & SONS PLUMBING LTD", []int{1, 7, 9, 9, 11, 14}, false},
		{"an escaped percent sign is part of the query", "q=100%25", cio, []int{23, 26}, false},
		{"a word is matched where a word of the name starts", "q=quayle", "Rosalind Jane ABERNATHY-QUAYLE", []int{25, 30}, false},
		{"an exact name comes first however it is typed", "q=%C3%A7a+va%3F+caf%C3%A9+%26+larder%2B+100%25+community+cio", cio, []int{1, 2, 4, 6, 8, 11, 13, 13, 15, 21, 23, 26, 28, 36, 38, 40}, true},
		{"a former name is found in the snippet", "q=teapot+%28holdings%29", "GRAND UNIFIED TEAPOT HOLDINGS PLC", []int{15, 20}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var p searchPage
			getJSON(t, srv, "/search?"+tc.rawQuery, &p)
			if len(p.Items) == 0 {
				t.Fatal("nothing found")
			}
			first := p.Items[0]
			if first.Title != tc.first || !slices.Equal(first.Matches.Title, tc.titleMatches) || tc.inSnippet != (len(first.Matches.Snippet) > 0) {
				t.Fatalf("first %q matched at %v, snippet %q at %v", first.Title, first.Matches.Title, first.Snippet, first.Matches.Snippet)
			}
		})
	}
}

// The search has text that a terminal must not be sent as it is, in a
// title and in snippets, for the client's sanitising to be tried on.
func TestSearchResultsCarryHostileTextToSanitise(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var p searchPage
	getJSON(t, srv, searchPath("/search", "grimthorpe ça"), &p)
	var escapes, bidi bool
	for _, it := range p.Items {
		escapes = escapes || strings.Contains(it.Title, "\x1b") || strings.Contains(it.Snippet, "\x1b")
		bidi = bidi || strings.Contains(it.Title+it.Snippet, "\u202e")
	}
	if !escapes || !bidi {
		t.Fatalf("escape sequences %v, bidi overrides %v in %+v", escapes, bidi, p.Items)
	}
}

func TestSearchOfEverythingMixesKinds(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all, companies, officers searchPage
	getJSON(t, srv, searchPath("/search", "grumble grimthorpe", "&items_per_page=100"), &all)
	getJSON(t, srv, searchPath("/search/companies", "grumble grimthorpe", "&items_per_page=100"), &companies)
	getJSON(t, srv, searchPath("/search/officers", "grumble grimthorpe", "&items_per_page=100"), &officers)
	kinds := map[string]int{}
	for _, it := range all.Items {
		kinds[it.Kind]++
	}
	if all.Kind != "search#all" || kinds["searchresults#company"] != companies.TotalResults || kinds["searchresults#officer"] != officers.TotalResults || kinds["searchresults#disqualified-officer"] != 1 {
		t.Fatalf("kinds %v; companies %d, officers %d", kinds, companies.TotalResults, officers.TotalResults)
	}
	if all.TotalResults != companies.TotalResults+officers.TotalResults+1 {
		t.Fatalf("all %d, companies %d, officers %d", all.TotalResults, companies.TotalResults, officers.TotalResults)
	}
}

func TestSparseSearchItemsSendNulls(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, q := range []string{"hollow void", "ça va larder"} {
		_, body := get(t, srv, searchPath("/search/companies", q))
		for _, want := range []string{`"company_status":null`, `"date_of_creation":null`, `"address":{}`} {
			if !strings.Contains(string(body), want) {
				t.Fatalf("%q: no %s in %s", q, want, body)
			}
		}
	}
}
