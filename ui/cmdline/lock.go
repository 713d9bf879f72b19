package cmdline

import (
	"errors"
	"os"
	"path/filepath"
	"time"
)

// The history's file is read and written again by every line run, in
// each coview running: a lock file beside it (created only if it is not
// there) makes that read-and-write one at a time across processes, so
// neither loses the other's line. The wait is bounded: past lockWait the
// line is written all the same (the file is still whole, written by a
// rename; a line of the other run may be lost), and a lock left older
// than lockStale by a run that died is taken away.
const (
	lockWait  = time.Second
	lockStale = 10 * time.Second
	lockPoll  = 5 * time.Millisecond
)

// lock takes the lock in dir; the function it returns lets it go.
func lock(dir string) (unlock func()) {
	path := filepath.Join(dir, "."+HistoryFile+".lock")
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }
		}
		if !errors.Is(err, os.ErrExist) || time.Now().After(deadline) {
			return func() {}
		}
		if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) > lockStale {
			os.Remove(path)
			continue
		}
		time.Sleep(lockPoll)
	}
}
