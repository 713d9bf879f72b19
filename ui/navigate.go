package ui

import (
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/recent"
)

// navigate takes the user to a place: at once from the cache when it holds
// the place's data, otherwise after a request, leaving the current page on
// screen until the answer is in.
func (m *model) navigate(to place, why purpose, delta int, typed bool) tea.Cmd {
	m.hist.save(m.page.view())
	if pg, ok := m.build(to); ok {
		m.stopNav()
		if typed {
			m.doneTyping()
		}
		return m.arrive(pg, why, delta, m.noteSeq)
	}
	return m.start(request{f: fetch{res: to.res}, purpose: why, to: to, delta: delta, typed: typed, notes: m.noteSeq})
}

// arrive puts a page on screen and records it in history. A message in
// the footer that was there when the way here began (notes: its number
// then) was about the page left, and goes with it; one that came since
// (what a paste ignored, a key that could not be kept) stays.
func (m *model) arrive(pg *page, why purpose, delta int, notes int) tea.Cmd {
	if m.noteSeq <= notes {
		m.note = ""
	}
	// The page being left may have changed pane or cursor while this one
	// loaded: history keeps how it was left, not how it was when asked.
	m.hist.save(m.page.view())
	switch why {
	case forOpen:
		m.hist.push(pg.place)
	case forHistory:
		m.hist.move(delta)
		m.hist.replace(pg.place)
	case forReload:
		m.hist.replace(pg.place)
	}
	if !m.page.same(pg.place) {
		m.stopMore()
		m.toEnd, m.filtering = false, false
	}
	m.page = pg
	m.problem, m.failed = nil, nil
	m.showHelp = false
	m.layout() // the restored cursor decides whether more is needed
	var cmds []tea.Cmd
	if pg.isProfile() {
		cmds = append(cmds, m.remember(pg.res.Number))
	}
	if pg.res.Kind == api.ResAppointments {
		if e, ok := m.cache.peek(fetch{res: pg.res}); ok {
			cmds = append(cmds, m.askSameAs(e))
		}
	}
	cmds = append(cmds, m.moreIfNear())
	return tea.Batch(cmds...)
}

// openCompany opens a company. typed says it came from the search box,
// whose text a 404 leaves for editing.
func (m *model) openCompany(number api.Number, typed bool) tea.Cmd {
	to := companyPlace(number)
	if m.page.same(to) {
		// Asked for last, the page on screen wins over one still loading.
		m.stopNav()
		m.page.tab, m.page.scroll = 0, 0
		m.problem = nil
		if typed {
			m.doneTyping()
		}
		return nil
	}
	return m.navigate(to, forOpen, 0, typed)
}

// openLink follows a link from the current page, as a browser follows a
// link: the new page's breadcrumb continues this one's.
func (m *model) openLink(link, title string) tea.Cmd {
	res, err := api.Route(link)
	if err != nil {
		m.problem = ptr(refused(title, err))
		return nil
	}
	to := place{res: res, company: res.Number, title: title}
	if res.Kind == api.ResCompany {
		// The same company by whatever link: one place, named as it is.
		to = companyPlace(res.Number)
		if p := m.cache.profile(res.Number); p != nil {
			to.title = line(p.CompanyName)
		}
	}
	if to.company == "" {
		// An officer's appointments belong to no company; keep the header
		// on the company the user came from.
		to.company = m.page.company
	}
	if m.page.same(to) {
		return nil
	}
	to.trail = m.trailHere()
	return m.navigate(to, forOpen, 0, false)
}

// openNext opens the next number of a paste.
func (m *model) openNext() tea.Cmd {
	if len(m.queue) == 0 {
		return nil
	}
	n := m.queue[0]
	m.queue = m.queue[1:]
	return m.openCompany(n, false)
}

// step goes back (-1) or forward (+1) in history.
func (m *model) step(delta int) tea.Cmd {
	to, ok := m.hist.peek(delta)
	if !ok {
		if delta < 0 {
			return m.flash("Nothing to go back to.", false)
		}
		return m.flash("Nothing to go forward to.", false)
	}
	return m.navigate(to, forHistory, delta, false)
}

// reload fetches the page on screen again, skipping the cache; after a
// failure it retries what failed.
func (m *model) reload() tea.Cmd {
	if m.failed != nil {
		return m.retry()
	}
	pg := m.page
	if pg.isHome() {
		return nil
	}
	if pg.show == showConnections {
		// Walked again: what this session read already costs nothing.
		var expand []api.Number
		if w := m.walks[pg.company]; w != nil {
			expand = w.expand
		}
		return m.walk(pg.company, expand)
	}
	f := fetch{res: pg.res}
	if !pg.isProfile() {
		// A profile is kept until the fresh one replaces it: the company's
		// lists are read against it (its name, whether it has ceased), and
		// a reload abandoned for another page would otherwise leave them
		// without.
		m.cache.drop(pg.res)
	}
	m.hist.save(pg.view())
	m.stopMore()
	return m.start(request{f: f, purpose: forReload, to: pg.view(), notes: m.noteSeq})
}

// retry sends the failed request again, as it was.
func (m *model) retry() tea.Cmd {
	r := m.failed
	m.failed, m.problem, m.retryAt = nil, nil, time.Time{}
	if r == nil {
		return nil
	}
	if r.purpose == forMore && !m.page.same(r.to) {
		return nil
	}
	return m.start(*r)
}

// moreIfNear asks for the next page of the list on screen when the cursor
// is within a screen of the end of what is loaded. Pages already in the
// cache are added at once.
func (m *model) moreIfNear() tea.Cmd {
	pg := m.page
	l := pg.list
	if l != nil && l.done && m.toEnd {
		m.toEnd = false
		pg.lv.End()
	}
	// A filter shows only what is loaded: it never fetches more by
	// itself (end does, saying what it costs).
	if l == nil || l.done || m.more != nil || (m.failed != nil && m.failed.purpose == forMore) || (l.filtered() && !m.toEnd) {
		return nil
	}
	for !l.done && (pg.lv.NearEnd() || m.toEnd) {
		f := fetch{res: pg.res, start: l.loaded}
		e, ok := m.cache.get(f)
		if !ok {
			return m.start(request{f: f, purpose: forMore, to: pg.place})
		}
		m.addPage(e.page)
	}
	if m.toEnd && l.done {
		m.toEnd = false
		pg.lv.End()
	}
	return nil
}

func (m *model) addPage(p *present.Page) {
	pg := m.page
	pg.list.add(p)
	pg.lv.SetLen(pg.list.len())
}

// onFetched takes an answer. Answers to requests that are no longer
// current are dropped (kept in the cache if good): the user has moved on.
func (m *model) onFetched(msg fetchedMsg) tea.Cmd {
	m.quota = m.reg.RateLimit()
	var r *request
	switch {
	case m.nav != nil && msg.id == m.nav.id:
		r, m.nav = m.nav, nil
	case m.more != nil && msg.id == m.more.id:
		r, m.more = m.more, nil
	default:
		if msg.err == nil {
			m.cache.put(msg.f, msg.got)
		}
		return nil
	}
	if msg.err != nil {
		return m.fail(r, msg.err)
	}
	m.cache.put(msg.f, msg.got)
	if r.purpose == forMore {
		if m.page.same(r.to) && m.page.list != nil && m.page.list.loaded == r.f.start && msg.got.page != nil {
			m.addPage(msg.got.page)
			return m.moreIfNear()
		}
		return nil
	}
	pg, ok := m.build(r.to)
	if !ok {
		// Evicted at once: only possible with a tiny cache. Show nothing new.
		return nil
	}
	if r.typed {
		m.doneTyping()
	}
	return m.arrive(pg, r.purpose, r.delta, r.notes)
}

// fail shows what went wrong and keeps what was on screen. A refused key
// opens the key screen; a rate limit waits for the quota and tries again.
func (m *model) fail(r *request, err error) tea.Cmd {
	if errors.Is(err, api.ErrCanceled) {
		return nil
	}
	m.failed = r
	switch {
	case isAuth(err):
		m.keys = newKeyScreen(explain(err, r.f, m.now(), time.Time{}).detail, m.styles.Input)
		m.sizeInputs()
		return nil
	case errors.Is(err, api.ErrRateLimited):
		m.retryAt = m.resetTime(err)
		m.problem = ptr(explain(err, r.f, m.now(), m.retryAt))
		m.problemErr = err
		m.countdownID++
		return m.countdown(m.countdownID)
	case errors.Is(err, api.ErrNotFound) && r.f.res.Kind == api.ResCompany:
		// The number goes in the box to be edited: as typed, or, when it
		// came from the command line or a paste, as it was asked for.
		m.problem = ptr(explain(err, r.f, m.now(), time.Time{}))
		if !r.typed && strings.TrimSpace(m.search.Value()) == "" {
			m.search.SetValue(r.f.res.Number.String())
			m.search.CursorEnd()
			m.matchRecent()
		}
		return m.focusSearch()
	}
	m.problem = ptr(explain(err, r.f, m.now(), time.Time{}))
	return nil
}

// resetTime is when a rate-limited request may be sent again: when the
// registry said the quota resets, or a minute from now if it did not.
func (m *model) resetTime(err error) time.Time {
	var e *api.Error
	if errors.As(err, &e) && !e.RetryAt.IsZero() {
		return e.RetryAt
	}
	if q := m.reg.RateLimit(); q.Known && q.Reset.After(m.now()) {
		return q.Reset
	}
	return m.now().Add(time.Minute)
}

// onCountdown redraws the wait for the quota, and retries when it is over.
func (m *model) onCountdown(msg countdownMsg) tea.Cmd {
	if m.failed == nil || m.retryAt.IsZero() || msg.id != m.countdownID {
		return nil
	}
	if !m.now().Before(m.retryAt) {
		return m.retry()
	}
	m.problem = ptr(explain(m.problemErr, m.failed.f, m.now(), m.retryAt))
	return m.countdown(msg.id)
}

// remember puts a company first in the recent numbers and saves them in
// the background.
func (m *model) remember(number api.Number) tea.Cmd {
	m.recent = recent.Add(m.recent, number)
	m.matchRecent()
	return m.saveRecent()
}

func ptr[T any](v T) *T { return &v }
