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

// Index is an index of the register, open for reading. An update never
// changes an index file: it puts a new one in its place, so an Index
// reads the same register until it is closed, whatever happens beside.
type Index struct {
	db   *sql.DB
	meta Meta

	mu     sync.Mutex
	stmts  map[string]*sql.Stmt
	sic    map[string]string         // SIC codes' words, read on first use
	facets map[string]map[string]int // by term prefix, read on first use
}

// Open opens the index at path for reading.
func Open(ctx context.Context, path string) (*Index, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoIndex
	}
	if err != nil {
		return nil, fmt.Errorf("the index %s: %w", abs, err)
	}
	// immutable: nothing ever writes to the file once it is in place,
	// so there is nothing to lock and nothing to look for changes in.
	dsn := "file:" + (&url.URL{Path: abs}).EscapedPath() + "?mode=ro&immutable=1&_pragma=query_only(1)&_pragma=cache_size(-16384)"
	registerFunctions()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("the index %s: %w", abs, err)
	}
	db.SetMaxOpenConns(4)
	m, err := readMeta(ctx, db)
	if err != nil {
		db.Close()
		if errors.Is(err, ErrOtherVersion) {
			return nil, fmt.Errorf("the index %s: %w", abs, err)
		}
		return nil, fmt.Errorf("the index %s cannot be read (%v): coview index update makes a new one", abs, err)
	}
	m.Path, m.Size = abs, fi.Size()
	ix := &Index{db: db, meta: m, stmts: map[string]*sql.Stmt{}, facets: map[string]map[string]int{}}
	return ix, nil
}

// stmt is the statement named, prepared once.
func (ix *Index) stmt(ctx context.Context, name, query string) (*sql.Stmt, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if st := ix.stmts[name]; st != nil {
		return st, nil
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
	if ix.sic == nil {
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

// Meta is what the index records of itself.
func (ix *Index) Meta() Meta { return ix.meta }

// Close closes the index.
func (ix *Index) Close() error {
	ix.mu.Lock()
	for _, st := range ix.stmts {
		st.Close()
	}
	ix.stmts = map[string]*sql.Stmt{}
	ix.mu.Unlock()
	return ix.db.Close()
}
