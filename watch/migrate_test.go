package watch

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// A store of schema version 4 (before people were watched and streams
// followed) is brought up to date keeping its change log in its order,
// with the places in it kept; a change recorded after goes after them,
// and taking a company off the list still takes its changes with it.
func TestAStoreOfVersion4KeepsItsLogInOrder(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	old, err := open(path, "test", 4, StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, stmt := range []string{
		`INSERT INTO companies (registry, number, name, added_at, seeded, profile) VALUES ('test', '00006400', 'MARZIPAN', 1, 1, '{"name":"MARZIPAN"}'),
			('test', '00006401', 'QUINCE', 1, 1, '{"name":"QUINCE"}')`,
		`INSERT INTO changes (registry, number, kind, date, body, recorded_at, seen_at) VALUES
			('test', '00006400', 'filing/accounts', '2026-11-01', '{"kind":"filing/accounts","date":"2026-11-01"}', 3000, 3500),
			('test', '00006401', 'status/dissolved', '2026-11-02', '{"kind":"status/dissolved","date":"2026-11-02"}', 4000, NULL)`,
		`DELETE FROM changes WHERE id = 1`,
		`INSERT INTO changes (registry, number, kind, date, body, recorded_at) VALUES
			('test', '00006400', 'filing/officers', '2026-11-03', '{"kind":"filing/officers","date":"2026-11-03"}', 5000)`,
	} {
		if _, err := old.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	s, err := Open(path, "test", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	log, err := s.Changes(ctx, Filter{})
	if err != nil || len(log) != 2 || log[0].ID != 2 || log[1].ID != 3 || log[0].CompanyName != "QUINCE" || log[1].Number != "00006400" {
		t.Fatalf("the log after migrating: %+v (%v)", log, err)
	}
	more := []Change{{Kind: KindPersonAppointed, Number: "00006499", OfficerID: "abc", Date: "2026-11-04"}}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO officers (registry, id, name, added_at) VALUES ('test', 'abc', 'SOMEONE', 1)`); err != nil {
			return err
		}
		return s.logChanges(ctx, tx, more)
	})
	if err != nil || more[0].ID != 4 {
		t.Fatalf("a change recorded after: id %d, %v", more[0].ID, err)
	}
	if _, err := s.Remove(ctx, "00006401"); err != nil {
		t.Fatal(err)
	}
	log, _ = s.Changes(ctx, Filter{})
	if len(log) != 2 || log[0].ID != 3 || log[1].ID != 4 || log[1].OfficerID != "abc" || log[1].Number != "00006499" {
		t.Fatalf("after taking 00006401 off: %+v", log)
	}
	if c, n, err := s.Unseen(ctx); err != nil || c != 2 || n != 2 {
		t.Fatalf("unseen: %d companies or people, %d changes, %v", c, n, err)
	}
}
