package watch

import (
	"context"
	"errors"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"coview/accounts"
	"coview/api"
	"coview/fanout"
)

// Options tune a Watcher. The zero value is right for the live registry.
type Options struct {
	// Quota is the registry's allowance, of which a check spends at most
	// Share in any window; zero is LiveQuota. The registry's own headers
	// only ever lower it.
	Quota Quota
	// InFlight is how many companies are checked at once; 0 is 4.
	InFlight int
	// ClaimTTL is how long a claim on a company lasts unless renewed; 0
	// is DefaultClaimTTL.
	ClaimTTL time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Today is the registry's clock, when it keeps a time of its own (a
	// demo set to another day): what day it is there, which dates the
	// changes, says what is overdue and when a profile is due to be read
	// again. nil is Now.
	Today func() time.Time
	// Documents is the document API (*api.DocumentClient): a check reads
	// the figures of new accounts through it (two requests a document,
	// in its budget) and says what they show. nil reads none.
	Documents accounts.Documents
}

// Watcher checks a store's companies against a registry.
type Watcher struct {
	store    *Store
	client   *api.Client
	opts     Options
	pacer    *pacer
	accounts *accounts.Reader // nil: no document API, no figures
	// workersDone, for tests, is called when a check's workers have
	// found nothing left to claim.
	workersDone func()
}

// New makes a Watcher. The client's key and waits are the caller's.
func New(store *Store, client *api.Client, opts Options) *Watcher {
	if opts.Quota.Limit <= 0 || opts.Quota.Window <= 0 {
		opts.Quota = LiveQuota
	}
	if opts.InFlight <= 0 {
		opts.InFlight = 4
	}
	if opts.ClaimTTL <= 0 {
		opts.ClaimTTL = DefaultClaimTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Today == nil {
		opts.Today = opts.Now
	}
	w := &Watcher{store: store, client: client, opts: opts, pacer: newPacer(opts.Quota, client, time.Now)}
	if opts.Documents != nil {
		w.accounts = accounts.NewReader(client, opts.Documents)
	}
	return w
}

// Store is the watch list the Watcher checks.
func (w *Watcher) Store() *Store { return w.store }

// Add reads a company's profile and puts it on the list; it reports
// whether it was not there already. The registry's errors are returned
// as they are (api.ErrNotFound for no such company).
func (w *Watcher) Add(ctx context.Context, n api.Number) (*api.Profile, bool, error) {
	p, err := w.client.Company(ctx, n)
	if err != nil {
		return nil, false, err
	}
	added, err := w.store.AddProfile(ctx, p)
	return p, added, err
}

// CheckOptions shape one check.
type CheckOptions struct {
	// Budget is the most requests the check may send; 0 is no bound but
	// the quota. Companies it leaves out are listed as not checked. A
	// company is taken up only while the budget has a request for it, and
	// one it spent the budget on before it was done keeps what was read
	// and goes first next time.
	Budget int
	// Progress, when set, is told how the check is getting on: after
	// each company, and when a wait begins. It is called one call at a
	// time, on the check's goroutines, so it must return quickly.
	Progress func(Progress)
	// Found, when set, is handed each company's changes as soon as they
	// are recorded, in the same way as Progress.
	Found func([]Change)
	// Only, when set, are the companies to check, and no others (and no
	// people): a follow's check of the companies it cannot follow yet.
	Only []api.Number
}

// Progress is how a check is getting on.
type Progress struct {
	Total    int           // companies this check looks at
	Done     int           // of them, those finished (checked, failed, or taken by another check)
	Changes  int           // found so far
	Requests int           // sent so far
	Left     time.Duration // an estimate of the time still needed
	Waiting  string        // what the check waits for, when it waits
	Until    time.Time     // and until when
	Finished bool          // the last call
}

// Reason says why a company was not checked.
type Reason int

const (
	ReasonBudget    Reason = iota + 1 // the budget of requests was spent
	ReasonQuota                       // the registry refused more requests (429)
	ReasonFailed                      // the registry answered with an error (Err)
	ReasonStopped                     // the check was cancelled
	ReasonElsewhere                   // another check running at the same time has it
)

func (r Reason) String() string {
	switch r {
	case ReasonBudget:
		return "the budget was spent"
	case ReasonQuota:
		return "the registry's quota was spent"
	case ReasonFailed:
		return "the registry answered with an error"
	case ReasonStopped:
		return "the check was stopped"
	case ReasonElsewhere:
		return "another check is looking at it"
	}
	return "not checked"
}

// NotChecked is a company a check did not check, and why.
type NotChecked struct {
	Number  api.Number
	Officer string // a watched person's officer id, where Number is ""
	Name    string
	Why     Reason
	Err     error // with ReasonFailed
}

// Report is what a check did.
type Report struct {
	Changes    []Change     // recorded by this check, company by company, each in the order it happened
	Checked    int          // companies checked, first checks included
	People     int          // watched people checked
	Seeded     []api.Number // companies checked for the first time: recorded, nothing reported
	NotChecked []NotChecked // companies this check did not check (those another check has included)
	Requests   int          // requests sent
	Elapsed    time.Duration
	// LostHolds counts the times the check could not renew its hold on
	// the companies it was reading (the store busy or failing), with the
	// last failure: another check may then have read them too, which
	// costs requests and records nothing twice.
	LostHolds   int
	LostHoldErr error
}

// Short reports whether the check left out companies it was meant to
// check: not those another check had.
func (r *Report) Short() bool {
	for _, nc := range r.NotChecked {
		if nc.Why != ReasonElsewhere {
			return true
		}
	}
	return false
}

// errBudget stops a company's reading when the budget is spent.
var errBudget = fanout.ErrBudget

// check is one check under way.
type check struct {
	w       *Watcher
	opts    CheckOptions
	h       holder
	started time.Time
	run     *fanout.Run  // the companies checked at once, the budget, a failure that stops them all
	busy    atomic.Int64 // total time requests took, in nanoseconds, for the estimate

	mu      sync.Mutex
	spent   bool   // the budget ran out: no more companies are claimed, though those claimed go on
	stop    Reason // why no more companies are claimed; 0 while they are
	fatal   error  // a failure every request would meet (a refused key)
	skip    map[api.Number]bool
	only    map[api.Number]bool // CheckOptions.Only; nil: every company, and the people
	report  Report
	total   int
	done    int
	planned int // requests still expected, for the estimate
	waiting string
	until   time.Time
}

// Check asks the registry about every watched company not checked since
// it began, a few at once, and records what changed. It is safe to run
// while other checks run, in this process or another. Cancelling ctx
// stops it soon, keeping what was recorded; the companies left are
// listed as not checked. The error is for a check that could not go on
// at all (a refused key, a store it cannot write); the report is
// returned with it.
func (w *Watcher) Check(ctx context.Context, opts CheckOptions) (*Report, error) {
	budget := fanout.NoBound
	if opts.Budget > 0 {
		budget = opts.Budget
	}
	c := &check{w: w, opts: opts, h: newHolder(), started: w.opts.Now(), skip: map[api.Number]bool{},
		run: fanout.New(ctx, w.opts.InFlight, budget)}
	companies, err := w.store.Companies(ctx)
	if err != nil {
		return nil, err
	}
	c.setOnly(opts.Only, companies)
	today := w.opts.Today()
	for _, co := range companies {
		if c.skip[co.Number] {
			continue
		}
		if co.CheckedAt.IsZero() || co.CheckedAt.Before(c.started) {
			c.total++
			c.planned += plannedRequests(co, today)
		}
	}
	c.tell()

	renewed := make(chan struct{})
	stopRenew := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(w.opts.ClaimTTL / 3)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				if err := w.store.renew(context.WithoutCancel(ctx), c.h, w.opts.ClaimTTL); err != nil {
					c.mu.Lock()
					c.report.LostHolds++
					c.report.LostHoldErr = err
					c.mu.Unlock()
				}
			case <-stopRenew:
				return
			}
		}
	}()

	for range w.opts.InFlight {
		c.run.Go(func() { c.work(ctx) })
	}
	c.run.Wait()
	if w.workersDone != nil {
		w.workersDone()
	}
	c.people(ctx)
	close(stopRenew)
	<-renewed

	// What is left: companies not reached, and those another check has.
	left, err := w.store.pending(context.WithoutCancel(ctx), c.h, c.started)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil {
		reported := map[api.Number]bool{}
		for _, nc := range c.report.NotChecked {
			reported[nc.Number] = true
		}
		why := c.stop
		switch {
		case why == 0 && c.spent:
			why = ReasonBudget
		case why == 0:
			why = ReasonStopped
		}
		for _, nc := range left {
			if reported[nc.Number] || (c.only != nil && !c.only[nc.Number]) {
				continue
			}
			switch {
			case nc.Why != 0:
			case c.stop == 0 && !c.spent && !c.skip[nc.Number]:
				// Its workers found nothing left to claim and never had
				// it: another check held it then (the one a follow runs,
				// say), and has given it back since.
				nc.Why = ReasonElsewhere
			default:
				nc.Why = why
			}
			c.report.NotChecked = append(c.report.NotChecked, nc)
		}
	}
	sort.SliceStable(c.report.NotChecked, func(i, j int) bool { return c.report.NotChecked[i].Number < c.report.NotChecked[j].Number })
	c.report.Requests, _ = c.run.Spent()
	c.report.Elapsed = w.opts.Now().Sub(c.started)
	rep := c.report
	c.done = c.total
	c.planned = 0
	if opts.Progress != nil {
		c.run.Tell(func() {
			opts.Progress(Progress{Total: c.total, Done: c.total, Changes: len(rep.Changes), Requests: rep.Requests, Finished: true})
		})
	}
	if c.fatal != nil {
		return &rep, c.fatal
	}
	if err != nil {
		return &rep, w.store.fail("read it", err)
	}
	return &rep, nil
}

// work claims companies and checks them until none is left or the check
// must stop.
func (c *check) work(ctx context.Context) {
	for {
		c.mu.Lock()
		stopped := c.stop != 0
		c.mu.Unlock()
		if stopped {
			return
		}
		if ctx.Err() != nil {
			c.halt(ReasonStopped, nil)
			return
		}
		if !c.reserve() {
			return
		}
		v := &visit{c: c, reserved: true}
		rec, err := c.w.store.claim(ctx, c.h, c.started, c.w.opts.ClaimTTL, func(n api.Number) bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.skip[n] || c.stop != 0
		})
		if err != nil {
			c.unreserve(v)
			c.halt(ReasonStopped, err)
			return
		}
		if rec == nil {
			c.unreserve(v)
			return
		}
		c.mu.Lock()
		c.skip[rec.number] = true
		c.mu.Unlock()
		c.one(ctx, v, rec)
		c.unreserve(v)
	}
}

// reserve takes a request of the budget for the next company to be
// claimed, its first, and reports whether there was one to take: so
// every company claimed is read at least that far, and those claimed
// later have only what is left.
func (c *check) reserve() bool {
	err := c.run.Spend()
	if errors.Is(err, errBudget) {
		c.mu.Lock()
		c.spent = true
		c.mu.Unlock()
	}
	return err == nil
}

// unreserve gives back what a visit took for its first request and did
// not send.
func (c *check) unreserve(v *visit) {
	if v.reserved {
		v.reserved = false
		c.run.Refund()
	}
}

// failed notes why a company or a person could not be checked, and
// stops the check where that stops everything (the quota, a refused key,
// a cancel).
func (c *check) failed(ctx context.Context, err error) Reason {
	c.run.Note(err)
	switch {
	case errors.Is(err, errBudget):
		// Those claimed with a request set aside go on.
		return ReasonBudget
	case errors.Is(err, api.ErrRateLimited):
		c.halt(ReasonQuota, nil)
		return ReasonQuota
	case ctx.Err() != nil:
		c.halt(ReasonStopped, nil)
		return ReasonStopped
	case errors.Is(err, api.ErrInvalidKey), errors.Is(err, api.ErrMissingKey), errors.Is(err, api.ErrForbidden):
		c.halt(ReasonFailed, err)
	}
	return ReasonFailed
}

// one checks one claimed company and records what it found: all of it,
// or, when the check was cut short while it was at it, what it read so
// far and what it had yet to read.
func (c *check) one(ctx context.Context, v *visit, rec *record) {
	asked, asOf := c.w.opts.Now(), c.w.opts.Today()
	next, changes, left, err := c.w.inspect(ctx, v, rec)
	if next != nil {
		// What was read is as of the first answer, by the registry's
		// clock: later answers hold at least as much.
		if !v.first.IsZero() {
			asOf = v.first
		}
		next.asOf = asOf
		if !next.profileAt.Equal(rec.profileAt) {
			next.profileAt = asOf
		}
	}
	if err != nil && next != nil {
		c.cutShort(ctx, rec, next, changes, left, asked, err)
		return
	}
	if err != nil {
		why := c.failed(ctx, err)
		// Stopped before the claim is given up, so that no other worker
		// of this check takes the company up again.
		c.w.store.release(context.WithoutCancel(ctx), c.h, rec.number)
		c.mu.Lock()
		nc := NotChecked{Number: rec.number, Name: rec.name, Why: why}
		if why == ReasonFailed {
			nc.Err = err
		}
		c.notChecked(nc)
		c.done++
		c.mu.Unlock()
		c.tell()
		return
	}
	c.record(ctx, rec, next, changes, nil, asked)
}

// cutShort stops the check for what stopped a company's reading (its
// budget, the quota, a stop), and records what it read of it.
func (c *check) cutShort(ctx context.Context, rec, next *record, changes []Change, left *work, asked time.Time, err error) {
	why := ReasonStopped
	switch {
	case errors.Is(err, errBudget):
		why = ReasonBudget // those claimed with a request set aside go on
	case errors.Is(err, api.ErrRateLimited):
		why = ReasonQuota
	}
	if why != ReasonBudget {
		c.halt(why, nil)
	}
	c.mu.Lock()
	c.notChecked(NotChecked{Number: rec.number, Name: rec.name, Why: why})
	c.mu.Unlock()
	c.record(ctx, rec, next, changes, left, asked)
}

// notChecked lists a company as not checked, once; c.mu is held.
func (c *check) notChecked(nc NotChecked) {
	if !slices.ContainsFunc(c.report.NotChecked, func(x NotChecked) bool { return x.Number == nc.Number }) {
		c.report.NotChecked = append(c.report.NotChecked, nc)
	}
}

// record writes what was read of a company and the changes it showed,
// with the work left (nil: the company is checked), and hands the
// changes on.
func (c *check) record(ctx context.Context, rec, next *record, changes []Change, left *work, asked time.Time) {
	for i := range changes {
		changes[i].Number, changes[i].CompanyName = rec.number, next.name
	}
	ok, err := c.w.store.commit(context.WithoutCancel(ctx), c.h, rec, next, changes, asked, left)
	c.mu.Lock()
	switch {
	case err != nil:
		c.report.NotChecked = slices.DeleteFunc(c.report.NotChecked, func(x NotChecked) bool { return x.Number == rec.number })
		c.report.NotChecked = append(c.report.NotChecked, NotChecked{Number: rec.number, Name: rec.name, Why: ReasonFailed, Err: err})
		if c.stop == 0 {
			c.stop, c.fatal = ReasonFailed, err
		}
	case ok && left == nil:
		c.report.Checked++
		if !rec.seeded {
			c.report.Seeded = append(c.report.Seeded, rec.number)
		}
		fallthrough
	case ok:
		c.report.Changes = append(c.report.Changes, changes...)
	}
	c.done++
	c.mu.Unlock()
	if ok && len(changes) > 0 && c.opts.Found != nil {
		c.run.Tell(func() { c.opts.Found(changes) })
	}
	c.tell()
}

// halt stops the check from claiming more companies; the first reason
// given stays.
func (c *check) halt(why Reason, fatal error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stop == 0 {
		c.stop = why
	}
	if fatal != nil && c.fatal == nil {
		c.fatal = fatal
	}
}

// request sends one request of a company's visit: within the budget
// (the visit's first spends what its claim set aside; any other only
// what is left when every company claimed has had its first), paced,
// and counted.
func (v *visit) request(ctx context.Context, do func() error) error {
	c := v.c
	if v.reserved {
		v.reserved = false
	} else if err := c.run.Spend(); err != nil {
		return err
	}
	err := c.w.pacer.wait(ctx, func(why string, until time.Time) {
		c.mu.Lock()
		c.waiting, c.until = why, until
		c.mu.Unlock()
		c.tell()
	})
	c.mu.Lock()
	c.waiting = ""
	c.mu.Unlock()
	if err != nil {
		c.run.Refund()
		return err
	}
	start := time.Now()
	err = do()
	c.busy.Add(int64(time.Since(start)))
	if v.first.IsZero() && err == nil {
		v.first = c.w.opts.Today()
	}
	c.mu.Lock()
	c.planned = max(c.planned-1, 0)
	c.mu.Unlock()
	return err
}

// tell hands the progress to the caller.
func (c *check) tell() {
	if c.opts.Progress == nil {
		return
	}
	requests, _ := c.run.Spent()
	c.mu.Lock()
	p := Progress{Total: c.total, Done: c.done, Changes: len(c.report.Changes), Requests: requests,
		Waiting: c.waiting, Until: c.until}
	planned := c.planned
	c.mu.Unlock()
	p.Left = c.estimate(planned)
	c.run.Tell(func() { c.opts.Progress(p) })
}

// estimate is how long requests more will take: as many at once as the
// check sends, each as long as those so far took (a guess before the
// first), and no faster than the pacer lets them go.
func (c *check) estimate(requests int) time.Duration {
	if requests <= 0 {
		return 0
	}
	each := 200 * time.Millisecond
	if n, _ := c.run.Spent(); n > 0 {
		each = time.Duration(c.busy.Load() / int64(n))
	}
	left := each * time.Duration(requests) / time.Duration(c.w.opts.InFlight)
	if over := requests - c.w.pacer.free(); over > 0 {
		if r := c.w.pacer.rate(); r > 0 {
			left = max(left, time.Duration(float64(over)/r*float64(time.Second)))
		}
	}
	return left
}

// plannedRequests is what a company is expected to cost: the probe (and
// the profile when due), or for a first check the filings, the profile
// if it is old, and every dataset the profile links to.
func plannedRequests(co Company, now time.Time) int {
	if !co.Seeded {
		n := 1 + len(co.Profile.Links)
		if _, ok := co.Profile.Links[setFilings]; ok {
			n--
		}
		if now.Sub(co.ProfileAt) > time.Hour {
			n++
		}
		return n
	}
	n := 1
	if profileDue(co.Number, co.Profile, co.ProfileAt, now, nil) {
		n++
	}
	return n
}

// Page sizes: the most the registry serves of each list.
const (
	pageSize = 100
	// maxItems bounds the items read of one list; a longer list is kept
	// as partial, and nothing is said of items missing from it.
	maxItems = 1000
)

// setOnly keeps a check to the companies of only (CheckOptions.Only),
// when it names any: the others are skipped as if taken.
func (c *check) setOnly(only []api.Number, companies []Company) {
	if len(only) == 0 {
		return
	}
	c.only = map[api.Number]bool{}
	for _, n := range only {
		c.only[n] = true
	}
	for _, co := range companies {
		if !c.only[co.Number] {
			c.skip[co.Number] = true
		}
	}
}
