package present

import (
	"io"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// FitPage prints a page as WritePage does, on a terminal width cells
// wide: a list's columns are sized as the browser sizes them
// (FitWidths: the optional ones left out first, the names narrowed, a
// cell cut with "…"), and when that would cut more than names, each row
// is a block of its own, a cell a line under the column's title. A width
// of 0 (not a terminal: a pipe, a file) prints every cell whole, as
// WritePage. Every one-shot table printed on a terminal goes through it.
func FitPage(w io.Writer, pg *Page, withHead bool, width int) {
	cols, items := printed(pg.Columns, pg.Items)
	if width <= 0 || len(items) == 0 || len(pg.Sections) > 0 || len(pg.Lines) > 0 {
		WritePage(w, pg, withHead)
		return
	}
	widest, typical := measure(cols, items)
	widths := FitWidths(cols, widest, typical, width)
	if !fits(cols, widths, widest, typical) {
		writeBlocks(w, pg, cols, items, withHead, width)
		return
	}
	var b strings.Builder
	if withHead {
		writeHead(&b, pg)
		var out []string
		for i, c := range cols {
			if widths[i] == 0 {
				out = append(out, c.Title)
			}
		}
		if len(out) > 0 {
			b.WriteString(leftOut(out, width) + "\n")
		}
		titles := make([]string, len(cols))
		for i, c := range cols {
			titles[i] = c.Title
		}
		b.WriteString("\n" + fittedRow(titles, widths) + "\n")
	}
	for _, it := range items {
		b.WriteString(fittedRow(it.Cells, widths) + "\n")
	}
	io.WriteString(w, b.String())
}

// measure is the widest cell of each column, with its title, and the
// width three cells in four of it are within, as the browser counts them.
func measure(cols []Column, items []Item) (widest, typical []int) {
	widest = ColumnWidths(cols, items)
	typical = make([]int, len(cols))
	for i := range cols {
		ws := make([]int, 0, len(items))
		for _, it := range items {
			if i < len(it.Cells) {
				ws = append(ws, ansi.StringWidth(it.Cells[i]))
			}
		}
		if len(ws) > 0 {
			slices.Sort(ws)
			typical[i] = ws[(3*len(ws)+3)/4-1]
		}
	}
	return widest, typical
}

// fits says whether columns so sized make a table worth reading, with
// no cell cut that a reader cannot do without: only the optional columns
// left out, the flexible ones (a name, a reason) cut no shorter than a
// few words (roomy), the brief ones (a role, a status) to their typical
// cell, as the browser cuts them; every other column (a number, a date,
// a result) whole. A printed table has no line under it that shows the
// selected row whole, as the browser's has.
func fits(cols []Column, widths, widest, typical []int) bool {
	for i, c := range cols {
		full := widest[i]
		if c.Max > 0 {
			full = min(full, max(c.Max, ansi.StringWidth(c.Title)))
		}
		switch {
		case widths[i] == 0 && c.Optional, widths[i] >= full:
		case c.Flex && widths[i] >= min(full, roomy):
		case c.Brief && widths[i] >= max(typical[i], ansi.StringWidth(c.Title), 4):
		default:
			return false
		}
	}
	return true
}

// fittedRow is plainRow for sized columns: each cell cut to its column
// with "…", the columns left out (width 0) left out.
func fittedRow(cells []string, widths []int) string {
	var kept []string
	var sized []int
	for i, c := range cells {
		if i >= len(widths) || widths[i] == 0 {
			continue
		}
		kept = append(kept, ansi.Truncate(orDash(c), widths[i], "…"))
		sized = append(sized, widths[i])
	}
	return plainRow(kept, sized)
}

// leftOut says which columns a terminal too narrow left out.
func leftOut(titles []string, width int) string {
	return "(not shown at " + Thousands(width) + " columns: " + strings.Join(titles, ", ") + "; piped, every column is printed)"
}

// writeBlocks prints each row as a block: a line of what names it (its
// first cell, and its first flexible column's when the first is not
// flexible: an entry and its name, a number and its name), then each
// other cell it
// has under its column's title, wrapped to the width; a blank line
// between blocks.
func writeBlocks(w io.Writer, pg *Page, cols []Column, items []Item, withHead bool, width int) {
	var b strings.Builder
	if withHead {
		writeHead(&b, pg)
	}
	head := []int{0}
	if i := slices.IndexFunc(cols, func(c Column) bool { return c.Flex }); i > 0 {
		head = append(head, i)
	}
	label := 0
	for i, c := range cols {
		if !slices.Contains(head, i) {
			label = max(label, ansi.StringWidth(c.Title))
		}
	}
	valueWidth := max(width-2-label-2, 20)
	for n, it := range items {
		if n > 0 || withHead {
			b.WriteString("\n")
		}
		var names []string
		for _, i := range head {
			if i < len(it.Cells) && strings.TrimSpace(it.Cells[i]) != "" {
				names = append(names, it.Cells[i])
			}
		}
		b.WriteString(ansi.Wrap(orDash(strings.Join(names, "  ")), max(width, 20), "") + "\n")
		for i, c := range cols {
			if slices.Contains(head, i) || i >= len(it.Cells) || strings.TrimSpace(it.Cells[i]) == "" || it.Cells[i] == "—" {
				continue
			}
			pad := "  " + c.Title + strings.Repeat(" ", label-ansi.StringWidth(c.Title)) + "  "
			for j, l := range strings.Split(ansi.Wrap(it.Cells[i], valueWidth, ""), "\n") {
				if j > 0 {
					pad = strings.Repeat(" ", 2+label+2)
				}
				b.WriteString(strings.TrimRight(pad+l, " ") + "\n")
			}
		}
	}
	io.WriteString(w, b.String())
}
