package profile

import tea "charm.land/bubbletea/v2"

// Click selects the pane clicked, in columns; on the links pane it
// selects the link clicked, or follows it when it is selected already.
func (p *Part) Click(x, y, w, h int) tea.Cmd {
	row := y // the line among the links
	if Columns(w) > 1 {
		s, ok := p.spotAt(x, y, w, h)
		if !ok {
			return nil
		}
		if s.tab != p.At.Tab {
			return p.switchTab(s.tab)
		}
		row = y - s.top - 1 // under its title
	}
	if p.At.Tab != LinksTab || row < 0 || row >= p.lv.Height() {
		return nil
	}
	link := p.lv.Offset() + row
	switch {
	case link >= len(p.links):
		return nil
	case link == p.lv.Cursor():
		return p.open()
	}
	p.lv.Move(link - p.lv.Cursor())
	return nil
}

// Wheel scrolls the selected pane when the pointer is over it (the
// others are drawn whole), or moves the links' cursor.
func (p *Part) Wheel(x, y, w, h, lines int) tea.Cmd {
	if Columns(w) > 1 {
		if s, ok := p.spotAt(x, y, w, h); !ok || s.tab != p.At.Tab {
			return nil
		}
	}
	p.move(p.lv.Move, lines, lines)
	return nil
}
