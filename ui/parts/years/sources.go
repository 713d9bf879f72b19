package years

import (
	"strings"

	"coview/present"
	"coview/ui/common"
)

// maxSources bounds the years whose sources are listed under the table;
// from wideSources cells each takes one line, else two.
const (
	maxSources  = 6
	wideSources = 160
)

// Foot is, once enter asked for them, where the selected figure was read
// from, a line a year: its concept and context in the document, and the
// filing the document is.
func (p *Part) Foot(w int) []string {
	if !p.sources || len(p.figs) == 0 {
		return nil
	}
	at := p.figs[p.cursor]
	tb := p.tables[at.table]
	row := tb.Rows[at.row]
	s := p.C.Styles
	out := []string{common.Fit("  "+s.Rows.Label.Paint("Where "+lower(row.Name.Label())+" was read from: concept, context, document"), w)}
	heads := tb.Heads()
	// Each year on a line where there is room, else on two.
	lines := 1
	if w < wideSources {
		lines = 2
	}
	for i, col := range tb.Columns {
		if i == maxSources {
			out = append(out, "  "+s.Rows.Quiet.Paint(common.Cut("… and "+present.Thousands(len(tb.Columns)-i)+" more years (coview accounts --json gives each figure's concept)", w-2)))
			break
		}
		text := heads[i] + "  " + present.FigureSource(col, row.Cells[i])
		for _, l := range common.Wrap(common.Line(text), w-4, lines) {
			out = append(out, "  "+s.Rows.Note.Paint(l))
		}
	}
	return out
}

// lower is a label in the middle of a sentence: "net assets".
func lower(label string) string {
	if label == "" {
		return label
	}
	return strings.ToLower(label[:1]) + label[1:]
}
