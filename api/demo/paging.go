package demo

import (
	"net/http"
	"net/url"
	"strconv"
)

// pageRule is one linked resource's paging behaviour on the live registry:
// the page size used when items_per_page is absent or 0, and the largest
// size it will serve (bigger requests are quietly capped, not refused).
type pageRule struct {
	def, max int
}

var (
	filingHistoryPaging = pageRule{def: 25, max: 100}
	officersPaging      = pageRule{def: 35, max: 100}
	pscStatementsPaging = pageRule{def: 25, max: 100}
	appointmentsPaging  = pageRule{def: 35, max: 50}
	pscsPaging          = pageRule{def: 25, max: 100}
	chargesPaging       = pageRule{def: 25, max: 100}
)

// page is a window on a list: start_index is 0-based and counts items.
type page struct {
	start, size int
}

// parsePage reads items_per_page and start_index. It reports false after
// answering 400 itself when either is not a non-negative integer.
func (rule pageRule) parsePage(w http.ResponseWriter, q url.Values) (page, bool) {
	size, ok := nonNegative(w, q, "items_per_page")
	if !ok {
		return page{}, false
	}
	start, ok := nonNegative(w, q, "start_index")
	if !ok {
		return page{}, false
	}
	if size == 0 {
		size = rule.def
	}
	return page{start: start, size: min(size, rule.max)}, true
}

func nonNegative(w http.ResponseWriter, q url.Values, name string) (int, bool) {
	raw := q.Get(name)
	if raw == "" {
		return 0, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 {
		writeBadParameter(w, name, name+" must be a non-negative integer")
		return 0, false
	}
	return n, true
}

// cut returns the items of list that fall in p; past the end it is empty,
// never nil, so that it encodes as [] like the live lists.
func cut[T any](list []T, p page) []T {
	if p.start >= len(list) {
		return []T{}
	}
	return list[p.start:min(p.start+p.size, len(list))]
}
