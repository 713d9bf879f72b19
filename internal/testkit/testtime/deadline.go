// Package testtime is time as tests keep it: how long a test may wait
// (until shortly before its own deadline, however slow the machine), and
// a clock the test moves on itself. It imports nothing of coview's, so
// that package api's own tests can use it.
package testtime

import (
	"testing"
	"time"
)

// Deadline is how long a test may wait for something it expects: until
// shortly before the test binary's own deadline (go test -timeout), so
// that a slow machine only makes a test slower, never failed, and a wait
// that really hangs still fails with the test's own message rather than
// the binary's panic. The grace before the binary's deadline is a tenth
// of what is left, at least a second and at most a minute.
func Deadline(t testing.TB) time.Time {
	var end time.Time
	ok := false
	if d, has := t.(interface{ Deadline() (time.Time, bool) }); has {
		end, ok = d.Deadline()
	}
	if !ok {
		// -timeout 0, or a benchmark: no deadline to keep within.
		return time.Now().Add(24 * time.Hour)
	}
	grace := min(max(time.Until(end)/10, time.Second), time.Minute)
	return end.Add(-grace)
}

// Bound is Deadline as a channel, for a select beside what is awaited.
func Bound(t testing.TB) <-chan time.Time {
	return time.After(time.Until(Deadline(t)))
}
