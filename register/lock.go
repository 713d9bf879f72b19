package register

import (
	"context"
	"errors"
	"fmt"
	"os"
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

// updateLock is held while an index is built and put in place. It is a
// lock the system drops when the process ends, however it ends, so a
// killed update never leaves the index locked.
type updateLock struct {
	f *os.File
}

// lockPoll is how often a waiting update tries the lock again.
const lockPoll = 500 * time.Millisecond

// acquireLock takes the lock at path; when another process holds it,
// it returns a *BusyError, or with wait tries again until it is free or
// ctx ends, telling onWait once who it waits for.
func acquireLock(ctx context.Context, path string, wait bool, now func() time.Time, after func(time.Duration) <-chan time.Time, onWait func(*BusyError)) (*updateLock, error) {
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
			return &updateLock{f: f}, nil
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

func (l *updateLock) release() {
	l.f.Truncate(0)
	unlock(l.f)
	l.f.Close()
}
