package watch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"coview/api"
)

// What a check reads of a company, one read at a time: the probe, a page
// of filings, the profile, or a dataset (setOfficers...) whole.
const (
	readProbe   = "probe"   // the newest filing and the count: was anything filed?
	readFilings = "filings" // a page of the newest filings (work.Page of them)
	readProfile = "profile"
)

// work is what a check still has to read of a company, in order. A check
// cut short (its budget spent, the quota, a stop) keeps what it has read
// and reports what that showed, and leaves the rest in the store with the
// company; the next check takes that company first and carries on where
// this one stopped. So every check makes progress, however small its
// budget: a company needing more requests than a check can spare on it
// is never read again from the start only to be thrown away.
type work struct {
	// Seeding is a company's first check: what is read is recorded,
	// nothing is reported.
	Seeding bool     `json:"seeding,omitempty"`
	Reads   []string `json:"reads"`
	// Page is how many of the newest filings readFilings reads, and
	// Arrived how many the probe counted since the last check.
	Page    int `json:"page,omitempty"`
	Arrived int `json:"arrived,omitempty"`
	// When dates the changes these reads find: the newest new filing's
	// date, else the day the check began.
	When string `json:"when,omitempty"`
	// Part is the list Reads[0] names as far as it was read, From where
	// its reading goes on.
	Part *ListSnap `json:"part,omitempty"`
	From int       `json:"from,omitempty"`
	// Accounts are new accounts filings whose figures readFigures reads.
	Accounts []newAccounts `json:"accounts,omitempty"`
}

// plan is a new check's work: for a company's first check, a page of
// filings, the profile if it is old and every dataset; after that, the
// probe, which adds what it finds there is to read.
func plan(rec *record, now time.Time) *work {
	if rec.seeded {
		return &work{Reads: []string{readProbe}, When: now.Format(time.DateOnly)}
	}
	reads := []string{readFilings}
	if now.Sub(rec.profileAt) > time.Hour {
		reads = append(reads, readProfile)
	}
	return &work{Seeding: true, Reads: append(reads, datasets...), Page: pageSize}
}

// rank orders reads: filings, the profile, then the datasets in the
// order they are always read.
func rank(read string) int {
	switch read {
	case readProbe:
		return -2
	case readFilings:
		return -1
	case readProfile:
		return 0
	case readFigures:
		return 1 + len(datasets)
	}
	return 1 + slices.Index(datasets, read)
}

// then adds a read to do after the one under way, in its place, unless
// it is to be done already.
func (wk *work) then(read string) {
	rest := wk.Reads[1:]
	if slices.Contains(rest, read) {
		return
	}
	i := slices.IndexFunc(rest, func(r string) bool { return rank(r) > rank(read) })
	if i < 0 {
		i = len(rest)
	}
	wk.Reads = slices.Insert(wk.Reads, 1+i, read)
}

// visit is one company's turn in a check. Its claim set aside one
// request of the budget for it, which its first request spends: every
// company claimed is read at least that far.
type visit struct {
	c        *check
	reserved bool
	first    time.Time // the registry's time of the visit's first answer
}

// inspect does a company's work: what was left of it by a check cut
// short, else a new check's. It returns the record to write back, the
// changes found, and the work left when it was cut short (nil when it is
// done). With an error, a record is what a check cut short learnt, to be
// kept; no record is nothing to keep (the registry failed, or answered
// what cannot be read).
func (w *Watcher) inspect(ctx context.Context, v *visit, rec *record) (*record, []Change, *work, error) {
	now := w.opts.Today()
	next := &record{number: rec.number, name: rec.name, version: rec.version, seeded: rec.seeded,
		profile: rec.profile, profileAt: rec.profileAt, filings: rec.filings,
		noted: maps.Clone(rec.noted), sets: maps.Clone(rec.sets), read: map[string]bool{}}
	if next.noted == nil {
		next.noted = map[string]string{}
	}
	if next.sets == nil {
		next.sets = map[string]ListSnap{}
	}
	wk := plan(rec, now)
	if rec.work != nil && len(rec.work.Reads) > 0 {
		wk = rec.work
		wk.Reads = slices.Clone(wk.Reads)
	}
	var changes []Change
	learnt := false
	for len(wk.Reads) > 0 {
		found, moved, err := w.read(ctx, v, rec, next, wk, now)
		learnt = learnt || moved
		changes = append(changes, found...)
		if err != nil {
			if learnt && resumable(ctx, err) {
				return next, changes, wk, err
			}
			return nil, nil, nil, err
		}
		if !slices.ContainsFunc(wk.Reads, func(r string) bool { return rank(r) <= 0 }) {
			// The profile is as it will be: what is overdue now, or no
			// longer, needs no request to say. Today is the registry's,
			// as its first answer said it: before any answer, a process
			// knows only its own clock, which may be on another day.
			day := now
			if !v.first.IsZero() {
				day = v.first
			}
			if found := overdue(next.profile, next.noted, day.Format(time.DateOnly)); !wk.Seeding {
				changes = append(changes, found...)
			}
		}
	}
	next.seeded = true
	return next, changes, nil, nil
}

// resumable reports whether a company's reading stopped for want of
// requests (the budget, the quota) or because the check was stopped:
// what it read so far is worth keeping.
func resumable(ctx context.Context, err error) bool {
	return errors.Is(err, errBudget) || errors.Is(err, api.ErrRateLimited) || ctx.Err() != nil
}

// read does the work's first read, and then takes it off the work. It
// returns the changes that read found, and whether it learnt anything
// (a list read part way did).
func (w *Watcher) read(ctx context.Context, v *visit, rec, next *record, wk *work, now time.Time) ([]Change, bool, error) {
	var changes []Change
	var err error
	moved := false
	switch r := wk.Reads[0]; r {
	case readProbe:
		changes, err = w.probe(ctx, v, rec, next, wk, now)
	case readFilings:
		changes, err = w.newFilings(ctx, v, rec, next, wk, now)
	case readFigures:
		// What the accounts read before a stop showed is kept with them:
		// they have left the work.
		if changes, err = w.figuresOf(ctx, v, wk); err != nil {
			return changes, len(changes) > 0, err
		}
	case readProfile:
		if err = w.readProfile(ctx, v, next, now); err == nil && !wk.Seeding {
			changes = diffProfile(rec.profile, next.profile, wk.When)
		}
		if err == nil {
			// A list the profile links to for the first time is news in
			// itself (a first charge); one it no longer links to is gone.
			for _, set := range datasets {
				_, had := rec.profile.Links[set]
				_, has := next.profile.Links[set]
				if had != has && !wk.Seeding {
					wk.then(set)
				}
			}
		}
	default:
		from := wk.From
		err = w.readSet(ctx, v, next, wk)
		moved = wk.From > from
		if err == nil && !wk.Seeding {
			if l, ok := next.sets[r]; ok {
				changes = diffList(r, rec.sets[r], l, wk.When)
			}
		}
	}
	if err != nil {
		return nil, moved, err
	}
	wk.Reads = wk.Reads[1:]
	return changes, true, nil
}

// probe asks for the newest filing and how many there are. When that
// moved since the last check, the new filings are read (in the probe's
// answer when it holds the only one, else in a page of them), and what
// they touch is read after them; else the profile only when it is due.
func (w *Watcher) probe(ctx context.Context, v *visit, rec, next *record, wk *work, now time.Time) ([]Change, error) {
	probe, err := w.filings(ctx, v, rec, 1)
	if err != nil {
		return nil, err
	}
	total, newest := max(probe.Total(), 0), ""
	if len(probe.Items) > 0 {
		newest = probe.Items[0].TransactionID
	}
	if total == rec.filings.Total && newest == rec.filings.Newest {
		if profileDue(rec.number, rec.profile, rec.profileAt, now, rec.noted) {
			wk.then(readProfile)
		}
		return nil, nil
	}
	wk.Arrived = total - rec.filings.Total
	next.filings.Total, next.filings.Newest = total, newest
	wk.then(readProfile)
	if wk.Arrived > 1 || (newest != "" && slices.Contains(rec.filings.Seen, newest)) {
		wk.Page = min(max(wk.Arrived, 2), pageSize)
		wk.then(readFilings)
		return nil, nil
	}
	return w.filed(next, wk, probe.Items), nil
}

// newFilings reads the page of filings the work asks for: on a first
// check, to know the filings there are; after, to find the new ones.
func (w *Watcher) newFilings(ctx context.Context, v *visit, rec, next *record, wk *work, now time.Time) ([]Change, error) {
	fh, err := w.filings(ctx, v, rec, wk.Page)
	if err != nil {
		return nil, err
	}
	if wk.Seeding {
		next.filings = FilingsSnap{Total: max(fh.Total(), 0)}
		next.filings.saw(ids(fh.Items))
		if len(fh.Items) > 0 {
			next.filings.Newest = fh.Items[0].TransactionID
		}
		return nil, nil
	}
	changes := w.filed(next, wk, fh.Items)
	if missed := wk.Arrived - countFiled(changes); missed > 0 && len(fh.Items) >= pageSize {
		changes = append(changes, Change{Kind: KindFilingsNotListed, Date: now.Format(time.DateOnly), Count: missed})
	}
	return changes, nil
}

// filed reports the filings among items not seen before, oldest first,
// and adds to the work what each touches. The changes the rest of the
// work finds are dated by the newest of them.
func (w *Watcher) filed(next *record, wk *work, items []api.FilingItem) []Change {
	var fresh []api.FilingItem
	for _, f := range items {
		if f.TransactionID != "" && !slices.Contains(next.filings.Seen, f.TransactionID) {
			fresh = append(fresh, f)
		}
	}
	if len(fresh) > 0 {
		wk.When = orDate(fresh[0].Date, wk.When)
	}
	var changes []Change
	for i := len(fresh) - 1; i >= 0; i-- { // oldest first
		f := fresh[i]
		changes = append(changes, Change{Kind: FilingKind(f.Category), Date: orDate(f.Date, wk.When),
			TransactionID: f.TransactionID, FormType: f.Type, Category: f.Category,
			Description: f.Description, DescriptionValues: f.Values()})
		for _, set := range rereads(f.Category) {
			wk.then(set)
		}
		w.noteAccounts(wk, f)
	}
	next.filings.saw(ids(items))
	return changes
}

func countFiled(changes []Change) int {
	n := 0
	for _, c := range changes {
		if c.Kind.IsFiling() {
			n++
		}
	}
	return n
}

func ids(items []api.FilingItem) []string {
	out := make([]string, 0, len(items))
	for _, f := range items {
		out = append(out, f.TransactionID)
	}
	return out
}

// filings reads the newest size filings of a company.
func (w *Watcher) filings(ctx context.Context, v *visit, rec *record, size int) (*api.FilingHistory, error) {
	link := rec.profile.Links[setFilings]
	if link == "" {
		link = api.CompanyPath(rec.number) + "/filing-history"
	}
	var fh *api.FilingHistory
	err := v.request(ctx, func() (err error) {
		fh, err = w.client.FilingHistory(ctx, link, api.Page{ItemsPerPage: size})
		if err == nil {
			err = filingsUnreadable(link, fh)
		}
		return err
	})
	return fh, err
}

func (w *Watcher) readProfile(ctx context.Context, v *visit, next *record, now time.Time) error {
	var p *api.Profile
	err := v.request(ctx, func() (err error) {
		p, err = w.client.Company(ctx, next.number)
		if err == nil {
			err = profileUnreadable(p, next.number)
		}
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

// readSet reads the whole dataset the work names (or notes that the
// profile links to none any more), going on from where a check cut short
// stopped. A list read part way is kept in the work as far as it went.
func (w *Watcher) readSet(ctx context.Context, v *visit, next *record, wk *work) error {
	set := wk.Reads[0]
	link, ok := next.profile.Links[set]
	if !ok {
		delete(next.sets, set)
		next.read[set] = true
		wk.Part, wk.From = nil, 0
		return nil
	}
	if set == setInsolvency {
		var ins *api.Insolvency
		err := v.request(ctx, func() (err error) {
			if ins, err = w.client.Insolvency(ctx, link); err == nil {
				err = insolvencyUnreadable(link, ins)
			}
			return err
		})
		if err != nil {
			return err
		}
		next.sets[set] = ListSnap{Items: insolvencyItems(ins)}
		next.read[set] = true
		return nil
	}
	l := ListSnap{Items: map[string]ItemSnap{}}
	if wk.Part != nil {
		maps.Copy(l.Items, wk.Part.Items)
	}
	for start := wk.From; ; start += pageSize {
		if start >= maxItems {
			l.Partial = true
			break
		}
		n, total, err := w.page(ctx, v, set, link, start, l.Items)
		if err != nil {
			if start > 0 {
				wk.Part, wk.From = &l, start
			}
			return err
		}
		// A list that does not say its length ends with a short page.
		if n == 0 || (total >= 0 && start+n >= total) || (total < 0 && n < pageSize) {
			break
		}
	}
	next.sets[set] = l
	next.read[set] = true
	wk.Part, wk.From = nil, 0
	return nil
}

// page reads a page of a dataset into items: how many it held, and how
// many the list has (-1 when it does not say).
func (w *Watcher) page(ctx context.Context, v *visit, set, link string, start int, items map[string]ItemSnap) (n, total int, err error) {
	page := api.Page{StartIndex: start, ItemsPerPage: pageSize}
	got := map[string]ItemSnap{}
	err = v.request(ctx, func() error {
		switch set {
		case setOfficers:
			a, err := w.client.Officers(ctx, link, page)
			if err == nil {
				err = listUnreadable(link, &a.ListInfo, a.Items != nil, a.TotalResults != nil, "total_results")
			}
			if err != nil {
				return err
			}
			got, n, total = officerItems(a.Items), len(a.Items), a.Total()
		case setPSCs:
			a, err := w.client.PSCs(ctx, link, page)
			if err == nil {
				err = listUnreadable(link, &a.ListInfo, a.Items != nil, a.TotalResults != nil, "total_results")
			}
			if err != nil {
				return err
			}
			got, n, total = pscItems(a.Items), len(a.Items), a.Total()
		case setPSCStatements:
			a, err := w.client.PSCStatements(ctx, link, page)
			if err == nil {
				err = listUnreadable(link, &a.ListInfo, a.Items != nil, a.TotalResults != nil, "total_results")
			}
			if err != nil {
				return err
			}
			got, n, total = statementItems(a.Items), len(a.Items), a.Total()
		case setCharges:
			a, err := w.client.Charges(ctx, link, page)
			if err == nil {
				err = listUnreadable(link, &a.ListInfo, a.Items != nil, a.TotalCount != nil, "total_count")
			}
			if err != nil {
				return err
			}
			got, n, total = chargeItems(a.Items), len(a.Items), a.Total()
		default:
			return fmt.Errorf("watch: no way to read %s", set)
		}
		return nil
	})
	if err == nil {
		maps.Copy(items, got)
	}
	return n, total, err
}
