package watch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"coview/api"
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
}

// Watcher checks a store's companies against a registry.
type Watcher struct {
	store  *Store
	client *api.Client
	opts   Options
	pacer  *pacer
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
	store.now = opts.Now
	return &Watcher{store: store, client: client, opts: opts, pacer: newPacer(opts.Quota, client, time.Now)}
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
	// the quota. Companies it leaves out are listed as not checked.
	Budget int
	// Progress, when set, is told how the check is getting on: after
	// each company, and when a wait begins. It is called one call at a
	// time, on the check's goroutines, so it must return quickly.
	Progress func(Progress)
	// Found, when set, is handed each company's changes as soon as they
	// are recorded, in the same way as Progress.
	Found func([]Change)
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
	Number api.Number
	Name   string
	Why    Reason
	Err    error // with ReasonFailed
}

// Report is what a check did.
type Report struct {
	Changes    []Change     // recorded by this check, company by company, each in the order it happened
	Checked    int          // companies checked, first checks included
	Seeded     []api.Number // companies checked for the first time: recorded, nothing reported
	NotChecked []NotChecked // companies this check did not check (those another check has included)
	Requests   int          // requests sent
	Elapsed    time.Duration
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
var errBudget = errors.New("the budget of requests is spent")

// check is one check under way.
type check struct {
	w        *Watcher
	opts     CheckOptions
	h        holder
	started  time.Time
	requests atomic.Int64
	busy     atomic.Int64 // total time requests took, in nanoseconds, for the estimate

	mu       sync.Mutex
	stop     Reason // why no more companies are claimed; 0 while they are
	fatal    error  // a failure every request would meet (a refused key)
	skip     map[api.Number]bool
	report   Report
	total    int
	done     int
	planned  int // requests still expected, for the estimate
	waiting  string
	until    time.Time
	progress sync.Mutex
}

// Check asks the registry about every watched company not checked since
// it began, a few at once, and records what changed. It is safe to run
// while other checks run, in this process or another. Cancelling ctx
// stops it soon, keeping what was recorded; the companies left are
// listed as not checked. The error is for a check that could not go on
// at all (a refused key, a store it cannot write); the report is
// returned with it.
func (w *Watcher) Check(ctx context.Context, opts CheckOptions) (*Report, error) {
	c := &check{w: w, opts: opts, h: newHolder(), started: w.opts.Now(), skip: map[api.Number]bool{}}
	companies, err := w.store.Companies(ctx)
	if err != nil {
		return nil, err
	}
	for _, co := range companies {
		if co.CheckedAt.IsZero() || co.CheckedAt.Before(c.started) {
			c.total++
			c.planned += plannedRequests(co, c.started)
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
				w.store.renew(context.WithoutCancel(ctx), c.h, w.opts.ClaimTTL)
			case <-stopRenew:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range w.opts.InFlight {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.work(ctx)
		}()
	}
	wg.Wait()
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
		if why == 0 {
			why = ReasonStopped
		}
		for _, nc := range left {
			if reported[nc.Number] {
				continue
			}
			if nc.Why == 0 {
				nc.Why = why
			}
			c.report.NotChecked = append(c.report.NotChecked, nc)
		}
	}
	sort.SliceStable(c.report.NotChecked, func(i, j int) bool { return c.report.NotChecked[i].Number < c.report.NotChecked[j].Number })
	c.report.Requests = int(c.requests.Load())
	c.report.Elapsed = w.opts.Now().Sub(c.started)
	rep := c.report
	c.done = c.total
	c.planned = 0
	c.progress.Lock()
	if opts.Progress != nil {
		opts.Progress(Progress{Total: c.total, Done: c.total, Changes: len(rep.Changes), Requests: rep.Requests, Finished: true})
	}
	c.progress.Unlock()
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
		rec, err := c.w.store.claim(ctx, c.h, c.started, c.w.opts.ClaimTTL, func(n api.Number) bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.skip[n] || c.stop != 0
		})
		if err != nil {
			c.halt(ReasonStopped, err)
			return
		}
		if rec == nil {
			return
		}
		c.mu.Lock()
		c.skip[rec.number] = true
		c.mu.Unlock()
		c.one(ctx, rec)
	}
}

// one checks one claimed company and records what it found.
func (c *check) one(ctx context.Context, rec *record) {
	asked := c.w.opts.Now()
	next, changes, err := c.w.inspect(ctx, c, rec)
	if err != nil {
		why := ReasonFailed
		switch {
		case errors.Is(err, errBudget):
			why = ReasonBudget
			c.halt(why, nil)
		case errors.Is(err, api.ErrRateLimited):
			why = ReasonQuota
			c.halt(why, nil)
		case ctx.Err() != nil:
			why = ReasonStopped
			c.halt(why, nil)
		case errors.Is(err, api.ErrInvalidKey), errors.Is(err, api.ErrMissingKey), errors.Is(err, api.ErrForbidden):
			c.halt(ReasonFailed, err)
		}
		// Stopped before the claim is given up, so that no other worker
		// of this check takes the company up again.
		c.w.store.release(context.WithoutCancel(ctx), c.h, rec.number)
		c.mu.Lock()
		nc := NotChecked{Number: rec.number, Name: rec.name, Why: why}
		if why == ReasonFailed {
			nc.Err = err
		}
		if !slices.ContainsFunc(c.report.NotChecked, func(x NotChecked) bool { return x.Number == nc.Number }) {
			c.report.NotChecked = append(c.report.NotChecked, nc)
		}
		c.done++
		c.mu.Unlock()
		c.tell()
		return
	}
	for i := range changes {
		changes[i].Number, changes[i].CompanyName = rec.number, next.name
	}
	ok, err := c.w.store.commit(context.WithoutCancel(ctx), c.h, rec, next, changes, asked)
	c.mu.Lock()
	switch {
	case err != nil:
		c.report.NotChecked = append(c.report.NotChecked, NotChecked{Number: rec.number, Name: rec.name, Why: ReasonFailed, Err: err})
		if c.stop == 0 {
			c.stop, c.fatal = ReasonFailed, err
		}
	case ok:
		c.report.Checked++
		if !rec.seeded {
			c.report.Seeded = append(c.report.Seeded, rec.number)
		}
		c.report.Changes = append(c.report.Changes, changes...)
	}
	c.done++
	c.mu.Unlock()
	if ok && len(changes) > 0 && c.opts.Found != nil {
		c.progress.Lock()
		c.opts.Found(changes)
		c.progress.Unlock()
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

// request sends one request of the check: within the budget, paced, and
// counted.
func (c *check) request(ctx context.Context, do func() error) error {
	if b := c.opts.Budget; b > 0 {
		if c.requests.Add(1) > int64(b) {
			c.requests.Add(-1)
			return errBudget
		}
	} else {
		c.requests.Add(1)
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
		c.requests.Add(-1)
		return err
	}
	start := time.Now()
	err = do()
	c.busy.Add(int64(time.Since(start)))
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
	c.mu.Lock()
	p := Progress{Total: c.total, Done: c.done, Changes: len(c.report.Changes), Requests: int(c.requests.Load()),
		Waiting: c.waiting, Until: c.until}
	planned := c.planned
	c.mu.Unlock()
	p.Left = c.estimate(planned)
	c.progress.Lock()
	c.opts.Progress(p)
	c.progress.Unlock()
}

// estimate is how long requests more will take: as many at once as the
// check sends, each as long as those so far took (a guess before the
// first), and no faster than the pacer lets them go.
func (c *check) estimate(requests int) time.Duration {
	if requests <= 0 {
		return 0
	}
	each := 200 * time.Millisecond
	if n := c.requests.Load(); n > 0 {
		each = time.Duration(c.busy.Load() / n)
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

// inspect asks the registry about one company and works out what
// changed since its record: the record to write back, and the changes.
// A company's first check reads everything and reports nothing.
func (w *Watcher) inspect(ctx context.Context, c *check, rec *record) (*record, []Change, error) {
	now := w.opts.Now()
	today := now.Format(time.DateOnly)
	next := &record{number: rec.number, name: rec.name, version: rec.version, seeded: true,
		profile: rec.profile, profileAt: rec.profileAt, filings: rec.filings,
		noted: maps.Clone(rec.noted), sets: maps.Clone(rec.sets), read: map[string]bool{}}
	if next.noted == nil {
		next.noted = map[string]string{}
	}
	history := rec.profile.Links[setFilings]
	if history == "" {
		history = api.CompanyPath(rec.number) + "/filing-history"
	}

	if !rec.seeded {
		fh, err := w.filings(ctx, c, history, pageSize)
		if err != nil {
			return nil, nil, err
		}
		next.filings = FilingsSnap{Total: max(fh.Total(), 0)}
		next.filings.saw(ids(fh.Items))
		if len(fh.Items) > 0 {
			next.filings.Newest = fh.Items[0].TransactionID
		}
		if now.Sub(rec.profileAt) > time.Hour {
			if err := w.readProfile(ctx, c, next, now); err != nil {
				return nil, nil, err
			}
		}
		for _, set := range datasets {
			if err := w.readSet(ctx, c, next, set); err != nil {
				return nil, nil, err
			}
		}
		overdue(next.profile, next.noted, today) // as it stands: not news
		return next, nil, nil
	}

	// The probe: one filing, and how many there are.
	probe, err := w.filings(ctx, c, history, 1)
	if err != nil {
		return nil, nil, err
	}
	total, newest := max(probe.Total(), 0), ""
	if len(probe.Items) > 0 {
		newest = probe.Items[0].TransactionID
	}
	var changes []Change
	// What a filing made the check read again changed by that filing's
	// date (the newest's); what changed without one, by today's.
	when := today
	profileToo := false
	again := map[string]bool{}
	if total != rec.filings.Total || newest != rec.filings.Newest {
		profileToo = true
		items := probe.Items
		delta := total - rec.filings.Total
		if delta > 1 || (newest != "" && slices.Contains(rec.filings.Seen, newest)) {
			page, err := w.filings(ctx, c, history, min(max(delta, 2), pageSize))
			if err != nil {
				return nil, nil, err
			}
			items = page.Items
		}
		var fresh []api.FilingItem
		for _, f := range items {
			if f.TransactionID != "" && !slices.Contains(rec.filings.Seen, f.TransactionID) {
				fresh = append(fresh, f)
			}
		}
		if len(fresh) > 0 {
			when = orDate(fresh[0].Date, today)
		}
		for i := len(fresh) - 1; i >= 0; i-- { // oldest first
			f := fresh[i]
			changes = append(changes, Change{Kind: FilingKind(f.Category), Date: orDate(f.Date, today),
				TransactionID: f.TransactionID, FormType: f.Type, Category: f.Category,
				Description: f.Description, DescriptionValues: f.Values()})
			for _, set := range rereads(f.Category) {
				again[set] = true
			}
		}
		if missed := delta - len(fresh); missed > 0 && len(items) >= pageSize {
			changes = append(changes, Change{Kind: KindFilingsNotListed, Date: today, Count: missed})
		}
		next.filings.Total, next.filings.Newest = total, newest
		next.filings.saw(ids(items))
	}
	if profileToo || profileDue(rec.number, rec.profile, rec.profileAt, now, rec.noted) {
		if err := w.readProfile(ctx, c, next, now); err != nil {
			return nil, nil, err
		}
		changes = append(changes, diffProfile(rec.profile, next.profile, when)...)
		// A list the profile links to for the first time is news in
		// itself (a first charge); one it no longer links to is gone.
		for _, set := range datasets {
			_, had := rec.profile.Links[set]
			_, has := next.profile.Links[set]
			if had != has {
				again[set] = true
			}
		}
	}
	changes = append(changes, overdue(next.profile, next.noted, today)...)
	for _, set := range datasets {
		if !again[set] {
			continue
		}
		if err := w.readSet(ctx, c, next, set); err != nil {
			return nil, nil, err
		}
		if l, ok := next.sets[set]; ok {
			changes = append(changes, diffList(set, rec.sets[set], l, when)...)
		}
	}
	return next, changes, nil
}

func ids(items []api.FilingItem) []string {
	out := make([]string, 0, len(items))
	for _, f := range items {
		out = append(out, f.TransactionID)
	}
	return out
}

func (w *Watcher) filings(ctx context.Context, c *check, link string, size int) (*api.FilingHistory, error) {
	var fh *api.FilingHistory
	err := c.request(ctx, func() (err error) {
		fh, err = w.client.FilingHistory(ctx, link, api.Page{ItemsPerPage: size})
		return err
	})
	return fh, err
}

func (w *Watcher) readProfile(ctx context.Context, c *check, next *record, now time.Time) error {
	var p *api.Profile
	err := c.request(ctx, func() (err error) {
		p, err = w.client.Company(ctx, next.number)
		return err
	})
	if err != nil {
		return err
	}
	next.profile, next.profileAt = profileSnap(p), now
	if p.CompanyName != "" {
		next.name = p.CompanyName
	}
	return nil
}

// readSet reads a whole dataset the profile links to (or notes that it
// links to none any more).
func (w *Watcher) readSet(ctx context.Context, c *check, next *record, set string) error {
	link, ok := next.profile.Links[set]
	next.read[set] = true
	if !ok {
		delete(next.sets, set)
		return nil
	}
	l := ListSnap{Items: map[string]ItemSnap{}}
	add := func(items map[string]ItemSnap) { maps.Copy(l.Items, items) }
	if set == setInsolvency {
		var ins *api.Insolvency
		if err := c.request(ctx, func() (err error) { ins, err = w.client.Insolvency(ctx, link); return err }); err != nil {
			return err
		}
		add(insolvencyItems(ins))
		next.sets[set] = l
		return nil
	}
	for start := 0; ; start += pageSize {
		if start >= maxItems {
			l.Partial = true
			break
		}
		page := api.Page{StartIndex: start, ItemsPerPage: pageSize}
		var n, total int
		err := c.request(ctx, func() error {
			switch set {
			case setOfficers:
				a, err := w.client.Officers(ctx, link, page)
				if err != nil {
					return err
				}
				add(officerItems(a.Items))
				n, total = len(a.Items), a.Total()
			case setPSCs:
				a, err := w.client.PSCs(ctx, link, page)
				if err != nil {
					return err
				}
				add(pscItems(a.Items))
				n, total = len(a.Items), a.Total()
			case setPSCStatements:
				a, err := w.client.PSCStatements(ctx, link, page)
				if err != nil {
					return err
				}
				add(statementItems(a.Items))
				n, total = len(a.Items), a.Total()
			case setCharges:
				a, err := w.client.Charges(ctx, link, page)
				if err != nil {
					return err
				}
				add(chargeItems(a.Items))
				n, total = len(a.Items), a.Total()
			default:
				return fmt.Errorf("watch: no way to read %s", set)
			}
			return nil
		})
		if err != nil {
			return err
		}
		// A list that does not say its length ends with a short page.
		if n == 0 || (total >= 0 && start+n >= total) || (total < 0 && n < pageSize) {
			break
		}
	}
	next.sets[set] = l
	return nil
}
