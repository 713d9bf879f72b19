// Package found is the page of the companies an advanced search (or the
// dissolved search) found: the usual list (status, type, incorporated,
// locality and SIC columns, filtered with f, sorted with s and S as
// every list is, each row opening its company). The advanced search
// serves 5,000 a request, so a list of that many is sorted whole.
package found

import (
	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/list"
)

// Is reports whether a resource is a search of companies by what they
// are, whose results this part shows.
func Is(res api.Resource) bool {
	return res.Kind == api.ResAdvancedSearch || res.Kind == api.ResDissolvedSearch
}

// Part is the companies found, on screen.
type Part struct {
	*list.Part
}

// New makes the page of a place from the cache, in the order its Sort
// says.
func New(c *common.Common, at common.Place) (*Part, bool) {
	l, ok := list.New(c, at)
	if !ok {
		return nil, false
	}
	return &Part{Part: l}, true
}
