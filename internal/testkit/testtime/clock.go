package testtime

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// Clock is a clock a test moves on itself: it satisfies api.Clock, and
// its Now serves every other package's now function. Time stands still
// until the test moves it, and a timer fires only then, so a wait of five
// minutes takes none, and no machine is too slow for it. Its methods may
// be called from any goroutine.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*timer
	changed chan struct{} // closed, and replaced, whenever a timer is set
}

type timer struct {
	at time.Time
	c  chan time.Time
}

// NewClock is a clock that reads start until it is moved.
func NewClock(start time.Time) *Clock {
	return &Clock{now: start, changed: make(chan struct{})}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer sets a timer that fires once the clock has moved d on; one of
// d <= 0 has fired already.
func (c *Clock) NewTimer(d time.Duration) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.timerAt(c.now.Add(d))
}

// NewTimerAt is a timer that fires when the clock reaches at (at once
// when it has): unlike NewTimer's span, counted from whenever the timer
// is made, an instant cannot be overtaken by the clock being set forward
// while its caller works out how long to wait.
func (c *Clock) NewTimerAt(at time.Time) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.timerAt(at)
}

func (c *Clock) timerAt(at time.Time) (<-chan time.Time, func() bool) {
	t := &timer{at: at, c: make(chan time.Time, 1)}
	if !at.After(c.now) {
		t.c <- c.now
		return t.c, func() bool { return false }
	}
	c.timers = append(c.timers, t)
	close(c.changed)
	c.changed = make(chan struct{})
	return t.c, func() bool { return c.stop(t) }
}

func (c *Clock) stop(t *timer) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.timers, t)
	if i < 0 {
		return false
	}
	c.timers = slices.Delete(c.timers, i, i+1)
	return true
}

// Advance moves the clock d on, firing every timer that is then due.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.setLocked(c.now.Add(d))
}

// Set moves the clock to t (never back), firing every timer then due.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.setLocked(t)
	}
}

func (c *Clock) setLocked(t time.Time) {
	c.now = t
	kept := c.timers[:0]
	for _, tm := range c.timers {
		if tm.at.After(t) {
			kept = append(kept, tm)
			continue
		}
		tm.c <- t
	}
	clear(c.timers[len(kept):])
	c.timers = kept
}

// Timers are the timers set and not yet fired or stopped, by when they
// fire, earliest first.
func (c *Clock) Timers() []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at []time.Time
	for _, t := range c.timers {
		at = append(at, t.at)
	}
	slices.SortFunc(at, time.Time.Compare)
	return at
}

// AwaitTimers waits until at least n timers are set, that is until the
// code under test is waiting for the clock, and returns when they fire.
// It fails the test if that has not happened by Deadline.
func (c *Clock) AwaitTimers(t testing.TB, n int) []time.Time {
	t.Helper()
	give := time.NewTimer(time.Until(Deadline(t)))
	defer give.Stop()
	for {
		c.mu.Lock()
		waiting, changed := len(c.timers), c.changed
		c.mu.Unlock()
		if waiting >= n {
			return c.Timers()
		}
		select {
		case <-changed:
		case <-give.C:
			t.Fatalf("testtime: %d timers set by the test's deadline, want %d", waiting, n)
			return nil
		}
	}
}

// TimerSet is closed when the next timer is set: a test that expects no
// wait at all selects on it beside what it awaits.
func (c *Clock) TimerSet() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.changed
}

// Drive moves the clock on to each timer, earliest first, until done is
// closed: what the code under test waits for passes at once, in order.
// Between two timers it lets the code woken by the first run for a
// moment of the machine's time, so that a timer that code sets sooner
// than the second is not jumped over; how long the code took in the
// machine's time never shows in the clock's. It fails the test if done is
// not closed by Deadline.
func (c *Clock) Drive(t testing.TB, done <-chan struct{}) {
	t.Helper()
	give := time.NewTimer(time.Until(Deadline(t)))
	defer give.Stop()
	for {
		c.mu.Lock()
		var next time.Time
		for _, tm := range c.timers {
			if next.IsZero() || tm.at.Before(next) {
				next = tm.at
			}
		}
		if !next.IsZero() {
			c.setLocked(next)
		}
		changed, more := c.changed, len(c.timers) > 0
		c.mu.Unlock()
		var moment <-chan time.Time
		if more {
			moment = time.After(time.Millisecond)
		}
		select {
		case <-done:
			return
		case <-changed:
		case <-moment:
		case <-give.C:
			t.Fatal("testtime: still running at the test's deadline")
			return
		}
	}
}
