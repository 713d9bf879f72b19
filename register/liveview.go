package register

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"coview/api"
)

// liveView is an index's reading of its live overlay: an open
// connection to it, asked per query about what the query touches, so
// that a reader sees each batch as soon as it is written and holds
// nothing of the overlay between queries.
type liveView struct {
	mu sync.Mutex // opening and closing
	db *sql.DB
	// on: the last state read says the overlay has rows, of this index:
	// the file's rows read are looked up in it.
	on   atomic.Bool
	tune *liveTune // nil: defaultTune
}

// errOldLive is an overlay written by an older coview: readers leave it
// out until a follow rebuilds it.
var errOldLive = errors.New("was written by an older coview and is left out: the next coview watch follow rebuilds it")

// LiveStatus is what the live overlay adds to the file.
type LiveStatus struct {
	Companies int       // companies changed or incorporated since the file
	To        time.Time // when the latest of their events was published; zero for none
}

// Live is what the live overlay beside the index adds to it, as it now
// is.
func (ix *Index) Live(ctx context.Context) (LiveStatus, error) {
	defer ix.use()()
	st, err := ix.liveState(ctx)
	if err != nil || st == nil {
		return LiveStatus{}, err
	}
	out := LiveStatus{Companies: int(st.companies)}
	if st.to > 0 {
		out.To = time.UnixMilli(st.to).UTC()
	}
	return out, nil
}

// liveNow is the overlay's state when it changes what the index answers:
// nil when there is none, it has no rows, or its rows are not of this
// index (an update has put a new one in place since this one was
// opened: this one answers as its file).
func (ix *Index) liveNow(ctx context.Context) (*liveState, error) {
	st, err := ix.liveState(ctx)
	if errors.Is(err, errOldLive) {
		return nil, nil
	}
	if err != nil || st == nil || st.companies == 0 {
		return nil, err
	}
	return st, nil
}

// liveState reads the overlay's state.
func (ix *Index) liveState(ctx context.Context) (*liveState, error) {
	v := &ix.overlay
	on := false
	defer func() { v.on.Store(on) }()
	if err := ix.ready(ctx); err != nil {
		return nil, err
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return nil, err
	}
	st, err := readLiveState(ctx, db)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") {
			return nil, nil // a follow is making it
		}
		return nil, fmt.Errorf("the live overlay %s cannot be read: %w", LivePath(ix.path), err)
	}
	switch {
	case st.version == 0 && st.seq > 0, st.version > 0 && st.version < liveVersion:
		return nil, fmt.Errorf("the live overlay %s %w", LivePath(ix.path), errOldLive)
	case st.version != liveVersion, st.index != ix.meta.identity():
		return nil, nil
	}
	on = st.companies > 0
	return &st, nil
}

// liveDB is the overlay's connection, opened on first use; nil when no
// follow has written one.
func (ix *Index) liveDB() (*sql.DB, error) {
	v := &ix.overlay
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.db != nil {
		return v.db, nil
	}
	path := LivePath(ix.path)
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	db, err := sql.Open("sqlite", liveDSN(path, "rw", false))
	if err != nil {
		return nil, fmt.Errorf("the live overlay %s cannot be read: %w", path, err)
	}
	db.SetMaxOpenConns(2)
	v.db = db
	return db, nil
}

func (v *liveView) close() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.db != nil {
		v.db.Close()
		v.db = nil
	}
}

// liveCompany is a company as the overlay has it.
type liveCompany struct {
	gone, onreg bool
	c           *Company // nil when gone
}

// onRegister reports whether the company is on the register, as the
// file's are: not taken off, not dissolved.
func (r *liveCompany) onRegister() bool { return r.onreg }

// liveColumns are the columns a company of the overlay is read from.
const liveColumns = `l.number, l.gone, l.onreg, l.name, l.address, l.rest`

// scanLive reads a company of the overlay; more are more columns after
// liveColumns.
func (ix *Index) scanLive(rs interface{ Scan(...any) error }, more ...any) (*liveCompany, error) {
	var number, name, address, rest string
	r := &liveCompany{}
	if err := rs.Scan(append([]any{&number, &r.gone, &r.onreg, &name, &address, &rest}, more...)...); err != nil {
		return nil, err
	}
	if !r.gone {
		r.c = ix.unpack(&scanned{number: number, name: name, address: address, rest: rest})
	}
	return r, nil
}

// liveByNumber is the company with the number in the overlay, nil when
// it has none.
func (ix *Index) liveByNumber(ctx context.Context, number string) (*liveCompany, error) {
	if !ix.overlay.on.Load() {
		return nil, nil
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return nil, err
	}
	r, err := ix.scanLive(db.QueryRowContext(ctx, `SELECT `+liveColumns+` FROM live l WHERE l.number = ?`, number))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// liveOver puts the overlay's company in place of each of the file's
// rows it has one of (s.live), with one question for them all.
func (ix *Index) liveOver(ctx context.Context, rows []*scanned) error {
	if len(rows) == 0 || !ix.overlay.on.Load() {
		return nil
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return err
	}
	args := make([]any, len(rows))
	at := make(map[int64]*scanned, len(rows))
	for i, s := range rows {
		args[i] = s.id
		at[s.id] = s
	}
	rs, err := db.QueryContext(ctx, `SELECT `+liveColumns+`, l.fileid FROM live l WHERE l.fileid IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(rows)), ",")+`)`, args...)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		var id int64
		r, err := ix.scanLive(rs, &id)
		if err != nil {
			return err
		}
		if s := at[id]; s != nil {
			s.live = r
		}
	}
	return rs.Err()
}

// ErrTakenOff is a company the registry's streams said was deleted (taken
// off the register) since the register's file: it is ErrNotInFile too,
// as a number no company on the register has.
var ErrTakenOff = fmt.Errorf("the registry's streams said this company was taken off the register since the register's file: %w", ErrNotInFile)

// liveProfile is the profile the stream sent of the company with the
// number, nil when the overlay has none (or it was taken off).
func (ix *Index) liveProfile(ctx context.Context, number string) (*api.Profile, error) {
	if !ix.overlay.on.Load() {
		return nil, nil
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return nil, err
	}
	var gone bool
	var body []byte
	err = db.QueryRowContext(ctx, `SELECT gone, profile FROM live WHERE number = ?`, number).Scan(&gone, &body)
	if errors.Is(err, sql.ErrNoRows) || err == nil && (gone || len(body) == 0) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p, err := api.DecodeProfile(body, api.Number(number))
	if err != nil {
		return nil, nil
	}
	return p, nil
}
