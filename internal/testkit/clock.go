package testkit

import (
	"sort"
	"sync"
	"testing"
	"time"
)

// Clock is a clock a test moves by hand. Code that takes its time as a
// Now function and an AfterFunc function (the stream client, the demo's
// stream) is given the Clock's, and then nothing it waits for happens
// until the test says so: no test waits on the wall clock.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*clockTimer
	seq    int
	armed  chan struct{} // closed and replaced whenever a timer is armed
}

type clockTimer struct {
	at      time.Time
	seq     int // ties are run in the order armed
	f       func()
	stopped bool
}

// NewClock is a Clock reading t.
func NewClock(t time.Time) *Clock {
	return &Clock{now: t, armed: make(chan struct{})}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc runs f once the clock has been moved d on, as time.AfterFunc
// does on the wall clock; stop keeps it from running and reports whether
// it did. A d of 0 or less runs f at once, on a goroutine of its own. f
// otherwise runs on the goroutine of the Advance that reaches its time,
// so it must not wait for anything that Advance's caller holds.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	if d <= 0 {
		go f()
		return func() bool { return false }
	}
	c.mu.Lock()
	c.seq++
	t := &clockTimer{at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	close(c.armed)
	c.armed = make(chan struct{})
	c.mu.Unlock()
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		if t.stopped {
			return false
		}
		t.stopped = true
		return true
	}
}

// Advance moves the clock on by d, running every timer that falls due on
// the way, each with the clock at its own time, in order.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	to := c.now.Add(d)
	c.mu.Unlock()
	c.AdvanceTo(to)
}

// AdvanceTo moves the clock on to t (never back), as Advance does.
func (c *Clock) AdvanceTo(t time.Time) {
	for {
		c.mu.Lock()
		var next *clockTimer
		live := c.timers[:0]
		for _, tm := range c.timers {
			if !tm.stopped {
				live = append(live, tm)
			}
		}
		c.timers = live
		sort.Slice(c.timers, func(i, j int) bool {
			a, b := c.timers[i], c.timers[j]
			return a.at.Before(b.at) || a.at.Equal(b.at) && a.seq < b.seq
		})
		if len(c.timers) > 0 && !c.timers[0].at.After(t) {
			next = c.timers[0]
			next.stopped = true
			if next.at.After(c.now) {
				c.now = next.at
			}
		}
		if next == nil {
			if t.After(c.now) {
				c.now = t
			}
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		next.f()
	}
}

// Pending is how many timers are armed and not yet run or stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}

// Next is when the earliest armed timer falls due, and whether there is one.
func (c *Clock) Next() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at time.Time
	found := false
	for _, t := range c.timers {
		if !t.stopped && (!found || t.at.Before(at)) {
			at, found = t.at, true
		}
	}
	return at, found
}

// WaitArmed waits until cond holds of the clock, looked at again each
// time a timer is armed; the test fails if it does not hold by the test's
// own deadline (or within a minute, when the test has none).
func (c *Clock) WaitArmed(t testing.TB, what string, cond func(*Clock) bool) {
	t.Helper()
	deadline, ok := t.(interface{ Deadline() (time.Time, bool) })
	limit := time.Minute
	if ok {
		if d, has := deadline.Deadline(); has {
			limit = time.Until(d) - time.Second
		}
	}
	give := time.NewTimer(limit)
	defer give.Stop()
	for {
		c.mu.Lock()
		armed := c.armed
		c.mu.Unlock()
		if cond(c) {
			return
		}
		select {
		case <-armed:
		case <-give.C:
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}
