package table

import (
	"slices"

	"coview/present"
)

// MinFlex is the least a flexible column (a name, a description) keeps
// before the others give way, on a narrow terminal.
const MinFlex = present.MinFlex

// Widths is the list's columns sized for a line of w cells (see Widths),
// the column sorted by with room in its title for the arrow.
func (l *Rows) Widths(w int) []int {
	cols := l.Columns
	if col := abs(l.Sort) - 1; col >= 0 && col < len(cols) {
		cols = slices.Clone(cols)
		cols[col].Title += " " + arrow(l.Sort)
	}
	return Widths(cols, l.Widest, l.Typical, w)
}

// Widths shares a line of w cells, the cursor's two first, among a
// list's columns: present.FitWidths, as a one-shot table printed on a
// terminal shares its line.
func Widths(cols []present.Column, widest, typical []int, w int) []int {
	return present.FitWidths(cols, widest, typical, w-2)
}
