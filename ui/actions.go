package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/download"
	"coview/ui/parts/around"
)

// The keys that act on whatever page is on screen: esc, y, o, d and D,
// v, x.

// escape is esc outside the inputs: it stops what is in flight (a page
// loading first, then a download, then a walk), then dismisses an error,
// a download's outcome, the help, a filter.
func (m *model) escape() tea.Cmd {
	loading := m.nav != nil || m.pageLoading()
	if m.dl.Cancellable() && !loading {
		m.dl.Cancel()
		return nil
	}
	if c, ok := m.page.(common.Canceler); ok && !loading {
		if cmd, stopped := c.Cancel(); stopped {
			return cmd
		}
	}
	switch {
	case m.busy():
		return m.cancelRequests()
	case m.trouble.shown != nil && !m.trouble.retryAt.IsZero():
		m.trouble.dismiss()
		return m.c.Flash("Stopped waiting for the quota: the request was not sent again.", false)
	case m.trouble.shown != nil:
		m.trouble.dismiss()
	case m.dl.Dismiss():
	case m.help != nil:
		m.help = nil
	default:
		if e, ok := m.page.(common.Escaper); ok {
			e.Escape()
		}
	}
	return nil
}

// loader is a part that loads more of itself (the next page of a list).
type loader interface {
	Loading() bool
	StopLoading()
}

func (m *model) pageLoading() bool {
	l, ok := m.page.(loader)
	return ok && l.Loading()
}

// cancelRequests stops the requests in flight; their answers, if any still
// come, are dropped, and the page on screen stays.
func (m *model) cancelRequests() tea.Cmd {
	waiting := m.foot.waits.Len() > 0
	m.stopNav()
	if l, ok := m.page.(loader); ok {
		l.StopLoading()
	}
	if waiting {
		return m.c.Flash("Cancelled: stopped waiting for the quota, and nothing was sent.", false)
	}
	return m.c.Flash("Cancelled.", false)
}

// pointed is what the cursor is on.
func (m *model) pointed() common.Pointed {
	if p, ok := m.page.(common.Pointer); ok {
		return p.Pointed()
	}
	return common.Pointed{}
}

// webTarget is the web address o opens and y copies: that of the row,
// line or link under the cursor when it leads somewhere, else of the page.
func (m *model) webTarget() (string, bool) {
	at := m.page.Place()
	if m.opts.WebURL == nil || at.IsHome() {
		return "", false
	}
	if link := m.pointed().Link; link != "" {
		if res, err := api.Route(link); err == nil {
			if u, ok := m.opts.WebURL(res); ok {
				return u, true
			}
		}
	}
	return m.opts.WebURL(at.Res)
}

// webOpenedMsg is what the web browser said when asked to open a page.
type webOpenedMsg struct{ err error }

// openWeb is o: the registry's web page of what the cursor is on, or of
// the page on screen.
func (m *model) openWeb() tea.Cmd {
	u, ok := m.webTarget()
	switch {
	case m.page.Place().IsHome():
		return m.c.Flash("Open a company first: o opens its page on the registry's web site.", false)
	case !ok:
		return m.c.Flash("This registry has no public web site to open: o and y give web addresses on the live registry.", false)
	case m.opts.OpenURL == nil:
		return m.c.Flash("No display here to open a web browser on. The page is "+u+" (y copies it).", false)
	}
	open := m.opts.OpenURL
	return tea.Batch(m.c.Flash("Opening "+u+" in the web browser…", false),
		m.c.Guard(func() tea.Msg { return webOpenedMsg{open(u)} }))
}

// copy is y: it puts on the clipboard, with OSC 52, which works over
// SSH, the web address o would open; where the registry has no web site,
// what the page says (a link's URL), or the company number.
func (m *model) copy() tea.Cmd {
	text, ok := m.webTarget()
	if !ok {
		text = m.page.Place().Company.String()
		if c, ok := m.page.(common.Copier); ok {
			var problem *common.Problem
			if text, problem = c.CopyText(); problem != nil {
				m.trouble.show(*problem)
				return nil
			}
		}
	}
	if text == "" {
		return m.c.Flash("Nothing to copy here.", false)
	}
	return tea.Batch(tea.SetClipboard(text), m.c.Flash("Copied "+common.Line(text), false))
}

// saveDocument is d, and with open D: the document of the filing the
// cursor is on, saved; D then opens it. On a page that saves itself (a
// screening's table), both save it.
func (m *model) saveDocument(open bool) tea.Cmd {
	if s, ok := m.page.(common.Saver); ok {
		return s.Save()
	}
	pointed := m.pointed()
	res, ok := download.Target(m.page.Place(), pointed)
	if !ok {
		return m.c.Flash("Go to a filing first: d saves its document, D opens it.", false)
	}
	return m.dl.Save(res, pointed.From, open)
}

// toggleSource is v: the JSON the registry sent for the page on screen,
// wrapped to the width with its links followable, and v again to come
// back. The page is made again from the cache, so it costs no request.
func (m *model) toggleSource() tea.Cmd {
	to := m.page.Place()
	if to.IsHome() {
		return m.c.Flash("Open a company first: the source is the registry's JSON for a page.", false)
	}
	if src, ok := m.page.(common.Sourced); ok && !src.HasSource() && !to.Source {
		return m.c.Flash("This page is made from many answers, or none: it has no source of its own to show.", false)
	}
	to.Source = !to.Source
	to.Cursor, to.Offset = 0, 0
	pg, ok := m.makers.build(to)
	if !ok {
		return m.c.Flash("The source of this page is no longer kept; r fetches it again.", true)
	}
	return m.swap(pg)
}

// openConnections is x: the connections of the company on screen, walked
// now unless this session has them already.
func (m *model) openConnections() tea.Cmd {
	at := m.page.Place()
	if at.Company == "" {
		return m.c.Flash("Open a company first: x shows the companies around it.", false)
	}
	if at.Show == common.ShowConnections {
		return nil
	}
	return m.navigate(around.Place(at.Company, common.TrailTo(at, around.Title)), forOpen, 0, false)
}
