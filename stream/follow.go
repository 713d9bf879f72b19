package stream

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"coview/api"
)

// Live, given as the timepoint to follow from, follows what comes from
// now on.
const Live int64 = -1

// Handler is given each new event of a stream, in timepoint order, once.
// An error from it ends the follow with that error; the event is then
// not taken as read, and the caller resumes at its timepoint.
type Handler func(ctx context.Context, e *api.Event) error

// restartAfter is how many events in a row below the last one read make
// the stream taken as restarted (its timepoints begun again lower),
// rather than repeating itself: without it, a stream renumbered would be
// skipped for ever.
const restartAfter = 1000

// follower is one follow of one stream: where it is and what it has seen.
type follower struct {
	s      *Streams
	name   string
	handle Handler
	next   int64 // the timepoint to ask for next; Live when none
	last   int64 // the last timepoint read in order; -1 before the first
	below  int   // events in a row at or below last
	seen   *seen
	lines  lines
	fails  int // connections in a row that ended before they were any use
	limits int // 429s in a row
}

// Follow follows the stream name (one of Names, or another path the
// stream URL serves) and gives handle every new event, until ctx ends,
// handle fails, or the stream cannot go on by itself: ErrRejectedKey (a
// 401 or 403: the key is not a streaming key for it), ErrNoStream,
// ErrRefused. It returns that error, or the context's.
//
// from is the timepoint to start at: the last one the caller kept plus
// one (the stream's replay includes the timepoint asked for), or Live.
// After that Follow keeps the place itself: a connection that ends (the
// stream closes it, a gateway answers 502, 503 or 504, a network error,
// no byte for three heartbeats) is made again from the timepoint after
// the last event read, soon at first and then less often, never more
// than MaxBackoff apart. A timepoint the stream no longer holds (416) is
// a Gap notice and the follow goes on live: the caller fills the gap.
//
// A 429 says the key has too many connections, or makes them too often.
// The consumers of the stream either exit on it (and the feed stops until
// someone starts it again, though the limit passes by itself) or try
// again at their usual pace (which keeps the limit tripped). Follow does
// neither: it waits RateLimitWait, or as long as the stream's
// Retry-After asks, doubling with each 429 in a row up to MaxRateLimit,
// and says so through OnWait each time. Nothing is lost meanwhile: the
// follow resumes where it was, unless the wait outlasts the stream's
// memory, which a Gap then says.
func (s *Streams) Follow(ctx context.Context, name string, from int64, handle Handler) error {
	if name == "" || strings.ContainsAny(name, "/?#%") {
		return &Error{Stream: name, kind: kindRefused, Reason: "that is no stream's name"}
	}
	release, err := s.acquire(name)
	if err != nil {
		return err
	}
	defer release()
	if from < 0 {
		from = Live
	}
	f := &follower{s: s, name: name, handle: handle, next: from, last: -1, seen: newSeen(s.opts.Remember), lines: lines{max: s.opts.MaxLine}}
	for {
		o := f.connect(ctx)
		switch o.end {
		case endFatal:
			return o.err
		case endCanceled:
			return ctx.Err()
		case endGap:
			s.count(name, func(c *Counts) { c.Gaps++ })
			f.notice(Notice{Kind: Gap, Timepoint: f.next})
			f.next = Live
			f.fails = 0
			continue
		case endLimited:
			f.limits++
			wait := min(s.opts.RateLimitWait<<min(f.limits-1, 16), s.opts.MaxRateLimit)
			wait = max(wait, min(o.retryAfter, s.opts.MaxRateLimit))
			why := "429: the stream refused another connection for this key; it may hold too many (at most 9), here or in another program, or connect too often"
			if err := f.sleep(ctx, Wait{What: "to connect again", Why: why}, wait); err != nil {
				return err
			}
		case endRetry:
			if o.healthy {
				f.fails = 0
			}
			f.fails++
			f.notice(Notice{Kind: Disconnected, Err: o.err})
			wait := min(s.opts.FirstBackoff<<min(f.fails-1, 16), s.opts.MaxBackoff)
			wait -= time.Duration(float64(wait/2) * s.opts.Jitter())
			if err := f.sleep(ctx, Wait{What: "to connect again", Why: errText(o.err)}, wait); err != nil {
				return err
			}
		}
	}
}

// sleep waits d on the follow's clock, telling OnWait first, or until
// ctx ends.
func (f *follower) sleep(ctx context.Context, w Wait, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w.Until = f.s.opts.Clock.Now().Add(d)
	done, stop := f.s.opts.Clock.NewTimer(d)
	defer stop()
	f.wait(w) // once set: whoever moves the clock on when told finds the timer there
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *follower) wait(w Wait) {
	if tell := f.s.opts.OnWait; tell != nil {
		w.Stream = f.name
		tell(w)
	}
}

func (f *follower) notice(n Notice) {
	if tell := f.s.opts.OnNotice; tell != nil {
		n.Stream = f.name
		tell(n)
	}
}

// handlerError carries handle's error out of the line reader.
type handlerError struct{ err error }

func (h handlerError) Error() string { return h.err.Error() }

// line reads one line: a heartbeat, an event, or something skipped.
func (f *follower) line(ctx context.Context, b []byte, delivered *bool) error {
	if len(bytes.TrimSpace(b)) == 0 {
		f.s.count(f.name, func(c *Counts) { c.Heartbeats++ })
		f.notice(Notice{Kind: Heartbeat})
		return nil
	}
	e, err := api.DecodeEvent(b)
	if err != nil {
		f.s.count(f.name, func(c *Counts) { c.Unreadable++ })
		f.notice(Notice{Kind: Unreadable, Err: err})
		return nil
	}
	if f.last >= 0 && e.Timepoint <= f.last {
		f.below++
		if f.below < restartAfter {
			f.s.count(f.name, func(c *Counts) { c.Backwards++ })
			f.notice(Notice{Kind: Backwards, Timepoint: e.Timepoint, Last: f.last})
			return nil
		}
		f.notice(Notice{Kind: Restarted, Timepoint: e.Timepoint, Last: f.last})
	}
	f.below = 0
	if f.seen.repeat(e) {
		f.last, f.next = e.Timepoint, e.Timepoint+1
		f.s.count(f.name, func(c *Counts) { c.Duplicates++ })
		f.notice(Notice{Kind: Duplicate, Timepoint: e.Timepoint})
		return nil
	}
	if err := f.handle(ctx, e); err != nil {
		return handlerError{err}
	}
	f.last, f.next = e.Timepoint, e.Timepoint+1
	*delivered = true
	f.s.count(f.name, func(c *Counts) { c.Events++ })
	return nil
}

// long tells of a line skipped for its length.
func (f *follower) long(n int) {
	f.s.count(f.name, func(c *Counts) { c.TooLong++ })
	f.notice(Notice{Kind: TooLong, Bytes: n})
}

// ended is how a connection ended.
type ended int

const (
	endRetry    ended = iota // connect again, after a while
	endGap                   // the timepoint is gone: connect again at once, live
	endLimited               // 429: connect again after a long while
	endFatal                 // stop, with err
	endCanceled              // the caller stopped
)

type outcome struct {
	end        ended
	err        error
	healthy    bool          // the connection was of use: an event delivered, or it stayed up a while
	retryAfter time.Duration // a 429's Retry-After
}

// errorOf is the error an outcome is for a caller that connects once
// (Check): a failure that would pass by itself says why, still.
func errorOf(name string, o outcome) error {
	switch o.end {
	case endFatal, endCanceled:
		return o.err
	case endLimited:
		return &Error{Stream: name, Status: 429, kind: kindRefused, Reason: "too many connections for this key, or made too often; try again in a while"}
	case endGap:
		return nil
	}
	return fmt.Errorf("stream %s: %w", name, o.err)
}
