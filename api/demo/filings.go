package demo

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// readFilingCategories notes each filing's category, for ?category=.
func readFilingCategories(items []json.RawMessage) ([]string, error) {
	out := make([]string, len(items))
	for i, raw := range items {
		var f struct {
			Category string `json:"category"`
		}
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		out[i] = f.Category
	}
	return out, nil
}

// categoryAlso are the categories the registry adds to one asked for, as
// its filing history service does: confirmation statements came after
// annual returns, and incorporation covers the company's constitution
// and name.
var categoryAlso = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"confirmation-statement": {"annual-return"},
		"incorporation":          {"change-of-constitution", "change-of-name", "court-order", "gazette", "reregistration", "resolution", "restoration"},
	}
})

// filingCategoryFilter reads ?category=a,b (the parameter may also be
// given more than once) into the set of categories to keep, or nil when
// every filing is wanted.
func filingCategoryFilter(r *http.Request) map[string]bool {
	var want map[string]bool
	for _, v := range r.URL.Query()["category"] {
		for _, c := range strings.Split(v, ",") {
			if c = strings.TrimSpace(c); c == "" {
				continue
			}
			if want == nil {
				want = map[string]bool{}
			}
			want[c] = true
			for _, also := range categoryAlso()[c] {
				want[also] = true
			}
		}
	}
	return want
}

// selectFilings keeps the filings in the categories asked for. ok is false
// when some were asked for and none is in them: the registry then answers
// 404, not an empty list.
func (c *company) selectFilings(r *http.Request) (items []json.RawMessage, ok bool) {
	want := filingCategoryFilter(r)
	if want == nil {
		return c.filings, true
	}
	all, categories := c.filings, c.filingCategories
	if c.filingPage != nil {
		// A living company's history is made a page at a time: asked
		// for some categories, the whole of it is read.
		_, total := c.filingPage(page{})
		all, _ = c.filingPage(page{start: 0, size: total})
		var err error
		if categories, err = readFilingCategories(all); err != nil {
			panic("demo: a living filing's category: " + err.Error())
		}
	}
	for i, item := range all {
		if want[categories[i]] {
			items = append(items, item)
		}
	}
	return items, len(items) > 0 || strings.Contains(c.filingHistoryStatus, "not-available")
}
