package watching

import (
	"fmt"

	"coview/present"
	"coview/ui/table"
)

// Position counts companies, not rows: a company's changes are lines
// under it, so the cursor on a change is on its company ("2 of 8" for
// eight companies, however many changes they have).
func (p *Part) Position() string {
	rows := p.T.Rows
	if rows.Len() == 0 {
		return ""
	}
	upto := p.counted.of(rows)
	at := upto[min(p.T.LV.Cursor(), len(upto)-1)]
	s := fmt.Sprintf("%s of %s", present.Thousands(max(at, 1)), present.Thousands(upto[len(upto)-1]))
	if rows.Filtered() {
		s += " shown"
	}
	return s
}

// counted is how many companies there are among the rows shown up to
// each row, worked out again only when what is shown changes, so that
// the footer costs nothing per frame however long the list.
type counted struct {
	rows    *table.Rows
	len     int
	filter  string
	current bool
	sort    int
	upto    []int
}

func (c *counted) of(rows *table.Rows) []int {
	if c.rows == rows && c.len == rows.Len() && c.filter == rows.Filter && c.current == rows.Current && c.sort == rows.Sort {
		return c.upto
	}
	*c = counted{rows: rows, len: rows.Len(), filter: rows.Filter, current: rows.Current, sort: rows.Sort, upto: make([]int, rows.Len())}
	n := 0
	for i := range rows.Len() {
		if !present.IsNote(rows.Item(i), len(rows.Columns)) {
			n++
		}
		c.upto[i] = n
	}
	return c.upto
}
