// Package layout lays a list and its preview out on a wide or tall
// window, and keeps the preview: what the row under the cursor opens,
// drawn from the session's cache and asked for only once the cursor
// rests on it.
package layout

import "fmt"

// Where the preview goes.
type Where int

const (
	None  Where = iota // no preview: off, or no room
	Right              // beside the list
	Below              // under the list
)

// The rules, after gh-dash and lazygit: the preview goes beside the
// list unless the list would get fewer than ListMinWidth columns; then
// below it when the window is tall (lazygit stacks at 46 rows); else
// not at all. Turned the other way with P, it goes where it is told if
// there is room at all (Forced minimums).
const (
	DefaultFraction = 0.45
	ListMinWidth    = 80 // gh-dash
	TallHeight      = 46 // lazygit's portrait
	ForcedListWidth = 40
	ForcedWidth     = 30
	ForcedRows      = 8 // each of the list and the preview, below
)

// Settings are the preview's, from the settings file: shown or not,
// below rather than beside, its width as a fraction of the window (under
// 1) or columns (1 and over); 0 is the default fraction.
type Settings struct {
	Hide  bool
	Below bool
	Width float64
}

// State is the preview as the user has it now: p turns it on and off,
// P turns it the other way, and then it goes where it was turned.
type State struct {
	Settings
	Forced bool // P was pressed: Below says where, with the smaller minimums
}

// Split is how the body is shared: the list's size, and the preview's.
type Split struct {
	Where        Where
	ListW, ListH int
	PrevW, PrevH int
}

// width is the preview's columns beside a list in a window w wide.
func (s Settings) width(w int) int {
	f := s.Width
	switch {
	case f <= 0:
		f = DefaultFraction
	case f >= 1:
		return min(int(f), w)
	}
	return int(float64(w)*f + 0.5)
}

// Lay shares a body of bodyH rows in a window w by h between the list
// and its preview.
func (st State) Lay(w, h, bodyH int) Split {
	none := Split{Where: None, ListW: w, ListH: bodyH}
	if st.Hide {
		return none
	}
	pw := st.width(w)
	right := Split{Where: Right, ListW: w - pw - 1, ListH: bodyH, PrevW: pw, PrevH: bodyH}
	prevH := bodyH / 2
	below := Split{Where: Below, ListW: w, ListH: bodyH - prevH - 1, PrevW: w, PrevH: prevH}
	fitsRight := w-pw-1 >= ListMinWidth
	fitsBelow := h >= TallHeight && below.ListH >= ForcedRows
	switch {
	case st.Forced && !st.Below && right.ListW >= ForcedListWidth && pw >= ForcedWidth:
		return right
	case st.Forced && st.Below && below.ListH >= ForcedRows && prevH >= ForcedRows:
		return below
	case st.Forced:
		return none
	case st.Below && fitsBelow:
		return below
	case fitsRight:
		return right
	case fitsBelow:
		return below
	}
	return none
}

// Flip turns the preview the other way from where it is now (or would
// be, were there room).
func (st *State) Flip(now Where) {
	switch now {
	case Right:
		st.Below = true
	case Below:
		st.Below = false
	default:
		st.Below = !st.Below
	}
	st.Forced = true
}

// Options are the settings file's for the browser's layout: the
// preview, and the mouse (on unless NoMouse).
type Options struct {
	Preview Settings
	NoMouse bool
}

// Room says, in words, how large a window the preview needs, for when it
// is turned on where there is no room for it.
func (st State) Room(w, h int) string {
	wide := ListMinWidth + 1
	for wide-st.width(wide)-1 < ListMinWidth {
		wide++
	}
	return fmt.Sprintf("No room for the preview at %d×%d: it needs %d columns beside the list, or %d rows under it; P puts it the other way.",
		w, h, wide, TallHeight)
}
