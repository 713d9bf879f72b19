package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/present"
)

// newFilterInput is the line a list is filtered from, as the user types.
func newFilterInput() textinput.Model {
	in := textinput.New()
	in.Prompt = "Filter › "
	in.Placeholder = "words in any column"
	in.CharLimit = 100
	in.KeyMap.Paste.SetEnabled(false)
	return in
}

// startFilter is f on a list: type to keep only the rows that match.
func (m *model) startFilter() tea.Cmd {
	l := m.page.list
	if l == nil {
		return m.flash("Only a list can be filtered.", false)
	}
	m.filtering = true
	m.filterIn.SetValue(l.filter)
	m.filterIn.CursorEnd()
	return m.filterIn.Focus()
}

// onFilterKey takes a key while the filter has the keyboard: the list
// follows each one; Enter keeps the filter and gives the keys back to the
// list, esc drops it.
func (m *model) onFilterKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keyMap.Open):
		m.stopFiltering()
		return nil
	case key.Matches(msg, m.keyMap.LeaveSearch):
		m.stopFiltering()
		m.applyFilter("", m.page.list != nil && m.page.list.current)
		return nil
	}
	var cmd tea.Cmd
	m.filterIn, cmd = m.filterIn.Update(msg)
	if l := m.page.list; l != nil && m.filterIn.Value() != l.filter {
		m.applyFilter(m.filterIn.Value(), l.current)
	}
	return cmd
}

func (m *model) stopFiltering() {
	m.filtering = false
	m.filterIn.Blur()
}

// toggleCurrent is c on a list: the current rows only (no one resigned,
// nothing ceased or satisfied), or all again.
func (m *model) toggleCurrent() tea.Cmd {
	l := m.page.list
	if l == nil || !l.hasQuiet() && !l.current {
		return m.flash("Nothing here is resigned, ceased or satisfied: every row is current.", false)
	}
	m.applyFilter(l.filter, !l.current)
	if l.current {
		return m.flash("Current rows only; c shows all.", false)
	}
	return m.flash("All rows; c shows the current ones only.", false)
}

// applyFilter filters the list on screen and puts the cursor on its first
// row shown.
func (m *model) applyFilter(text string, current bool) {
	pg := m.page
	if pg.list == nil {
		return
	}
	pg.list.setFilter(text, current)
	pg.filter, pg.current = text, current
	pg.lv.SetLen(pg.list.len())
	pg.lv.Home()
}

// filterLine says what the filter keeps, of how much: the rows loaded,
// and how many more the registry has.
func (m *model) filterLine(w int) string {
	s := m.styles
	l := m.page.list
	var what string
	switch {
	case l.filter != "" && l.current:
		what = fmt.Sprintf("are current and match %q", l.filter)
	case l.filter != "":
		what = fmt.Sprintf("match %q", l.filter)
	default:
		what = "are current"
	}
	count := fmt.Sprintf("%s of %s loaded %s", present.Thousands(l.len()), present.Thousands(l.count), what)
	if !l.done && l.total > l.count {
		count += fmt.Sprintf(" (%s in all: end loads them)", present.Thousands(l.total))
	}
	if m.filtering {
		return m.filterIn.View() + "  " + s.Meta.Render(count)
	}
	return "  " + s.Note.Render(line(count)+" · esc: all · f: edit")
}
