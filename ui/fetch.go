package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/connections"
	"coview/present"
)

// pageSize is how many items a list page asks for: the most the registry
// serves for filing history and PSC statements. Lists that serve fewer
// per page (appointments) are read by what actually arrived.
const pageSize = 100

// fetch says what to get from the registry: a resource, and for a list
// the first item of the page wanted. It is also the cache key of the
// answer.
type fetch struct {
	res   api.Resource
	start int
}

// what names the request in progress messages.
func (f fetch) what() string {
	switch f.res.Kind {
	case api.ResCompany:
		return "company " + f.res.Number.String()
	case api.ResOfficers:
		return "officers"
	case api.ResFilings:
		return "filing history"
	case api.ResPSCStatements:
		return "PSC statements"
	case api.ResAppointments:
		return "appointments"
	}
	return line(f.res.Link)
}

// do runs the request and puts the answer in the form the cache keeps. It
// is called inside a tea.Cmd, never in Update. company is the profile of
// the company the resource belongs to, if known (a dissolved company's
// officers read differently).
func (f fetch) do(ctx context.Context, reg Registry, company *api.Profile) (entry, error) {
	a, err := reg.Fetch(ctx, f.res, api.Page{StartIndex: f.start, ItemsPerPage: pageSize})
	if err != nil {
		return entry{}, err
	}
	if p, ok := api.Value[*api.Profile](a); ok {
		return entry{profile: p}, nil
	}
	e := entry{page: present.Show(a, company), raw: pack(a.Raw)}
	if list, ok := api.Value[*api.Appointments](a); ok && f.start == 0 {
		r := connections.RecordOf(f.res.ID, list)
		e.officer = &r
	}
	return e, nil
}

// purpose says what an answer is for when it arrives.
type purpose int

const (
	forOpen    purpose = iota // a new page, pushed onto history
	forHistory                // back or forward
	forReload                 // the current page again, fresh
	forMore                   // the next page of the list on screen
)

// request is a fetch in flight, or one that failed and may be retried.
type request struct {
	id      int
	f       fetch
	cancel  context.CancelFunc
	purpose purpose
	to      place // where the user will be when it arrives
	delta   int   // the history step, for forHistory
	typed   bool  // the number came from the search box: a 404 keeps the text
	notes   int   // the footer message's number when the way here began
}

// fetchedMsg is a request's answer. id ties it to the request: an answer
// whose request is no longer the current one is for a page the user has
// left, and is dropped.
type fetchedMsg struct {
	id  int
	f   fetch
	got entry
	err error
}

// start sends a request and makes it the current one of its kind; a
// navigation replaces (and cancels) the navigation in flight, so only the
// newest can change the screen.
func (m *model) start(r request) tea.Cmd {
	m.seq++
	r.id = m.seq
	ctx, cancel := context.WithCancel(m.ctx)
	r.cancel = cancel
	if r.purpose == forMore {
		m.stopMore()
		m.more = &r
	} else {
		m.stopNav()
		m.nav = &r
	}
	reg, f, id := m.reg, r.f, r.id
	company := m.cache.profile(r.to.company)
	fetchCmd := func() tea.Msg {
		defer cancel()
		got, err := f.do(ctx, reg, company)
		return fetchedMsg{id: id, f: f, got: got, err: err}
	}
	return tea.Batch(m.guard(fetchCmd), m.startSpinner())
}

func (m *model) stopNav() {
	if m.nav != nil {
		m.nav.cancel()
		m.nav = nil
	}
}

func (m *model) stopMore() {
	if m.more != nil {
		m.more.cancel()
		m.more = nil
	}
}

func (m *model) busy() bool {
	return m.nav != nil || m.more != nil || (m.keys != nil && m.keys.saving) || m.walkingNow() != nil
}

func (m *model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// countdownMsg ticks once a second while a rate-limited request waits for
// the quota to reset.
type countdownMsg struct{ id int }

func (m *model) countdown(id int) tea.Cmd {
	return m.after(time.Second, func(time.Time) tea.Msg { return countdownMsg{id} })
}

// noteExpiredMsg clears a transient footer message, unless a newer one
// replaced it.
type noteExpiredMsg struct{ seq int }

const noteLife = 4 * time.Second
