package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// The registry's public web site: o opens the web page of what the cursor
// is on (or of the page on screen) in the web browser, and y copies its
// address, which is what a person sharing a link wants (the API's address
// needs a key to read).

// webTarget is the web address o opens and y copies: that of the row,
// line or link under the cursor when it leads somewhere, else of the page.
func (m *model) webTarget() (string, bool) {
	if m.opts.WebURL == nil || m.page.isHome() {
		return "", false
	}
	if link := m.pointedAt(); link != "" {
		if res, err := api.Route(link); err == nil {
			if u, ok := m.opts.WebURL(res); ok {
				return u, true
			}
		}
	}
	return m.opts.WebURL(m.page.res)
}

// openWeb is o.
func (m *model) openWeb() tea.Cmd {
	u, ok := m.webTarget()
	switch {
	case m.page.isHome():
		return m.flash("Open a company first: o opens its page on the registry's web site.", false)
	case !ok:
		return m.flash("This registry has no public web site to open: o and y give web addresses on the live registry.", false)
	case m.opts.OpenURL == nil:
		return m.flash("No display here to open a web browser on. The page is "+u+" (y copies it).", false)
	}
	open := m.opts.OpenURL
	return tea.Batch(m.flash("Opening "+u+" in the web browser…", false),
		m.guard(func() tea.Msg { return openedMsg{what: u, err: open(u)} }))
}
