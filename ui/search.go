package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// recentShown is how many picks the list under the search input shows at
// once; it scrolls to reach the rest.
const recentShown = 5

// focusSearch gives the search input the keyboard, keeping its text (a
// number the registry did not find stays there to be edited).
func (m *model) focusSearch() tea.Cmd {
	m.searching = true
	m.recentSel = -1
	return m.search.Focus()
}

// openSearch is / : a fresh search, starting empty. Text left in the box
// is not lost: it is the first pick under the input, where ↑/↓ reach it
// as they reach the recent numbers.
func (m *model) openSearch() tea.Cmd {
	if v := strings.TrimSpace(m.search.Value()); v != "" && (m.nav == nil || !m.nav.typed) {
		m.lastText = v
		m.search.Reset()
		m.matchRecent()
	}
	return m.focusSearch()
}

// doneTyping empties and leaves the search once what was typed is open.
func (m *model) doneTyping() {
	m.search.Reset()
	m.lastText = ""
	m.matchRecent()
	m.blurSearch()
}

// trailHere is the breadcrumb of a page opened from the one on screen.
func (m *model) trailHere() []string {
	if m.page.isHome() {
		return nil
	}
	return append(slices.Clone(m.page.trail), m.page.title)
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
	m.stopSuggesting()
	m.suggest = suggestions{sel: -1}
}

// pick is one entry of the list under the empty input: the text last left
// in the box, or a recent number.
type pick struct {
	text   string
	number api.Number
}

// picks are the entries ↑/↓ move through: the text last left in the box
// first, then every recent number, most recent first.
func (m *model) picks() []pick {
	out := make([]pick, 0, len(m.recent)+1)
	if m.lastText != "" {
		out = append(out, pick{text: m.lastText})
	}
	for _, n := range m.recent {
		out = append(out, pick{number: n})
	}
	return out
}

// showRecent says whether the picks are offered under the input: when it
// has the keyboard and nothing has been typed.
func (m *model) showRecent() bool {
	return m.searching && m.search.Value() == "" && (len(m.recent) > 0 || m.lastText != "") && m.keys == nil
}

// movePick moves the selection among the picks: ↓ from the input goes to
// the first, ↑ to the last, and past either end it comes back to the
// input, so every pick is reached and nothing is skipped.
func (m *model) movePick(delta int) {
	n := len(m.picks())
	// Positions -1 (the input) to n-1, in a ring of n+1.
	m.recentSel = (m.recentSel+1+delta+(n+1))%(n+1) - 1
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
		m.movePick(1)
		return nil
	case m.showRecent() && key.Matches(msg, k.RecentUp):
		m.movePick(-1)
		return nil
	case m.suggesting() && len(m.suggest.items) > 0 && key.Matches(msg, k.RecentDown):
		m.moveSuggestion(1)
		return nil
	case m.suggesting() && len(m.suggest.items) > 0 && key.Matches(msg, k.RecentUp):
		m.moveSuggestion(-1)
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
	m.caseLikeSuggestion()
	return tea.Batch(cmd, m.onSearchText())
}

// caseLikeSuggestion writes what was typed in the case of the recent
// number it is completing ("sc" becomes "SC" while SC006405 is
// suggested), so the suggestion reads as one number and tab completes it
// as the registry writes it.
func (m *model) caseLikeSuggestion() {
	// CurrentSuggestion itself panics when the input's index has gone
	// below zero (bubbles v2.2.1 checks only the upper bound).
	matched, i := m.search.MatchedSuggestions(), m.search.CurrentSuggestionIndex()
	if i < 0 || i >= len(matched) {
		return
	}
	v, sug := m.search.Value(), matched[i]
	if v == "" || len(sug) < len(v) || m.search.Position() != len([]rune(v)) {
		return
	}
	if head := sug[:len(v)]; head != v && strings.EqualFold(head, v) {
		m.search.SetValue(head)
		m.search.CursorEnd()
	}
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
		picks := m.picks()
		if m.recentSel < 0 || m.recentSel >= len(picks) {
			return nil
		}
		p := picks[m.recentSel]
		if p.number == "" {
			// The text left in the box comes back to be edited or opened.
			m.search.SetValue(p.text)
			m.search.CursorEnd()
			m.recentSel = -1
			m.matchRecent()
			return nil
		}
		m.blurSearch()
		return m.openCompany(p.number, false)
	}
	if m.suggesting() && m.suggest.sel >= 0 && m.suggest.sel < len(m.suggest.items) {
		it := m.suggest.items[m.suggest.sel]
		m.doneTyping()
		return m.openLink(it.Link, it.Title)
	}
	if q := nameQuery(text); q != "" {
		return m.openSearchResults(q)
	}
	numbers, ignored := api.ExtractNumbers(text)
	if len(numbers) == 0 {
		_, err := api.ParseNumber(text)
		if len(ignored) == 1 && err == nil {
			// One number to ParseNumber, but not to a reader of the line
			// ("0123 4567"): say why, rather than guess.
			m.problem = ptr(clean(trouble{"Not read as a company number", sentence(ignored[0].String())}))
			return nil
		}
		m.problem = ptr(explain(err, fetch{}, m.now(), m.now()))
		return nil
	}
	m.queue = dedupe(append(numbers[1:], m.queue...))
	m.problem = nil
	return tea.Batch(m.openCompany(numbers[0], true), m.sayIgnored(ignored))
}

// sayIgnored tells, in the footer, what of a paste or a typed line gave
// no company number, as the command line does on stderr.
func (m *model) sayIgnored(ignored []api.Ignored) tea.Cmd {
	switch len(ignored) {
	case 0:
		return nil
	case 1:
		return m.flash("Ignored "+line(ignored[0].String()), true)
	}
	texts := make([]string, len(ignored))
	for i, ig := range ignored {
		texts[i] = fmt.Sprintf("%q", ig.Text)
	}
	return m.flash(fmt.Sprintf("Ignored %d parts with no company number: %s", len(ignored), line(strings.Join(texts, ", "))), true)
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
	numbers, ignored := api.ExtractNumbers(msg.Content)
	editing := m.searching && m.search.Value() != ""
	multiline := strings.ContainsAny(msg.Content, "\r\n")
	switch {
	case len(numbers) == 0 || (editing && !multiline && len(numbers) == 1):
		cmd := m.focusSearch()
		m.search, _ = m.search.Update(msg)
		if len(numbers) == 0 && (multiline || nameQuery(m.search.Value()) == "") {
			why := "No company number in the pasted text."
			if len(ignored) == 1 && ignored[0].Why != api.NoNumber {
				why = "No company number in the pasted text: " + line(ignored[0].Why) + "."
			}
			return tea.Batch(cmd, m.flash(why, true))
		}
		// A name pasted is searched for as one typed.
		return tea.Batch(cmd, m.onSearchText())
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
	return tea.Batch(m.openCompany(numbers[0], true), m.sayIgnored(ignored))
}
