package table

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/common"
)

// NextSort is s: the rows in the order of the next column (the first,
// the first time), and after the last column the registry's order again;
// the way (up or down) is kept. The cursor stays on its row.
func (t *Model) NextSort() {
	by, n := t.Rows.Sort, len(t.Rows.Columns)
	next := (abs(by) + 1) % (n + 1)
	if by < 0 {
		next = -next
	}
	t.keepRow(func() { t.Rows.SortBy(next) })
}

// ReverseSort is S: the other way (by the first column when the rows
// are in the registry's order). The cursor stays on its row.
func (t *Model) ReverseSort() {
	by := t.Rows.Sort
	if by == 0 {
		by = 1
	}
	t.keepRow(func() { t.Rows.SortBy(-by) })
}

// SortLines say the order, when it is not the registry's, and of what:
// when the list is not all loaded, only the rows loaded are sorted.
func (t *Model) SortLines(w int) []string {
	l := t.Rows
	if !l.Sorted() {
		return nil
	}
	what := fmt.Sprintf("the %s loaded", present.Thousands(l.Count))
	switch {
	case !l.Done && l.Total > l.Count:
		what = fmt.Sprintf("the %s rows loaded of %s; end loads the rest", present.Thousands(l.Count), present.Thousands(l.Total))
	case !l.Done:
		what = fmt.Sprintf("the %s rows loaded so far; end loads the rest", present.Thousands(l.Count))
	}
	next, reverse := t.C.Keys.SortKeys()
	text := fmt.Sprintf("Sorted by %s: %s · %s: next column · %s: reverse", common.Line(l.SortWords()), what, next, reverse)
	return []string{common.Fit("  "+t.C.Styles.Meta.Render(text), w)}
}

// SortMsg asks the list on screen to sort itself: :sort. By is as
// Rows.Sort: the column+1, negative for descending, 0 for the
// registry's order.
type SortMsg struct{ By int }

// SetSort is :sort: the rows in the order of a column, either way, or
// the registry's (by as Rows.Sort). The cursor stays on its row.
func (t *Model) SetSort(by int) tea.Cmd {
	t.keepRow(func() { t.Rows.SortBy(by) })
	if words := t.Rows.SortWords(); words != "" {
		return t.C.Flash("Sorted by "+common.Line(words)+".", false)
	}
	return t.C.Flash("In the registry's order.", false)
}

// Titles are the titles of the list's columns, shown or not, for :sort.
func (l *Rows) Titles() []string {
	out := make([]string, len(l.Columns))
	for i, c := range l.Columns {
		out[i] = c.Title
	}
	return out
}

// Replace shows rows made again (a screening's, as its answers arrive)
// in place of the list's, keeping the filter, and the cursor on the row
// loaded at the same index, where it was in the window.
func (t *Model) Replace(rows *Rows) {
	rows.SetFilter(t.Rows.Filter, t.Rows.Current)
	row, line := -1, t.LV.Cursor()-t.LV.Offset()
	if t.Rows.Len() > 0 {
		row = t.Rows.LoadedIndex(t.LV.Cursor())
	}
	t.Rows = rows
	t.LV.SetLen(rows.Len())
	if row < 0 || rows.Len() == 0 {
		return
	}
	at := rows.ShownIndex(min(row, rows.Count-1))
	t.LV.SetPosition(at, at-line)
}
