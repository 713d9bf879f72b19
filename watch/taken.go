package watch

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"coview/api"
)

// Taken is a company taken off the watch list whole: its row, what was
// read of it and every change recorded, kept by whoever took it so that
// watching it again puts it back as it was, rather than starting afresh
// with a first check that records what is there and forgets the rest.
type Taken struct {
	Number api.Number
	tables []takenRows // the company's own row first, then what refers to it
}

// Changes is how many changes were recorded of the company.
func (t *Taken) Changes() int {
	for _, r := range t.tables {
		if r.table == "changes" {
			return len(r.values)
		}
	}
	return 0
}

// takenRows are a table's rows of one company, every column as stored.
type takenRows struct {
	table   string
	columns []string
	values  [][]any
}

// takenTables hold a watched company: its row, and the rows that go
// with it when it is removed (ON DELETE CASCADE).
var takenTables = []string{"companies", "datasets", "changes"}

// Take takes a company off the list as Remove does and returns all that
// was kept of it, or nil when it was not on the list.
func (s *Store) Take(ctx context.Context, n api.Number) (*Taken, error) {
	var t *Taken
	err := s.tx(ctx, func(tx *sql.Tx) error {
		t = &Taken{Number: n}
		for _, table := range takenTables {
			r, err := s.readRows(ctx, tx, table, n)
			if err != nil {
				return err
			}
			t.tables = append(t.tables, r)
		}
		if len(t.tables[0].values) == 0 {
			t = nil
			return nil
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM companies WHERE registry = ? AND number = ?`, s.registry, string(n))
		return err
	})
	if err != nil {
		return nil, s.fail("remove from it", err)
	}
	return t, nil
}

func (s *Store) readRows(ctx context.Context, tx *sql.Tx, table string, n api.Number) (takenRows, error) {
	r := takenRows{table: table}
	rows, err := tx.QueryContext(ctx, `SELECT * FROM `+table+` WHERE registry = ? AND number = ?`, s.registry, string(n))
	if err != nil {
		return r, err
	}
	defer rows.Close()
	if r.columns, err = rows.Columns(); err != nil {
		return r, err
	}
	for rows.Next() {
		values := make([]any, len(r.columns))
		into := make([]any, len(values))
		for i := range values {
			into[i] = &values[i]
		}
		if err := rows.Scan(into...); err != nil {
			return r, err
		}
		r.values = append(r.values, values)
	}
	return r, rows.Err()
}

// PutBack puts a company taken off the list back as it was, less any
// claim a check had on it. It reports false, and puts nothing back, when
// the company is on the list again already: another coview watched it
// meanwhile, and what that one recorded stands.
func (s *Store) PutBack(ctx context.Context, t *Taken) (bool, error) {
	var put bool
	err := s.tx(ctx, func(tx *sql.Tx) error {
		put = false
		for i, r := range t.tables {
			insert := fmt.Sprintf("INSERT INTO %s (%s) VALUES (?%s) ON CONFLICT DO NOTHING",
				r.table, strings.Join(r.columns, ", "), strings.Repeat(", ?", len(r.columns)-1))
			for _, values := range r.values {
				res, err := tx.ExecContext(ctx, insert, values...)
				if err != nil {
					return err
				}
				if k, _ := res.RowsAffected(); i == 0 && k == 0 {
					return nil
				}
			}
		}
		put = true
		_, err := tx.ExecContext(ctx, `UPDATE companies SET claimed_by = NULL, claimed_until = NULL WHERE registry = ? AND number = ?`,
			s.registry, string(t.Number))
		return err
	})
	if err != nil {
		return false, s.fail("add to it", err)
	}
	return put, nil
}
