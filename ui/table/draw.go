package table

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/present"
	"coview/ui/common"
)

// MinFlex is the least a flexible column (a name, a description) keeps
// before the others give way, on a narrow terminal.
const MinFlex = 12

// Widths shares a line among a list's columns. Each column is as wide as
// what it holds (its widest cell loaded, or its title); a flexible column
// gives way first when the line is too short, down to MinFlex, and only
// then do the others, widest first, so a date or a role is never cut
// while a name has room to spare. Room left over stays at the end of the
// line rather than padding a name. widest is kept as pages arrive, so
// this costs nothing per row.
func Widths(cols []present.Column, widest []int, w int) []int {
	out := make([]int, len(cols))
	avail := w - 2 - 2*max(len(cols)-1, 0)
	used := 0
	for i, c := range cols {
		out[i] = ansi.StringWidth(c.Title)
		if i < len(widest) {
			out[i] = max(out[i], widest[i], 1)
		}
		used += out[i]
	}
	over := used - avail
	// An optional column is left out before anything is cut, the last
	// first: what it adds is worth less than a name whole.
	for i := len(cols) - 1; i >= 0 && over > 0; i-- {
		if cols[i].Optional {
			over -= out[i] + 2
			out[i] = 0
		}
	}
	// The flexible columns give way first, the widest of them each time,
	// down to MinFlex; then any column, the widest first, down to 4.
	shrink := func(can func(i int) bool, floor int) {
		for over > 0 {
			widest := -1
			for i := range cols {
				if can(i) && out[i] > floor && (widest < 0 || out[i] > out[widest]) {
					widest = i
				}
			}
			if widest < 0 {
				return
			}
			out[widest]--
			over--
		}
	}
	// The first flexible column (the name) is the last of them to give.
	first := slices.IndexFunc(cols, func(c present.Column) bool { return c.Flex })
	shrink(func(i int) bool { return cols[i].Flex && i != first }, MinFlex)
	shrink(func(i int) bool { return cols[i].Flex }, MinFlex)
	shrink(func(i int) bool { return out[i] > 0 }, 4)
	return out
}

// Headings are the column titles over the rows.
func Headings(c *common.Common, l *Rows, w int) string {
	ws := Widths(l.Columns, l.Widest, w)
	cells := make([]string, 0, len(l.Columns))
	for i, col := range l.Columns {
		if ws[i] > 0 {
			cells = append(cells, common.Pad(common.Cut(col.Title, ws[i]), ws[i]))
		}
	}
	return common.Fit("  "+c.Styles.Head.Render(strings.TrimRight(strings.Join(cells, "  "), " ")), w)
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
// is its flexible one and some row loaded is too long for it. It is kept
// while the list is shown, so the list does not jump as the cursor moves.
const PreviewRows = 2

// HasPreview says whether the list keeps room under it for the selected
// row's long text.
func HasPreview(l *Rows, w int) bool {
	if l == nil || l.Len() == 0 {
		return false
	}
	last := len(l.Columns) - 1
	if last < 0 || !l.Columns[last].Flex || last >= len(l.Widest) {
		return false
	}
	return l.Widest[last] > Widths(l.Columns, l.Widest, w)[last]
}

// Preview is the selected row's long text, under the list.
func Preview(c *common.Common, l *Rows, cursor, w int) []string {
	if !HasPreview(l, w) {
		return nil
	}
	r := l.Item(cursor)
	text := r.Cells[len(r.Cells)-1]
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
	cols := Widths(l.Columns, l.Widest, w)
	return common.Split(lv.Render(func(i int, sel bool) string { return Line(c, l.Item(i), cols, sel, w) }))
}
