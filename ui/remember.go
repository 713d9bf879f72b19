package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/recent"
)

// recentLoadedMsg brings the recent numbers read at start.
type recentLoadedMsg struct {
	numbers []api.Number
	err     error
}

// recentSavedMsg says whether the recent numbers were written.
type recentSavedMsg struct{ err error }

// loadRecent reads the recent numbers in the background: the file may sit
// on a slow disk, and the browser must not wait for it.
func (m *model) loadRecent() tea.Cmd {
	store := m.store
	if store == nil {
		return nil
	}
	return m.guard(func() tea.Msg {
		numbers, err := store.Load()
		return recentLoadedMsg{numbers, err}
	})
}

func (m *model) onRecentLoaded(msg recentLoadedMsg) tea.Cmd {
	// Numbers opened while the file was being read come first.
	merged := append(append([]api.Number(nil), m.recent...), msg.numbers...)
	m.recent = dedupe(merged)
	if len(m.recent) > recent.Max {
		m.recent = m.recent[:recent.Max]
	}
	m.matchRecent()
	return nil
}

// saveRecent writes the recent numbers in the background. Saves are
// serialised by the store and each replaces the file whole.
func (m *model) saveRecent() tea.Cmd {
	store := m.store
	if store == nil {
		return nil
	}
	numbers := append([]api.Number(nil), m.recent...)
	return m.guard(func() tea.Msg { return recentSavedMsg{store.Save(numbers)} })
}

// onRecentSaved mentions a failure to save once: the list is a convenience
// and browsing goes on without it.
func (m *model) onRecentSaved(msg recentSavedMsg) tea.Cmd {
	if msg.err == nil || m.storeWarned {
		return nil
	}
	m.storeWarned = true
	return m.flash("Recent numbers not saved: "+line(msg.err.Error()), true)
}

// saveWait bounds how long quitting waits for the recent numbers to be
// written: long enough for any working disk, short enough that a hung one
// does not hold the terminal.
const saveWait = time.Second

// closeRecent is the last thing the browser does: it writes the recent
// numbers if the last save had not run yet (a quick quit), waits briefly
// for a save in progress, and stops every later one, so nothing is written
// after the program has returned. Call it once the program has stopped.
func (m *model) closeRecent() error {
	if m.store == nil {
		return nil
	}
	return m.store.Close(m.recent, saveWait)
}
