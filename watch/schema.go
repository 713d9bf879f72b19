package watch

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations bring the schema from one version to the next: the first
// makes version 1 from nothing. The version is SQLite's user_version.
// Never edit one that has shipped: add another.
var migrations = [][]string{
	// 1: the list with each company's snapshots, the other datasets'
	// snapshots, and the change log with a seen flag.
	{
		`CREATE TABLE companies (
			registry   TEXT NOT NULL,
			number     TEXT NOT NULL,
			name       TEXT NOT NULL DEFAULT '',
			added_at   INTEGER NOT NULL,
			checked_at INTEGER,
			seeded     INTEGER NOT NULL DEFAULT 0,
			version    INTEGER NOT NULL DEFAULT 0,
			profile    TEXT,
			profile_at INTEGER,
			filings    TEXT,
			noted      TEXT,
			PRIMARY KEY (registry, number)
		)`,
		`CREATE TABLE datasets (
			registry TEXT NOT NULL,
			number   TEXT NOT NULL,
			name     TEXT NOT NULL,
			body     TEXT NOT NULL,
			read_at  INTEGER NOT NULL,
			PRIMARY KEY (registry, number, name),
			FOREIGN KEY (registry, number) REFERENCES companies (registry, number) ON DELETE CASCADE
		)`,
		`CREATE TABLE changes (
			id          INTEGER PRIMARY KEY AUTOINCREMENT,
			registry    TEXT NOT NULL,
			number      TEXT NOT NULL,
			kind        TEXT NOT NULL,
			date        TEXT NOT NULL,
			body        TEXT NOT NULL,
			recorded_at INTEGER NOT NULL,
			seen        INTEGER NOT NULL DEFAULT 0,
			FOREIGN KEY (registry, number) REFERENCES companies (registry, number) ON DELETE CASCADE
		)`,
		`CREATE INDEX changes_by_company ON changes (registry, number, id)`,
	},
	// 2: claims, so that checks running at once share the companies out
	// rather than both asking about each; and when a change was seen,
	// rather than whether.
	{
		`ALTER TABLE companies ADD COLUMN claimed_by TEXT`,
		`ALTER TABLE companies ADD COLUMN claimed_until INTEGER`,
		`ALTER TABLE changes ADD COLUMN seen_at INTEGER`,
		`UPDATE changes SET seen_at = recorded_at WHERE seen = 1`,
		`ALTER TABLE changes DROP COLUMN seen`,
		`CREATE INDEX changes_unseen ON changes (registry, seen_at)`,
		`CREATE INDEX companies_by_checked ON companies (registry, checked_at, number)`,
	},
	// 3: what a check cut short had yet to read of a company, so that the
	// next one carries on with it first.
	{
		`ALTER TABLE companies ADD COLUMN unfinished TEXT`,
	},
	// 4: the version of the form a company's snapshots are kept in
	// (snapshotVersion), so that a snapshot written in another form is
	// read as none rather than misread; those written so far are the
	// first form.
	{
		`ALTER TABLE companies ADD COLUMN snapshot INTEGER NOT NULL DEFAULT 1`,
	},
	// 5: people watched (officers, by the registry's officer id) beside
	// the companies, each with a snapshot of its appointments; a change
	// log whose rows are a company's or a person's (number or officer),
	// so that the log keeps one order; and a follow of the streams: each
	// stream's last timepoint, and the events held back while a check
	// holds their company (see Follower).
	{
		`CREATE TABLE officers (
			registry      TEXT NOT NULL,
			id            TEXT NOT NULL,
			name          TEXT NOT NULL DEFAULT '',
			added_at      INTEGER NOT NULL,
			checked_at    INTEGER,
			seeded        INTEGER NOT NULL DEFAULT 0,
			version       INTEGER NOT NULL DEFAULT 0,
			snapshot      INTEGER NOT NULL DEFAULT 1,
			appointments  TEXT,
			read_at       INTEGER,
			claimed_by    TEXT,
			claimed_until INTEGER,
			PRIMARY KEY (registry, id)
		)`,
		`CREATE TABLE changes_5 (
			id          INTEGER PRIMARY KEY AUTOINCREMENT,
			registry    TEXT NOT NULL,
			number      TEXT,
			officer     TEXT,
			kind        TEXT NOT NULL,
			date        TEXT NOT NULL,
			body        TEXT NOT NULL,
			recorded_at INTEGER NOT NULL,
			seen_at     INTEGER,
			CHECK ((number IS NULL) <> (officer IS NULL)),
			FOREIGN KEY (registry, number) REFERENCES companies (registry, number) ON DELETE CASCADE,
			FOREIGN KEY (registry, officer) REFERENCES officers (registry, id) ON DELETE CASCADE
		)`,
		`INSERT INTO changes_5 (id, registry, number, kind, date, body, recorded_at, seen_at)
			SELECT id, registry, number, kind, date, body, recorded_at, seen_at FROM changes ORDER BY id`,
		`DROP TABLE changes`,
		`ALTER TABLE changes_5 RENAME TO changes`,
		`CREATE INDEX changes_by_company ON changes (registry, number, id)`,
		`CREATE INDEX changes_by_officer ON changes (registry, officer, id)`,
		`CREATE INDEX changes_unseen ON changes (registry, seen_at)`,
		`CREATE TABLE stream_positions (
			registry  TEXT NOT NULL,
			stream    TEXT NOT NULL,
			timepoint INTEGER NOT NULL,
			saved_at  INTEGER NOT NULL,
			PRIMARY KEY (registry, stream)
		)`,
		`CREATE TABLE stream_pending (
			registry  TEXT NOT NULL,
			stream    TEXT NOT NULL,
			timepoint INTEGER NOT NULL,
			number    TEXT,
			officer   TEXT,
			event     BLOB NOT NULL,
			PRIMARY KEY (registry, stream, timepoint),
			FOREIGN KEY (registry, number) REFERENCES companies (registry, number) ON DELETE CASCADE,
			FOREIGN KEY (registry, officer) REFERENCES officers (registry, id) ON DELETE CASCADE
		)`,
		`CREATE INDEX stream_pending_by_company ON stream_pending (registry, number)`,
		`CREATE INDEX stream_pending_by_officer ON stream_pending (registry, officer)`,
	},
}

// SchemaVersion is the version of the schema this coview writes.
var SchemaVersion = len(migrations)

// migrate brings the schema up to version to, one migration per
// transaction; a process that finds another has done it does nothing.
func (s *Store) migrate(ctx context.Context, to int) error {
	for {
		var done bool
		err := s.tx(ctx, func(tx *sql.Tx) error {
			var v int
			if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
				return err
			}
			switch {
			case v > len(migrations):
				return fmt.Errorf("%w (schema version %d; this one knows %d): upgrade coview to use it", ErrNewer, v, len(migrations))
			case v >= to:
				done = true
				return nil
			}
			for _, stmt := range migrations[v] {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("migrating to version %d: %w", v+1, err)
				}
			}
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1))
			return err
		})
		if err != nil {
			return s.fail("update its schema", err)
		}
		if done {
			return nil
		}
	}
}
