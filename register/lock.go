package register

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrBusy is another update of the same index running: Update refuses
// (wrapped in a *BusyError) unless asked to wait.
var ErrBusy = errors.New("another update of the index is running")

// BusyError says who holds the update: the process and since when, as
// its lock file says.
type BusyError struct {
	PID   int
	Since time.Time
}

func (e *BusyError) Error() string {
	who := "another coview"
	if e.PID > 0 {
		who += fmt.Sprintf(" (process %d", e.PID)
		if !e.Since.IsZero() {
			who += ", since " + e.Since.Format("15:04:05")
		}
		who += ")"
	}
	return who + " is updating the index"
}

func (e *BusyError) Unwrap() error { return ErrBusy }

// UpdateLock is held while an index is fetched, built and put in place.
// It is a lock the system drops when the process ends, however it ends,
// so a killed update never leaves the index locked.
type UpdateLock struct {
	f *os.File
}

// LockOptions say what to do when another process holds the lock: wait
// for it (telling OnWait once whom for), or refuse at once.
type LockOptions struct {
	Wait   bool
	OnWait func(*BusyError)
	Now    func() time.Time
	After  func(time.Duration) <-chan time.Time
}

// Lock takes the update lock of the index at path: a caller that fetches
// the file first holds it from before the download, so that two updates
// never write the same download. It returns a *BusyError when another
// process holds it and opt.Wait is false.
func Lock(ctx context.Context, path string, opt LockOptions) (*UpdateLock, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.After == nil {
		opt.After = time.After
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("cannot make the directory for the index: %w", err)
	}
	return acquireLock(ctx, abs+".lock", opt.Wait, opt.Now, opt.After, opt.OnWait)
}

// Release lets the next update go.
func (l *UpdateLock) Release() { l.release() }

// lockPoll is how often a waiting update tries the lock again.
const lockPoll = 500 * time.Millisecond

// acquireLock takes the lock at path; when another process holds it,
// it returns a *BusyError, or with wait tries again until it is free or
// ctx ends, telling onWait once who it waits for.
func acquireLock(ctx context.Context, path string, wait bool, now func() time.Time, after func(time.Duration) <-chan time.Time, onWait func(*BusyError)) (*UpdateLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open the index's lock %s: %w", path, err)
	}
	told := false
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot lock the index %s: %w", path, err)
		}
		if ok {
			f.Truncate(0)
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+" "+now().UTC().Format(time.RFC3339)+"\n"), 0)
			return &UpdateLock{f: f}, nil
		}
		busy := holder(path)
		if !wait {
			f.Close()
			return nil, busy
		}
		if !told && onWait != nil {
			onWait(busy)
			told = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-after(lockPoll):
		}
	}
}

// holder reads who holds the lock, as far as its file says.
func holder(path string) *BusyError {
	b, _ := os.ReadFile(path)
	e := &BusyError{}
	fields := strings.Fields(string(b))
	if len(fields) >= 1 {
		e.PID, _ = strconv.Atoi(fields[0])
	}
	if len(fields) >= 2 {
		e.Since, _ = time.Parse(time.RFC3339, fields[1])
		e.Since = e.Since.Local()
	}
	return e
}

func (l *UpdateLock) release() {
	l.f.Truncate(0)
	unlock(l.f)
	l.f.Close()
}
