package connections

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"coview/api"
	"coview/fanout"
)

// MaxDepth bounds a walk: a company's connections, and theirs.
const MaxDepth = 2

// Page sizes: the most each list serves, so that a list costs as few
// requests as it can (an officer's appointments serve at most 50).
const (
	officersPageSize     = 100
	appointmentsPageSize = 50
	pscsPageSize         = 100
)

// inFlight is how many officers' appointments are read at once: a few,
// as with lookups of many numbers; the client paces them to the quota.
const inFlight = 4

// maxPages bounds one list, so that a registry that never says its list
// has ended cannot keep a walk busy for ever.
const maxPages = 1000

// Options shape a walk.
type Options struct {
	// Depth is 1 (the default): the companies linked to this one; or 2:
	// then every connected company is walked from too, strongest first,
	// for as long as the budget lasts. More than MaxDepth is MaxDepth.
	Depth int
	// Expand walks from these connected companies too, whatever Depth
	// says: a browser's "expand in place" walks again with the company
	// added (every answer it needs besides comes from the session). A
	// number that is not a connected company is ignored.
	Expand []api.Number
	// Budget is the most requests this walk may send; answers the session
	// already has cost none. 0 is DefaultBudget of the registry's quota;
	// less than 0 sends none (what the session has is still used).
	Budget int
	// Progress, when set, is handed a snapshot after each page of a
	// company's lists, each officer read and each item given up on, and
	// the final Result last (Done set). It is
	// called on the walk's goroutines, one call at a time, so it must
	// return quickly: send the snapshot on, do not draw it there.
	Progress func(*Result)
}

// Walk finds the companies linked to the company numbered number: its
// officers (every page), each distinct officer's appointments (every page),
// and its list of persons with significant control, whose corporate
// members registered here are companies too (its owners). With Depth 2 or
// Expand, it repeats that step from connected companies.
//
// The walk asks for nothing the session already has and sends no more
// requests than its budget. Whatever it cannot read (the budget is spent,
// an answer is an error, the context ends) is listed in NotChecked with
// why, and the walk goes on with the rest; a refused key or a 429 stops
// all further requests, since each would meet the same. Cancelling ctx
// ends the walk soon, keeping what was found: the Result is returned as
// usual, with the rest listed as not checked.
//
// The error is for the walk that could not begin: a number that is not
// one, a company the registry does not have (matches api.ErrNotFound), or
// a failure of the very first request (a refused key, no connection).
func (w *Walker) Walk(ctx context.Context, number api.Number, opts Options) (*Result, error) {
	root, err := api.ParseNumber(string(number))
	if err != nil {
		return nil, err
	}
	budget := opts.Budget
	switch {
	case budget == 0:
		budget = DefaultBudget(w.reg.RateLimit(), time.Now())
	case budget < 0:
		budget = 0
	}
	wk := &walk{
		w: w, ctx: ctx, root: root, opts: opts, run: fanout.New(ctx, inFlight, budget),
		companies: map[api.Number]*walked{},
		officers:  map[string]*officerRead{},
	}
	// One request is kept for the company's name: its officers'
	// appointments name it, but a budget too small to read any (or a
	// company without officers) would leave the heading with a bare number.
	if budget > 0 {
		wk.run.Keep(1)
	}
	if err := wk.step(root, true); err != nil {
		return nil, err
	}
	if opts.Depth >= 2 || len(opts.Expand) > 0 {
		for _, c := range wk.build(false).Companies {
			if opts.Depth >= 2 || slices.Contains(opts.Expand, c.Number) {
				wk.expand(c.Company)
			}
		}
	}
	wk.readName()
	res := wk.build(true)
	if opts.Progress != nil {
		wk.run.Tell(func() { opts.Progress(res) })
	}
	return res, nil
}

// walk is one walk under way. Its state only grows: lists are appended
// to, never changed, so a snapshot may read what it copied under mu
// after letting go.
type walk struct {
	w    *Walker
	ctx  context.Context
	root api.Number
	opts Options
	run  *fanout.Run // the budget, the officers read at once, and what halts the walk

	mu              sync.Mutex
	reused          int
	profile         *api.Profile // the company's profile, when it was read for its name
	companies       map[api.Number]*walked
	walkedOrder     []*walked
	officers        map[string]*officerRead
	officerOrder    []*officerRead
	officersChecked int
	notChecked      []NotChecked
	expanded        []api.Number
}

// walked is a company the walk took a step from: its officer items and
// its PSCs, as read so far.
type walked struct {
	company  Company
	officers []api.Officer
	ids      []string // the officer id of each officer item; "" when it has no link to its appointments
	pscs     []api.PSC
	ceased   bool // its officer list counts none active and some inactive
}

// officerRead is one officer record whose appointments the walk reads.
type officerRead struct {
	id     string
	res    api.Resource
	metAt  Company
	first  api.Officer       // the officer item it was met by
	header *api.Appointments // the first page read
	items  []api.Appointment
}

// step reads a company's officers, its PSCs and its officers'
// appointments. The company walked from fails the walk when its very
// first request fails for a reason other than the budget or the end of
// the walk; any other company's failures are listed as not checked.
func (wk *walk) step(number api.Number, root bool) error {
	wk.mu.Lock()
	if wk.companies[number] != nil {
		wk.mu.Unlock()
		return nil
	}
	c := &walked{company: Company{Number: number}}
	wk.companies[number] = c
	wk.walkedOrder = append(wk.walkedOrder, c)
	wk.mu.Unlock()

	officers, _ := api.Route(api.CompanyPath(number) + "/officers")
	from, total, err := wk.pages(officers, officersPageSize, true, false, func(a *api.Answer) (int, int) {
		o, ok := api.Value[*api.Officers](a)
		if !ok {
			return 0, -1
		}
		ids := make([]string, len(o.Items))
		for i, item := range o.Items {
			ids[i] = officerID(item)
		}
		wk.mu.Lock()
		c.officers = append(c.officers, o.Items...)
		c.ids = append(c.ids, ids...)
		if o.ActiveCount != nil && *o.ActiveCount == 0 && o.InactiveCount != nil && *o.InactiveCount > 0 {
			c.ceased = true
		}
		wk.mu.Unlock()
		return len(o.Items), o.Total()
	})
	if root && from == 0 && err != nil {
		if errors.Is(err, api.ErrNotFound) {
			// No officer list: no such company, or (rarely) a company
			// whose list the registry cannot give. Its profile tells.
			if _, perr := wk.get(api.CompanyResource(number), api.Page{}, false); errors.Is(perr, api.ErrNotFound) {
				return perr
			}
		} else if wk.reason(err) == ReasonFailed {
			return err
		}
	}
	var missed []NotChecked
	if err != nil {
		missed = append(missed, wk.missed(NotChecked{What: UncheckedOfficers, Company: c.company, From: from, Total: total, Link: officers.Link}, err))
	}

	pscs, _ := api.Route(api.CompanyPath(number) + "/persons-with-significant-control")
	from, total, err = wk.pages(pscs, pscsPageSize, true, false, func(a *api.Answer) (int, int) {
		p, ok := api.Value[*api.PSCList](a)
		if !ok {
			return 0, -1
		}
		wk.mu.Lock()
		c.pscs = append(c.pscs, p.Items...)
		wk.mu.Unlock()
		return len(p.Items), p.Total()
	})
	if err != nil {
		missed = append(missed, wk.missed(NotChecked{What: UncheckedPSCs, Company: c.company, From: from, Total: total, Link: pscs.Link}, err))
	}
	// A connected company not walked at all is one line, not two.
	if !root && len(missed) == 2 && missed[0].From == 0 && missed[1].From == 0 && missed[0].Why == missed[1].Why && missed[0].Why != ReasonFailed {
		missed = []NotChecked{{What: UncheckedCompany, Company: c.company, Total: -1, Link: api.CompanyPath(number), Why: missed[0].Why}}
	}
	wk.notCheck(missed...)

	wk.readAppointments(wk.officersOf(c), root)
	return nil
}

// readName reads the company's profile when nothing the walk read named
// it, with the request set aside for it; otherwise that request is given
// back unspent.
func (wk *walk) readName() {
	wk.run.Keep(0)
	wk.mu.Lock()
	named := false
	for _, o := range wk.officerOrder {
		for _, a := range o.items {
			if n, ok := companyNumber(a.AppointedTo.CompanyNumber); ok && n == wk.root && strings.TrimSpace(a.AppointedTo.CompanyName) != "" {
				named = true
			}
		}
	}
	wk.mu.Unlock()
	if named {
		return
	}
	if a, err := wk.get(api.CompanyResource(wk.root), api.Page{}, false); err == nil {
		if p, ok := api.Value[*api.Profile](a); ok {
			wk.mu.Lock()
			wk.profile = p
			wk.mu.Unlock()
		}
	}
}

// expand walks from a connected company (depth 2).
func (wk *walk) expand(c Company) {
	wk.mu.Lock()
	wk.expanded = append(wk.expanded, c.Number)
	wk.mu.Unlock()
	wk.step(c.Number, false)
}

// officersOf registers the officer records of a company's list that the
// walk has not met yet, in list order. An officer item without a link to
// its appointments cannot be followed, and is listed as not checked.
func (wk *walk) officersOf(c *walked) []*officerRead {
	wk.mu.Lock()
	defer wk.mu.Unlock()
	var out []*officerRead
	for i, o := range c.officers {
		id := c.ids[i]
		if id == "" {
			wk.notChecked = append(wk.notChecked, NotChecked{What: UncheckedAppointments, Company: c.company, Officer: o.Name,
				Total: -1, Link: o.Links.Appointments(), Why: ReasonFailed, Err: errors.New("the officer list gives no link to their appointments")})
			continue
		}
		if wk.officers[id] != nil {
			continue
		}
		res, _ := api.Route(o.Links.Appointments())
		r := &officerRead{id: id, res: res, metAt: c.company, first: o}
		wk.officers[id] = r
		wk.officerOrder = append(wk.officerOrder, r)
		out = append(out, r)
	}
	return out
}

// officerID is the officer record an officer item belongs to, read from
// its link to the record's appointments; "" when there is none.
func officerID(o api.Officer) string {
	res, err := api.Route(o.Links.Appointments())
	if o.Links.Appointments() == "" || err != nil || res.Kind != api.ResAppointments {
		return ""
	}
	return res.ID
}

// readAppointments reads the officers' appointments, a few at a time.
// The request for each officer's first page is set aside from the budget
// here, in list order, before the officer is handed to a reader: so a
// budget that runs out leaves out the officers last in the list, the same
// ones every time, whichever reader is quicker. Once one of the root's
// officers is sure to be read, its appointments will name the company,
// and the request kept for its name is given back, here too.
func (wk *walk) readAppointments(officers []*officerRead, root bool) {
	for _, o := range officers {
		reserved := false
		if !wk.w.has(o.res, api.Page{ItemsPerPage: appointmentsPageSize}) {
			if err := wk.run.Spend(); err != nil {
				wk.notCheck(wk.missed(NotChecked{What: UncheckedAppointments, Company: o.metAt, Officer: o.first.Name, OfficerID: o.id,
					Total: -1, Link: o.res.Link}, err))
				continue
			}
			reserved = true
		}
		if root {
			wk.run.Keep(0)
		}
		if !wk.run.Go(func() { wk.readOfficer(o, reserved) }) {
			wk.readOfficer(o, reserved) // the walk has stopped: this says why it was not read
		}
	}
	wk.run.Wait()
}

// readOfficer reads every page of one officer's appointments; reserved
// says a request was set aside for the first.
func (wk *walk) readOfficer(o *officerRead, reserved bool) {
	from, total, err := wk.pages(o.res, appointmentsPageSize, false, reserved, func(a *api.Answer) (int, int) {
		list, ok := api.Value[*api.Appointments](a)
		if !ok {
			return 0, -1
		}
		wk.mu.Lock()
		if o.header == nil {
			o.header = list
		}
		o.items = append(o.items, list.Items...)
		wk.mu.Unlock()
		return len(list.Items), list.Total()
	})
	if err != nil {
		wk.notCheck(wk.missed(NotChecked{What: UncheckedAppointments, Company: o.metAt, Officer: o.first.Name, OfficerID: o.id,
			From: from, Total: total, Link: o.res.Link}, err))
		return
	}
	wk.mu.Lock()
	wk.officersChecked++
	wk.mu.Unlock()
	wk.emit()
}

// tooManyPages ends a list that has not ended after maxPages. (A type,
// not a variable made by fmt.Errorf, which every run would make at
// start-up.)
type tooManyPages struct{}

func (tooManyPages) Error() string {
	return fmt.Sprintf("stopped after %d pages: the registry has not said the list ends", maxPages)
}

// pages reads a list to its end, size items a page, handing each answer
// to take, which says how many items it held and how many the whole list
// has (-1: not said), and with emitEach showing progress after each;
// reserved says a request was set aside for the first page. At the first
// page it cannot have, it returns where that page starts and why.
func (wk *walk) pages(res api.Resource, size int, emitEach, reserved bool, take func(*api.Answer) (n, total int)) (from, total int, err error) {
	total = -1
	for range maxPages {
		a, err := wk.get(res, api.Page{StartIndex: from, ItemsPerPage: size}, reserved)
		reserved = false
		if err != nil {
			return from, total, err
		}
		n, t := take(a)
		if t >= 0 {
			total = t
		}
		from += n
		if emitEach {
			wk.emit()
		}
		if n == 0 || (total >= 0 && from >= total) || (total < 0 && n < size) {
			return from, total, nil
		}
	}
	return from, total, tooManyPages{}
}

// get is an answer from the session, or from the registry when the
// walk's budget allows: every request sent for it, retries included,
// spends one. reserved says the first was set aside already; it is given
// back when none is sent.
func (wk *walk) get(res api.Resource, page api.Page, reserved bool) (*api.Answer, error) {
	first, used := reserved, false
	gate := func() error {
		if !first {
			return wk.run.Spend()
		}
		first = false
		if err := wk.run.Stopped(); err != nil {
			return err
		}
		used = true
		return nil
	}
	var a *api.Answer
	var reused bool
	err := wk.ctx.Err()
	if err != nil {
		err = &api.Error{Kind: api.KindCanceled, Subject: res.Link, Err: err}
	} else {
		a, reused, err = wk.w.get(wk.ctx, res, page, gate)
	}
	if reserved && !used {
		wk.run.Refund()
	}
	if reused {
		wk.mu.Lock()
		wk.reused++
		wk.mu.Unlock()
	}
	return a, wk.run.Note(err)
}

// reason says why err left something not checked.
func (wk *walk) reason(err error) Reason {
	switch {
	case errors.Is(err, fanout.ErrBudget):
		return ReasonBudget
	case wk.ctx.Err() != nil, errors.Is(err, api.ErrCanceled):
		return ReasonStopped
	}
	return ReasonFailed
}

// missed fills in why nc was not checked.
func (wk *walk) missed(nc NotChecked, err error) NotChecked {
	nc.Why = wk.reason(err)
	if nc.Why == ReasonFailed {
		nc.Err = err
	}
	return nc
}

// notCheck lists what was not checked.
func (wk *walk) notCheck(ncs ...NotChecked) {
	if len(ncs) == 0 {
		return
	}
	wk.mu.Lock()
	wk.notChecked = append(wk.notChecked, ncs...)
	wk.mu.Unlock()
	wk.emit()
}

// emit hands a snapshot to Progress.
func (wk *walk) emit() {
	if wk.opts.Progress == nil {
		return
	}
	wk.run.Tell(func() { wk.opts.Progress(wk.build(false)) })
}

// build is the walk so far as a Result.
func (wk *walk) build(done bool) *Result {
	requests, budget := wk.run.Spent()
	wk.mu.Lock()
	g := gathered{
		root:       wk.root,
		expanded:   slices.Clone(wk.expanded),
		notChecked: slices.Clone(wk.notChecked),
		profile:    wk.profile,
		officers:   len(wk.officerOrder),
		checked:    wk.officersChecked,
		requests:   requests,
		reused:     wk.reused,
		budget:     budget,
		done:       done,
	}
	for _, c := range wk.walkedOrder {
		g.companies = append(g.companies, *c) // the slices are only appended to
	}
	for _, o := range wk.officerOrder {
		g.appointments = append(g.appointments, *o)
	}
	wk.mu.Unlock()
	return build(&g)
}
