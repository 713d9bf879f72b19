package register

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"coview/api"
)

// liveView is an index's reading of its live overlay: a snapshot of its
// rows, each with the company as the stream last said it and as the file
// has it, read again only as far as batches were written since.
type liveView struct {
	mu   sync.Mutex // one refresh at a time
	db   interface{ Close() error }
	conn *liveConn
	snap atomic.Pointer[liveSnap]
}

// liveSnap is the overlay as read at one time; never changed once made.
type liveSnap struct {
	epoch, seq int64
	rows       map[string]*liveRow
	to         time.Time // the latest event's publication
}

// liveRow is a company the streams changed or incorporated.
type liveRow struct {
	number    string
	timepoint int64
	published time.Time
	gone      bool
	profile   *api.Profile // as the stream sent it; nil when gone
	company   *Company     // the profile as a company, with what it lacks from the file's row
	file      *Company     // the file's row, nil for a company new since
	id        uint32       // the file's row's id, 0 for none
}

// onRegister reports whether the row is a company on the register, as
// the file's are: not deleted, not dissolved.
func (r *liveRow) onRegister() bool { return !r.gone && r.company != nil && !ceased(r.company.Status) }

// LiveStatus is what the live overlay adds to the file.
type LiveStatus struct {
	Companies int       // companies changed or incorporated since the file
	To        time.Time // when the latest of their events was published; zero for none
}

// Live is what the live overlay beside the index adds to it, as it now
// is.
func (ix *Index) Live(ctx context.Context) (LiveStatus, error) {
	snap, err := ix.liveNow(ctx)
	if err != nil || snap == nil {
		return LiveStatus{}, err
	}
	return LiveStatus{Companies: len(snap.rows), To: snap.to}, nil
}

// liveNow is the overlay as it now is (nil when there is none), read
// again as far as it changed since the last time.
func (ix *Index) liveNow(ctx context.Context) (*liveSnap, error) {
	if err := ix.ready(ctx); err != nil {
		return nil, err
	}
	v := &ix.overlay
	v.mu.Lock()
	defer v.mu.Unlock()
	old := v.snap.Load()
	if v.conn == nil {
		path := LivePath(ix.path)
		if _, err := os.Stat(path); err != nil {
			return nil, nil // no follow has written one
		}
		db, err := openLiveDB(path, false)
		if err != nil {
			return old, fmt.Errorf("the live overlay %s cannot be read: %w", path, err)
		}
		v.conn = &liveConn{db: db}
		v.db = db
	}
	snap, err := v.conn.read(ctx, ix, old)
	if err != nil {
		return old, fmt.Errorf("the live overlay %s cannot be read: %w", LivePath(ix.path), err)
	}
	v.snap.Store(snap)
	return snap, nil
}

// liveRowOf is the overlay's row of a company in the last snapshot, if
// any: what a company read from the file is replaced with.
func (ix *Index) liveRowOf(number string) *liveRow {
	if snap := ix.overlay.snap.Load(); snap != nil {
		return snap.rows[number]
	}
	return nil
}

func (v *liveView) close() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.db != nil {
		v.db.Close()
		v.db, v.conn = nil, nil
	}
}

// ErrTakenOff is a company the registry's streams said was deleted (taken
// off the register) since the register's file: it is ErrNotInFile too,
// as a number no company on the register has.
var ErrTakenOff = fmt.Errorf("the registry's streams said this company was taken off the register since the register's file: %w", ErrNotInFile)
