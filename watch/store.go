package watch

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"
)

// FileName is the store's file in the data directory.
const FileName = "watch.db"

// DefaultPath is where the store is kept: $XDG_DATA_HOME/coview/watch.db,
// else ~/.local/share/coview/watch.db. getenv is os.Getenv or a test's.
func DefaultPath(getenv func(string) string) (string, error) {
	dir := getenv("XDG_DATA_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home := getenv("HOME")
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", errors.New("cannot tell where to keep the watch list: set XDG_DATA_HOME or HOME")
			}
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "coview", FileName), nil
}

// Store is the watch list of one registry, kept in a SQLite database that
// several processes may open at once (a browser, a cron job): every
// write is one short transaction, and waits for another's are bounded
// and retried, never shown as "database is locked". The registry's name
// (its host, or "demo") keeps lists of different registries apart in the
// same file: a number on one is not the same company on another.
type Store struct {
	db       *sql.DB
	path     string
	registry string
	now      func() time.Time
	q        queries
}

// queries are the statements a check runs for every company, prepared
// once: SQLite takes longer to parse them than to run them.
type queries struct {
	candidates, claim, company, datasets, record, forget, keep, change *sql.Stmt
}

func (s *Store) prepare(ctx context.Context) error {
	for _, q := range []struct {
		to   **sql.Stmt
		text string
	}{
		{&s.q.candidates, `SELECT number, claimed_by, claimed_until FROM companies
			WHERE registry = ? AND (checked_at IS NULL OR checked_at < ?)
			ORDER BY unfinished IS NULL, checked_at, number LIMIT ?`}, // a check cut short left it first, then never checked (NULL), then the least recently
		{&s.q.claim, `UPDATE companies SET claimed_by = ?, claimed_until = ? WHERE registry = ? AND number = ?`},
		{&s.q.company, `SELECT name, version, seeded, snapshot, profile, profile_at, filings, noted, unfinished FROM companies WHERE registry = ? AND number = ?`},
		{&s.q.datasets, `SELECT name, body FROM datasets WHERE registry = ? AND number = ?`},
		{&s.q.record, `UPDATE companies SET name = ?, version = version + 1, seeded = ?, checked_at = coalesce(?, checked_at),
				profile = ?, profile_at = ?, filings = ?, noted = ?, unfinished = ?, snapshot = ?, claimed_by = NULL, claimed_until = NULL
			WHERE registry = ? AND number = ? AND version = ?`},
		{&s.q.forget, `DELETE FROM datasets WHERE registry = ? AND number = ? AND name = ?`},
		{&s.q.keep, `INSERT INTO datasets (registry, number, name, body, read_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (registry, number, name) DO UPDATE SET body = excluded.body, read_at = excluded.read_at`},
		{&s.q.change, `INSERT INTO changes (registry, number, kind, date, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?)`},
	} {
		err := s.retry(ctx, func() (err error) {
			*q.to, err = s.db.PrepareContext(ctx, q.text)
			return err
		})
		if err != nil {
			return s.fail("open", err)
		}
	}
	return nil
}

// Busy is how long a write waits for other processes' transactions
// before it gives up and says so.
const Busy = 30 * time.Second

// ErrBusy is returned (wrapped, with the path) when the store stayed busy
// for longer than Busy.
var ErrBusy = errors.New("the watch list stayed busy")

// ErrNewer is returned by Open for a store written by a newer coview.
var ErrNewer = errors.New("the watch list was written by a newer coview")

// StoreOptions configure Open. The zero StoreOptions are the usual.
type StoreOptions struct {
	// Now is the time the store keeps: when a company was added, until
	// when a claim holds, when a change was recorded. nil is time.Now.
	Now func() time.Time
}

// Open opens (creating it if need be) the store at path, for the
// registry named registry, and brings its schema up to date.
func Open(path, registry string, opts StoreOptions) (*Store, error) {
	return open(path, registry, SchemaVersion, opts)
}

// open is Open with the schema brought up to the given version only, so
// that a test can make a store as an older coview left it.
func open(path, registry string, version int, opts StoreOptions) (*Store, error) {
	if registry == "" {
		return nil, errors.New("watch: a store needs a registry name")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("the watch list %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the directory for the watch list: %w", err)
	}
	// The key never comes near the store, but what is watched is nobody
	// else's business: the file is the user's alone.
	if f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE, 0o600); err == nil {
		f.Close()
	} else {
		return nil, fmt.Errorf("cannot open the watch list: %w", err)
	}
	dsn := "file:" + (&url.URL{Path: abs}).EscapedPath() +
		"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("cannot open the watch list %s: %w", abs, err)
	}
	// One connection: a process's own goroutines take turns at it, so
	// only other processes can keep the store busy.
	db.SetMaxOpenConns(1)
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Store{db: db, path: abs, registry: registry, now: opts.Now}
	if err := s.setUp(version); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// setUp turns on write-ahead logging (readers never wait for a writer)
// and migrates the schema.
func (s *Store) setUp(version int) error {
	ctx := context.Background()
	err := s.retry(ctx, func() error {
		var mode string
		// A file system without shared memory cannot have WAL; the
		// rollback journal then does, with the busy timeout.
		return s.db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
	})
	if err != nil {
		return s.fail("open", err)
	}
	if err := s.migrate(ctx, version); err != nil {
		return err
	}
	if version < SchemaVersion {
		return nil // a test's older store: only written to directly
	}
	return s.prepare(ctx)
}

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// Registry is the name of the registry whose list this is.
func (s *Store) Registry() string { return s.registry }

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// tx runs fn in one write transaction (BEGIN IMMEDIATE, so it never has
// to upgrade a read lock and fail), retried while another process holds
// the store, for at most Busy.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	return s.retry(ctx, func() error {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	})
}

// retry runs fn until it succeeds, fails with something other than the
// store being busy, or Busy has passed.
func (s *Store) retry(ctx context.Context, fn func() error) error {
	deadline := time.Now().Add(Busy)
	pause := 10 * time.Millisecond
	for {
		err := fn()
		if !busy(err) {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w for %s (another coview is writing to it); try again", ErrBusy, Busy)
		}
		t := time.NewTimer(pause + rand.N(pause))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		pause = min(pause*2, 500*time.Millisecond)
	}
}

// busy reports whether err is SQLite's "busy" or "locked".
func busy(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return true
		}
	}
	return false
}

// fail names the store in an error about it.
func (s *Store) fail(what string, err error) error {
	if errors.Is(err, ErrBusy) || errors.Is(err, ErrNewer) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("the watch list %s: %w", s.path, err)
	}
	return fmt.Errorf("the watch list %s: cannot %s: %w", s.path, what, err)
}

func ms(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64)
}
