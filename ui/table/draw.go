package table

import (
	"strings"

	"coview/present"
	"coview/ui/common"
)

// Headings are the column titles over the rows.
func Headings(c *common.Common, l *Rows, w int) string {
	ws := l.Widths(w)
	cells := make([]string, 0, len(l.Columns))
	for i, col := range l.Columns {
		if ws[i] > 0 {
			cells = append(cells, common.Pad(heading(col.Title, i, l.Sort, ws[i]), ws[i]))
		}
	}
	return common.Fit("  "+c.Styles.Head.Render(strings.TrimRight(strings.Join(cells, "  "), " ")), w)
}

// heading is a column's title in w cells, with an arrow when the rows
// are sorted by it (the title cut to leave room for it).
func heading(title string, col, sort, w int) string {
	if abs(sort)-1 != col {
		return common.Cut(title, w)
	}
	if w < 3 {
		return common.Cut(arrow(sort), w)
	}
	return common.Cut(title, w-2) + " " + arrow(sort)
}

// Line draws one row in its columns.
//
// A note on the row above it (present.IsNote: a change under its company)
// is drawn across the line from the second column on.
func Line(c *common.Common, it present.Item, cols []int, selected bool, w int) string {
	if present.IsNote(it, len(cols)) && len(cols) > 0 {
		return c.RowStyle(common.Spaces(cols[0]+2)+it.Cells[len(cols)], selected, it.Quiet, w)
	}
	plain := selected || it.Quiet || len(it.Accents) == 0
	var b strings.Builder
	b.Grow(w + 8)
	first := true
	for i, cell := range it.Cells {
		if i >= len(cols) {
			break
		}
		if cols[i] == 0 {
			continue // left out on a line too short for it
		}
		if !first {
			b.WriteString("  ")
		}
		first = false
		if cell == "" {
			cell = "—"
		}
		shown := common.Cut(cell, cols[i])
		if !plain {
			shown = AccentedCell(c, it, i, shown, c.Styles.Rows.Value)
		}
		b.WriteString(shown)
		b.WriteString(common.Spaces(max(cols[i]-common.Cells(common.Cut(cell, cols[i])), 0)))
	}
	if plain {
		return c.RowStyle(b.String(), selected, it.Quiet, w)
	}
	// Accented rows are painted here: RowStyle would paint over them.
	return "  " + c.Styles.Rows.Value.Paint(b.String())
}

// Accented paints the accents of a cell of it onto its whole text, under
// base.
func Accented(c *common.Common, it present.Item, cell int, text string, base common.Ink) string {
	return base.Paint(AccentedCell(c, it, cell, text, base))
}

// AccentedCell paints the accents of a cell onto shown, which is the
// cell's text or the start of it (cut to its column, ending in "…"): each
// accented part in its ink, then base again for what follows.
func AccentedCell(c *common.Common, it present.Item, cell int, shown string, base common.Ink) string {
	text := it.Cells[cell]
	visible := len(text)
	if shown != text {
		visible = len(strings.TrimSuffix(shown, "…"))
		if !strings.HasPrefix(text, shown[:visible]) {
			return shown // cut other than at the front: paint nothing
		}
	}
	var b strings.Builder
	at := 0
	for _, a := range it.Accents {
		if a.Cell != cell || a.Start < at || a.Start >= visible {
			continue
		}
		end := min(a.End, visible)
		b.WriteString(shown[at:a.Start])
		ink := c.Styles.Rows.Accent(a.Kind)
		b.WriteString(ink.Paint(shown[a.Start:end]) + base.Pre)
		at = end
	}
	b.WriteString(shown[at:])
	return b.String()
}

// PreviewRows is the room under a list for the selected row's long text
// (a filing's description, a PSC statement) when the list's last column
// (but for optional ones) is its flexible one and some row loaded is too
// long for it. It is kept while the list is shown, so the list does not
// jump as the cursor moves.
const PreviewRows = 2

// HasPreview says whether the list keeps room under it for the selected
// row's long text.
func HasPreview(l *Rows, w int) bool {
	if l == nil || l.Len() == 0 {
		return false
	}
	long := longColumn(l.Columns)
	if long < 0 || long >= len(l.Widest) {
		return false
	}
	return l.Widest[long] > l.Widths(w)[long]
}

// longColumn is the column of a row's long text: the last, when it is
// flexible, but for optional columns after it (a filing's category and
// pages); -1 when there is none.
func longColumn(cols []present.Column) int {
	last := len(cols) - 1
	for last >= 0 && cols[last].Optional && !cols[last].Flex {
		last--
	}
	if last < 0 || !cols[last].Flex {
		return -1
	}
	return last
}

// Preview is the selected row's long text, under the list.
func Preview(c *common.Common, l *Rows, cursor, w int) []string {
	if !HasPreview(l, w) {
		return nil
	}
	r := l.Item(cursor)
	long := longColumn(l.Columns)
	if long >= len(r.Cells) {
		return nil
	}
	text := r.Cells[long]
	out := make([]string, PreviewRows)
	for i, line := range common.Wrap(text, w-4, PreviewRows) {
		out[i] = "  " + c.Styles.Rows.Note.Paint(line)
	}
	return out
}

// Body draws the window of rows the cursor is in, or why there are none.
func Body(c *common.Common, l *Rows, lv interface {
	Render(func(int, bool) string) string
}, w, h int) []string {
	if l.Len() == 0 {
		empty := common.Or(common.Line(l.Empty), "Nothing listed.")
		if l.Filtered() && l.Count > 0 {
			empty = "No row loaded matches the filter."
		}
		var out []string
		for _, line := range common.Wrap(empty, w-4, h) {
			out = append(out, "  "+c.Styles.Rows.Quiet.Paint(line))
		}
		return out
	}
	cols := l.Widths(w)
	return common.Split(lv.Render(func(i int, sel bool) string { return Line(c, l.Item(i), cols, sel, w) }))
}
