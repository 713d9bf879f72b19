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

	_ "modernc.org/sqlite"
)

// ErrNoIndex is an index that is not there: coview index update makes one.
var ErrNoIndex = errors.New("there is no index of the register: coview index update makes one")

// ErrOtherVersion is an index written by another coview, in a format
// this one does not read: coview index update makes one it does.
var ErrOtherVersion = errors.New("the index was made by another version of coview: coview index update makes a new one")

// ErrOtherRegister is an index of the other register than Of asked for:
// the demo's where the live register's was wanted, or the other way.
var ErrOtherRegister = errors.New("the index is not of the register asked for")

// Index is an index of the register, open for reading. An update never
// changes an index file: it puts a new one in its place. A query reads
// the file it began with to its end, whatever happens beside; the next
// one, when none is under way, reads the new file (a browser left open
// over the first of the month reads the new month's register, and the
// overlay a follow keeps of it, as a process started since would).
type Index struct {
	path string
	opts openOptions

	// gate: each exported query holds it to read; a file replaced is put
	// in place of the one read only when no query holds it.
	gate   sync.RWMutex
	lmu    sync.Mutex
	loaded bool
	err    error       // why the index could not be opened, once tried
	read   os.FileInfo // the file opened: a file at path that is not it replaced it
	db     *sql.DB
	meta   Meta

	mu     sync.Mutex
	stmts  map[string]*sql.Stmt
	sic    map[string]string         // SIC codes' words, read on first use
	facets map[string]map[string]int // by term prefix, read on first use

	overlay liveView // the live overlay beside the file, read as it changes
}

// OpenOption sets how an index is opened.
type OpenOption func(*openOptions)

type openOptions struct {
	cacheKiB, conns int
	deferred        bool
	demo            *bool // the index must be the demo's (true) or the live register's (false)
}

// Lean opens the index for a process that keeps it open for hours beside
// everything else it holds (the browser): on its first use rather than
// now, so that a session that searches no name never starts the SQLite
// engine for it, and with a page cache of 2 MiB for each of two
// connections (a query reads the SIC codes' words while its rows are
// open), SQLite's default, rather than 16 MiB for each of four, which a
// search process that asks once and ends can spend. A fault found on
// first use (a file of another format, or of the other register) is what
// every query then returns.
func Lean() OpenOption {
	return func(o *openOptions) { o.cacheKiB, o.conns, o.deferred = 2<<10, 2, true }
}

// Of says whose the index must be: the demo's file (demo true) or the
// live register's; an index of the other is refused.
func Of(demo bool) OpenOption {
	return func(o *openOptions) { o.demo = &demo }
}

// Open opens the index at path for reading, with the cache and the
// connections opts allow. ErrNoIndex is no file there.
func Open(ctx context.Context, path string, opts ...OpenOption) (*Index, error) {
	o := openOptions{cacheKiB: 16 << 10, conns: 4}
	for _, f := range opts {
		f(&o)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoIndex
	} else if err != nil {
		return nil, fmt.Errorf("the index %s: %w", abs, err)
	}
	ix := &Index{path: abs, opts: o, stmts: map[string]*sql.Stmt{}, facets: map[string]map[string]int{}}
	ix.meta.Path = abs
	if !o.deferred {
		if err := ix.ready(ctx); err != nil {
			return nil, err
		}
	}
	return ix, nil
}

// ready opens the index, the first time it is called (and the first time
// after the file was replaced).
func (ix *Index) ready(ctx context.Context) error {
	ix.lmu.Lock()
	defer ix.lmu.Unlock()
	if !ix.loaded {
		ix.err, ix.loaded = ix.open(ctx), true
	}
	return ix.err
}

// use holds the index for a query until the func it returns is called;
// first, when an update has put a new file at its path since it opened
// its own and no query is under way, it lets go of its own, to open the
// new one as the query begins.
func (ix *Index) use() func() {
	ix.lmu.Lock()
	read := ix.read
	ix.lmu.Unlock()
	if read != nil {
		if fi, err := os.Stat(ix.path); err == nil && !os.SameFile(fi, read) && ix.gate.TryLock() {
			ix.release()
			ix.gate.Unlock()
		}
	}
	ix.gate.RLock()
	return ix.gate.RUnlock
}

// release lets go of the file read, and all that was read of it, for the
// next query to open the file now at the path.
func (ix *Index) release() {
	ix.mu.Lock()
	for _, st := range ix.stmts {
		st.Close()
	}
	ix.stmts, ix.sic, ix.facets = map[string]*sql.Stmt{}, nil, map[string]map[string]int{}
	ix.mu.Unlock()
	ix.overlay.close()
	ix.lmu.Lock()
	defer ix.lmu.Unlock()
	if ix.db != nil {
		ix.db.Close()
	}
	ix.db, ix.read, ix.loaded, ix.err = nil, nil, false, nil
	ix.meta = Meta{Path: ix.path}
}

func (ix *Index) open(ctx context.Context) error {
	fi, err := os.Stat(ix.path)
	if err != nil {
		return fmt.Errorf("the index %s: %w", ix.path, err)
	}
	// immutable: nothing ever writes to the file once it is in place,
	// so there is nothing to lock and nothing to look for changes in.
	dsn := "file:" + (&url.URL{Path: ix.path}).EscapedPath() + "?mode=ro&immutable=1&_pragma=query_only(1)" +
		fmt.Sprintf("&_pragma=cache_size(-%d)", ix.opts.cacheKiB)
	registerFunctions()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return fmt.Errorf("the index %s: %w", ix.path, err)
	}
	db.SetMaxOpenConns(ix.opts.conns)
	m, err := readMeta(ctx, db)
	switch {
	case errors.Is(err, ErrOtherVersion):
		db.Close()
		return fmt.Errorf("the index %s: %w", ix.path, err)
	case err != nil:
		db.Close()
		return fmt.Errorf("the index %s cannot be read (%v): coview index update makes a new one", ix.path, err)
	case ix.opts.demo != nil && m.Origin.Demo != *ix.opts.demo:
		// Only coview --demo index update keeps the demo's, and in a
		// file of its own: this one was put here by hand.
		db.Close()
		return fmt.Errorf("%w: %s", ErrOtherRegister, ix.path)
	}
	m.Path, m.Size = ix.path, fi.Size()
	ix.db, ix.meta, ix.read = db, m, fi
	return nil
}

// stmt is the statement named, prepared once.
func (ix *Index) stmt(ctx context.Context, name, query string) (*sql.Stmt, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if st := ix.stmts[name]; st != nil {
		return st, nil
	}
	if err := ix.ready(ctx); err != nil {
		return nil, err
	}
	st, err := ix.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("the index %s: %w", ix.meta.Path, err)
	}
	ix.stmts[name] = st
	return st, nil
}

// sicWords are the file's words for a SIC code.
func (ix *Index) sicWords(code string) string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.sic == nil && ix.ready(context.Background()) == nil {
		ix.sic = map[string]string{}
		rows, err := ix.db.Query(`SELECT code, words FROM sic_words`)
		if err == nil {
			for rows.Next() {
				var c, w string
				if rows.Scan(&c, &w) == nil {
					ix.sic[c] = w
				}
			}
			rows.Close()
		}
	}
	return ix.sic[code]
}

// Meta is what the index records of itself (opening it first when it was
// opened Lean); only its Path when it cannot be read.
func (ix *Index) Meta() Meta {
	defer ix.use()()
	ix.ready(context.Background())
	return ix.meta
}

// Err is why the index cannot be read, or nil (opening it first when it
// was opened Lean).
func (ix *Index) Err() error {
	defer ix.use()()
	return ix.ready(context.Background())
}

// Close closes the index.
func (ix *Index) Close() error {
	ix.mu.Lock()
	for _, st := range ix.stmts {
		st.Close()
	}
	ix.stmts = map[string]*sql.Stmt{}
	ix.mu.Unlock()
	ix.overlay.close()
	ix.lmu.Lock()
	defer ix.lmu.Unlock()
	if ix.db == nil {
		return nil
	}
	return ix.db.Close()
}
