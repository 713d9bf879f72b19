package watch

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"coview/api"
)

// Person is a watched person as the list shows it.
type Person struct {
	ID        string
	Name      string
	AddedAt   time.Time
	CheckedAt time.Time // the last check that read the appointments; zero before
	Current   int       // appointments not ended, as last read
	Total     int       // appointments the registry counts, as last read
	Unseen    int       // changes not marked seen
}

// AddOfficer reads a person's appointments (one page) and puts the
// person on the list with them: a person is seeded when added, so that
// the next check or follow reports only what is new. It reports whether
// the person was not watched already; the registry's errors are returned
// as they are (api.ErrNotFound for no such officer).
func (w *Watcher) AddOfficer(ctx context.Context, id string) (*api.Appointments, bool, error) {
	a, err := w.client.Appointments(ctx, officerPath(id), api.Page{ItemsPerPage: appointmentsPage})
	if err != nil {
		return nil, false, err
	}
	if err := appointmentsUnreadable(officerPath(id), a); err != nil {
		return nil, false, err
	}
	added, err := w.store.AddOfficer(ctx, id, a, w.opts.Today())
	return a, added, err
}

// appointmentsPage is how many of a person's appointments a check reads:
// the most the registry serves in a page.
const appointmentsPage = 50

// AddOfficer puts a person on the list with the appointments read at
// readAt (the registry's time), unless they are on it already.
func (s *Store) AddOfficer(ctx context.Context, id string, a *api.Appointments, readAt time.Time) (bool, error) {
	snap, err := json.Marshal(appointmentsSnap(a))
	if err != nil {
		return false, err
	}
	var added bool
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now().UnixMilli()
		res, err := tx.ExecContext(ctx, `INSERT INTO officers (registry, id, name, added_at, checked_at, seeded, appointments, read_at, snapshot)
			VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT DO NOTHING`,
			s.registry, id, strings.TrimSpace(a.Name), now, now, string(snap), readAt.UnixMilli(), snapshotVersion)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		added = n > 0
		return err
	})
	if err != nil {
		return false, s.fail("add to it", err)
	}
	return added, nil
}

// RemoveOfficers takes people off the list, with their changes, and
// returns those that were on it.
func (s *Store) RemoveOfficers(ctx context.Context, ids ...string) ([]string, error) {
	return remove(ctx, s, `DELETE FROM officers WHERE registry = ? AND id = ?`, ids)
}

// WatchingOfficer reports whether a person is on the list.
func (s *Store) WatchingOfficer(ctx context.Context, id string) (bool, error) {
	return s.has(ctx, `SELECT 1 FROM officers WHERE registry = ? AND id = ?`, id)
}

// People lists the watched people, by name.
func (s *Store) People(ctx context.Context) ([]Person, error) {
	var out []Person
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT o.id, o.name, o.snapshot, o.appointments, o.added_at, o.checked_at,
				(SELECT count(*) FROM changes h WHERE h.registry = o.registry AND h.officer = o.id AND h.seen_at IS NULL)
			FROM officers o WHERE o.registry = ? ORDER BY o.name, o.id`, s.registry)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p Person
			var version int
			var body sql.NullString
			var added, checked sql.NullInt64
			if err := rows.Scan(&p.ID, &p.Name, &version, &body, &added, &checked, &p.Unseen); err != nil {
				return err
			}
			var snap OfficerSnap
			if version == snapshotVersion && decodeSnap(body, &snap) == nil {
				p.Total = snap.Total
				for _, a := range snap.Items {
					if a.Ended == "" {
						p.Current++
					}
				}
			}
			p.AddedAt, p.CheckedAt = fromMS(added), fromMS(checked)
			out = append(out, p)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, s.fail("read it", err)
	}
	return out, nil
}

// officerRecord is a watched person as a check or a follow reads it and
// writes it back.
type officerRecord struct {
	id      string
	name    string
	version int64
	seeded  bool
	snap    OfficerSnap
	readAt  time.Time // the registry's time of the check that read the appointments
}

// loadOfficer reads a person's record in a transaction; nil when the
// person is not watched. A snapshot that cannot be read, or of another
// version, is none: the record is not seeded, and its next reading
// reports nothing.
func (s *Store) loadOfficer(ctx context.Context, tx *sql.Tx, id string) (*officerRecord, error) {
	r := &officerRecord{id: id}
	var version int
	var body sql.NullString
	var readAt sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT name, version, seeded, snapshot, appointments, read_at FROM officers WHERE registry = ? AND id = ?`,
		s.registry, id).Scan(&r.name, &r.version, &r.seeded, &version, &body, &readAt)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.readAt = fromMS(readAt)
	if version != snapshotVersion || decodeSnap(body, &r.snap) != nil {
		r.seeded, r.snap, r.readAt = false, OfficerSnap{}, time.Time{}
	}
	if r.snap.Items == nil {
		r.snap.Items = map[string]AppointmentSnap{}
	}
	return r, nil
}

// putOfficer writes a person's record back, if nobody wrote it since it
// was read; checked is when a check read it (zero: a follow, which
// leaves when it was checked as it was).
func (s *Store) putOfficer(ctx context.Context, tx *sql.Tx, old, next *officerRecord, checked time.Time) (bool, error) {
	body, err := json.Marshal(next.snap)
	if err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE officers SET name = ?, version = version + 1, seeded = 1, snapshot = ?, appointments = ?,
			read_at = ?, checked_at = coalesce(?, checked_at), claimed_by = NULL, claimed_until = NULL
		WHERE registry = ? AND id = ? AND version = ?`,
		next.name, snapshotVersion, string(body), ms(next.readAt), ms(checked), s.registry, old.id, old.version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// logChanges writes changes to the log in a transaction, each with its
// place in the log and when it was recorded: a company's under its
// number, a person's under the person.
func (s *Store) logChanges(ctx context.Context, tx *sql.Tx, changes []Change) error {
	recorded := s.now()
	for i := range changes {
		c := &changes[i]
		c.RecordedAt = recorded.Truncate(time.Millisecond)
		body, err := json.Marshal(c)
		if err != nil {
			return err
		}
		var number, officer any
		if c.Kind.IsPerson() {
			officer = c.OfficerID
		} else {
			number = string(c.Number)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO changes (registry, number, officer, kind, date, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			s.registry, number, officer, string(c.Kind), c.Date, string(body), recorded.UnixMilli())
		if err != nil {
			return err
		}
		c.ID, _ = res.LastInsertId()
	}
	return nil
}

// appointmentsUnreadable says why a page of a person's appointments
// cannot be read as the person's state, or nil when it can.
func appointmentsUnreadable(link string, a *api.Appointments) error {
	bad := func(why string) error {
		return &api.Error{Kind: api.KindBadResponse, Subject: link, Status: 200,
			Reason: why + "; nothing of this person is recorded from it, and the next check asks again"}
	}
	switch {
	case a.Raw == nil && a.Empty != "":
		return bad("the registry lists no appointments for this officer")
	case a.Items == nil && a.TotalResults == nil:
		return bad("it has neither items nor total_results, which every list of appointments has")
	}
	if b := spoilt(a.Unreadable, "items", "total_results", "name"); b != "" {
		return bad(b + " could not be read")
	}
	return nil
}
