package watch

import (
	"context"
	"database/sql"

	"coview/api"
)

// Where a follow is in each stream, and the events it holds back while a
// check reads their company (see Follower).

// savePosition saves a stream's timepoint in a transaction; it never goes
// back (two follows at once each save theirs).
func (s *Store) savePosition(ctx context.Context, tx *sql.Tx, stream string, tp int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO stream_positions (registry, stream, timepoint, saved_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (registry, stream) DO UPDATE SET timepoint = max(timepoint, excluded.timepoint), saved_at = excluded.saved_at`,
		s.registry, stream, tp, s.now().UnixMilli())
	return err
}

// heldFor reports whether an event about a company or a person must wait:
// a running check holds one of them, or earlier events about one of them
// wait already (they go first).
func (s *Store) heldFor(ctx context.Context, tx *sql.Tx, n api.Number, person string) (bool, error) {
	if held, err := s.heldByCheck(ctx, tx, n, person); err != nil || held {
		return held, err
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM stream_pending WHERE registry = ? AND (number = ? OR officer = ?) LIMIT 1`,
		s.registry, nullable(string(n)), nullable(person)).Scan(&one)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

// heldByCheck reports whether a running check holds the company or the
// person.
func (s *Store) heldByCheck(ctx context.Context, tx *sql.Tx, n api.Number, person string) (bool, error) {
	now := s.now()
	claimed := func(q string, key string) (bool, error) {
		var by sql.NullString
		var until sql.NullInt64
		err := tx.QueryRowContext(ctx, q, s.registry, key).Scan(&by, &until)
		if err == sql.ErrNoRows {
			return false, nil
		}
		return err == nil && by.Valid && fromMS(until).After(now) && !gone(by.String), err
	}
	if n != "" {
		if held, err := claimed(`SELECT claimed_by, claimed_until FROM companies WHERE registry = ? AND number = ?`, string(n)); err != nil || held {
			return held, err
		}
	}
	if person != "" {
		return claimed(`SELECT claimed_by, claimed_until FROM officers WHERE registry = ? AND id = ?`, person)
	}
	return false, nil
}

// holdBack keeps an event to apply once its company or person is free.
func (s *Store) holdBack(ctx context.Context, tx *sql.Tx, stream string, e *api.Event, n api.Number, person string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO stream_pending (registry, stream, timepoint, number, officer, event) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, s.registry, stream, e.Timepoint, nullable(string(n)), nullable(person), e.Raw)
	return err
}

// heldEvent is an event held back.
type heldEvent struct {
	stream          string
	timepoint       int64
	number, officer string
	event           []byte
}

// heldEvents are the events held back, in the order they came.
func (s *Store) heldEvents(ctx context.Context) ([]heldEvent, error) {
	var out []heldEvent
	err := s.retry(ctx, func() error {
		out = out[:0]
		rows, err := s.db.QueryContext(ctx, `SELECT stream, timepoint, coalesce(number, ''), coalesce(officer, ''), event
			FROM stream_pending WHERE registry = ? ORDER BY rowid`, s.registry)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var h heldEvent
			if err := rows.Scan(&h.stream, &h.timepoint, &h.number, &h.officer, &h.event); err != nil {
				return err
			}
			out = append(out, h)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, s.fail("read the events held back", err)
	}
	return out, nil
}

// heldCount is how many events are held back.
func (s *Store) heldCount(ctx context.Context) (int, error) {
	var n int
	err := s.retry(ctx, func() error {
		return s.db.QueryRowContext(ctx, `SELECT count(*) FROM stream_pending WHERE registry = ?`, s.registry).Scan(&n)
	})
	if err != nil {
		return 0, s.fail("read the events held back", err)
	}
	return n, nil
}

// nullable is s, or NULL when it is "".
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
