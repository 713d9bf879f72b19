package ui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// pageSize is how many items a list page asks for: the most the registry
// serves for filing history and PSC statements. Lists that serve fewer
// per page (appointments) are read by what actually arrived.
const pageSize = 100

// fetch says what to get from the registry: a profile, one page of a list,
// or a document. It is also the cache key of the answer.
type fetch struct {
	kind   pageKind
	number string // the company, for a profile
	link   string // the list or document
	start  int    // the first item of a list page
}

func (f fetch) key() string {
	switch f.kind {
	case kindProfile:
		return "profile " + f.number
	case kindJSON:
		return "json " + f.link
	}
	return f.listPrefix() + fmt.Sprint(f.start)
}

// listPrefix is the start of the cache key of every page of one list.
func (f fetch) listPrefix() string { return fmt.Sprintf("list %d %s ", f.kind, f.link) }

// what names the request in progress messages.
func (f fetch) what() string {
	switch f.kind {
	case kindProfile:
		return "company " + f.number
	case kindOfficers:
		return "officers"
	case kindFilings:
		return "filing history"
	case kindPSC:
		return "PSC statements"
	case kindAppointments:
		return "appointments"
	}
	return f.link
}

// do runs the request. It is called inside a tea.Cmd, never in Update.
func (f fetch) do(ctx context.Context, reg Registry) (any, error) {
	page := api.Page{StartIndex: f.start, ItemsPerPage: pageSize}
	switch f.kind {
	case kindProfile:
		return answer(reg.Company(ctx, f.number))
	case kindOfficers:
		return answer(reg.Officers(ctx, f.link, page))
	case kindFilings:
		return answer(reg.FilingHistory(ctx, f.link, page))
	case kindPSC:
		return answer(reg.PSCStatements(ctx, f.link, page))
	case kindAppointments:
		return answer(reg.Appointments(ctx, f.link, page))
	}
	return answer(reg.Get(ctx, f.link, nil))
}

// answer boxes a result, keeping a failed one nil: a typed nil pointer in
// an interface would look like an answer.
func answer[T any](v *T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
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
}

// fetchedMsg is a request's answer. id ties it to the request: an answer
// whose request is no longer the current one is for a page the user has
// left, and is dropped.
type fetchedMsg struct {
	id   int
	f    fetch
	data any
	err  error
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
	fetchCmd := func() tea.Msg {
		defer cancel()
		data, err := f.do(ctx, reg)
		return fetchedMsg{id: id, f: f, data: data, err: err}
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
	return m.nav != nil || m.more != nil || (m.keys != nil && m.keys.saving)
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
