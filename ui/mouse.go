package ui

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
	"coview/ui/layout"
)

// wheelLines is how far one turn of the wheel moves.
const wheelLines = 3

// region is what is under the pointer: the page's body (x, y from its
// top left, in a body w by h), the preview, or neither.
type region struct {
	page, preview bool
	x, y, w, h    int
}

// under finds what is at x, y on the screen as it is drawn now.
func (m *model) under(x, y int) region {
	f := m.frame()
	sp := f.split
	top := len(f.top) + len(f.mid)
	body := y - top
	switch sp.Where {
	case layout.Right:
		if x > sp.ListW && y >= top-f.pageMid && body < f.body {
			return region{preview: true}
		}
	case layout.Below:
		if below := body - sp.ListH - f.pageFoot - 1; below >= 0 && below < sp.PrevH {
			return region{preview: true}
		}
	}
	if body < 0 || body >= f.body || x >= sp.ListW {
		return region{}
	}
	return region{page: true, x: x, y: body, w: sp.ListW, h: f.body}
}

// mouseFree says whether the mouse may act on the page: not while the
// key screen, the help or an input has it.
func (m *model) mouseFree() bool {
	return m.mouse && m.keys == nil && m.help == nil && !typing(m.page)
}

// onClick is a click: on a tab it shows the tab; on a row or a link it
// selects it, and opens it when it is selected already; in the preview
// it does nothing, and the list's cursor stays where it is.
func (m *model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if !m.mouseFree() || msg.Button != tea.MouseLeft {
		return nil
	}
	if m.box.Focused() {
		m.box.Blur()
	}
	f := m.frame()
	if msg.Y < len(f.top) {
		if tab, ok := layout.TabAt(f.top[msg.Y], msg.X); ok && m.contextKeys().Pages.Tabs.Enabled() {
			d := strconv.Itoa(tab + 1)
			return m.pageKey(tea.KeyPressMsg{Code: rune(d[0]), Text: d})
		}
		return nil
	}
	r := m.under(msg.X, msg.Y)
	if mo, ok := m.page.(common.Mouser); ok && r.page {
		return mo.Click(r.x, r.y, r.w, r.h)
	}
	return nil
}

// onWheel scrolls what is under the pointer: the page, or the preview
// (which leaves the list's cursor where it is).
func (m *model) onWheel(msg tea.MouseWheelMsg) tea.Cmd {
	if !m.mouseFree() {
		return nil
	}
	lines := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		lines = -wheelLines
	case tea.MouseWheelDown:
		lines = wheelLines
	default:
		return nil
	}
	r := m.under(msg.X, msg.Y)
	switch mo, ok := m.page.(common.Mouser); {
	case r.preview:
		m.preview.Wheel(lines)
	case r.page && ok:
		return mo.Wheel(r.x, r.y, r.w, r.h, lines)
	}
	return nil
}

// toggleMouse is m: the mouse on or off, for selecting text as the
// terminal does without it.
func (m *model) toggleMouse() tea.Cmd {
	m.mouse = !m.mouse
	if m.mouse {
		return m.c.Flash("Mouse on: click a tab, a row or a link; the wheel scrolls. shift-drag selects text.", false)
	}
	return m.c.Flash("Mouse off: the terminal selects text as usual; m turns it on again.", false)
}
