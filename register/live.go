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
//
// What a reader needs is worked out once, as a batch is written: each
// company as the index packs a row (so that nothing is decoded to read
// it), the id of its row in the file, and the terms the index's searches
// use (liveterms.go), so that a reader asks the overlay only about the
// companies a query touches, whatever its size.

// LivePath is the live overlay of the index at index: beside it.
func LivePath(index string) string { return index + ".live" }

// liveVersion is the overlay's format. An overlay of a format before
// (1: the profiles only; 2: only the terms gained or lost of a company of
// the file, and rows of no rowid, each too big for its page) is
// rebuilt from its profiles by the next follow; until then readers
// leave it out.
const liveVersion = 3

const liveSchema = `
-- With a rowid: a row (a profile is a kilobyte) fits in its page, where
-- without one each would spill over into a page of its own.
CREATE TABLE IF NOT EXISTS live (
	number    TEXT NOT NULL UNIQUE,
	timepoint INTEGER NOT NULL, -- the event's, in the companies stream
	published INTEGER NOT NULL, -- when the registry published it, Unix ms; 0 not said
	gone      INTEGER NOT NULL, -- 1: taken off the register (a deleted event), or a profile that cannot be read
	onreg     INTEGER NOT NULL, -- 1: on the register now: not gone, not dissolved
	fileid    INTEGER,          -- the company's row in the index the state's "index" names; NULL: not in the file
	name      TEXT NOT NULL,    -- the company now, packed as the index packs a row
	address   TEXT NOT NULL,
	rest      TEXT NOT NULL,
	alpha     TEXT NOT NULL,    -- its place in the alphabetical index, when on the register
	terms     TEXT NOT NULL,    -- its rows in terms, packed, to replace them
	profile   BLOB NOT NULL,    -- the event's data, the company's profile, as sent
	seq       INTEGER NOT NULL  -- the batch that wrote it
);
CREATE INDEX IF NOT EXISTS live_file ON live (fileid) WHERE fileid IS NOT NULL;
CREATE INDEX IF NOT EXISTS live_alpha ON live (alpha, number) WHERE onreg = 1;
-- The file's companies a search's walk of the file leaves out (taken
-- off the register, or with changed terms), and those it puts back.
CREATE INDEX IF NOT EXISTS live_out ON live (fileid) WHERE fileid IS NOT NULL AND (onreg = 0 OR terms != '');
CREATE INDEX IF NOT EXISTS live_changed ON live (fileid) WHERE onreg = 1 AND fileid IS NOT NULL AND terms != '';
CREATE TABLE IF NOT EXISTS terms (
	side   INTEGER NOT NULL, -- sideWas, sideNow, sideNew, sideGone
	term   TEXT NOT NULL,
	number TEXT NOT NULL,
	PRIMARY KEY (side, term, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counts (  -- how many rows of terms each (side, term) has: a count without reading them
	side INTEGER NOT NULL,
	term TEXT NOT NULL,
	n    INTEGER NOT NULL,
	PRIMARY KEY (side, term)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
`

// Keys of the state table: the format, the last batch, the epoch (moved
// on when rows are dropped), the index the rows' file ids are of, how
// many companies, the latest publication, and each stream's place
// (stateStream + its name).
const (
	stateVersion   = "version"
	stateSeq       = "seq"
	stateEpoch     = "epoch"
	stateIndex     = "index"
	stateCompanies = "companies"
	stateTo        = "to"
	stateStream    = "stream:"
)

// Live is the live overlay, open for writing: a follow's.
type Live struct {
	db       *sql.DB
	path     string
	index    string    // the index's path
	fileDate time.Time // events published before it are in the file already

	mu      sync.Mutex
	pending map[string]liveEvent
	last    map[string]int64 // per stream, the last timepoint added
	written map[string]int64 // per stream, the last timepoint written
	ix      *Index           // the index the rows' file ids are looked up in; nil for none
}

// liveEvent is an event waiting for the next batch.
type liveEvent struct {
	timepoint, published int64
	gone                 bool
	profile              []byte
}

// liveDSN is the overlay's file as SQLite opens it; a writer's
// transactions take the write lock as they begin.
func liveDSN(path, mode string, writer bool) string {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=" + mode +
		"&_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	if writer {
		dsn += "&_txlock=immediate"
	}
	return dsn
}

// openLiveDB opens the overlay's file to write, making it when create
// and it is not there, and brings it to this format.
func openLiveDB(ctx context.Context, path string, create bool, ix *Index) (*sql.DB, error) {
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
	db, err := sql.Open("sqlite", liveDSN(path, mode, true))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := upgradeLive(ctx, db, ix); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// upgradeLive makes the overlay's tables, or rebuilds an overlay of the
// format before from the profiles it holds, keeping the streams' places.
func upgradeLive(ctx context.Context, db *sql.DB, ix *Index) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version int
	err = tx.QueryRowContext(ctx, `SELECT value FROM state WHERE key = ?`, stateVersion).Scan(&version)
	old := false
	switch {
	case err == nil:
		if version > liveVersion {
			return fmt.Errorf("it was made by a newer coview (format %d, this one writes %d)", version, liveVersion)
		}
		old = version < liveVersion
	case errors.Is(err, sql.ErrNoRows):
		old = true // rows of the first format, if any
	default:
		if _, nerr := tx.ExecContext(ctx, `SELECT 1 FROM state LIMIT 0`); nerr == nil {
			return err
		}
		old = true // a new file: no tables yet
	}
	if !old {
		return nil
	}
	var hadRows bool
	if err := tx.QueryRowContext(ctx, `SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'live'`).Scan(&hadRows); err != nil {
		return err
	}
	if hadRows {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE live RENAME TO live_v1; DROP INDEX IF EXISTS live_seq;
			DROP INDEX IF EXISTS live_file; DROP INDEX IF EXISTS live_alpha;
			DROP INDEX IF EXISTS live_out; DROP INDEX IF EXISTS live_changed`); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, liveSchema); err != nil {
		return err
	}
	if hadRows {
		if _, err := tx.ExecContext(ctx, `INSERT INTO live (number, timepoint, published, gone, onreg, fileid, name, address, rest, alpha, terms, profile, seq)
			SELECT number, timepoint, published, gone, 0, NULL, '', '', '', '', '', profile, seq FROM live_v1; DROP TABLE live_v1`); err != nil {
			return err
		}
		day := time.Time{}
		if ix != nil {
			day, _ = time.Parse(time.DateOnly, ix.Meta().FileDate)
		}
		if err := rebase(ctx, tx, ix, day); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO state VALUES (?, ?)`, stateVersion, liveVersion); err != nil {
		return err
	}
	return tx.Commit()
}

// OpenLive opens the live overlay of the index at index for a follow to
// write, making it if need be. fileDate is the register's date
// (yyyy-mm-dd) of that index: what was published before it is in the
// file already.
func OpenLive(index, fileDate string) (*Live, error) {
	ctx := context.Background()
	abs, err := filepath.Abs(LivePath(index))
	if err != nil {
		return nil, err
	}
	ixPath, _ := filepath.Abs(index)
	// Lean: a follow runs for hours, and looks up one company at a time.
	ix, err := Open(ctx, ixPath, Lean())
	if err == nil {
		if err = ix.Err(); err != nil {
			ix.Close()
		}
	}
	switch {
	case errors.Is(err, ErrNoIndex):
		ix = nil // nothing is in the file: every company is new
	case err != nil:
		return nil, fmt.Errorf("cannot open the live overlay of the index %s: %w", abs, err)
	}
	db, err := openLiveDB(ctx, abs, true, ix)
	if err != nil {
		if ix != nil {
			ix.Close()
		}
		return nil, fmt.Errorf("cannot open the live overlay of the index %s: %w", abs, storeError(err))
	}
	day, _ := time.Parse(time.DateOnly, fileDate)
	return &Live{db: db, path: abs, index: ixPath, fileDate: day, ix: ix,
		pending: map[string]liveEvent{}, last: map[string]int64{}, written: map[string]int64{}}, nil
}

// Path is the overlay's file.
func (l *Live) Path() string { return l.path }

// Close closes the overlay; what was added and not flushed is not
// written (a follow started again reads it again).
func (l *Live) Close() error {
	if l.ix != nil {
		l.ix.Close()
	}
	return l.db.Close()
}

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
	if err := l.sameIndex(ctx, tx); err != nil {
		return err
	}
	st, err := readLiveState(ctx, tx)
	if err != nil {
		return err
	}
	if len(batch) > 0 {
		w, err := newLiveWriter(ctx, tx, l.ix)
		if err != nil {
			return err
		}
		defer w.close()
		st.seq++
		for n, ev := range batch {
			added, err := w.put(ctx, n, ev, st.seq)
			if err != nil {
				return err
			}
			if added {
				st.companies++
			}
			st.to = max(st.to, ev.published)
		}
		if err := w.finish(ctx); err != nil {
			return err
		}
		if err := writeLiveState(ctx, tx, st); err != nil {
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

// sameIndex makes sure the rows' file ids are of the index the follow
// looks companies up in: when an update has put a new index in place
// since the follow opened its own, the follow opens the new one, and if
// the overlay's rows are not of it yet (the update has not got to them),
// brings them to it, as the update would.
func (l *Live) sameIndex(ctx context.Context, tx *sql.Tx) error {
	var at string
	err := tx.QueryRowContext(ctx, `SELECT value FROM state WHERE key = ?`, stateIndex).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = tx.ExecContext(ctx, `INSERT INTO state VALUES (?, ?)`, stateIndex, identityOf(l.ix))
		return err
	}
	if err != nil || at == identityOf(l.ix) {
		return err
	}
	ix, err := Open(ctx, l.index, Lean())
	if err == nil {
		if err = ix.Err(); err != nil {
			ix.Close()
		}
	}
	switch {
	case errors.Is(err, ErrNoIndex):
		ix = nil
	case err != nil:
		return err
	}
	if l.ix != nil {
		l.ix.Close()
	}
	l.ix = ix
	day := time.Time{}
	if ix != nil {
		day, _ = time.Parse(time.DateOnly, ix.Meta().FileDate)
		l.mu.Lock()
		l.fileDate = day
		l.mu.Unlock()
	}
	if at == identityOf(ix) {
		return nil
	}
	return rebase(ctx, tx, ix, day)
}

// identityOf is what the overlay records of the index its file ids are
// of: "" for none.
func identityOf(ix *Index) string {
	if ix == nil {
		return ""
	}
	m := ix.Meta()
	return m.identity()
}

// liveState is the overlay's state: what readers ask of it first.
type liveState struct {
	version, seq, epoch, companies, to int64
	index                              string
}

func readLiveState(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (liveState, error) {
	var st liveState
	rs, err := q.QueryContext(ctx, `SELECT key, value FROM state WHERE key IN (?, ?, ?, ?, ?, ?)`,
		stateVersion, stateSeq, stateEpoch, stateCompanies, stateTo, stateIndex)
	if err != nil {
		return st, err
	}
	defer rs.Close()
	for rs.Next() {
		var k string
		var v any
		if err := rs.Scan(&k, &v); err != nil {
			return st, err
		}
		n, _ := v.(int64)
		switch k {
		case stateVersion:
			st.version = n
		case stateSeq:
			st.seq = n
		case stateEpoch:
			st.epoch = n
		case stateCompanies:
			st.companies = n
		case stateTo:
			st.to = n
		case stateIndex:
			switch s := v.(type) {
			case string:
				st.index = s
			case []byte:
				st.index = string(s)
			}
		}
	}
	return st, rs.Err()
}

func writeLiveState(ctx context.Context, tx *sql.Tx, st liveState) error {
	for k, v := range map[string]int64{stateSeq: st.seq, stateCompanies: st.companies, stateTo: st.to} {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO state VALUES (?, ?)`, k, v); err != nil {
			return err
		}
	}
	return nil
}

// rebase brings every row of the overlay to the index ix (nil: none):
// those published before day (and those published at a time not said)
// go, as the file of that day holds them, and each of the others is
// worked out again from its profile, its row in the file looked up in
// ix. The epoch moves on.
func rebase(ctx context.Context, tx *sql.Tx, ix *Index, day time.Time) error {
	if !day.IsZero() {
		if _, err := tx.ExecContext(ctx, `DELETE FROM live WHERE published < ?`, day.UnixMilli()); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM terms; DELETE FROM counts`); err != nil {
		return err
	}
	w, err := newLiveWriter(ctx, tx, ix)
	if err != nil {
		return err
	}
	defer w.close()
	w.rebasing = true
	type old struct {
		number string
		ev     liveEvent
		seq    int64
	}
	// A page of rows at a time, by number: what is held does not grow
	// with the overlay.
	after := ""
	for {
		var page []old
		rs, err := tx.QueryContext(ctx, `SELECT number, timepoint, published, gone, profile, seq FROM live WHERE number > ? ORDER BY number LIMIT 512`, after)
		if err != nil {
			return err
		}
		for rs.Next() {
			var o old
			if err := rs.Scan(&o.number, &o.ev.timepoint, &o.ev.published, &o.ev.gone, &o.ev.profile, &o.seq); err != nil {
				rs.Close()
				return err
			}
			if o.ev.profile == nil {
				o.ev.profile = []byte{}
			}
			page = append(page, o)
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return err
		}
		if len(page) == 0 {
			break
		}
		for _, o := range page {
			if _, err := w.put(ctx, o.number, o.ev, o.seq); err != nil {
				return err
			}
		}
		after = page[len(page)-1].number
	}
	if err := w.finish(ctx); err != nil {
		return err
	}
	var companies, to int64
	if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(max(published), 0) FROM live`).Scan(&companies, &to); err != nil {
		return err
	}
	for k, v := range map[string]any{stateCompanies: companies, stateTo: to, stateIndex: identityOf(ix)} {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO state VALUES (?, ?)`, k, v); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO state VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET value = value + 1`, stateEpoch)
	return err
}

// dropLive brings the overlay of the index at index to the file now in
// place there (yyyy-mm-dd its day): what was published before that day,
// which the file holds, goes, and what was published at a time not
// said; the rest is looked up in the new file. A new file is the
// register as of its day, and a follow brings the rest again.
func dropLive(ctx context.Context, index, fileDate string) error {
	path := LivePath(index)
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	ix, err := Open(ctx, index)
	if err != nil {
		return err
	}
	defer ix.Close()
	db, err := openLiveDB(ctx, path, false, ix)
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
	if err := rebase(ctx, tx, ix, day); err != nil {
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
