package register

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"coview/api"
)

// The live overlay: the companies the registry's streams have changed or
// incorporated since the register's file was made, kept beside the index
// (never in it: the index is written whole, once, and read as immutable).
// A follow (coview watch follow) writes each company-profile event into
// it, a batch of events a transaction; every reader of the index reads
// it too, so that the index answers as the register now is. It is a
// SQLite store in write-ahead mode, so a reader never waits for the
// follow, two processes may write at once, and a kill at any moment
// loses at most the batch being written, whose events a follow started
// again reads again from the stream (the overlay keeps its own place in
// it). A row is replaced only by an event with a later timepoint: an
// event read twice changes nothing. It holds what the stream sent of
// each company, and no key.

// LivePath is the live overlay of the index at index: beside it.
func LivePath(index string) string { return index + ".live" }

const liveSchema = `
CREATE TABLE IF NOT EXISTS live (
	number    TEXT PRIMARY KEY,
	timepoint INTEGER NOT NULL, -- the event's, in the companies stream
	published INTEGER NOT NULL, -- when the registry published it, Unix ms; 0 not said
	gone      INTEGER NOT NULL, -- 1: a deleted event, the company taken off the register
	profile   BLOB NOT NULL,    -- the event's data, the company's profile, as sent
	seq       INTEGER NOT NULL  -- the batch that wrote it, for readers to read only what is new
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS live_seq ON live (seq);
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
`

// Keys of the state table: the last batch, the epoch (moved on when rows
// are dropped, so readers read the whole overlay again) and each
// stream's place (stateStream + its name).
const (
	stateSeq    = "seq"
	stateEpoch  = "epoch"
	stateStream = "stream:"
)

// Live is the live overlay, open for writing: a follow's.
type Live struct {
	db       *sql.DB
	path     string
	fileDate time.Time // events published before it are in the file already

	mu      sync.Mutex
	pending map[string]liveEvent
	last    map[string]int64 // per stream, the last timepoint added
	written map[string]int64 // per stream, the last timepoint written
}

// liveEvent is an event waiting for the next batch.
type liveEvent struct {
	timepoint, published int64
	gone                 bool
	profile              []byte
}

// openLiveDB opens the overlay's file; create makes it when it is not
// there.
func openLiveDB(path string, create bool) (*sql.DB, error) {
	mode := "rw"
	if create {
		mode = "rwc"
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600); err == nil {
			f.Close()
		} else {
			return nil, err
		}
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=" + mode +
		"&_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(liveSchema); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// OpenLive opens the live overlay of the index at index for a follow to
// write, making it if need be. fileDate is the register's date
// (yyyy-mm-dd) of that index: what was published before it is in the
// file already.
func OpenLive(index, fileDate string) (*Live, error) {
	abs, err := filepath.Abs(LivePath(index))
	if err != nil {
		return nil, err
	}
	db, err := openLiveDB(abs, true)
	if err != nil {
		return nil, fmt.Errorf("cannot open the live overlay of the index %s: %w", abs, storeError(err))
	}
	day, _ := time.Parse(time.DateOnly, fileDate)
	return &Live{db: db, path: abs, fileDate: day, pending: map[string]liveEvent{}, last: map[string]int64{}, written: map[string]int64{}}, nil
}

// Path is the overlay's file.
func (l *Live) Path() string { return l.path }

// Close closes the overlay; what was added and not flushed is not
// written (a follow started again reads it again).
func (l *Live) Close() error { return l.db.Close() }

// From is where stream is to be followed from for the overlay: the
// timepoint after the last one written, and false when none was.
func (l *Live) From(ctx context.Context, stream string) (int64, bool, error) {
	var tp int64
	err := l.db.QueryRowContext(ctx, `SELECT value FROM state WHERE key = ?`, stateStream+stream).Scan(&tp)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("the live overlay %s: %w", l.path, err)
	}
	return tp + 1, true, nil
}

// Add takes an event of stream for the next batch (Flush): a
// company-profile event, changed or deleted; anything else only moves
// the stream's place on. It decodes nothing, so that the events about
// companies nobody watches, nearly all of a stream, cost little.
func (l *Live) Add(stream string, e *api.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last[stream] = max(l.last[stream], e.Timepoint)
	if e.Kind != api.ResCompany || e.Number == "" || (!e.HasData() && !e.Deleted()) {
		return
	}
	if !e.PublishedAt.IsZero() && e.PublishedAt.Before(l.fileDate) {
		return // the file has it
	}
	n := string(e.Number)
	if old, ok := l.pending[n]; ok && old.timepoint >= e.Timepoint {
		return
	}
	ev := liveEvent{timepoint: e.Timepoint, gone: e.Deleted(), profile: e.Data}
	if ev.profile == nil {
		ev.profile = []byte{}
	}
	if !e.PublishedAt.IsZero() {
		ev.published = e.PublishedAt.UnixMilli()
	}
	l.pending[n] = ev
}

// Pending is how many companies wait for the next batch.
func (l *Live) Pending() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.pending)
}

// Flush writes the events added since the last batch, and the streams'
// places, in one transaction; it returns how many companies it wrote. An
// error leaves them to the next Flush.
func (l *Live) Flush(ctx context.Context) (int, error) {
	l.mu.Lock()
	batch, places := l.pending, map[string]int64{}
	for s, tp := range l.last {
		if w, ok := l.written[s]; !ok || tp > w {
			places[s] = tp
		}
	}
	l.pending = map[string]liveEvent{}
	l.mu.Unlock()
	if len(batch) == 0 && len(places) == 0 {
		return 0, nil
	}
	err := l.write(ctx, batch, places)
	if err != nil {
		l.mu.Lock()
		for n, ev := range batch { // back, unless a later event came meanwhile
			if now, ok := l.pending[n]; !ok || now.timepoint < ev.timepoint {
				l.pending[n] = ev
			}
		}
		l.mu.Unlock()
		return 0, fmt.Errorf("cannot write to the live overlay %s: %w", l.path, storeError(err))
	}
	l.mu.Lock()
	for s, tp := range places {
		l.written[s] = max(l.written[s], tp)
	}
	l.mu.Unlock()
	return len(batch), nil
}

func (l *Live) write(ctx context.Context, batch map[string]liveEvent, places map[string]int64) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var seq int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM state WHERE key = ?), 0) + 1`, stateSeq).Scan(&seq); err != nil {
		return err
	}
	if len(batch) > 0 {
		st, err := tx.PrepareContext(ctx, `INSERT INTO live (number, timepoint, published, gone, profile, seq) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (number) DO UPDATE SET timepoint = excluded.timepoint, published = excluded.published, gone = excluded.gone,
			profile = excluded.profile, seq = excluded.seq WHERE excluded.timepoint > live.timepoint`)
		if err != nil {
			return err
		}
		defer st.Close()
		for n, ev := range batch {
			gone := 0
			if ev.gone {
				gone = 1
			}
			if _, err := st.ExecContext(ctx, n, ev.timepoint, ev.published, gone, ev.profile, seq); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO state VALUES (?, ?)`, stateSeq, seq); err != nil {
			return err
		}
	}
	for s, tp := range places {
		if _, err := tx.ExecContext(ctx, `INSERT INTO state VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)`,
			stateStream+s, tp); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// dropLive drops from the overlay of the index at index what was
// published before the day (yyyy-mm-dd) of the file now in place, which
// holds it, and what was published at a time not said: a new file is
// the register as of its day, and a follow brings the rest again.
func dropLive(ctx context.Context, index, fileDate string) error {
	path := LivePath(index)
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	db, err := openLiveDB(path, false)
	if err != nil {
		return err
	}
	defer db.Close()
	day, err := time.Parse(time.DateOnly, fileDate)
	if err != nil {
		day = time.Now() // a file of no date: nothing older than it is kept
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM live WHERE published < ?`, day.UnixMilli()); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO state VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1`, stateEpoch); err != nil {
		return err
	}
	return tx.Commit()
}

// removeLive removes the overlay of the index at index, its log and
// shared memory too.
func removeLive(index string) {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(LivePath(index) + suffix)
	}
}
