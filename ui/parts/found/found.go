// Package found is the page of the companies an advanced search (or the
// dissolved search) found: the usual list (status, type, incorporated,
// locality and SIC columns, filtered with f, each row opening its
// company), which s sorts by its next column and S the other way. The
// advanced search serves 5,000 a request, so a list of that many is
// sorted whole.
package found

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
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
	if at.Sort != 0 {
		l = list.FromRows(c, at, sorted(l.T.Rows, at.Sort))
	}
	p := &Part{Part: l}
	l.Below = p.sortLine
	return p, true
}

// sorted is a list's rows loaded, in the order of a column: sort is the
// column+1, negative for descending. Dates are compared as dates,
// numbers as text, the rest ignoring case; rows alike keep the
// registry's order.
func sorted(rows *table.Rows, sort int) *table.Rows {
	col := abs(sort) - 1
	items := rows.All()
	if col >= len(rows.Columns) {
		return rows
	}
	slices.SortStableFunc(items, func(a, b present.Item) int {
		c := compare(cell(a, col), cell(b, col))
		if sort < 0 {
			return -c
		}
		return c
	})
	out := table.New(&present.Page{Columns: rows.Columns, Items: items, Total: rows.Total, Empty: rows.Empty,
		Summary: rows.Summary, Caveat: rows.Caveat, Heading: rows.Heading})
	out.Loaded, out.Done = rows.Loaded, rows.Done
	return out
}

func cell(it present.Item, col int) string {
	if col < len(it.Cells) {
		return it.Cells[col]
	}
	return ""
}

// compare orders two cells: as days when both are ("14 Jan 2011"),
// else as text ignoring case; an empty cell last.
func compare(a, b string) int {
	switch {
	case a == "" || b == "":
		return cmp.Compare(len(b), len(a))
	}
	ta, ea := time.Parse("2 Jan 2006", a)
	tb, eb := time.Parse("2 Jan 2006", b)
	if ea == nil && eb == nil {
		return ta.Compare(tb)
	}
	return strings.Compare(strings.ToLower(a), strings.ToLower(b))
}

func abs(n int) int { return max(n, -n) }

// sortLine says the order, when it is not the registry's.
func (p *Part) sortLine(w int) []string {
	sort := p.At.Sort
	cols := p.T.Rows.Columns
	if sort == 0 || abs(sort) > len(cols) {
		return nil
	}
	way := "↑"
	if sort < 0 {
		way = "↓"
	}
	text := fmt.Sprintf("Sorted by %s %s: the %s loaded · s: next column · S: reverse", cols[abs(sort)-1].Title, way, present.Thousands(p.T.Rows.Count))
	return []string{common.Fit("  "+p.C.Styles.Meta.Render(text), w)}
}

// Update takes s and S; the rest is the list's.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	if m, ok := msg.(tea.KeyPressMsg); ok && !p.Typing() {
		k := p.C.Keys
		n := len(p.T.Rows.Columns)
		switch sort := p.At.Sort; {
		case key.Matches(m, k.Lists.Sort):
			return p.sortBy((abs(sort)+1)%(n+1), sort < 0)
		case key.Matches(m, k.Lists.Reverse):
			return p.sortBy(max(abs(sort), 1), sort >= 0)
		}
	}
	return p.Part.Update(msg)
}

// sortBy shows the list in another order, in its place in history.
func (p *Part) sortBy(col int, down bool) tea.Cmd {
	to := p.Place()
	to.Sort, to.Cursor, to.Offset = col, 0, 0
	if down {
		to.Sort = -col
	}
	return p.C.Post(common.ReplaceMsg{To: to})
}

// Place is where the list is, in its order.
func (p *Part) Place() common.Place {
	at := p.Part.Place()
	at.Sort = p.At.Sort
	return at
}

// Keys enables sorting.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	k.Lists.Sort.SetEnabled(p.T.Rows.Count > 1)
	k.Lists.Reverse.SetEnabled(p.T.Rows.Count > 1)
	return k
}
