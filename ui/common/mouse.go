package common

import tea "charm.land/bubbletea/v2"

// Mouser is a part that answers the mouse in its body: x and y count
// from the body's top left corner, w and h are the body's size as drawn.
// A click on a row or link selects it, and on the one selected opens it;
// the wheel moves by lines (negative is up).
type Mouser interface {
	Click(x, y, w, h int) tea.Cmd
	Wheel(x, y, w, h, lines int) tea.Cmd
}
