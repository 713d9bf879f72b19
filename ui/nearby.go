package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/nearby"
)

// openNearby is a: the companies filed either side of a company's name in
// the registry's alphabetical index, the company on screen or the one
// the cursor is on.
func (m *model) openNearby() tea.Cmd {
	name, ok := m.nearbyName()
	if !ok {
		return m.c.Flash("a shows the names filed next to a company's: open a company, or put the cursor on one.", false)
	}
	return m.navigate(nearby.Place(name, m.page.Place()), forOpen, 0, false)
}

// nearbyName is the company name a would look up: that of the row under
// the cursor when it is a company, else of the profile on screen.
func (m *model) nearbyName() (string, bool) {
	if p := m.pointed(); p.Title != "" {
		if res, err := api.Route(p.Link); err == nil && res.Kind == api.ResCompany {
			return p.Title, true
		}
	}
	at := m.page.Place()
	if at.IsProfile() {
		if p := m.c.Cache.Profile(at.Company); p != nil && common.Line(p.CompanyName) != "" {
			return common.Line(p.CompanyName), true
		}
	}
	return "", false
}
