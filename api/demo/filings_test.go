package demo_test

import (
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
)

type filingPage struct {
	TotalCount int `json:"total_count"`
	Items      []struct {
		Category string `json:"category"`
	} `json:"items"`
}

func categoriesOf(p filingPage) string {
	seen := map[string]bool{}
	for _, it := range p.Items {
		seen[it.Category] = true
	}
	var out []string
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// The registry filters a filing history by category, a comma list, adding
// annual returns to confirmation statements and a company's constitution
// and name to its incorporation, as its filing history service does.
func TestFilingHistoryIsFilteredByCategory(t *testing.T) {
	tests := []struct {
		name, query string
		total       int
		categories  string
	}{
		{"one category", "category=accounts", 14, "accounts"},
		{"a comma list", "category=accounts,officers", 23, "accounts,officers"},
		{"the parameter given twice", "category=accounts&category=officers", 23, "accounts,officers"},
		{"a comma escaped, as a client's URL encoder writes it", "category=accounts%2Cofficers", 23, "accounts,officers"},
		{"confirmation statements bring the annual returns before them", "category=confirmation-statement", 15, "annual-return,confirmation-statement"},
		{"incorporation brings the change of name and resolutions", "category=incorporation", 4, "change-of-name,incorporation,resolution"},
		{"paged, the total is of the filtered list", "category=accounts&items_per_page=5", 14, "accounts"},
		{"no category is every filing", "", 52, ""},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p filingPage
			getJSON(t, srv, "/company/00006400/filing-history?"+tt.query, &p)
			if p.TotalCount != tt.total {
				t.Errorf("total_count %d, want %d", p.TotalCount, tt.total)
			}
			if got := categoriesOf(p); tt.categories != "" && got != tt.categories {
				t.Errorf("categories %s, want %s", got, tt.categories)
			}
		})
	}
}

// Categories none of the company's filings are in are not found, as live;
// the 5,000 filings of 00006401 are filtered too.
func TestFilingHistoryCategoriesWithNothingInThemAreNotFound(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	resp, body := get(t, srv, "/company/00006400/filing-history?category=insolvency")
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "filing-history-not-found") {
		t.Errorf("status %d, body %s", resp.StatusCode, body)
	}
	var p filingPage
	getJSON(t, srv, "/company/00006401/filing-history?category=accounts&items_per_page=100", &p)
	if p.TotalCount == 0 || p.TotalCount >= 5000 || categoriesOf(p) != "accounts" {
		t.Errorf("00006401's accounts: %d, in %s", p.TotalCount, categoriesOf(p))
	}
}

// A living company's history, made a page at a time, is filtered by
// category too: each category it has gets as many filings as the whole
// history holds of it, and only those (but for the two the registry
// widens, tested above).
func TestALivingCompanysFilingHistoryIsFilteredByCategory(t *testing.T) {
	at := demo.LivingEventAt(demo.LivingFirst, 40)
	srv := serve(t, demo.Options{Limit: plenty, Now: func() time.Time { return at }})
	var all filingPage
	getJSON(t, srv, "/company/"+demo.LivingFirst+"/filing-history?items_per_page=100", &all)
	if all.TotalCount <= 40 || len(all.Items) != min(all.TotalCount, 100) {
		t.Fatalf("%d filings, %d on the first page", all.TotalCount, len(all.Items))
	}
	counts := map[string]int{}
	for _, it := range all.Items {
		counts[it.Category]++
	}
	delete(counts, "incorporation")
	delete(counts, "confirmation-statement")
	if len(counts) < 2 {
		t.Fatalf("the history holds only %v", counts)
	}
	for category, n := range counts {
		var p filingPage
		getJSON(t, srv, "/company/"+demo.LivingFirst+"/filing-history?items_per_page=100&category="+category, &p)
		if p.TotalCount != n || len(p.Items) != n || categoriesOf(p) != category {
			t.Errorf("%s: %d filings (%d on the page) in %s, want %d", category, p.TotalCount, len(p.Items), categoriesOf(p), n)
		}
	}
}
