// Package found is the page of the companies an advanced search (or the
// dissolved search) found: the usual list (status, type, incorporated,
// dissolved, locality and SIC columns, filtered with f, sorted with s and
// S as every list is, each row opening its company). The advanced search
// serves 5,000 a request, so a list of that many is sorted whole.
package found

import (
	"strings"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/table"
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

// Foot is the line under the list. For the companies an advanced search
// found, on a screen too narrow for every column whole, it is the
// selected company's name whole, then what its row cuts or leaves out
// (its type, where it is, its SIC codes in words): the columns give way
// to the name, and what they gave is here. Room for it is kept while any
// loaded row is cut, so the list does not jump as the cursor moves.
func (p *Part) Foot(w int) []string {
	rows := p.T.Rows
	if p.At.Res.Kind != api.ResAdvancedSearch || rows.Len() == 0 {
		return p.Part.Foot(w)
	}
	widths := rows.Widths(w)
	cut := false
	for i, n := range widths {
		cut = cut || (i < len(rows.Widest) && rows.Widest[i] > n)
	}
	if !cut {
		return nil
	}
	it := rows.Item(p.T.LV.Cursor())
	var parts []string
	for i, cell := range it.Cells {
		switch {
		case i == 0:
			parts = append(parts, cell)
		case i < len(widths) && i < len(rows.Columns) && cell != "" && common.Cells(cell) > widths[i]:
			parts = append(parts, rows.Columns[i].Title+": "+cell)
		}
	}
	out := make([]string, table.PreviewRows)
	for i, line := range common.Wrap(strings.Join(parts, " · "), w-4, table.PreviewRows) {
		out[i] = "  " + p.C.Styles.Rows.Note.Paint(line)
	}
	return out
}
