package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/watching"
)

// The keys of the watch list: w and W.

// watchTarget is the company w acts on: the one in the header, else the
// one the cursor is on (a row of the watch page or of search results).
func (m *model) watchTarget() (api.Number, bool) {
	if n := m.page.Place().Company; n != "" {
		return n, true
	}
	if link := m.pointed().Link; link != "" {
		if res, err := api.Route(link); err == nil && res.Kind == api.ResCompany {
			return res.Number, true
		}
	}
	return "", false
}

// toggleWatch is w: watch the company, or stop watching it; the footer
// says which.
func (m *model) toggleWatch() tea.Cmd {
	w := m.makers.watches
	n, ok := m.watchTarget()
	at := m.page.Place()
	switch {
	case !w.Available():
		return m.c.Flash("No watch list in this session.", false)
	case at.Show == common.ShowResource && at.Res.Kind == api.ResAppointments && at.Res.ID != "":
		// An officer's page: the officer, not the company it was opened from.
		return w.ToggleOfficer(at.Res.ID)
	case !ok:
		return m.c.Flash("Open a company first: w watches it, and W shows the watch list.", false)
	}
	return w.Toggle(n, m.c.Cache.Profile(n))
}

// openWatchList is W: the watch page, from anywhere.
func (m *model) openWatchList() tea.Cmd {
	switch {
	case !m.makers.watches.Available():
		return m.c.Flash("No watch list in this session.", false)
	case m.page.Place().Show == common.ShowWatching:
		return nil
	}
	return m.navigate(watching.Place(), forOpen, 0, false)
}
