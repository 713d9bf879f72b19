package watch

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"coview/api"
)

// Company is a watched company as the list shows it: what its profile
// said when last read, when it was checked, and how many of its changes
// are not seen yet.
type Company struct {
	Number    api.Number
	Name      string
	Profile   ProfileSnap // as last read; zero before the first read
	AddedAt   time.Time
	CheckedAt time.Time // the last check that asked about it; zero before the first
	ProfileAt time.Time // when its profile was last read
	Seeded    bool      // a first check has recorded what is there
	Unseen    int       // changes not marked seen
}

// AddProfile puts a company on the list with the profile already read
// (by the caller: the browser has it on screen; watch add asked for it),
// and reports whether it was not there before. Its first check then
// records what is there and reports nothing.
func (s *Store) AddProfile(ctx context.Context, p *api.Profile) (bool, error) {
	number := p.Requested
	if number == "" {
		number = api.Number(p.CompanyNumber)
	}
	snap, err := json.Marshal(profileSnap(p))
	if err != nil {
		return false, err
	}
	now := s.now()
	var added bool
	err = s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO companies (registry, number, name, added_at, profile, profile_at, snapshot)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			s.registry, string(number), strings.TrimSpace(p.CompanyName), now.UnixMilli(), string(snap), now.UnixMilli(), snapshotVersion)
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

// Remove takes companies off the list, with their snapshots and changes,
// and returns those that were on it.
func (s *Store) Remove(ctx context.Context, numbers ...api.Number) ([]api.Number, error) {
	return remove(ctx, s, `DELETE FROM companies WHERE registry = ? AND number = ?`, numbers)
}

// remove deletes each key with query (of the registry and the key), in
// one transaction, and returns the keys that were there.
func remove[K ~string](ctx context.Context, s *Store, query string, keys []K) ([]K, error) {
	var removed []K
	err := s.tx(ctx, func(tx *sql.Tx) error {
		removed = removed[:0]
		for _, k := range keys {
			res, err := tx.ExecContext(ctx, query, s.registry, string(k))
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				removed = append(removed, k)
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("remove from it", err)
	}
	return removed, nil
}

// Watching reports whether a company is on the list.
func (s *Store) Watching(ctx context.Context, n api.Number) (bool, error) {
	return s.has(ctx, `SELECT 1 FROM companies WHERE registry = ? AND number = ?`, string(n))
}

// has reports whether query, of the registry and key, finds a row.
func (s *Store) has(ctx context.Context, query, key string) (bool, error) {
	var one int
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, query, s.registry, key).Scan(&one)
	})
	switch {
	case err == sql.ErrNoRows:
		return false, nil
	case err != nil:
		return false, s.fail("read it", err)
	}
	return true, nil
}

// Companies lists the watched companies, by number.
func (s *Store) Companies(ctx context.Context) ([]Company, error) {
	var out []Company
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT c.number, c.name, c.snapshot, c.profile, c.added_at, c.checked_at, c.profile_at, c.seeded,
				(SELECT count(*) FROM changes h WHERE h.registry = c.registry AND h.number = c.number AND h.seen_at IS NULL)
			FROM companies c WHERE c.registry = ? ORDER BY c.number`, s.registry)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c Company
			var version int
			var profile sql.NullString
			var added, checked, profileAt sql.NullInt64
			if err := rows.Scan(&c.Number, &c.Name, &version, &profile, &added, &checked, &profileAt, &c.Seeded, &c.Unseen); err != nil {
				return err
			}
			if version != snapshotVersion || decodeSnap(profile, &c.Profile) != nil {
				// Kept in another form, or damaged: as good as never read,
				// which the next check puts right (see snapshotVersion).
				c.Profile, c.Seeded, profileAt = ProfileSnap{}, false, sql.NullInt64{}
			}
			c.AddedAt, c.CheckedAt, c.ProfileAt = fromMS(added), fromMS(checked), fromMS(profileAt)
			out = append(out, c)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, s.fail("read it", err)
	}
	return out, nil
}

// Filter chooses changes from the log. The zero Filter is every change.
type Filter struct {
	// Numbers and Officers keep only the changes of these companies and
	// of these watched people; when neither is given, every change is
	// kept, of companies and people alike.
	Numbers  []api.Number
	Officers []string
	Since    time.Time // only those recorded at or after this
	Unseen   bool      // only those not marked seen
	After    int64     // only those after this place in the log (Change.ID)
}

// Changes reads the change log, oldest first. It asks the registry
// nothing.
func (s *Store) Changes(ctx context.Context, f Filter) ([]Change, error) {
	q := `SELECT h.id, h.number, h.officer, coalesce(c.name, ''), h.body, h.recorded_at, h.seen_at FROM changes h
		LEFT JOIN companies c ON c.registry = h.registry AND c.number = h.number
		WHERE h.registry = ?`
	args := []any{s.registry}
	if f.After > 0 {
		q += ` AND h.id > ?`
		args = append(args, f.After)
	}
	if !f.Since.IsZero() {
		q += ` AND h.recorded_at >= ?`
		args = append(args, f.Since.UnixMilli())
	}
	if f.Unseen {
		q += ` AND h.seen_at IS NULL`
	}
	if len(f.Numbers) > 0 || len(f.Officers) > 0 {
		q += ` AND (h.number IN (` + placeholders(len(f.Numbers)) + `) OR h.officer IN (` + placeholders(len(f.Officers)) + `))`
		for _, n := range f.Numbers {
			args = append(args, string(n))
		}
		for _, id := range f.Officers {
			args = append(args, id)
		}
	}
	q += ` ORDER BY h.id`
	var out []Change
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c Change
			var name, body string
			var number, officer sql.NullString
			var recorded, seen sql.NullInt64
			if err := rows.Scan(&c.ID, &number, &officer, &name, &body, &recorded, &seen); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(body), &c); err != nil {
				return fmt.Errorf("change %d of %s cannot be read (%v)", c.ID, number.String+officer.String, err)
			}
			if number.Valid {
				c.Number, c.CompanyName = api.Number(number.String), name
			} else {
				// A person's: the company in it is the appointment's.
				c.OfficerID = officer.String
			}
			c.RecordedAt, c.SeenAt = fromMS(recorded), fromMS(seen)
			out = append(out, c)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, s.fail("read its changes", err)
	}
	return out, nil
}

// Unseen counts the companies (and people) with changes not seen yet,
// and the changes: what the browser's start screen says.
func (s *Store) Unseen(ctx context.Context) (companies, changes int, err error) {
	err = s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, `SELECT count(DISTINCT coalesce(number, '/' || officer)), count(*) FROM changes WHERE registry = ? AND seen_at IS NULL`,
			s.registry).Scan(&companies, &changes)
	})
	if err != nil {
		return 0, 0, s.fail("read its changes", err)
	}
	return companies, changes, nil
}

// MarkSeen marks the changes of these companies seen (of every company
// when none is given), and returns how many were unseen.
func (s *Store) MarkSeen(ctx context.Context, numbers ...api.Number) (int, error) {
	now := s.now().UnixMilli()
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE changes SET seen_at = ? WHERE registry = ? AND seen_at IS NULL`
		args := []any{now, s.registry}
		if len(numbers) > 0 {
			q += ` AND number IN (?` + strings.Repeat(", ?", len(numbers)-1) + `)`
			for _, num := range numbers {
				args = append(args, string(num))
			}
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, s.fail("mark changes seen", err)
	}
	return int(n), nil
}

// Entry is a watched company as the browser's watch page shows it: the
// company, its changes not seen yet (oldest first) and its next deadline.
type Entry struct {
	Company
	// Person is a watched person's entry, where Company is zero.
	Person  *Person
	Changes []Change
	Next    Deadline
	HasNext bool
}

// Overview lists the watched companies for the watch page: those with
// changes not seen yet first (the most recently changed first), then the
// rest by their next deadline (overdue first, then the soonest), then
// those without one, by number. It asks the registry nothing.
func (s *Store) Overview(ctx context.Context, today time.Time) ([]Entry, error) {
	companies, err := s.Companies(ctx)
	if err != nil {
		return nil, err
	}
	people, err := s.People(ctx)
	if err != nil {
		return nil, err
	}
	unseen, err := s.Changes(ctx, Filter{Unseen: true})
	if err != nil {
		return nil, err
	}
	byNumber := map[api.Number][]Change{}
	byOfficer := map[string][]Change{}
	for _, c := range unseen {
		if c.OfficerID != "" && c.Kind.IsPerson() {
			byOfficer[c.OfficerID] = append(byOfficer[c.OfficerID], c)
			continue
		}
		byNumber[c.Number] = append(byNumber[c.Number], c)
	}
	out := make([]Entry, len(companies), len(companies)+len(people))
	for i, c := range companies {
		out[i] = Entry{Company: c, Changes: byNumber[c.Number]}
		out[i].Next, out[i].HasNext = c.Next(today)
	}
	for _, p := range people {
		out = append(out, Entry{Person: &p, Changes: byOfficer[p.ID]})
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		switch {
		case len(a.Changes) > 0 && len(b.Changes) > 0:
			return cmp.Compare(b.Changes[len(b.Changes)-1].ID, a.Changes[len(a.Changes)-1].ID)
		case len(a.Changes) > 0:
			return -1
		case len(b.Changes) > 0:
			return 1
		case (a.Person != nil) != (b.Person != nil):
			// People without news after the companies.
			if a.Person != nil {
				return 1
			}
			return -1
		case a.Person != nil:
			return 0 // by name, as People gives them
		case a.HasNext && b.HasNext:
			if a.Next.Overdue != b.Next.Overdue {
				if a.Next.Overdue {
					return -1
				}
				return 1
			}
			return cmp.Compare(a.Next.Due, b.Next.Due)
		case a.HasNext:
			return -1
		case b.HasNext:
			return 1
		}
		return cmp.Compare(a.Number, b.Number)
	})
	return out, nil
}

// placeholders are n question marks for an IN list; none is NULL, which
// matches nothing.
func placeholders(n int) string {
	if n == 0 {
		return "NULL"
	}
	return "?" + strings.Repeat(", ?", n-1)
}

// MarkOfficersSeen marks the changes of these watched people seen, and
// returns how many were unseen.
func (s *Store) MarkOfficersSeen(ctx context.Context, ids ...string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	now := s.now().UnixMilli()
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		args := []any{now, s.registry}
		for _, id := range ids {
			args = append(args, id)
		}
		res, err := tx.ExecContext(ctx, `UPDATE changes SET seen_at = ? WHERE registry = ? AND seen_at IS NULL AND officer IN (`+placeholders(len(ids))+`)`, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, s.fail("mark changes seen", err)
	}
	return int(n), nil
}

// Version moves on whenever another connection to the store (another
// process: a follow, a cron job's check) has written to it since this
// one last asked: SQLite's data_version. It costs no read of the list,
// so a browser can ask on a tick while it shows the list, and read the
// list again only when it moved.
func (s *Store) Version(ctx context.Context) (int64, error) {
	var v int64
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v)
	})
	if err != nil {
		return 0, s.fail("read it", err)
	}
	return v, nil
}
