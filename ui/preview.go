package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/ui/layout"
)

// togglePreview is p: the preview of the row under a list's cursor, on
// or off; turned on where there is no room, it says what it needs.
func (m *model) togglePreview() tea.Cmd {
	if _, ok := m.page.(layout.Lister); !ok {
		return m.c.Flash("Only a list has a preview: p shows what the row under the cursor opens.", false)
	}
	st := &m.preview.State
	st.Hide = !st.Hide
	if st.Hide {
		return m.c.Flash("Preview off: p shows it again.", false)
	}
	if m.frame().split.Where == layout.None {
		return m.c.Flash(st.Room(m.c.Width, m.c.Height), false)
	}
	return nil
}

// flipPreview is P: the preview beside the list, or under it.
func (m *model) flipPreview() tea.Cmd {
	if _, ok := m.page.(layout.Lister); !ok {
		return m.c.Flash("Only a list has a preview: P turns it beside or under the list.", false)
	}
	st := &m.preview.State
	st.Hide = false
	st.Flip(m.frame().split.Where)
	if m.frame().split.Where == layout.None {
		return m.c.Flash(st.Room(m.c.Width, m.c.Height), false)
	}
	return nil
}
