package demo_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"coview/api/demo"
)

// page is the common part of every paged list.
type page struct {
	Etag          string            `json:"etag"`
	Kind          string            `json:"kind"`
	ItemsPerPage  int               `json:"items_per_page"`
	StartIndex    int               `json:"start_index"`
	TotalResults  *int              `json:"total_results"`
	TotalCount    *int              `json:"total_count"`
	ActiveCount   int               `json:"active_count"`
	ResignedCount int               `json:"resigned_count"`
	InactiveCount int               `json:"inactive_count"`
	CeasedCount   int               `json:"ceased_count"`
	Items         []json.RawMessage `json:"items"`
	Status        string            `json:"filing_history_status"`
	Links         struct {
		Self string `json:"self"`
	} `json:"links"`
}

func (p page) total() int {
	switch {
	case p.TotalResults != nil:
		return *p.TotalResults
	case p.TotalCount != nil:
		return *p.TotalCount
	}
	return -1
}

func TestPaging(t *testing.T) {
	tests := []struct {
		name  string
		path  string
		query string
		size  int // items_per_page answered
		start int
		items int
		total int
	}{
		{"officers come 35 to a page by default", "/company/00006401/officers", "", 35, 0, 35, 130},
		{"the last page of officers is partial", "/company/00006401/officers", "start_index=105", 35, 105, 25, 130},
		{"officers are capped at 100 a page", "/company/00006401/officers", "items_per_page=500", 100, 0, 100, 130},
		{"an officers page size of 0 means the default", "/company/00006401/officers", "items_per_page=0", 35, 0, 35, 130},
		{"an officers page past the end is empty", "/company/00006401/officers", "start_index=130", 35, 130, 0, 130},
		{"a start that is not a multiple of the page size is honoured", "/company/00006401/officers", "items_per_page=10&start_index=125", 10, 125, 5, 130},
		{"filings come 25 to a page by default", "/company/00006401/filing-history", "", 25, 0, 25, 5000},
		{"filings are capped at 100 a page", "/company/00006401/filing-history", "items_per_page=1000", 100, 0, 100, 5000},
		{"the last page of filings is partial", "/company/00006401/filing-history", "items_per_page=100&start_index=4950", 100, 4950, 50, 5000},
		{"a small company's filings fit a few pages", "/company/00006400/filing-history", "start_index=50", 25, 50, 2, 52},
		{"PSC statements come 25 to a page by default", "/company/00006400/persons-with-significant-control-statements", "", 25, 0, 2, 2},
		{"PSC statements can be paged one at a time", "/company/00006400/persons-with-significant-control-statements", "items_per_page=1&start_index=1", 1, 1, 1, 2},
		{"PSC statements are capped at 100 a page", "/company/00006400/persons-with-significant-control-statements", "items_per_page=101", 100, 0, 2, 2},
		{"appointments come 35 to a page by default", "/officers/aLPIZckotbZ8y-YwrnfapWZqBTz/appointments", "", 35, 0, 3, 3},
		{"appointments are capped at 50 a page", "/officers/aLPIZckotbZ8y-YwrnfapWZqBTz/appointments", "items_per_page=100", 50, 0, 3, 3},
		{"appointments can be paged", "/officers/aLPIZckotbZ8y-YwrnfapWZqBTz/appointments", "items_per_page=2&start_index=2", 2, 2, 1, 3},
		{"an officer with 61 appointments has a second page at the default size", "/officers/" + nomineeID + "/appointments", "", 35, 0, 35, 61},
		{"an officer with 61 appointments has a second page even at the largest size", "/officers/" + nomineeID + "/appointments", "items_per_page=100", 50, 0, 50, 61},
		{"the second page of 61 appointments holds the rest", "/officers/" + nomineeID + "/appointments", "items_per_page=50&start_index=50", 50, 50, 11, 61},
		{"PSCs come 25 to a page by default", "/company/00006411/persons-with-significant-control", "", 25, 0, 4, 4},
		{"PSCs are capped at 100 a page", "/company/00006411/persons-with-significant-control", "items_per_page=500", 100, 0, 4, 4},
		{"PSCs can be paged one at a time", "/company/00006411/persons-with-significant-control", "items_per_page=1&start_index=2", 1, 2, 1, 4},
		{"a PSC page past the end is empty", "/company/OE006415/persons-with-significant-control", "start_index=4", 25, 4, 0, 4},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p page
			getJSON(t, srv, tt.path+"?"+tt.query, &p)
			if p.ItemsPerPage != tt.size || p.StartIndex != tt.start || len(p.Items) != tt.items || p.total() != tt.total {
				t.Errorf("items_per_page %d, start_index %d, %d items of %d; want %d, %d, %d of %d",
					p.ItemsPerPage, p.StartIndex, len(p.Items), p.total(), tt.size, tt.start, tt.items, tt.total)
			}
		})
	}
}

func TestPagesJoinUpToTheWholeList(t *testing.T) {
	tests := []struct {
		name, path, file string
		size             int
	}{
		{"officers of the PLC", "/company/00006401/officers", "officers.json", 35},
		{"filings of the PLC", "/company/00006401/filing-history", "filing-history.json", 100},
		{"filings of the fully populated company", "/company/00006400/filing-history", "filing-history.json", 25},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			number := strings.Split(tt.path, "/")[2]
			var stored struct {
				Items []json.RawMessage `json:"items"`
			}
			if err := json.Unmarshal(fixture(t, number, tt.file), &stored); err != nil {
				t.Fatal(err)
			}
			var all []json.RawMessage
			var etag string
			for start := 0; ; start += tt.size {
				var p page
				getJSON(t, srv, fmt.Sprintf("%s?items_per_page=%d&start_index=%d", tt.path, tt.size, start), &p)
				if start == 0 {
					etag = p.Etag
				} else if p.Etag != etag {
					t.Errorf("the etag changes between pages: %q, then %q", etag, p.Etag)
				}
				all = append(all, p.Items...)
				if start+len(p.Items) >= p.total() || len(p.Items) == 0 {
					break
				}
			}
			if len(all) != len(stored.Items) {
				t.Fatalf("%d items over all pages, the fixture has %d", len(all), len(stored.Items))
			}
			for i := range all {
				if !jsonEqual(t, all[i], stored.Items[i]) {
					t.Fatalf("item %d differs from the fixture", i)
				}
			}
		})
	}
}

func TestPagingParametersMustBeNonNegativeIntegers(t *testing.T) {
	tests := []struct {
		name, query, location string
	}{
		{"a word for the page size", "items_per_page=lots", "items_per_page"},
		{"a negative page size", "items_per_page=-5", "items_per_page"},
		{"a fractional page size", "items_per_page=2.5", "items_per_page"},
		{"a word for the start", "start_index=first", "start_index"},
		{"a negative start", "start_index=-1", "start_index"},
		{"a start too big for an int", "start_index=99999999999999999999999", "start_index"},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, path := range []string{
		"/company/00006401/officers",
		"/company/00006401/filing-history",
		"/company/00006400/persons-with-significant-control-statements",
		"/officers/aLPIZckotbZ8y-YwrnfapWZqBTz/appointments",
	} {
		for _, tt := range tests {
			t.Run(tt.name+" is refused by "+path, func(t *testing.T) {
				resp, body := get(t, srv, path+"?"+tt.query)
				if resp.StatusCode != http.StatusBadRequest {
					t.Fatalf("status %d, want 400 (body %s)", resp.StatusCode, body)
				}
				var e struct {
					Errors []struct {
						Error, Type, Location string
					} `json:"errors"`
				}
				if err := json.Unmarshal(body, &e); err != nil || len(e.Errors) != 1 || e.Errors[0].Location != tt.location {
					t.Errorf("body %s does not name %s", body, tt.location)
				}
				if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type %q", ct)
				}
			})
		}
	}
}

func jsonEqual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
