package register

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// FileName and DemoFileName are the index's files in the data directory,
// beside the watch list: the live register's, and the demo's, which only
// --demo reads.
const (
	FileName     = "register.db"
	DemoFileName = "register-demo.db"
)

// DefaultPath is where the index is kept: $XDG_DATA_HOME/coview/register.db
// (register-demo.db for the demo's), else under ~/.local/share. getenv is
// os.Getenv or a test's.
func DefaultPath(getenv func(string) string, demo bool) (string, error) {
	dir := getenv("XDG_DATA_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home := getenv("HOME")
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", errors.New("cannot tell where to keep the index: set XDG_DATA_HOME or HOME")
			}
		}
		dir = filepath.Join(home, ".local", "share")
	}
	name := FileName
	if demo {
		name = DemoFileName
	}
	return filepath.Join(dir, "coview", name), nil
}

// UpdateOptions say how to update an index and whom to tell.
type UpdateOptions struct {
	Origin Origin
	// Wait makes an update wait for another one running to end, rather
	// than refuse with a *BusyError; OnWait is told once who it waits for.
	Wait   bool
	OnWait func(*BusyError)
	// Lock, when the caller holds the update lock already (Lock), is it:
	// Update then takes none, and leaves it held.
	Lock *UpdateLock
	// Progress is told how the reading and the indexing go.
	Progress func(Progress)
	// Now and After are the clock; nil is the system's.
	Now   func() time.Time
	After func(time.Duration) <-chan time.Time

	pragmas string // for tests
	// nameListsOver is how many names a word must be in to have a
	// posting list; 0 is namesCap (tests make it small).
	nameListsOver int
}

func (o *UpdateOptions) clock() {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.After == nil {
		o.After = time.After
	}
}

// Update builds an index of the register from files (the register's zip
// or CSV, or its parts) beside the index at path, and puts it in place
// of that one only once it is whole. Until then, and whatever happens
// (a file that is not the register's or breaks off, a full disk, a
// kill), the index at path answers as before; nothing half-built is ever
// at path. Two updates of one index do not run at once: the second
// waits or refuses (UpdateOptions.Wait).
func Update(ctx context.Context, path string, files []string, opt UpdateOptions) (*Meta, error) {
	opt.clock()
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("cannot make the directory for the index: %w", err)
	}
	if opt.Lock == nil {
		lock, err := acquireLock(ctx, abs+".lock", opt.Wait, opt.Now, opt.After, opt.OnWait)
		if err != nil {
			return nil, err
		}
		defer lock.release()
	}
	removeLeftovers(abs)

	srcs, err := openSources(files)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, s := range srcs {
			s.Close()
		}
	}()
	started := opt.Now()
	tmp := abs + ".new-" + strconv.Itoa(os.Getpid())
	os.Remove(tmp)
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
		}
	}()
	report, err := build(ctx, tmp, srcs, buildOptions{progress: opt.Progress, now: opt.Now, pragmas: opt.pragmas, nameListsOver: opt.nameListsOver})
	if err != nil {
		return nil, err
	}
	m := &Meta{FileDate: srcs[0].date, Origin: opt.Origin, Rows: report.Rows, Malformed: report.Malformed,
		Skipped: report.Skipped, Problems: report.Problems, Unknown: report.Unknown, BuiltAt: opt.Now(), Path: abs, build: newBuildID()}
	m.Took = m.BuiltAt.Sub(started)
	if err := finishFile(ctx, tmp, m); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, abs); err != nil {
		return nil, fmt.Errorf("cannot put the new index in place: %w", err)
	}
	done = true
	syncDir(filepath.Dir(abs))
	// The live overlay's rows the new file holds go; if they cannot,
	// the whole overlay does, rather than answer older than the file.
	if err := dropLive(ctx, abs, m.FileDate); err != nil {
		removeLive(abs)
	}
	if fi, err := os.Stat(abs); err == nil {
		m.Size = fi.Size()
	}
	if opt.Progress != nil {
		opt.Progress(Progress{Stage: StageDone, Rows: m.Rows, Elapsed: m.Took})
	}
	return m, nil
}

// finishFile records what the index is and makes sure it is on the disk
// before it may be put in place.
func finishFile(ctx context.Context, path string, m *Meta) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)")
	if err != nil {
		return err
	}
	err = writeMeta(ctx, db, m)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return storeError(fmt.Errorf("cannot write the new index to the disk: %w", err))
	}
	return nil
}

// removeLeftovers removes what updates that were killed left beside the
// index; the caller holds the lock, so none of them is running.
func removeLeftovers(path string) {
	matches, _ := filepath.Glob(path + ".new-*")
	for _, m := range matches {
		os.Remove(m)
	}
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Remove deletes the index at path, taking the update lock so that an
// update running is not undone; removing none is no error.
func Remove(ctx context.Context, path string) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	if _, err := os.Stat(abs); errors.Is(err, os.ErrNotExist) {
		removeLive(abs)
		return false, nil
	}
	lock, err := acquireLock(ctx, abs+".lock", false, time.Now, time.After, nil)
	if err != nil {
		return false, err
	}
	defer func() {
		lock.release()
		os.Remove(abs + ".lock")
	}()
	removeLeftovers(abs)
	if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	removeLive(abs)
	syncDir(filepath.Dir(abs))
	return true, nil
}
