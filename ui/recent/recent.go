// Package recent remembers the companies opened lately, between runs, in
// a small file in the XDG state directory ($XDG_STATE_HOME/coview/recent,
// by default ~/.local/state/coview/recent).
//
// The file holds company numbers and the companies' names only, one
// company a line ("00006400", a tab, its name), most recent first; never
// a key or anything else typed. A file written before names were kept
// (numbers alone) is read as it is, and written with names from then on.
// It is a convenience: a missing, broken or unwritable file gives an
// empty list or an error to show, never a crash.
package recent

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"coview/api"
	"coview/present/sanitize"
)

// Max is how many companies are kept.
const Max = 50

// maxFileBytes bounds what is read: 50 companies take a few kilobytes, so
// anything much bigger is not ours and only the start of it is looked at.
const maxFileBytes = 64 << 10

// maxName bounds a name kept, in bytes: the registry's names are at most
// 160 characters.
const maxName = 320

// Entry is a company opened lately: its number, and its name when it is
// known ("" for one read from a file of numbers alone).
type Entry struct {
	Number api.Number
	Name   string
}

// Numbers are the numbers of entries, in order.
func Numbers(list []Entry) []api.Number {
	out := make([]api.Number, len(list))
	for i, e := range list {
		out[i] = e.Number
	}
	return out
}

// cleanName is a name as the file keeps it: one line of harmless text
// without tabs, at most maxName bytes.
func cleanName(name string) string {
	name = strings.TrimSpace(sanitize.Line(name)) // tabs and line breaks become spaces
	if len(name) > maxName {
		cut := maxName
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut]
	}
	return name
}

// contains says whether list holds number.
func contains(list []Entry, n api.Number) bool {
	return slices.ContainsFunc(list, func(e Entry) bool { return e.Number == n })
}

// FileName is the file's name inside the state directory.
const FileName = "recent"

// DefaultDir is coview's directory under $XDG_STATE_HOME, or under
// ~/.local/state when that is not set (as the XDG base directory
// specification says).
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "coview"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state directory for recent numbers: %w", err)
	}
	return filepath.Join(home, ".local", "state", "coview"), nil
}

// ErrClosed is what Save returns once the store is closed: the program
// has said it is done, and nothing more is written.
var ErrClosed = errors.New("recent numbers: the store is closed")

// Store is the recent-numbers file in one directory. It is safe for
// concurrent use: saves are serialised, and each replaces the file whole.
// Close ends it: it writes the last list if no save did, waits a bounded
// time for a save in progress, and makes every later Save a no-op, so no
// write outlives the program.
type Store struct {
	dir string
	mu  sync.Mutex // serialises writes; held for a whole write
	// last is the list the file holds as far as this store knows: what
	// Load read or the last successful write put there. read says Load or
	// a write has happened; until then a write keeps what the file holds,
	// after the numbers it is given, so a save that beats the first Load
	// does not wipe the list.
	last []Entry
	read bool
	// closed is set once Close has begun; a write checks it before it
	// creates its temporary file and again, under fence, before the rename
	// that makes it visible.
	closed atomic.Bool
	fence  sync.Mutex

	// beforeRename, when set (by tests), runs between writing the
	// temporary file and renaming it over the real one.
	beforeRename func()
}

// Open returns the store in dir, or in DefaultDir when dir is "". Nothing is
// read or created until Load or Save.
func Open(dir string) (*Store, error) {
	if dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return &Store{dir: dir}, nil
}

// Path is the file the store reads and writes.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// Load reads the companies, most recent first. A missing file is an
// empty list. Lines that do not begin with a normalised company number
// are skipped, so a damaged file still gives whatever it holds that is
// good; a line of a number alone (a file from before names were kept)
// is a company whose name is not known.
func (s *Store) Load() ([]Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out, err := s.load()
	if err == nil {
		s.last, s.read = slices.Clone(out), true
	}
	return out, err
}

func (s *Store) load() ([]Entry, error) {
	f, err := os.Open(s.Path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(io.LimitReader(f, maxFileBytes))
	for sc.Scan() && len(out) < Max {
		number, name, _ := strings.Cut(strings.TrimRight(sc.Text(), "\r"), "\t")
		number = strings.TrimSpace(number)
		if n, err := api.ParseNumber(number); err == nil && string(n) == number && !contains(out, n) {
			out = append(out, Entry{Number: n, Name: cleanName(name)})
		}
	}
	// A line too long to scan is damage, not a reason to lose the rest.
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return out, err
	}
	return out, nil
}

// Save replaces the file with the companies in list (at most Max, in
// order); before the file has been read, what it held is kept after them.
// The
// directory is created private (0700) and the file is written private
// (0600) to a temporary name and renamed, so a crash never leaves half a
// file and another run never reads one.
func (s *Store) Save(list []Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.write(list)
}

// Close ends the store, waiting at most wait. If final is not what the
// file was last written with (a save was asked for but had not run when
// the program quit), it is written now. A save still in progress when wait
// runs out is abandoned: its temporary file is removed instead of renamed.
// Every Save after Close returns ErrClosed and writes nothing.
func (s *Store) Close(final []Entry, wait time.Duration) error {
	done := make(chan error, 1)
	go func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		var err error
		if !slices.Equal(s.last, trimmed(final)) && !s.closed.Load() {
			err = s.write(final)
		}
		s.shut()
		done <- err
	}()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		s.shut()
		return fmt.Errorf("recent numbers: not saved within %s", wait)
	}
}

// shut marks the store closed. Taking the fence means a write that has
// checked closed and is renaming finishes first, and none starts after.
func (s *Store) shut() {
	s.fence.Lock()
	s.closed.Store(true)
	s.fence.Unlock()
}

func trimmed(list []Entry) []Entry {
	if len(list) > Max {
		return list[:Max]
	}
	return list
}

// write replaces the file; s.mu is held.
func (s *Store) write(list []Entry) (err error) {
	if s.closed.Load() {
		return ErrClosed
	}
	if !s.read {
		if old, err := s.load(); err == nil {
			merged := slices.Clone(list)
			for _, e := range old {
				if !contains(merged, e.Number) {
					merged = append(merged, e)
				}
			}
			list = merged
		}
	}
	tmp, err := s.writeTemp(list)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if s.beforeRename != nil {
		s.beforeRename()
	}
	s.fence.Lock()
	defer s.fence.Unlock()
	if s.closed.Load() {
		return ErrClosed // the deferred Remove takes the temporary file away
	}
	if err := os.Rename(tmp, s.Path()); err != nil {
		return err
	}
	s.last, s.read = slices.Clone(trimmed(list)), true
	return nil
}

// writeTemp writes the companies, the first Max of them, to a new
// private file beside the list, flushed to the disk; it returns its path.
func (s *Store) writeTemp(list []Entry) (path string, err error) {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(s.dir, "."+FileName+"-*")
	if err != nil {
		return "", err
	}
	defer func() {
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return "", err
	}
	w := bufio.NewWriter(tmp)
	for _, e := range trimmed(list) {
		if name := cleanName(e.Name); name != "" {
			fmt.Fprintf(w, "%s\t%s\n", e.Number, name)
		} else {
			fmt.Fprintln(w, e.Number)
		}
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	return tmp.Name(), tmp.Sync()
}

// Add puts a company first in list, dropping its older place (whose name
// it keeps when e has none) and anything beyond Max. It returns a new
// slice; list is not changed.
func Add(list []Entry, e Entry) []Entry {
	out := make([]Entry, 0, min(len(list)+1, Max))
	out = append(out, e)
	for _, old := range list {
		switch {
		case old.Number == e.Number:
			if out[0].Name == "" {
				out[0].Name = old.Name
			}
		case len(out) < Max:
			out = append(out, old)
		}
	}
	return out
}
