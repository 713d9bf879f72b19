package watch

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"time"

	"coview/api"
)

// Checks that run at once (a cron job and a browser, or two cron lines)
// share the companies out. A check claims one company at a time, in a
// transaction: the claim names the check (its host, process and a random
// part) and lasts ClaimTTL, renewed while the check runs. What it found
// is written in one transaction with the new snapshots, and only if the
// company's version is still the one it read: so a change is recorded
// once or not at all, whatever else runs, and a check killed halfway has
// written either everything about a company or nothing. A claim whose
// process has died on this machine is void at once; one from elsewhere
// lapses after ClaimTTL. A company another check took is that check's to
// report; one this check could not get to keeps its old snapshot, and the
// next check finds the same changes.

// DefaultClaimTTL is how long a claim lasts unless renewed.
const DefaultClaimTTL = 2 * time.Minute

// holder names one check.
type holder string

func newHolder() holder {
	host, _ := os.Hostname()
	b := make([]byte, 6)
	rand.Read(b)
	return holder(strings.ReplaceAll(host, "/", "_") + "/" + strconv.Itoa(os.Getpid()) + "/" + hex.EncodeToString(b))
}

// gone reports whether a claim's holder is a process of this machine
// that is no longer running.
func gone(claimedBy string) bool {
	host, rest, ok := strings.Cut(claimedBy, "/")
	if !ok {
		return false
	}
	pidText, _, _ := strings.Cut(rest, "/")
	pid, err := strconv.Atoi(pidText)
	me, _ := os.Hostname()
	if err != nil || host != strings.ReplaceAll(me, "/", "_") {
		return false
	}
	return pid != os.Getpid() && !alive(pid)
}

// record is a company as a check reads it and writes it back.
type record struct {
	number    api.Number
	name      string
	version   int64
	seeded    bool
	profile   ProfileSnap
	profileAt time.Time
	filings   FilingsSnap
	noted     map[string]string // deadline -> the due date it was reported overdue for
	sets      map[string]ListSnap
	read      map[string]bool // the datasets read this time, to be written back
	work      *work           // what a check cut short had yet to read; nil when none was
	// asOf is the registry's time when the check began to read the
	// company: what it read holds every stream event published before,
	// which a follow then leaves alone (see Follower).
	asOf time.Time
}

// claim takes the next company this check should look at: one not
// checked since the check started, not skipped, and not claimed by
// another check that is still running; the least recently checked first.
// It returns nil when there is none.
func (s *Store) claim(ctx context.Context, h holder, started time.Time, ttl time.Duration, skip func(api.Number) bool) (*record, error) {
	var rec *record
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rec = nil
		now := s.now()
		// Those this check has finished are checked since it started, so
		// the first few candidates are nearly always enough; all of them
		// are read only when those few are all taken.
		pick, err := s.pick(ctx, tx, h, started, now, skip, 32)
		if err == errAllTaken {
			pick, err = s.pick(ctx, tx, h, started, now, skip, -1)
		}
		switch {
		case err != nil && err != errAllTaken:
			return err
		case pick == "":
			return nil
		}
		if _, err := tx.StmtContext(ctx, s.q.claim).ExecContext(ctx,
			string(h), now.Add(ttl).UnixMilli(), s.registry, pick); err != nil {
			return err
		}
		rec, err = s.load(ctx, tx, api.Number(pick))
		return err
	})
	if err != nil {
		return nil, s.fail("claim a company to check", err)
	}
	return rec, nil
}

// errAllTaken says that every candidate read was taken, and that there
// may be more.
var errAllTaken = errors.New("every candidate read is taken")

// pick chooses among the first limit candidates (all when limit < 0).
func (s *Store) pick(ctx context.Context, tx *sql.Tx, h holder, started, now time.Time, skip func(api.Number) bool, limit int) (string, error) {
	rows, err := tx.StmtContext(ctx, s.q.candidates).QueryContext(ctx, s.registry, started.UnixMilli(), limit)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	read := 0
	for rows.Next() {
		read++
		var number string
		var by sql.NullString
		var until sql.NullInt64
		if err := rows.Scan(&number, &by, &until); err != nil {
			return "", err
		}
		held := by.Valid && fromMS(until).After(now) && !gone(by.String)
		if !held && (skip == nil || !skip(api.Number(number))) {
			return number, nil
		}
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	if limit >= 0 && read == limit {
		return "", errAllTaken
	}
	return "", nil
}

// load reads a company's record.
func (s *Store) load(ctx context.Context, tx *sql.Tx, n api.Number) (*record, error) {
	r := &record{number: n, noted: map[string]string{}, sets: map[string]ListSnap{}, read: map[string]bool{}}
	var profile, filings, noted, unfinished sql.NullString
	var profileAt sql.NullInt64
	var version int
	err := tx.StmtContext(ctx, s.q.company).QueryRowContext(ctx, s.registry, string(n)).Scan(&r.name, &r.version, &r.seeded, &version, &profile, &profileAt, &filings, &noted, &unfinished)
	if err != nil {
		return nil, err
	}
	r.profileAt = fromMS(profileAt)
	if unfinished.Valid {
		r.work = &work{}
	}
	unreadable := version != snapshotVersion
	for _, f := range []struct {
		v  sql.NullString
		to any
	}{{profile, &r.profile}, {filings, &r.filings}, {noted, &r.noted}, {unfinished, r.work}} {
		unreadable = unreadable || decodeSnap(f.v, f.to) != nil
	}
	rows, err := tx.StmtContext(ctx, s.q.datasets).QueryContext(ctx, s.registry, string(n))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var body sql.NullString
		if err := rows.Scan(&name, &body); err != nil {
			return nil, err
		}
		var l ListSnap
		unreadable = unreadable || decodeSnap(body, &l) != nil
		r.sets[name] = l
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if unreadable {
		r.reseed()
	}
	return r, nil
}

// reseed forgets what the record holds of the company, which was kept in
// another form or is damaged: its next reading records what is there,
// as a first check does, and reports nothing (see snapshotVersion).
func (r *record) reseed() {
	r.seeded, r.profile, r.profileAt, r.filings = false, ProfileSnap{}, time.Time{}, FilingsSnap{}
	r.noted, r.sets, r.work = map[string]string{}, map[string]ListSnap{}, nil
}

// decodeSnap reads a snapshot kept as JSON into to; a column that is
// NULL is none, not an error.
func decodeSnap(v sql.NullString, to any) error {
	if !v.Valid {
		return nil
	}
	return json.Unmarshal([]byte(v.String), to)
}

// commit writes what a check found of a company: its new record and its
// changes, in one transaction, if nobody wrote the company since it was
// read (then it returns false and writes nothing). at is when the check
// asked. With work left (a check cut short), the company is not checked
// yet: the work is kept with what was read, for the next check.
func (s *Store) commit(ctx context.Context, h holder, old, next *record, changes []Change, at time.Time, left *work) (bool, error) {
	profile, err := json.Marshal(next.profile)
	if err != nil {
		return false, err
	}
	filings, err := json.Marshal(next.filings)
	if err != nil {
		return false, err
	}
	noted, err := json.Marshal(next.noted)
	if err != nil {
		return false, err
	}
	checked, unfinished := any(at.UnixMilli()), any(nil)
	readAt := at
	if !next.asOf.IsZero() {
		readAt = next.asOf
	}
	if left != nil {
		body, err := json.Marshal(left)
		if err != nil {
			return false, err
		}
		checked, unfinished = nil, string(body)
	}
	var ok bool
	err = s.tx(ctx, func(tx *sql.Tx) error {
		ok = false
		res, err := tx.StmtContext(ctx, s.q.record).ExecContext(ctx,
			next.name, next.seeded, checked, string(profile), ms(next.profileAt), string(filings), string(noted), unfinished, snapshotVersion,
			s.registry, string(old.number), old.version)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // removed, or written by another check meanwhile: what it found is theirs
		}
		for _, set := range sortedKeys(next.read) {
			l, linked := next.sets[set]
			if !linked {
				if _, err := tx.StmtContext(ctx, s.q.forget).ExecContext(ctx, s.registry, string(old.number), set); err != nil {
					return err
				}
				continue
			}
			body, err := json.Marshal(l)
			if err != nil {
				return err
			}
			if _, err := tx.StmtContext(ctx, s.q.keep).ExecContext(ctx,
				s.registry, string(old.number), set, string(body), readAt.UnixMilli()); err != nil {
				return err
			}
		}
		recorded := s.now()
		for i := range changes {
			changes[i].RecordedAt = recorded.Truncate(time.Millisecond)
			body, err := json.Marshal(changes[i])
			if err != nil {
				return err
			}
			res, err := tx.StmtContext(ctx, s.q.change).ExecContext(ctx,
				s.registry, string(old.number), string(changes[i].Kind), changes[i].Date, string(body), recorded.UnixMilli())
			if err != nil {
				return err
			}
			changes[i].ID, _ = res.LastInsertId()
		}
		ok = true
		return nil
	})
	if err != nil {
		return false, s.fail("record what a check found", err)
	}
	return ok, nil
}

// release gives a claim up without writing anything.
func (s *Store) release(ctx context.Context, h holder, n api.Number) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE companies SET claimed_by = NULL, claimed_until = NULL
			WHERE registry = ? AND number = ? AND claimed_by = ?`, s.registry, string(n), string(h))
		return err
	})
}

// renew makes this check's claims last ttl from now.
func (s *Store) renew(ctx context.Context, h holder, ttl time.Duration) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE companies SET claimed_until = ? WHERE registry = ? AND claimed_by = ?`,
			s.now().Add(ttl).UnixMilli(), s.registry, string(h))
		return err
	})
	if err != nil {
		return s.fail("renew the check's hold on its companies", err)
	}
	return nil
}

// pending lists the companies not checked since started, and whether
// another running check holds each.
func (s *Store) pending(ctx context.Context, h holder, started time.Time) ([]NotChecked, error) {
	return s.notChecked(ctx, h, started, `SELECT number, name, claimed_by, claimed_until FROM companies
		WHERE registry = ? AND (checked_at IS NULL OR checked_at < ?) ORDER BY number`,
		func(nc *NotChecked) any { return &nc.Number })
}

// notChecked lists what query finds (a key, a name and a claim, of the
// things not checked since started), and whether another running check
// holds each; key says where each one's key goes.
func (s *Store) notChecked(ctx context.Context, h holder, started time.Time, query string, key func(*NotChecked) any) ([]NotChecked, error) {
	var out []NotChecked
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, query, s.registry, started.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		now := s.now()
		for rows.Next() {
			var nc NotChecked
			var by sql.NullString
			var until sql.NullInt64
			if err := rows.Scan(key(&nc), &nc.Name, &by, &until); err != nil {
				return err
			}
			if by.Valid && by.String != string(h) && fromMS(until).After(now) && !gone(by.String) {
				nc.Why = ReasonElsewhere
			}
			out = append(out, nc)
		}
		return rows.Err()
	})
	return out, err
}
