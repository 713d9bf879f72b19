package api

import "time"

// Clock is the time a Client paces and waits by: what time it is, and a
// timer that fires when a span of it has passed. Options without one use
// the machine's; a test passes one it moves on itself, so that a wait for
// the quota or a backoff takes no time and depends on no machine's speed.
type Clock interface {
	Now() time.Time
	// NewTimer is time.NewTimer on this clock: its channel receives once
	// d has passed, unless stop, which reports whether it stopped the
	// timer before it fired, is called first.
	NewTimer(d time.Duration) (c <-chan time.Time, stop func() bool)
}

// SystemClock is the machine's clock.
var SystemClock Clock = systemClock{}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) NewTimer(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}
