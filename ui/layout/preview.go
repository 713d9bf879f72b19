package layout

import (
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/table"
)

// Rest is how long the cursor stays on a row before the preview asks the
// registry for what the row opens: scrolling through a list asks for
// nothing, and a key is never kept waiting, as the request is a Cmd.
const Rest = 300 * time.Millisecond

// Builder makes the part of a place from the session's cache; ok is
// false when it must be fetched first (the browser's makers).
type Builder func(common.Place) (common.Part, bool)

// Lister is a page a preview goes with: a list, whose row under the
// cursor opens something.
type Lister interface {
	common.Pointer
	Table() *table.Model
}

// Preview is what the row under a list's cursor opens, drawn from the
// cache: a company's profile, an officer's appointments, a filing. Each
// thing is asked for at most once a session, and only after the cursor
// has rested on it.
type Preview struct {
	C     *common.Common
	State State
	build Builder

	row    common.Pointed // the row under the cursor now
	to     common.Place   // where it leads
	seq    int            // the rest timer's number: a newer row's wins
	rested bool           // the cursor has rested on row
	part   common.Part    // row's page, made once it is in the cache
	asked  map[common.Key]bool
	flight map[int]common.Key   // requests in flight, by id
	failed map[common.Key]error // what could not be had, and why
}

// NewPreview makes the preview, in the state the settings say.
func NewPreview(c *common.Common, s Settings, build Builder) *Preview {
	return &Preview{C: c, State: State{Settings: s}, build: build,
		asked: map[common.Key]bool{}, flight: map[int]common.Key{}, failed: map[common.Key]error{}}
}

// restMsg says the cursor has rested on the row of that number.
type restMsg struct{ seq int }

// Follow notes, after every update, the row under the cursor of the page
// on screen, if it is a list with its preview drawn: another row starts
// the rest timer; the same one is made into a part once its answer is in
// the cache.
func (p *Preview) Follow(page common.Part, where Where, w, h int) tea.Cmd {
	var row common.Pointed
	l, isList := page.(Lister)
	if isList && where != None && !typing(page) {
		row = l.Pointed()
	}
	var cmd tea.Cmd
	if row.Link != p.row.Link {
		p.row, p.part, p.rested = row, nil, false
		p.to, _ = placeOf(row, page.Place())
		p.seq++
		if row.Link != "" {
			seq := p.seq
			cmd = p.C.After(Rest, func(time.Time) tea.Msg { return restMsg{seq} })
		}
	}
	// What the cache holds is shown at once; only asking waits.
	if p.part == nil && !p.to.Res.IsZero() {
		p.part, _ = p.build(p.to)
	}
	if p.part != nil {
		p.part.Layout(max(h-1-len(p.part.Mid(w)), 1))
	}
	return cmd
}

func typing(page common.Part) bool {
	t, ok := page.(common.Typist)
	return ok && t.Typing()
}

// placeOf is where a row leads, as following it would take the user.
func placeOf(row common.Pointed, from common.Place) (common.Place, bool) {
	if row.Link == "" {
		return common.Place{}, false
	}
	res, err := api.Route(row.Link)
	if err != nil {
		return common.Place{}, false
	}
	if res.Kind == api.ResCompany {
		return common.CompanyPlace(res.Number), true
	}
	to := common.Place{Res: res, Company: res.Number, Title: common.Line(row.Title)}
	if to.Company == "" {
		to.Company = from.Company
	}
	return to, true
}

// Update takes the rest timer and the answers to the preview's requests.
// The root has put a good answer in the cache by then.
func (p *Preview) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case restMsg:
		if msg.seq == p.seq && p.row.Link != "" {
			p.rested = true
			return p.ask()
		}
	case common.FetchedMsg:
		k, ok := p.flight[msg.ID]
		if !ok {
			return nil
		}
		delete(p.flight, msg.ID)
		if msg.Err != nil && !errors.Is(msg.Err, api.ErrCanceled) {
			p.failed[k] = msg.Err
		}
	}
	return nil
}

// ask sends the request for the row's page, unless the cache has it or
// it was asked for already this session.
func (p *Preview) ask() tea.Cmd {
	if p.to.Res.IsZero() {
		return nil
	}
	if part, ok := p.build(p.to); ok {
		p.part = part
		return nil
	}
	k := common.Key{Res: p.to.Res}
	if p.asked[k] {
		return nil
	}
	p.asked[k] = true
	r, cmd := p.C.Fetch(k, p.C.Cache.Profile(p.to.Company))
	p.flight[r.ID] = k
	return cmd
}

// Asked is how many requests the preview has sent this session.
func (p *Preview) Asked() int { return len(p.asked) }

// Stop gives up nothing in flight (what was asked is kept in the cache
// for when the user opens it) but forgets the row: the page is gone.
func (p *Preview) Stop() { p.row, p.part, p.to = common.Pointed{}, nil, common.Place{} }

// Wheel scrolls the preview's page (its own cursor, not the list's).
func (p *Preview) Wheel(lines int) {
	if mo, ok := p.part.(common.Mouser); ok {
		mo.Wheel(0, 0, 0, 0, lines)
	}
}
