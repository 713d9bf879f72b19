package watch

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"
	"time"

	"coview/api"
)

// A Follower applies the registry's stream events to the watch list: each
// event about a watched company or person becomes the change a check
// would record (apply.go), in the same log, and the event's timepoint is
// saved in the same transaction as the change it made. So a follow
// killed at any moment and started again from its saved timepoints plus
// one neither loses a change nor records one twice; an event the stream
// sends again after that (with a new timepoint) finds its change in the
// snapshot already and records nothing.
//
// A follow and checks share the list. A check holds a company while it
// reads it (a claim) and writes what it read only if nobody wrote the
// company meanwhile; a follow never writes a company a running check
// holds: its events wait in the store (stream_pending), in order, until
// the check has written what it found, and are applied then (Retry),
// against what the check found. Neither drops what the other found, and
// a change both see is recorded by whichever is first.
//
// Events about anything else (nearly all of a stream) change nothing;
// their timepoints are kept in memory and saved now and then (Save): a
// follow started again after a kill reads them again, and they change
// nothing again.
type Follower struct {
	store *Store
	today func() time.Time

	mu        sync.Mutex
	companies map[api.Number]bool // watched, true once seeded (checked once)
	people    map[string]bool
	done      map[string]int64 // per stream, the last timepoint handled
	saved     map[string]int64 // per stream, the last timepoint saved
	held      int              // events held back for a check, not yet applied
}

// FollowOptions shape a Follower.
type FollowOptions struct {
	// Today is the registry's clock (a demo's may be set to another
	// time): it dates changes an event does not date, and says what is
	// overdue; nil is time.Now.
	Today func() time.Time
}

// NewFollower makes a follower of the store's list. Refresh reads what is
// watched.
func NewFollower(s *Store, opts FollowOptions) *Follower {
	if opts.Today == nil {
		opts.Today = time.Now
	}
	return &Follower{store: s, today: opts.Today, companies: map[api.Number]bool{}, people: map[string]bool{},
		done: map[string]int64{}, saved: map[string]int64{}}
}

// Followed is what a follow follows: the companies and people watched,
// and the companies not checked once yet, whose events a follow leaves to
// their first check (it records what is there, and there is nothing to
// tell news from before it).
type Followed struct {
	Companies, People int
	Unseeded          []api.Number
	Held              int // events held back while a check reads their company
}

// Refresh reads what is watched, as the list now is: companies and
// people may be watched and unwatched while a follow runs.
func (f *Follower) Refresh(ctx context.Context) (Followed, error) {
	companies, err := f.store.Companies(ctx)
	if err != nil {
		return Followed{}, err
	}
	people, err := f.store.People(ctx)
	if err != nil {
		return Followed{}, err
	}
	held, err := f.store.heldCount(ctx)
	if err != nil {
		return Followed{}, err
	}
	out := Followed{Companies: len(companies), People: len(people), Held: held}
	byNumber := make(map[api.Number]bool, len(companies))
	for _, c := range companies {
		byNumber[c.Number] = c.Seeded
		if !c.Seeded {
			out.Unseeded = append(out.Unseeded, c.Number)
		}
	}
	byID := make(map[string]bool, len(people))
	for _, p := range people {
		byID[p.ID] = true
	}
	f.mu.Lock()
	f.companies, f.people, f.held = byNumber, byID, held
	f.mu.Unlock()
	return out, nil
}

// From is where a stream is to be followed from: the timepoint after the
// last one saved, and false when none was saved.
func (f *Follower) From(ctx context.Context, stream string) (int64, bool, error) {
	var tp int64
	err := f.store.retry(ctx, func() error {
		return f.store.db.QueryRowContext(ctx, `SELECT timepoint FROM stream_positions WHERE registry = ? AND stream = ?`,
			f.store.registry, stream).Scan(&tp)
	})
	switch {
	case err == sql.ErrNoRows:
		return 0, false, nil
	case err != nil:
		return 0, false, f.store.fail("read where the streams were", err)
	}
	f.mu.Lock()
	f.saved[stream] = max(f.saved[stream], tp)
	f.mu.Unlock()
	return tp + 1, true, nil
}

// targets are what an event is about among what is watched: a company,
// and for an officers-stream event, the person whose appointment it is.
func (f *Follower) targets(e *api.Event) (api.Number, string) {
	f.mu.Lock()
	seeded := f.companies[e.Number]
	watchingPeople := len(f.people) > 0
	f.mu.Unlock()
	n := api.Number("")
	if seeded {
		n = e.Number
	}
	person := ""
	if watchingPeople && e.Kind == api.ResOfficer && e.Number != "" {
		if o, ok := api.EventValue[*api.Officer](e); ok {
			id := OfficerID(o.Links.Appointments())
			f.mu.Lock()
			if f.people[id] {
				person = id
			}
			f.mu.Unlock()
		}
	}
	return n, person
}

// Watches reports whether an event is about something watched (a company
// checked once, a person): whether Handle would write anything.
func (f *Follower) Watches(e *api.Event) bool {
	n, person := f.targets(e)
	return n != "" || person != ""
}

// Handle applies an event of a stream and returns the changes it
// recorded, each once. An event about nothing watched changes nothing and
// writes nothing; its timepoint is saved by Save. An error (the store
// failing) leaves the event unapplied, and its timepoint not saved.
func (f *Follower) Handle(ctx context.Context, stream string, e *api.Event) ([]Change, error) {
	n, person := f.targets(e)
	if n == "" && person == "" {
		f.mu.Lock()
		f.done[stream] = max(f.done[stream], e.Timepoint)
		f.mu.Unlock()
		return nil, nil
	}
	var out []Change
	heldBack := false
	err := f.store.tx(ctx, func(tx *sql.Tx) error {
		out, heldBack = nil, false
		held, err := f.store.heldFor(ctx, tx, n, person)
		if err != nil {
			return err
		}
		if held {
			heldBack = true
			if err := f.store.holdBack(ctx, tx, stream, e, n, person); err != nil {
				return err
			}
		} else if out, err = f.apply(ctx, tx, e, n, person); err != nil {
			return err
		}
		return f.store.savePosition(ctx, tx, stream, e.Timepoint)
	})
	if err != nil {
		return nil, f.store.fail("record what a stream event changed", err)
	}
	f.mu.Lock()
	f.done[stream] = max(f.done[stream], e.Timepoint)
	f.saved[stream] = max(f.saved[stream], e.Timepoint)
	if heldBack {
		f.held++
	}
	f.mu.Unlock()
	return out, nil
}

// Held is how many events wait for a check to finish with their company.
func (f *Follower) Held() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.held
}

// apply applies an event in a transaction: to the company's record, the
// person's, or both, and logs what changed.
func (f *Follower) apply(ctx context.Context, tx *sql.Tx, e *api.Event, n api.Number, person string) ([]Change, error) {
	today := f.today()
	at := e.PublishedAt
	if at.IsZero() {
		at = today
	}
	var changes []Change
	company := ""
	if n != "" {
		found, name, err := f.applyCompany(ctx, tx, e, n, at, today)
		if err != nil {
			return nil, err
		}
		changes, company = found, name
	}
	if person != "" {
		found, err := f.applyPerson(ctx, tx, e, person, company, at, today)
		if err != nil {
			return nil, err
		}
		changes = append(changes, found...)
	}
	return changes, f.store.logChanges(ctx, tx, changes)
}

// applyCompany applies an event to a watched company and writes the
// company back; it returns the changes and the company's name.
func (f *Follower) applyCompany(ctx context.Context, tx *sql.Tx, e *api.Event, n api.Number, at, today time.Time) ([]Change, string, error) {
	rec, setsAt, err := f.store.loadFollowed(ctx, tx, n)
	if err != nil || rec == nil || !rec.seeded {
		return nil, "", err // no longer watched, or not checked once since a damaged snapshot
	}
	edit := newCompanyEdit(rec, setsAt)
	changes, _ := edit.apply(e, at, today)
	for i := range changes {
		changes[i].Number, changes[i].CompanyName = n, edit.next.name
	}
	if !edit.touched {
		return nil, rec.name, nil
	}
	if err := f.store.putFollowed(ctx, tx, rec, edit); err != nil {
		return nil, "", err
	}
	return changes, edit.next.name, nil
}

// applyPerson applies an officers-stream event to a watched person.
func (f *Follower) applyPerson(ctx context.Context, tx *sql.Tx, e *api.Event, id, company string, at, today time.Time) ([]Change, error) {
	rec, err := f.store.loadOfficer(ctx, tx, id)
	if err != nil || rec == nil || !rec.seeded {
		return nil, err
	}
	o, ok := api.EventValue[*api.Officer](e)
	if !ok {
		return nil, nil
	}
	edit := newPersonEdit(rec)
	changes, touched := edit.apply(e, o, company, at, today)
	if !touched {
		return nil, nil
	}
	if _, err := f.store.putOfficer(ctx, tx, rec, edit.next, time.Time{}); err != nil {
		return nil, err
	}
	return changes, nil
}

// Save saves the timepoints of the events handled since they were last
// saved: those about nothing watched, whose timepoints are not saved as
// they come.
func (f *Follower) Save(ctx context.Context) error {
	f.mu.Lock()
	due := map[string]int64{}
	for stream, tp := range f.done {
		if tp > f.saved[stream] {
			due[stream] = tp
		}
	}
	f.mu.Unlock()
	if len(due) == 0 {
		return nil
	}
	err := f.store.tx(ctx, func(tx *sql.Tx) error {
		for stream, tp := range due {
			if err := f.store.savePosition(ctx, tx, stream, tp); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return f.store.fail("save where the streams are", err)
	}
	f.mu.Lock()
	for stream, tp := range due {
		f.saved[stream] = max(f.saved[stream], tp)
	}
	f.mu.Unlock()
	return nil
}

// Retry applies the events held back for checks that have since finished
// with their company, oldest first, and returns the changes they made.
// Those of a company still held stay, in order.
func (f *Follower) Retry(ctx context.Context) ([]Change, error) {
	rows, err := f.store.heldEvents(ctx)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	var out []Change
	waiting := map[string]bool{} // targets with an event still held: later ones wait behind it
	applied := 0
	for _, h := range rows {
		if waiting["c"+h.number] || waiting["o"+h.officer] {
			continue
		}
		e, err := api.DecodeEvent(h.event)
		if err != nil {
			e = nil // kept as received, so it decodes; if not, it is dropped
		}
		var found []Change
		still := false
		err = f.store.tx(ctx, func(tx *sql.Tx) error {
			found, still = nil, false
			held, err := f.store.heldByCheck(ctx, tx, api.Number(h.number), h.officer)
			if err != nil || held {
				still = held
				return err
			}
			if e != nil {
				if found, err = f.apply(ctx, tx, e, api.Number(h.number), h.officer); err != nil {
					return err
				}
			}
			_, err = tx.ExecContext(ctx, `DELETE FROM stream_pending WHERE registry = ? AND stream = ? AND timepoint = ?`,
				f.store.registry, h.stream, h.timepoint)
			return err
		})
		if err != nil {
			return out, f.store.fail("record what a stream event changed", err)
		}
		if still {
			waiting["c"+h.number], waiting["o"+h.officer] = h.number != "", h.officer != ""
			continue
		}
		applied++
		out = append(out, found...)
	}
	f.mu.Lock()
	f.held = max(f.held-applied, 0)
	f.mu.Unlock()
	return out, nil
}

// loadFollowed reads a company's record and when each of its datasets
// was read, in a transaction; nil when it is not watched.
func (s *Store) loadFollowed(ctx context.Context, tx *sql.Tx, n api.Number) (*record, map[string]time.Time, error) {
	rec, err := s.load(ctx, tx, n)
	if err == sql.ErrNoRows {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT name, read_at FROM datasets WHERE registry = ? AND number = ?`, s.registry, string(n))
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	at := map[string]time.Time{}
	for rows.Next() {
		var name string
		var readAt int64
		if err := rows.Scan(&name, &readAt); err != nil {
			return nil, nil, err
		}
		if readAt > 0 {
			at[name] = time.UnixMilli(readAt)
		}
	}
	return rec, at, rows.Err()
}

// putFollowed writes back what events changed of a company in a
// transaction: the record (its version moved on, so that a check that
// read it before writes nothing over it) and the datasets changed. When
// it was checked stays as it was.
func (s *Store) putFollowed(ctx context.Context, tx *sql.Tx, old *record, edit *companyEdit) error {
	next := edit.next
	enc := func(v any) (string, error) {
		b, err := json.Marshal(v)
		return string(b), err
	}
	profile, err := enc(next.profile)
	if err != nil {
		return err
	}
	filings, err := enc(next.filings)
	if err != nil {
		return err
	}
	noted, err := enc(next.noted)
	if err != nil {
		return err
	}
	var unfinished any
	if next.work != nil {
		body, err := enc(next.work)
		if err != nil {
			return err
		}
		unfinished = body
	}
	res, err := tx.ExecContext(ctx, `UPDATE companies SET name = ?, version = version + 1, profile = ?, profile_at = ?, filings = ?,
			noted = ?, unfinished = ?, snapshot = ? WHERE registry = ? AND number = ? AND version = ?`,
		next.name, profile, ms(next.profileAt), filings, noted, unfinished, snapshotVersion, s.registry, string(old.number), old.version)
	if err != nil {
		return err
	}
	if k, _ := res.RowsAffected(); k == 0 {
		return nil
	}
	for _, set := range sortedKeys(edit.dirty) {
		l, kept := next.sets[set]
		if !kept {
			if _, err := tx.ExecContext(ctx, `DELETE FROM datasets WHERE registry = ? AND number = ? AND name = ?`, s.registry, string(old.number), set); err != nil {
				return err
			}
			continue
		}
		body, err := enc(l)
		if err != nil {
			return err
		}
		// A list changed item by item keeps when it was last read whole;
		// one replaced whole is as of the event.
		readAt := int64(0)
		replace := `body = excluded.body`
		if at, whole := edit.setAt[set]; whole {
			readAt, replace = at.UnixMilli(), `body = excluded.body, read_at = excluded.read_at`
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO datasets (registry, number, name, body, read_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (registry, number, name) DO UPDATE SET `+replace, s.registry, string(old.number), set, body, readAt); err != nil {
			return err
		}
	}
	return nil
}
