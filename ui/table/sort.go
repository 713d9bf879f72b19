package table

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"coview/present"
)

// Sorting: a list shows the rows loaded in the order of one of its
// columns, either way, or in the registry's. Sort is the column+1,
// negative for descending, 0 for the registry's order (as
// common.Place.Sort). The order is worked out once when it is asked for
// and once a page as pages arrive, never while drawing.

// SortBy puts the rows in the order of a column (by: the column+1,
// negative for descending; 0: the registry's order). A column the list
// does not have is the registry's order.
func (l *Rows) SortBy(by int) {
	if abs(by) > len(l.Columns) {
		by = 0
	}
	l.Sort = by
	l.resort()
}

// Sorted says whether the rows are in an order of their own.
func (l *Rows) Sorted() bool { return l.Sort != 0 }

// resort works the order out again, and what the filter shows in it.
func (l *Rows) resort() {
	l.order = l.order[:0]
	if l.Sort != 0 {
		col, down := abs(l.Sort)-1, l.Sort < 0
		keys := make([]sortKey, 0, l.Count)
		for _, c := range l.chunks {
			for _, it := range c {
				keys = append(keys, keyOf(sortText(it, col)))
			}
		}
		for i := range l.Count {
			l.order = append(l.order, i)
		}
		slices.SortStableFunc(l.order, func(a, b int) int { return keys[a].compare(keys[b], down) })
	}
	if l.Filtered() {
		l.shown = l.shown[:0]
		l.match(0)
	}
}

// loaded is the index among the rows loaded of the k-th in the order
// shown before any filter.
func (l *Rows) loaded(k int) int {
	if l.Sort != 0 {
		return l.order[k]
	}
	return k
}

// sortedShownIndex is ShownIndex on a sorted list: where the row loaded
// at i is shown, or the first shown after it in the order.
func (l *Rows) sortedShownIndex(i int) int {
	pos := slices.Index(l.order, i)
	if !l.Filtered() {
		return max(pos, 0)
	}
	rank := make([]int, l.Count)
	for p, j := range l.order {
		rank[j] = p
	}
	for s, j := range l.shown {
		if rank[j] >= pos {
			return s
		}
	}
	return max(len(l.shown)-1, 0)
}

// SortWords say the order: "Name ↑"; "" in the registry's order.
func (l *Rows) SortWords() string {
	if l.Sort == 0 {
		return ""
	}
	return l.Columns[abs(l.Sort)-1].Title + " " + arrow(l.Sort)
}

func arrow(by int) string {
	if by < 0 {
		return "↓"
	}
	return "↑"
}

func abs(n int) int { return max(n, -n) }

func cell(it present.Item, col int) string {
	if col < len(it.Cells) {
		return it.Cells[col]
	}
	return ""
}

// sortText is what a cell is sorted by: its key, when the row gives
// its cells keys (a screening's flags by how grave), else its text.
func sortText(it present.Item, col int) string {
	if it.Keys != nil {
		if col < len(it.Keys) {
			return it.Keys[col]
		}
		return ""
	}
	return cell(it, col)
}

// sortKey is a cell as it is compared: numbers as numbers, dates as
// dates, other text ignoring case; an empty cell (or a dash) after all
// the others whichever way the list is sorted.
type sortKey struct {
	kind int // what the cell is: numbers, then dates, then text, then nothing
	num  float64
	text string
}

const (
	kindNumber = iota
	kindDate
	kindText
	kindEmpty
)

// dateLayouts are the ways present writes a date: "14 Jan 2011", a
// month ("Mar 1970": born), a year.
var dateLayouts = []string{"2 Jan 2006", "Jan 2006", "2006-01-02"}

func keyOf(s string) sortKey {
	s = strings.TrimSpace(s)
	if s == "" || s == "—" || s == "-" {
		return sortKey{kind: kindEmpty}
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return sortKey{kind: kindDate, num: float64(t.Unix())}
		}
	}
	if n, ok := number(s); ok {
		return sortKey{kind: kindNumber, num: n}
	}
	return sortKey{kind: kindText, text: strings.ToLower(s)}
}

// number reads "1,234", "£1,000", "25%", "-3.5" as numbers.
func number(s string) (float64, bool) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "£"), "%")
	s = strings.ReplaceAll(s, ",", "")
	if s == "" || strings.ContainsAny(s, "eEnNiIxX_") {
		return 0, false // not "1e5", "NaN", "Inf", "0x1f"
	}
	n, err := strconv.ParseFloat(s, 64)
	return n, err == nil
}

func (a sortKey) compare(b sortKey, down bool) int {
	if c := cmp.Compare(a.kind, b.kind); c != 0 {
		if a.kind == kindEmpty || b.kind == kindEmpty || !down {
			return c
		}
		return -c
	}
	c := cmp.Compare(a.num, b.num)
	if c == 0 {
		c = strings.Compare(a.text, b.text)
	}
	if down {
		return -c
	}
	return c
}
