// Package recent remembers the company numbers opened lately, between runs,
// in a small file in the XDG state directory ($XDG_STATE_HOME/coview/recent,
// by default ~/.local/state/coview/recent).
//
// The file holds company numbers only, one a line, most recent first; never
// a key or anything else typed. It is a convenience: a missing, broken or
// unwritable file gives an empty list or an error to show, never a crash.
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

	"coview/api"
)

// Max is how many numbers are kept.
const Max = 50

// maxFileBytes bounds what is read: 50 numbers take 450 bytes, so anything
// much bigger is not ours and only the start of it is looked at.
const maxFileBytes = 64 << 10

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
	last []api.Number
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

// Load reads the numbers, most recent first. A missing file is an empty
// list. Lines that are not normalised company numbers are skipped, so a
// damaged file still gives whatever it holds that is good.
func (s *Store) Load() ([]api.Number, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out, err := s.load()
	if err == nil {
		s.last, s.read = slices.Clone(out), true
	}
	return out, err
}

func (s *Store) load() ([]api.Number, error) {
	f, err := os.Open(s.Path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []api.Number
	sc := bufio.NewScanner(io.LimitReader(f, maxFileBytes))
	for sc.Scan() && len(out) < Max {
		line := strings.TrimSpace(sc.Text())
		if n, err := api.ParseNumber(line); err == nil && string(n) == line && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	// A line too long to scan is damage, not a reason to lose the rest.
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return out, err
	}
	return out, nil
}

// Save replaces the file with numbers (at most Max, in order); before the
// file has been read, what it held is kept after them. The
// directory is created private (0700) and the file is written private
// (0600) to a temporary name and renamed, so a crash never leaves half a
// file and another run never reads one.
func (s *Store) Save(numbers []api.Number) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.write(numbers)
}

// Close ends the store, waiting at most wait. If final is not what the
// file was last written with (a save was asked for but had not run when
// the program quit), it is written now. A save still in progress when wait
// runs out is abandoned: its temporary file is removed instead of renamed.
// Every Save after Close returns ErrClosed and writes nothing.
func (s *Store) Close(final []api.Number, wait time.Duration) error {
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

func trimmed(numbers []api.Number) []api.Number {
	if len(numbers) > Max {
		return numbers[:Max]
	}
	return numbers
}

// write replaces the file; s.mu is held.
func (s *Store) write(numbers []api.Number) (err error) {
	if s.closed.Load() {
		return ErrClosed
	}
	if !s.read {
		if old, err := s.load(); err == nil {
			merged := slices.Clone(numbers)
			for _, n := range old {
				if !slices.Contains(merged, n) {
					merged = append(merged, n)
				}
			}
			numbers = merged
		}
	}
	tmp, err := s.writeTemp(numbers)
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
	s.last, s.read = slices.Clone(trimmed(numbers)), true
	return nil
}

// writeTemp writes the numbers, the first Max of them, to a new private
// file beside the list, flushed to the disk; it returns its path.
func (s *Store) writeTemp(numbers []api.Number) (path string, err error) {
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
	for _, n := range trimmed(numbers) {
		fmt.Fprintln(w, n)
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	return tmp.Name(), tmp.Sync()
}

// Add puts number first in list, dropping its older place and anything
// beyond Max. It returns a new slice; list is not changed.
func Add(list []api.Number, number api.Number) []api.Number {
	out := make([]api.Number, 0, min(len(list)+1, Max))
	out = append(out, number)
	for _, n := range list {
		if n != number && len(out) < Max {
			out = append(out, n)
		}
	}
	return out
}
