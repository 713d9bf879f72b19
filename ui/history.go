package ui

import "coview/ui/common"

// historyLimit bounds how far back the browser remembers; places are small,
// and the pages themselves come from the bounded cache.
const historyLimit = 200

// history is the back and forward stack, like a web browser's: opening a
// page from the middle of it drops what was ahead.
type history struct {
	places []common.Place
	at     int // index of the current place; -1 when empty
}

func newHistory() history { return history{at: -1} }

// save records how the current page is being looked at (pane, cursor),
// so that coming back to it restores that.
func (h *history) save(p common.Place) {
	if h.at >= 0 && h.places[h.at].Same(p) {
		h.places[h.at] = p
	}
}

// push makes p the current place, after the current one.
func (h *history) push(p common.Place) {
	h.places = append(h.places[:h.at+1], p)
	if len(h.places) > historyLimit {
		h.places = h.places[len(h.places)-historyLimit:]
	}
	h.at = len(h.places) - 1
}

// replace swaps the current place for p (a reload, or a page that turned
// out different from what was asked for).
func (h *history) replace(p common.Place) {
	if h.at < 0 {
		h.push(p)
		return
	}
	h.places[h.at] = p
}

// peek is the place delta steps away (-1 back, +1 forward), if there is one.
func (h *history) peek(delta int) (common.Place, bool) {
	i := h.at + delta
	if h.at < 0 || i < 0 || i >= len(h.places) {
		return common.Place{}, false
	}
	return h.places[i], true
}

// move makes the place delta steps away current; peek first.
func (h *history) move(delta int) {
	if _, ok := h.peek(delta); ok {
		h.at += delta
	}
}
