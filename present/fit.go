package present

import (
	"slices"

	"github.com/charmbracelet/x/ansi"
)

// MinFlex is the least a flexible column (a name, a description) keeps
// before the others give way, on a narrow terminal.
const MinFlex = 12

// FitWidths shares a line of line cells (the columns and the two spaces
// between them) among a list's columns, by what matters: as the browser
// lays a list out, and as a one-shot table is printed on a terminal
// (FitPage). Each column is as wide as what it holds (its widest cell
// loaded, or its title). When the line is too short, an optional column
// (whether an officer's identity is verified) is left out (width 0), the
// last first, unless a column that Yields (a filing's description, whole
// under the list) has room to give it, down to wordy cells. Then the
// flexible columns after the first (a description, who links, an
// address) give way, down to a roomy width (their whole text is under the
// list or a key away). Then a brief column (a role, a status) whose
// typical cell (three in four are as narrow) is much narrower than its
// widest, such as a role that is "Director" but once "Corporate
// secretary", gives the room it keeps for those few long cells, down to
// its typical width. Then the later flexible columns down to MinFlex;
// then the first flexible one (the name); then any column, the widest
// first, down to 4. So a name is not cut to keep a rare long role whole,
// and a date or a number is cut last. A column is never wider than its
// Max, when it has one. Room left over stays at the end of the line
// rather than padding a name. widest and typical (nil: as widest) are
// kept as pages arrive, so this costs nothing per row.
func FitWidths(cols []Column, widest, typical []int, line int) []int {
	out := make([]int, len(cols))
	floor := make([]int, len(cols)) // where a column's long cells give way
	avail := line - 2*max(len(cols)-1, 0)
	used := 0
	for i, c := range cols {
		title := ansi.StringWidth(c.Title)
		out[i] = title
		if i < len(widest) {
			out[i] = max(out[i], widest[i], 1)
		}
		if c.Max > 0 && out[i] > c.Max {
			out[i] = max(c.Max, title)
		}
		floor[i] = out[i]
		if i < len(typical) && c.Brief && out[i]-typical[i] >= outlier {
			floor[i] = max(typical[i], title, 4)
		}
		used += out[i]
	}
	over, kept := leaveOut(cols, out, used-avail)
	// shrink takes a cell at a time from the column that can give the
	// most above its floor.
	shrink := func(can func(i int) bool, floorOf func(i int) int) {
		for over > 0 {
			most := -1
			for i := range cols {
				if can(i) && out[i] > floorOf(i) && (most < 0 || out[i]-floorOf(i) > out[most]-floorOf(most)) {
					most = i
				}
			}
			if most < 0 {
				return
			}
			out[most]--
			over--
		}
	}
	if kept {
		shrink(func(i int) bool { return cols[i].Yields }, func(int) int { return wordy })
	}
	first := slices.IndexFunc(cols, func(c Column) bool { return c.Flex })
	later := func(i int) bool { return cols[i].Flex && i != first }
	shrink(later, func(int) int { return roomy })
	shrink(func(int) bool { return true }, func(i int) int { return floor[i] })
	shrink(later, func(int) int { return MinFlex })
	shrink(func(i int) bool { return cols[i].Flex }, func(int) int { return MinFlex })
	shrink(func(i int) bool { return out[i] > 0 }, func(int) int { return 4 })
	return out
}

// leaveOut leaves optional columns out (width 0) of a line over cells
// too short, before anything is cut, the last first: what one adds is
// worth less than a name whole. A column that yields (a description
// whose whole text is under the list) gives them room first, down to
// wordy cells. It returns how many cells the line is still over, and
// whether an optional column is kept, with that room.
func leaveOut(cols []Column, out []int, over int) (int, bool) {
	spare := 0
	for i, c := range cols {
		if c.Yields {
			spare += max(out[i]-wordy, 0)
		}
	}
	kept := false
	for i := len(cols) - 1; i >= 0; i-- {
		switch {
		case !cols[i].Optional:
		case over > spare:
			over -= out[i] + 2
			out[i] = 0
		default:
			kept = true
		}
	}
	return over, kept
}

// roomy is what the later flexible columns keep before a column's rare
// long cells give way.
const roomy = 2 * MinFlex

// wordy is what a column that yields keeps when it gives room to
// optional columns: a line's worth of a filing's description, which
// holds what it is, its date and its figures.
const wordy = 64

// outlier is how much wider than its typical cell a column's widest must
// be for its long cells to give way before a name does.
const outlier = 4
