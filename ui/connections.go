package ui

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/connections"
	"coview/present"
)

// The connections of a company (x): the companies linked to it through its
// officers' other appointments and its owners, filling in while a walk
// runs in the background. The walk is the session's walker's, so walking
// a company again, or expanding a company in place, costs only what was
// not read before. esc stops it and keeps what was found.

// showConnections is the view of a place showing a company's connections.
const showConnections = 1

// walking is one company's walk: the newest snapshot, and the walk under
// way, if any.
type walking struct {
	result *connections.Result
	err    error
	expand []api.Number // the connected companies walked from too
	run    *connections.Run
	cancel context.CancelFunc
	id     int // the walk whose updates are taken; older ones are dropped
}

// walkMsg is a snapshot of a walk, or its end.
type walkMsg struct {
	number api.Number
	id     int
	result *connections.Result
	err    error
	done   bool
}

// connectionsPlace is where x leads from a page about a company.
func connectionsPlace(n api.Number, trail []string) place {
	return place{res: api.CompanyResource(n), company: n, show: showConnections, title: "Connections", trail: trail}
}

// openConnections is x: the connections of the company on screen, walked
// now unless this session has them already.
func (m *model) openConnections() tea.Cmd {
	n := m.page.company
	if n == "" {
		return m.flash("Open a company first: x shows the companies around it.", false)
	}
	if m.page.show == showConnections {
		return nil
	}
	to := connectionsPlace(n, m.trailHere())
	m.hist.save(m.page.view())
	pg := m.buildConnections(to)
	cmd := m.arrive(pg, forOpen, 0, m.noteSeq)
	if w := m.walks[n]; w == nil || (w.run == nil && w.result == nil) {
		return tea.Batch(cmd, m.walk(n, nil))
	}
	return cmd
}

// walk starts (or starts again, with more companies to walk from) the
// walk of a company's connections.
func (m *model) walk(n api.Number, expand []api.Number) tea.Cmd {
	w := m.walks[n]
	if w == nil {
		w = &walking{}
		m.walks[n] = w
	}
	if w.cancel != nil {
		w.cancel()
	}
	m.seq++
	w.id = m.seq
	w.expand = expand
	ctx, cancel := context.WithCancel(m.ctx)
	w.cancel = cancel
	w.run = m.session().Start(ctx, n, connections.Options{Expand: slices.Clone(expand)})
	return tea.Batch(m.nextWalk(n, w.id, w.run), m.startSpinner())
}

// nextWalk waits for the walk's next snapshot, or its end.
func (m *model) nextWalk(n api.Number, id int, run *connections.Run) tea.Cmd {
	return m.guard(func() tea.Msg {
		if r, ok := <-run.Updates(); ok {
			return walkMsg{number: n, id: id, result: r, done: r.Done}
		}
		r, err := run.Wait()
		return walkMsg{number: n, id: id, result: r, err: err, done: true}
	})
}

// onWalk takes a snapshot in: the page of that company's connections, if
// on screen, is rebuilt from it where the cursor was.
func (m *model) onWalk(msg walkMsg) tea.Cmd {
	w := m.walks[msg.number]
	if w == nil || w.id != msg.id {
		return nil
	}
	if msg.result != nil {
		w.result = msg.result
	}
	m.quota = m.reg.RateLimit()
	var cmd tea.Cmd
	if msg.done {
		w.err, w.run = msg.err, nil
		if w.cancel != nil {
			w.cancel()
			w.cancel = nil
		}
	} else {
		cmd = m.nextWalk(msg.number, msg.id, w.run)
	}
	if pg := m.page; pg.show == showConnections && pg.company == msg.number {
		keep := pg.view()
		m.page = m.buildConnections(keep)
		m.page.restore = true
	}
	return cmd
}

// walkingNow says whether a walk is under way, for the status line and esc.
func (m *model) walkingNow() *walking {
	if m.page.show != showConnections {
		return nil
	}
	if w := m.walks[m.page.company]; w != nil && w.run != nil {
		return w
	}
	return nil
}

// stopWalk is esc during a walk: it stops, keeping what was found.
func (m *model) stopWalk() tea.Cmd {
	if w := m.walkingNow(); w != nil && w.cancel != nil {
		w.cancel()
		return m.flash("Stopped: what was found is kept, the rest listed as not checked. r walks on.", false)
	}
	return nil
}

// expandSelected is e on a connected company: walk from it too, in place.
func (m *model) expandSelected() tea.Cmd {
	pg := m.page
	w := m.walks[pg.company]
	if pg.show != showConnections || pg.tab != 0 || pg.list == nil || pg.list.len() == 0 || w == nil {
		return m.flash("e expands a connected company, on the companies of a connections page.", false)
	}
	res, err := api.Route(pg.list.item(pg.lv.Cursor()).Link)
	if err != nil || res.Number == "" {
		return nil
	}
	if slices.Contains(w.expand, res.Number) {
		return m.flash("Already walked from "+res.Number.String()+".", false)
	}
	return tea.Batch(m.walk(pg.company, append(slices.Clone(w.expand), res.Number)),
		m.flash("Walking from "+res.Number.String()+" too: its connections are added in place.", false))
}

// connectionTabs are the three lists of a connections page.
var connectionTabs = []string{"companies", "people", "not checked"}

// buildConnections makes the connections page from the newest snapshot:
// the companies linked (tab 0), the people linking them (1), or what was
// not checked (2).
func (m *model) buildConnections(to place) *page {
	pg := &page{place: to, restore: true}
	pg.profile = m.cache.profile(to.company)
	w := m.walks[to.company]
	if w == nil || w.result == nil {
		pg.list = newListPage(&present.Page{Total: -1, Summary: "Walking: reading the officers and owners…",
			Columns: []present.Column{{Title: "Company", Flex: true}}})
		if w != nil && w.err != nil {
			pg.list.summary = "The walk could not begin."
			pg.list.empty = line(explain(w.err, fetch{res: to.res}, m.now(), m.now()).detail)
		}
		pg.lv.SetLen(0)
		return pg
	}
	var p *present.Page
	switch to.tab {
	case 1:
		p = present.ConnectionPeople(w.result)
	case 2:
		p = present.NotChecked(w.result)
	default:
		p = present.Connections(w.result)
	}
	summary := present.ConnectionsSummary(w.result)
	pg.list = newListPage(p)
	pg.list.summary = summary
	pg.list.setFilter(to.filter, to.current)
	pg.lv.SetLen(pg.list.len())
	return pg
}

// connectionTabsLine is the choice of list on a connections page.
func (m *model) connectionTabsLine(w int) string {
	line := ""
	for i, name := range connectionTabs {
		label := fmt.Sprintf("%d %s", i+1, name)
		if i == m.page.tab {
			line += m.styles.TabOn.Render(label)
		} else {
			line += m.styles.Tab.Render(label)
		}
	}
	return fit(" "+line, w)
}

// switchConnections shows another of the three lists.
func (m *model) switchConnections(tab int) {
	n := len(connectionTabs)
	to := m.page.view()
	to.tab = ((tab % n) + n) % n
	to.cursor, to.offset, to.filter, to.current = 0, 0, "", false
	m.page = m.buildConnections(to)
	m.hist.replace(m.page.place)
}

// walkText is a walk under way, for the status line.
func (m *model) walkText(w *walking) string {
	if w.result == nil {
		return "Walking the connections… esc stops"
	}
	return "Walking: " + present.ConnectionsProgress(w.result) + "… esc stops"
}

// sameAsMsg says who else an officer probably is.
type sameAsMsg struct {
	id   string
	same *connections.SameAs
}

// askSameAs asks, once a session for each officer, which other officer
// records are probably the same person: from what the session's walks
// met, and one search for the name.
func (m *model) askSameAs(e entry) tea.Cmd {
	r := e.officer
	if r == nil || r.OfficerID == "" {
		return nil
	}
	if _, asked := m.sameAs[r.OfficerID]; asked {
		return nil
	}
	m.sameAs[r.OfficerID] = nil // asked: one at a time
	walker, ctx, rec := m.session(), m.ctx, *r
	return m.guard(func() tea.Msg {
		s, _ := walker.SameAs(ctx, rec, true)
		return sameAsMsg{id: rec.OfficerID, same: s}
	})
}

func (m *model) onSameAs(msg sameAsMsg) tea.Cmd {
	m.sameAs[msg.id] = msg.same
	m.quota = m.reg.RateLimit()
	return nil
}

// session is the session's walker, made when first needed.
func (m *model) session() *connections.Walker {
	if m.walker == nil {
		m.walker = connections.NewWalker(m.reg)
	}
	return m.walker
}

// sameAsLines are what is known of who else the officer on screen
// probably is, for under the list's counts.
func (m *model) sameAsLines() []string {
	if m.page.res.Kind != api.ResAppointments {
		return nil
	}
	s := m.sameAs[m.page.res.ID]
	if s == nil {
		return nil
	}
	return present.SameAsLines(s)
}
