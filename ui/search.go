package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// recentShown is how many recent numbers the list under the search input
// offers.
const recentShown = 5

func (m *model) focusSearch() tea.Cmd {
	m.searching = true
	m.recentSel = -1
	return m.search.Focus()
}

// doneTyping empties and leaves the search once what was typed is open.
func (m *model) doneTyping() {
	m.search.Reset()
	m.matchRecent()
	m.blurSearch()
}

// matchRecent works out again which recent numbers the input offers for
// tab. The input does that itself only on a key press: after its text is
// pasted into or set, the old matches are stale, and tab on a match
// shorter than the text slices past its end and panics.
func (m *model) matchRecent() {
	suggestions := make([]string, len(m.recent))
	for i, n := range m.recent {
		suggestions[i] = n.String()
	}
	m.search.SetSuggestions(suggestions)
}

func (m *model) blurSearch() {
	m.searching = false
	m.recentSel = -1
	m.search.Blur()
}

// showRecent says whether the recent numbers are offered under the input:
// when it has the keyboard and nothing has been typed.
func (m *model) showRecent() bool {
	return m.searching && m.search.Value() == "" && len(m.recent) > 0 && m.keys == nil
}

// onSearchKey handles a key while the search input has the keyboard: Enter
// opens, esc leaves, ↑/↓ pick a recent number; the rest is typing.
func (m *model) onSearchKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keyMap
	switch {
	case key.Matches(msg, k.Open):
		return m.submit()
	case key.Matches(msg, k.LeaveSearch):
		if m.busy() {
			return m.cancelRequests()
		}
		m.blurSearch()
		return nil
	case m.showRecent() && key.Matches(msg, k.RecentDown):
		m.recentSel = (m.recentSel + 1) % min(len(m.recent), recentShown)
		return nil
	case m.showRecent() && key.Matches(msg, k.RecentUp):
		n := min(len(m.recent), recentShown)
		m.recentSel = (m.recentSel - 1 + n) % n
		return nil
	}
	if msg.Text != "" {
		m.takeOver()
	}
	before := m.search.Value()
	var cmd tea.Cmd
	m.search, cmd = m.search.Update(msg)
	if m.search.Value() != before && m.nav != nil {
		m.nav.typed = false // edited: the answer must not empty the box
	}
	if m.search.Value() != "" {
		m.recentSel = -1
	}
	return cmd
}

// takeOver gives the search box back to the user who types or pastes
// while the number submitted from it is on its way (its text stays in
// the box until the answer): what comes now is the next number, so it
// replaces that text rather than running on from it, and the answer, when
// it comes, no longer empties the box and takes the keyboard away.
func (m *model) takeOver() {
	if m.nav != nil && m.nav.typed {
		m.nav.typed = false
		m.search.Reset()
	}
}

// submit opens what the search input holds: one number, or the first of
// several with the rest offered next.
func (m *model) submit() tea.Cmd {
	text := strings.TrimSpace(m.search.Value())
	if text == "" {
		if m.recentSel >= 0 && m.recentSel < len(m.recent) {
			n := m.recent[m.recentSel]
			m.blurSearch()
			return m.openCompany(n, false)
		}
		return nil
	}
	numbers, _ := api.ExtractNumbers(text)
	if len(numbers) == 0 {
		_, err := api.ParseNumber(text)
		m.problem = ptr(explain(err, fetch{}, m.now(), m.now()))
		return nil
	}
	m.queue = dedupe(append(numbers[1:], m.queue...))
	m.problem = nil
	return m.openCompany(numbers[0], true)
}

// onPaste takes a bracketed paste. Pasting is how most numbers arrive: a
// number with a label or spaces around it, or a column copied from a
// spreadsheet. A paste that ends a line, or holds several numbers, opens
// the first at once and offers the rest; a single number without a newline
// waits in the input for Enter, as typed text would.
func (m *model) onPaste(msg tea.PasteMsg) tea.Cmd {
	if m.keys != nil {
		var cmd tea.Cmd
		m.keys.input, cmd = m.keys.input.Update(msg)
		return cmd
	}
	defer m.matchRecent()
	m.takeOver()
	numbers, _ := api.ExtractNumbers(msg.Content)
	editing := m.searching && m.search.Value() != ""
	multiline := strings.ContainsAny(msg.Content, "\r\n")
	switch {
	case len(numbers) == 0 || (editing && !multiline && len(numbers) == 1):
		cmd := m.focusSearch()
		m.search, _ = m.search.Update(msg)
		if len(numbers) == 0 {
			return tea.Batch(cmd, m.flash("No company number in the pasted text.", true))
		}
		return cmd
	case len(numbers) == 1 && !multiline:
		cmd := m.focusSearch()
		m.search.SetValue(numbers[0].String())
		m.search.CursorEnd()
		return cmd
	}
	numbers = dedupe(numbers)
	m.search.SetValue(numbers[0].String())
	m.queue = numbers[1:]
	m.problem = nil
	// The rest are offered on the line under the search input.
	return m.openCompany(numbers[0], true)
}
