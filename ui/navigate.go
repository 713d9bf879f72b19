package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/finder"
	"coview/ui/parts/nearby"
	"coview/ui/parts/results"
	"coview/ui/parts/screening"
	"coview/ui/searchbox"
)

// purpose says what an answer to a navigation is for when it arrives.
type purpose int

const (
	forOpen    purpose = iota // a new page, pushed onto history
	forHistory                // back or forward
	forReload                 // the current page again, fresh
)

// navRequest is the request for the page the user goes to: only the
// newest can change the screen.
type navRequest struct {
	*common.Request
	purpose purpose
	to      common.Place // where the user will be when it arrives
	delta   int          // the history step, for forHistory
	notes   int          // the footer message's number when the way here began
}

// navigation takes the messages that move the user: a part's requests to
// go elsewhere, and the answer for the page on its way.
func (m *model) navigation(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case common.OpenMsg:
		return m.navigate(msg.To, forOpen, 0, false), true
	case common.OpenLinkMsg:
		return m.openLink(msg.Link, msg.Title), true
	case common.ReplaceMsg:
		return m.replace(msg.To), true
	case common.ProblemMsg:
		m.trouble.show(msg.Problem)
		return nil, true
	case common.BackMsg:
		if _, ok := m.hist.peek(-1); !ok {
			return m.navigate(common.Place{}, forOpen, 0, false), true // opened first: leaving is going home
		}
		return m.step(-1), true
	case common.FailedMsg:
		return m.fail(failure{key: msg.Key, retry: msg.Retry, forget: msg.Forget}, msg.Err, false), true
	case common.FetchedMsg:
		return m.onFetched(msg), true
	}
	return nil, false
}

// act does what the search box asks.
func (m *model) act(cmd tea.Cmd, in searchbox.Intent) tea.Cmd {
	switch {
	case in.Problem != nil:
		m.trouble.show(*in.Problem)
	case in.Company != "":
		if in.Typed {
			m.trouble.clear()
		}
		// Said after the company is on its way, so that its arrival does
		// not take the message with the page it leaves.
		open := m.openCompany(in.Company, in.Typed)
		return tea.Batch(cmd, open, m.box.SayIgnored(in.Ignored))
	case in.Link != "":
		return tea.Batch(cmd, m.openLink(in.Link, in.Title))
	case in.Filters:
		return tea.Batch(cmd, m.navigate(finder.Place(in.Search, m.page.Place()), forOpen, 0, false))
	case in.Search != "" && m.c.Local != nil:
		// The register's index lists the names as it files them, those
		// that begin with what is typed first, as the box offered them;
		// ctrl+f finds every name with some words.
		from := m.page.Place()
		from.Company = ""
		return tea.Batch(cmd, m.navigate(nearby.Place(in.Search, from), forOpen, 0, in.Typed))
	case in.Search != "":
		return tea.Batch(cmd, m.navigate(results.Place(in.Search, m.page.Place()), forOpen, 0, in.Typed))
	case len(in.Screen) > 0:
		m.trouble.clear()
		id, start := m.makers.screenings.Start(in.Screen, in.Header)
		return tea.Batch(cmd, start, m.navigate(screening.Place(id, len(in.Screen), m.page.Place()), forOpen, 0, false))
	}
	return cmd
}

// navigate takes the user to a place: at once from the cache when it
// holds the place's data, otherwise after a request, leaving the current
// page on screen until the answer is in.
func (m *model) navigate(to common.Place, why purpose, delta int, typed bool) tea.Cmd {
	m.hist.save(m.page.Place())
	if pg, ok := m.makers.build(to); ok {
		m.stopNav()
		if typed {
			m.box.DoneTyping()
		}
		return m.arrive(pg, why, delta, m.c.Note.Seq)
	}
	return m.startNav(navRequest{purpose: why, to: to, delta: delta, notes: m.c.Note.Seq}, typed)
}

// startNav sends the request for the page the user goes to, replacing
// (and cancelling) the one in flight.
func (m *model) startNav(r navRequest, typed bool) tea.Cmd {
	m.stopNav()
	var cmd tea.Cmd
	r.Request, cmd = m.c.Fetch(common.Key{Res: r.to.Res}, m.c.Cache.Profile(r.to.Company))
	m.nav = &r
	m.box.Await(typed)
	return cmd
}

// stopNav gives up the navigation in flight.
func (m *model) stopNav() {
	if m.nav != nil {
		m.nav.Stop()
		m.nav = nil
	}
	m.box.Await(false)
}

// arrive puts a page on screen and records it in history. A message in
// the footer that was there when the way here began (notes: its number
// then) was about the page left, and goes with it; one that came since
// (what a paste ignored, a key that could not be kept) stays.
func (m *model) arrive(pg common.Part, why purpose, delta int, notes int) tea.Cmd {
	if m.c.Note.Seq <= notes {
		m.c.Note.Text = ""
	}
	// The page being left may have changed pane or cursor while this one
	// loaded: history keeps how it was left, not how it was when asked.
	m.hist.save(m.page.Place())
	switch why {
	case forOpen:
		m.hist.push(pg.Place())
	case forHistory:
		m.hist.move(delta)
		m.hist.replace(pg.Place())
	case forReload:
		m.hist.replace(pg.Place())
	}
	if l, ok := m.page.(common.Leaver); ok {
		l.Leave()
	}
	m.page = pg
	m.trouble.clear()
	m.dl.Dismiss() // a finished download's outcome was said on the page it finished on
	m.help = nil
	m.layout() // the restored cursor decides whether more is needed
	var cmds []tea.Cmd
	if at := pg.Place(); at.IsProfile() {
		var name string
		if p := m.c.Cache.Profile(at.Res.Number); p != nil {
			name = p.CompanyName
		}
		cmds = append(cmds, m.box.Remember(at.Res.Number, name))
	}
	if a, ok := pg.(common.Arriver); ok {
		cmds = append(cmds, a.Arrive())
	}
	return tea.Batch(cmds...)
}

// onFetched takes an answer. Answers to requests that are no longer
// current are dropped (kept in the cache if good): the user has moved on.
// Those for the page's own requests are the page's.
func (m *model) onFetched(msg common.FetchedMsg) tea.Cmd {
	m.c.ReadQuota()
	if m.nav == nil || msg.ID != m.nav.ID {
		if msg.Err == nil {
			m.c.Cache.Put(msg.Key, msg.Entry)
		}
		return tea.Batch(m.page.Update(msg), m.preview.Update(msg))
	}
	r := m.nav
	m.nav = nil
	typed := m.box.Awaiting()
	if msg.Err != nil {
		m.box.Await(false)
		return m.fail(failure{key: r.Key, retry: func() tea.Cmd { return m.startNav(*r, false) }}, msg.Err, typed)
	}
	m.c.Cache.Put(msg.Key, msg.Entry)
	pg, ok := m.makers.build(r.to)
	if !ok {
		// Evicted at once: only possible with a tiny cache. Show nothing new.
		return nil
	}
	if typed {
		m.box.DoneTyping()
	}
	return m.arrive(pg, r.purpose, r.delta, r.notes)
}

// openCompany opens a company. typed says it came from the search box,
// whose text a 404 leaves for editing.
func (m *model) openCompany(number api.Number, typed bool) tea.Cmd {
	to := common.CompanyPlace(number)
	if !m.page.Place().Same(to) {
		return m.navigate(to, forOpen, 0, typed)
	}
	// Asked for last, the page on screen wins over one still loading;
	// it shows its overview again.
	m.stopNav()
	at := m.page.Place()
	at.Tab, at.Scroll = 0, 0
	if pg, ok := m.makers.build(at); ok {
		m.page = pg
		m.hist.replace(at)
	}
	m.trouble.clear()
	if typed {
		m.box.DoneTyping()
	}
	return nil
}

// openLink follows a link from the current page, as a browser follows a
// link: the new page's breadcrumb continues this one's.
func (m *model) openLink(link, title string) tea.Cmd {
	res, err := api.Route(link)
	if err != nil {
		m.trouble.show(common.Refused(title, err))
		return nil
	}
	here := m.page.Place()
	to := common.Place{Res: res, Company: res.Number, Title: title}
	if res.Kind == api.ResCompany {
		// The same company by whatever link: one place, named as it is.
		to = common.CompanyPlace(res.Number)
		if p := m.c.Cache.Profile(res.Number); p != nil {
			to.Title = common.Line(p.CompanyName)
		}
	}
	if to.Company == "" {
		// An officer's appointments belong to no company; keep the header
		// on the company the user came from.
		to.Company = here.Company
	}
	if here.Same(to) {
		return nil
	}
	to.Trail = common.TrailTo(here, to.Title)
	return m.navigate(to, forOpen, 0, false)
}

// openNext opens the next number of a paste.
func (m *model) openNext() tea.Cmd {
	n, ok := m.box.Next()
	if !ok {
		return nil
	}
	return m.openCompany(n, false)
}

// next is n: the next number of a paste.
func (m *model) next() tea.Cmd {
	if !m.box.Queued() {
		return m.c.Flash("No more numbers from a paste.", false)
	}
	return m.openNext()
}

// step goes back (-1) or forward (+1) in history.
func (m *model) step(delta int) tea.Cmd {
	to, ok := m.hist.peek(delta)
	if !ok {
		if delta < 0 {
			return m.c.Flash("Nothing to go back to.", false)
		}
		return m.c.Flash("Nothing to go forward to.", false)
	}
	return m.navigate(to, forHistory, delta, false)
}

// reload fetches the page on screen again, skipping the cache; after a
// failure it retries what failed.
func (m *model) reload() tea.Cmd {
	if m.trouble.failed != nil {
		return m.retry()
	}
	at := m.page.Place()
	if at.IsHome() {
		return nil
	}
	if r, ok := m.page.(common.Reloader); ok {
		return r.Reload()
	}
	if !at.IsProfile() {
		// A profile is kept until the fresh one replaces it: the company's
		// lists are read against it (its name, whether it has ceased), and
		// a reload abandoned for another page would otherwise leave them
		// without.
		m.c.Cache.Drop(at.Res)
	}
	m.hist.save(at)
	if l, ok := m.page.(common.Leaver); ok {
		l.Leave()
	}
	return m.startNav(navRequest{purpose: forReload, to: at, notes: m.c.Note.Seq}, false)
}

// layout gives the page the rows it will be drawn in, after every
// update, so that moving, paging and fetching more agree with what is on
// screen.
func (m *model) layout() { m.layIn(m.frame()) }

// replace shows the page on screen another way (another tab), in its
// place in history: at once when the session has what it needs, else
// once it is fetched.
func (m *model) replace(to common.Place) tea.Cmd {
	pg, ok := m.makers.build(to)
	if !ok {
		return m.navigate(to, forReload, 0, false)
	}
	return m.swap(pg)
}

// swap puts a part on screen in the place of the one there.
func (m *model) swap(pg common.Part) tea.Cmd {
	if l, ok := m.page.(common.Leaver); ok {
		l.Leave()
	}
	m.page = pg
	m.hist.replace(pg.Place())
	m.layout()
	if a, ok := pg.(common.Arriver); ok {
		return a.Arrive()
	}
	return nil
}
