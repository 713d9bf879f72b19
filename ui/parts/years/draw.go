package years

import (
	"fmt"
	"strings"

	"coview/present"
	"coview/ui/books"
	"coview/ui/common"
)

// maxNoteLines bounds the lines of one thing that could not be read.
const maxNoteLines = 3

// kind is what a line of the page is.
type kind int

const (
	titleLine  kind = iota // a table's title: the group's, the company's
	headLine               // a table's column headings
	figureLine             // a figure over the years
	blankLine              // between tables
	noteLine               // what could not be read, after the tables
)

// line is a line of the page, before it is drawn.
type line struct {
	kind  kind
	table int
	row   int    // the figure's row, on a figureLine
	fig   int    // its place among the figures, on a figureLine
	text  string // a title's or a note's
}

// lines are the page's lines: each table's title (a group's), its
// headings and its figures, then what could not be read, wrapped to the
// window.
func (p *Part) lines() []line {
	var out []line
	fig := 0
	for t, tb := range p.tables {
		if t > 0 {
			out = append(out, line{kind: blankLine})
		}
		if tb.Title != "" {
			out = append(out, line{kind: titleLine, table: t, text: tb.Title})
		}
		out = append(out, line{kind: headLine, table: t})
		for r := range tb.Rows {
			out = append(out, line{kind: figureLine, table: t, row: r, fig: fig})
			fig++
		}
	}
	if len(p.tables) > 0 && p.reading != nil {
		notes := p.reading.Company.Notes()
		if len(notes) > 0 {
			out = append(out, line{kind: blankLine})
		}
		for _, n := range notes {
			for _, l := range common.Wrap(common.Line(n), max(p.C.Width-4, 10), maxNoteLines) {
				out = append(out, line{kind: noteLine, text: l})
			}
		}
	}
	return out
}

// show scrolls so that the cursor's figure is on screen, with its
// table's headings when it is the table's first.
func (p *Part) show() {
	ls := p.lines()
	at := -1
	for i, l := range ls {
		if l.kind == figureLine && l.fig == p.cursor {
			at = i
			break
		}
	}
	p.top = min(max(p.top, 0), max(len(ls)-p.height, 0))
	if at < 0 {
		return
	}
	first := at
	for first > 0 && (ls[first-1].kind == headLine || ls[first-1].kind == titleLine) {
		first--
	}
	switch {
	case first < p.top || at < p.top:
		p.top = first
	case at >= p.top+p.height:
		p.top = at - p.height + 1
	}
	if p.cursor == len(p.figs)-1 {
		// The last figure shows what could not be read after it.
		p.top = max(p.top, min(at, len(ls)-p.height))
	}
}

// Body is the tables, or what the page waits for or could not read.
func (p *Part) Body(w, h int) []string {
	if len(p.tables) == 0 {
		return p.state(w)
	}
	ls := p.lines()
	cols := make([]columns, len(p.tables))
	for t, tb := range p.tables {
		cols[t] = layoutFor(tb, w)
	}
	s := p.C.Styles
	var out []string
	for i := p.top; i < len(ls) && len(out) < h; i++ {
		l := ls[i]
		switch l.kind {
		case titleLine:
			out = append(out, common.Fit("  "+s.Heading.Render(l.text), w))
		case headLine:
			out = append(out, common.Fit(s.Rows.Label.Paint(cols[l.table].heading()), w))
		case figureLine:
			text := cols[l.table].row(p.tables[l.table].Rows[l.row])
			out = append(out, p.C.RowStyle(text, l.fig == p.cursor, false, w))
		case noteLine:
			out = append(out, "  "+s.Rows.Quiet.Paint(common.Cut(l.text, w-2)))
		default:
			out = append(out, "")
		}
	}
	return out
}

// state is what the page says when it has no table to show.
func (p *Part) state(w int) []string {
	r := p.reading
	var text string
	switch {
	case !p.books.Available():
		text = "Figures cannot be read here: this session has no document API."
	case r == nil || r.Busy:
		text = fmt.Sprintf("Reading the figures from the last %d accounts…", books.Table)
	case r.Err != nil:
		text = "The figures could not be read: " + r.Problem(p.At.Res, p.C.Now()) + " Press r to try again."
	case len(r.Company.Filed) == 0:
		text = "The registry lists no accounts for this company."
	case r.Company.AllPaper():
		text = "Filed on paper: no figures. The last accounts were filed on paper or as a PDF only, so no figure is tagged in them."
	default:
		text = "No figure could be read from the last accounts:"
	}
	out := p.C.Wrapped(text, p.C.Styles.Rows.Value, 0)
	if r != nil && r.Company != nil && !r.Company.AllPaper() {
		for _, n := range r.Company.Notes() {
			out = append(out, p.C.Wrapped(common.Line(n), p.C.Styles.Rows.Quiet, 3)...)
		}
	}
	return out
}

// columns are how a table is laid out at a width.
type columns struct {
	heads         []string
	short         bool // amounts shortened: 1.57m
	label         int
	value, change []int
	note          string // over the labels: "years to 31 Mar" when the heads are years alone
}

// layoutFor lays a table out in w cells: its dates and amounts in full
// where they fit, then shorter dates, then shorter labels, then shorter
// amounts, then the labels as narrow as they must be.
func layoutFor(t present.AccountsTable, w int) columns {
	maxLabel := 0
	for _, r := range t.Rows {
		maxLabel = max(maxLabel, common.Cells(r.Name.Label()))
	}
	full, short, note := t.Heads(), monthHeads(t), ""
	if years, to, ok := yearHeads(t); ok {
		short, note = years, to
	}
	tries := []struct {
		heads    []string
		short    bool
		minLabel int
	}{{full, false, maxLabel}, {monthHeads(t), false, maxLabel}, {monthHeads(t), false, 22}, {monthHeads(t), true, maxLabel}, {short, true, 16}, {short, true, 0}}
	var c columns
	for _, try := range tries {
		c = measure(t, try.heads, try.short)
		if try.heads[0] == short[0] && note != "" {
			c.note = note
		}
		if c.room(w) >= try.minLabel {
			break
		}
	}
	c.label = min(maxLabel, max(c.room(w), 4))
	return c
}

// measure is a table's columns with the heads and amounts given.
func measure(t present.AccountsTable, heads []string, short bool) columns {
	c := columns{heads: heads, short: short, value: make([]int, len(heads)), change: make([]int, len(heads))}
	for i, h := range heads {
		c.value[i] = common.Cells(h)
		for _, r := range t.Rows {
			c.value[i] = max(c.value[i], common.Cells(r.Cells[i].Text(short)))
			c.change[i] = max(c.change[i], common.Cells(r.Cells[i].Change))
		}
	}
	return c
}

// room is what is left for the labels in w cells: after the cursor's
// two, the sparkline and the years.
func (c columns) room(w int) int {
	n := 2 + 2 + len(c.heads)
	for i := range c.heads {
		n += 2 + c.value[i]
		if c.change[i] > 0 {
			n += 1 + c.change[i]
		}
	}
	return w - n
}

// heading is the table's headings, under which its rows are drawn.
func (c columns) heading() string {
	var b strings.Builder
	b.WriteString("  " + common.Pad(common.Cut(c.note, c.label), c.label) + "  " + strings.Repeat(" ", len(c.heads)))
	for i, h := range c.heads {
		b.WriteString("  " + strings.Repeat(" ", c.value[i]-common.Cells(h)) + h)
		if c.change[i] > 0 {
			b.WriteString(strings.Repeat(" ", 1+c.change[i]))
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// row is a figure's line, without the cursor's two cells: its label,
// its trend, and each year's amount and change.
func (c columns) row(r present.AccountsRow) string {
	var b strings.Builder
	b.WriteString(common.Pad(common.Cut(r.Name.Label(), c.label), c.label) + "  " + present.Sparkline(r.Trend()))
	for i, cell := range r.Cells {
		v := cell.Text(c.short)
		b.WriteString("  " + strings.Repeat(" ", c.value[i]-common.Cells(v)) + v)
		if c.change[i] > 0 {
			b.WriteString(" " + strings.Repeat(" ", c.change[i]-common.Cells(cell.Change)) + cell.Change)
		}
	}
	return b.String()
}

// monthHeads are the columns' dates as month and year: "Mar 2025".
func monthHeads(t present.AccountsTable) []string {
	out := make([]string, len(t.Columns))
	for i, col := range t.Columns {
		out[i] = col.Year.End.Format("Jan 2006")
	}
	return out
}

// yearHeads are the years alone, when every year ends on the same day of
// the same month and no two in the same year: and that day, to say over
// the labels ("years to 31 Mar").
func yearHeads(t present.AccountsTable) ([]string, string, bool) {
	out := make([]string, len(t.Columns))
	seen := map[int]bool{}
	for i, col := range t.Columns {
		e, first := col.Year.End, t.Columns[0].Year.End
		if e.Day() != first.Day() || e.Month() != first.Month() || seen[e.Year()] {
			return nil, "", false
		}
		seen[e.Year()] = true
		out[i] = e.Format("2006")
	}
	return out, "years to " + t.Columns[0].Year.End.Format("2 Jan"), len(out) > 0
}
