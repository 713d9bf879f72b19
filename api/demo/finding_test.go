package demo_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"coview/api/demo"
)

// found is an answer of the three searches of companies, as the registry's
// search service writes it.
type found struct {
	Etag   string           `json:"etag"`
	Kind   string           `json:"kind"`
	Hits   *int             `json:"hits"`
	TopHit *json.RawMessage `json:"top_hit"`
	Items  []map[string]any `json:"items"`
}

// The advanced search answers in the registry's shape: kind, an exact
// hits, the first company as top_hit, items with the members the service
// sends (and none it leaves out as null); every criterion ANDed.
func TestAdvancedSearchAnswersInTheRegistrysShape(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	cases := []struct {
		name, query string
		hits        int
		first       string
	}{
		{"a name's words all match", "company_name_includes=marzipan+mountain", 1, "00006400"},
		{"a SIC code and a place together", "sic_codes=62020&location=saltmere", 10, "00007006"},
		{"a SIC code alone", "sic_codes=62020", 191, "00006400"},
		{"a list matches any of its values, repeated or comma-separated", "company_status=active,dissolved&company_status=liquidation", 1014, "00006400"},
		{"dissolved before 2009", "company_status=dissolved&dissolved_to=2008-12-31", 63, "00007003"},
		{"incorporated in a year, both ends inclusive", "incorporated_from=2010-01-01&incorporated_to=2010-12-31", 41, "00007812"},
		{"a subtype", "company_subtype=community-interest-company", 1, "00006409"},
		{"a word of the name excludes", "sic_codes=62020&company_name_excludes=software+bakeries", 180, "00007001"},
		{"statuses in any case", "company_status=DISSOLVED", 130, "00006402"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, srv, "/advanced-search/companies?"+tc.query)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			var f found
			if err := json.Unmarshal(body, &f); err != nil {
				t.Fatal(err)
			}
			if f.Kind != "search#advanced-search" || f.Hits == nil || *f.Hits != tc.hits || f.Etag == "" || f.TopHit == nil {
				t.Fatalf("kind %q, hits %v, etag %q, top hit %v", f.Kind, deref(f.Hits), f.Etag, f.TopHit != nil)
			}
			if len(f.Items) != min(tc.hits, 20) || f.Items[0]["company_number"] != tc.first {
				t.Fatalf("%d items, the first %v", len(f.Items), f.Items[0]["company_number"])
			}
			var top map[string]any
			json.Unmarshal(*f.TopHit, &top)
			if top["company_number"] != tc.first {
				t.Errorf("top hit %v, want the first item", top["company_number"])
			}
			for _, it := range f.Items {
				for _, member := range []string{"company_name", "company_number", "company_status", "company_type", "kind", "links", "date_of_creation"} {
					if _, ok := it[member]; !ok {
						t.Errorf("%v lacks %s", it["company_number"], member)
					}
				}
				for member, v := range it {
					if v == nil {
						t.Errorf("%v: %s is null; the registry leaves it out", it["company_number"], member)
					}
				}
				if it["kind"] != "searchresults#company" { // issue 31, item 17: the registry's spelling
					t.Errorf("item kind %v", it["kind"])
				}
				_, ceased := it["date_of_cessation"]
				if ceased != (it["company_status"] == "dissolved") {
					t.Errorf("%v: status %v, date of cessation given %v", it["company_number"], it["company_status"], ceased)
				}
			}
		})
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// Paging: start_index and size window the results in a stable order;
// size up to 5,000; a page past the end is a 404, as nothing found is.
func TestAdvancedSearchPagesInAStableOrder(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all found
	getJSON(t, srv, "/advanced-search/companies?company_status=active&size=5000", &all)
	if *all.Hits != 883 || len(all.Items) != 883 {
		t.Fatalf("hits %d, %d items", *all.Hits, len(all.Items))
	}
	var page found
	getJSON(t, srv, "/advanced-search/companies?company_status=active&size=100&start_index=800", &page)
	if len(page.Items) != 83 || page.Items[0]["company_number"] != all.Items[800]["company_number"] {
		t.Fatalf("the page from 800 has %d items, the first %v; want %v", len(page.Items), page.Items[0]["company_number"], all.Items[800]["company_number"])
	}
	numbers := make([]string, len(all.Items))
	for i, it := range all.Items {
		numbers[i] = it["company_number"].(string)
	}
	if !slices.IsSorted(numbers) {
		t.Error("the results are not in a stable order")
	}
	resp, body := get(t, srv, "/advanced-search/companies?company_status=active&size=100&start_index=900")
	if resp.StatusCode != http.StatusNotFound || len(body) != 0 {
		t.Errorf("past the end: status %d, body %q", resp.StatusCode, body)
	}
}

// Nothing found is a 404 with an empty body; what the service refuses it
// says in a sentence of plain text, in its order (dates, then the lists,
// then size); a parameter it does not know is ignored.
func TestAdvancedSearchRefusesAsTheRegistryDoes(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	const (
		date    = "Date provided is either invalid, empty or in the incorrect format, please use the format of 'yyyy-mm-dd' e.g '2000-12-20'"
		mapping = "Error attempting to map request parameter values, please check the values of fields 'company_status' or 'company_type' or 'company_subtype' contain accurate values"
		size    = "Invalid size parameter, size must be greater than zero and not greater than 5000"
	)
	cases := []struct {
		name, query string
		status      int
		body        string
	}{
		{"nothing found", "company_name_includes=zzzyzx", 404, ""},
		{"a year is not a date", "incorporated_from=2024", 400, date},
		{"a day that does not exist", "dissolved_to=2024-02-30", 400, date},
		{"an empty date", "incorporated_to=", 400, date},
		{"a misspelt status", "company_status=actve", 400, mapping},
		{"a registry status the search does not take", "company_status=registered", 400, mapping},
		{"an unknown type", "company_type=limited", 400, mapping},
		{"a subtype the search does not take", "company_subtype=slp", 400, mapping},
		{"a size of none", "sic_codes=62020&size=0", 422, size},
		{"a size too large", "sic_codes=62020&size=5001", 422, size},
		{"dates are checked before sizes", "size=0&incorporated_from=x", 400, date},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, srv, "/advanced-search/companies?"+tc.query)
			if resp.StatusCode != tc.status || string(body) != tc.body {
				t.Errorf("status %d, body %q; want %d, %q", resp.StatusCode, body, tc.status, tc.body)
			}
			if ct := resp.Header.Get("Content-Type"); tc.body != "" && !strings.HasPrefix(ct, "text/plain") {
				t.Errorf("a sentence of plain text labelled %q", ct)
			}
		})
	}
	var f found
	getJSON(t, srv, "/advanced-search/companies?sic_code=62020", &f)
	if *f.Hits < 1000 {
		t.Errorf("a misspelt filter (sic_code) should be ignored and find every company, as live: %d", *f.Hits)
	}
}

// The alphabetical index: the companies either side of a name, the best
// match among them; the cursor of an item gives the pages after and
// before it.
func TestAlphabeticalSearchPagesBothWaysByTheCursor(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var around found
	getJSON(t, srv, "/alphabetical-search/companies?q=gooseberry+fool&size=10", &around)
	if around.Kind != "search#alphabetical-search" || around.Hits != nil || around.Etag != "" || len(around.Items) != 10 {
		t.Fatalf("kind %q, hits %v, etag %q, %d items", around.Kind, deref(around.Hits), around.Etag, len(around.Items))
	}
	var top map[string]any
	json.Unmarshal(*around.TopHit, &top)
	if !strings.HasPrefix(top["company_name"].(string), "GOOSEBERRY FOOL") || around.Items[5]["company_number"] != top["company_number"] {
		t.Fatalf("top hit %v, the sixth item %v: the best match comes after five before it", top["company_name"], around.Items[5]["company_name"])
	}
	keys := func(f found) []string {
		var out []string
		for _, it := range f.Items {
			out = append(out, it["ordered_alpha_key_with_id"].(string))
			if it["kind"] != "searchresults#alphabetical-search" {
				t.Errorf("item kind %v", it["kind"])
			}
		}
		return out
	}
	all := keys(around)
	if !slices.IsSorted(all) {
		t.Fatalf("not in the index's order: %v", all)
	}
	var after, before found
	getJSON(t, srv, "/alphabetical-search/companies?q=gooseberry+fool&size=3&search_after="+all[9], &after)
	getJSON(t, srv, "/alphabetical-search/companies?q=gooseberry+fool&size=3&search_before="+all[0], &before)
	next, prev := keys(after), keys(before)
	if len(next) != 3 || next[0] <= all[9] || len(prev) != 3 || prev[2] >= all[0] || !slices.IsSorted(prev) {
		t.Errorf("after %v, before %v, around %v", next, prev, all)
	}
	resp, body := get(t, srv, "/alphabetical-search/companies?q=x&size=101")
	if resp.StatusCode != 422 || string(body) != "Invalid size parameter, size must be greater than zero and not greater than 100" {
		t.Errorf("size 101: %d %q", resp.StatusCode, body)
	}
}

// The dissolved search holds the dissolved companies only: best matches
// with hits, previous names with the name matched, and the alphabetical
// index of them; an address only for those dissolved in the last twenty
// years; an unknown search_type is the service's 500.
func TestDissolvedSearchFindsOnlyDissolvedCompanies(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var best found
	getJSON(t, srv, "/dissolved-search/companies?q=snoozewell+hammock&search_type=best-match", &best)
	if best.Kind != "search#dissolved" || best.Hits == nil || best.Items[0]["company_number"] != "00006402" {
		t.Fatalf("kind %q, hits %v, first %v", best.Kind, deref(best.Hits), best.Items[0]["company_number"])
	}
	if _, ok := best.Items[0]["registered_office_address"]; !ok {
		t.Error("00006402, dissolved in 2025, should have its address")
	}
	for _, it := range best.Items {
		if it["company_status"] != "dissolved" || it["kind"] != "searchresults#dissolved-company" {
			t.Errorf("%v: status %v, kind %v", it["company_number"], it["company_status"], it["kind"])
		}
	}
	var old found
	getJSON(t, srv, "/dissolved-search/companies?q=00007003&search_type=best-match", &old)
	if _, ok := old.Items[0]["registered_office_address"]; ok || old.Items[0]["company_number"] != "00007003" {
		t.Errorf("00007003, dissolved in 1996, has no address to show: %v", old.Items[0])
	}
	var prev found
	getJSON(t, srv, "/dissolved-search/companies?q=dynamo+amber+trading&search_type=previous-name-dissolved", &prev)
	m, _ := prev.Items[0]["matched_previous_company_name"].(map[string]any)
	if prev.Kind != "search#previous-name-dissolved" || m["name"] != "DYNAMO AMBER TRADING LTD" || m["company_number"] != "00007003" {
		t.Errorf("kind %q, matched %v", prev.Kind, m)
	}
	if *prev.Hits != 1 || len(prev.Items) != 1 {
		t.Errorf("issue 31, item 36: one company was once DYNAMO AMBER TRADING LTD; %d found", *prev.Hits)
	}
	var alpha found
	getJSON(t, srv, "/dissolved-search/companies?q=copper&search_type=alphabetical&size=4", &alpha)
	if alpha.Kind != "search#alphabetical-dissolved" || len(alpha.Items) != 4 {
		t.Errorf("kind %q, %d items", alpha.Kind, len(alpha.Items))
	}
	resp, body := get(t, srv, "/dissolved-search/companies?q=amber&search_type=fuzzy")
	if resp.StatusCode != 500 || !strings.HasPrefix(string(body), "Invalid url parameter for search_type") {
		t.Errorf("an unknown search_type: %d %q", resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("an unknown search_type: its sentence of plain text is labelled %q (issue 31, item 17)", ct)
	}
	if resp, body := get(t, srv, "/dissolved-search/companies?q=zzzyzx&search_type=best-match"); resp.StatusCode != 404 || len(body) != 0 {
		t.Errorf("nothing found: %d %q", resp.StatusCode, body)
	}
}

// Issue 31, item 36: a previous-name search finds the companies that bore
// the name, as the registry's does: every word of it in a name the
// company once had (its legal ending aside), not any one of them.
func TestAPreviousNameSearchFindsTheCompaniesThatBoreTheName(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	cases := []struct {
		query string
		hits  int
	}{
		{"dynamo+amber+trading", 1},
		{"DYNAMO+AMBER+TRADING+LIMITED", 1},
		{"amber+trading", 5},
		{"dynamo+amber+bakeries", 0},
	}
	for _, tc := range cases {
		resp, body := get(t, srv, "/dissolved-search/companies?search_type=previous-name-dissolved&size=100&q="+tc.query)
		if tc.hits == 0 {
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("%s: status %d, want 404: %s", tc.query, resp.StatusCode, body)
			}
			continue
		}
		var f found
		if err := json.Unmarshal(body, &f); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d, %v", tc.query, resp.StatusCode, err)
		}
		if *f.Hits != tc.hits || len(f.Items) != tc.hits {
			t.Errorf("%s: %d hits, %d items; want %d", tc.query, *f.Hits, len(f.Items), tc.hits)
		}
		want := strings.Fields(strings.ToUpper(strings.ReplaceAll(tc.query, "+", " ")))
		for _, it := range f.Items {
			m, _ := it["matched_previous_company_name"].(map[string]any)
			name, _ := m["name"].(string)
			for _, w := range want {
				if w != "LIMITED" && !slices.Contains(strings.Fields(name), w) {
					t.Errorf("%s: %v once named %q, which lacks %s", tc.query, it["company_number"], name, w)
				}
			}
		}
	}
}
