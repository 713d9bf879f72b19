package profile

import (
	"fmt"
	"strings"

	"coview/present"
	"coview/ui/common"
)

// A profile wide enough shows its panes side by side, in up to three
// columns, each at least paneMinWidth wide, beginning with the pane the
// tabs select and going on with the next ones while they fit: at 80
// columns one pane, at 120 two columns, at 200 three.
const (
	paneMinWidth = 56
	paneMaxCols  = 3
	paneGap      = 2
)

// Columns is how many columns of panes a body w wide holds.
func Columns(w int) int { return min(max(w/paneMinWidth, 1), paneMaxCols) }

// colWidth is the width of each of cols columns in w.
func colWidth(w, cols int) int { return (w - (cols-1)*paneGap) / cols }

// paneWidth is the width the selected pane is drawn at, in a body w wide.
func paneWidth(w int) int {
	if c := Columns(w); c > 1 {
		return colWidth(w, c)
	}
	return w
}

// PaneRows is the lines the selected pane's rows (the links' window) get
// in a body w by h: in columns, one goes to its title.
func PaneRows(w, h int) int {
	if Columns(w) > 1 {
		return max(h-1, 1)
	}
	return h
}

// spot is where a pane is drawn among the columns: its column, its first
// line (its title) and how many lines it has.
type spot struct{ tab, col, top, n int }

// grid draws the panes in columns (see arrange).
func (p *Part) grid(w, h, cols int) []string {
	cw := colWidth(w, cols)
	columns, _ := p.arrange(w, h, cols)
	out := make([]string, h)
	for row := range h {
		var b strings.Builder
		for c := range cols {
			if c > 0 {
				b.WriteString(strings.Repeat(" ", paneGap))
			}
			cell := ""
			if row < len(columns[c]) {
				cell = columns[c][row]
			}
			if c < cols-1 {
				cell = common.Pad(common.Fit(cell, cw), cw)
			}
			b.WriteString(cell)
		}
		out[row] = strings.TrimRight(common.Fit(b.String(), w), " ")
	}
	return out
}

// arrange puts the panes in columns: the selected pane first, at the
// top of the first column, scrolled as it is and cut to the column; then
// the next panes, each whole, while there is room for it in a column. A
// column takes its share of the panes' lines before the next one begins,
// so that the panes spread over the window rather than fill one column.
func (p *Part) arrange(w, h, cols int) ([][]string, []spot) {
	cw := colWidth(w, cols)
	blocks := make([][]string, len(p.panes))
	total := 0
	for i := range blocks {
		blocks[i] = p.paneBlock((p.At.Tab+i)%len(p.panes), i == 0, cw, h)
		total += len(blocks[i]) + 1
	}
	share := (total + cols - 1) / cols
	columns := make([][]string, cols)
	var spots []spot
	col := 0
	for i, lines := range blocks {
		if i > 0 && len(columns[col]) > 0 && (len(columns[col])+1+len(lines) > h || len(columns[col]) >= share) {
			col++
		}
		if col == cols || (i > 0 && len(lines) > h) {
			break
		}
		if len(columns[col]) > 0 {
			columns[col] = append(columns[col], "")
		}
		spots = append(spots, spot{tab: (p.At.Tab + i) % len(p.panes), col: col, top: len(columns[col]), n: len(lines)})
		columns[col] = append(columns[col], lines...)
	}
	return columns, spots
}

// spotAt is the pane drawn at x, y of a body w by h in columns.
func (p *Part) spotAt(x, y, w, h int) (spot, bool) {
	cols := Columns(w)
	cw := colWidth(w, cols)
	col := x / (cw + paneGap)
	if x-col*(cw+paneGap) >= cw {
		return spot{}, false // between columns
	}
	_, spots := p.arrange(w, h, cols)
	for _, s := range spots {
		if s.col == col && y >= s.top && y < s.top+s.n {
			return s, true
		}
	}
	return spot{}, false
}

// paneBlock is one pane in a column: its title, marked when it is the
// one the keys act on, and its lines; the selected one scrolled and cut
// to the column's height.
func (p *Part) paneBlock(tab int, selected bool, w, h int) []string {
	s := p.C.Styles
	title := fmt.Sprintf("  %d %s", tab+1, present.PaneNames[tab])
	if selected {
		title = s.Tabs.On.UnsetPadding().Render("» " + title[2:]) // not ▸, which is the cursor's
	} else {
		title = s.Meta.Render(title)
	}
	var lines []string
	if tab == LinksTab {
		lines = p.linkLines(w, selected)
	} else {
		lines = p.paneLinesOf(tab, w)
	}
	if selected {
		if tab != LinksTab {
			from := min(p.At.Scroll, max(len(lines)-(h-1), 0))
			lines = lines[from:]
		}
		lines = lines[:min(len(lines), h-1)]
	}
	return append([]string{common.Fit(title, w)}, lines...)
}
