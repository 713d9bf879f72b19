package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RateLimit is the quota the registry reported on its last response
// (X-Ratelimit-Limit, -Remain, -Reset, -Window). The live service allows
// 600 requests per 5 minutes per key.
type RateLimit struct {
	Known  bool      // false until a response carried the headers
	Limit  int       // requests per window
	Remain int       // requests left in this window
	Reset  time.Time // when the window ends; zero if not sent or not believable (in milliseconds, in the year 2100)
	Window string    // as sent, e.g. "5m"
}

// resetHorizon is how far ahead a window's reset may believably be: the
// live window is 5 minutes, and an hour leaves room for any window the
// registry has used and for a skewed clock. A reset beyond it (sent in
// milliseconds, in the year 2100, or garbage) is not a time to wait for.
const resetHorizon = time.Hour

// readRateLimit reads the quota headers. Header.Get canonicalises names,
// so X-RateLimit-Remain and X-Ratelimit-Remain are the same.
func readRateLimit(h http.Header, now time.Time) RateLimit {
	var rl RateLimit
	limit, errL := strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Limit")))
	remain, errR := strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Remain")))
	if errR != nil {
		remain, errR = strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Remaining")))
	}
	rl.Reset = readReset(h.Get("X-Ratelimit-Reset"), now)
	if errL != nil && errR != nil {
		return rl // a reset time alone still tells a 429 when to retry
	}
	rl.Known = true
	rl.Limit, rl.Remain = limit, remain
	if errR != nil {
		rl.Remain = -1
	}
	rl.Window = strings.TrimSpace(h.Get("X-Ratelimit-Window"))
	return rl
}

// readReset reads X-Ratelimit-Reset, Unix seconds. Anything that cannot be
// the end of a window is zero, unknown: not a number, not positive, or
// further ahead than resetHorizon. A reset in the past is kept: the window
// is over, which is news too.
func readReset(v string, now time.Time) time.Time {
	secs, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || secs <= 0 || secs > now.Add(resetHorizon).Unix() {
		return time.Time{}
	}
	return time.Unix(secs, 0)
}

// retryAt is when a 429 may be retried: Retry-After (seconds or an HTTP
// date) if sent, else the reset of the window, else zero (unknown). The
// client waits no longer than limit, so at is never later than now+limit:
// what is announced is what will happen. When the registry asked for later
// than that, asked is its time; otherwise it is zero.
func retryAt(h http.Header, rl RateLimit, now time.Time, limit time.Duration) (at, asked time.Time) {
	at = rl.Reset
	if ra := strings.TrimSpace(h.Get("Retry-After")); ra != "" {
		if secs, err := strconv.ParseInt(ra, 10, 64); err == nil && secs >= 0 {
			// Added as Unix seconds, not as a Duration: secs*time.Second
			// overflows past 292 years and lands in the past.
			at = time.Unix(now.Unix()+min(secs, 1<<62), int64(now.Nanosecond()))
		} else if t, err := http.ParseTime(ra); err == nil {
			at = t
		}
	}
	switch {
	case at.IsZero():
		return at, asked
	case at.Before(now):
		return now, asked // the window is over already; a date in the past asks for nothing
	}
	if latest := now.Add(limit); at.After(latest) {
		return latest, at
	}
	return at, asked
}

// noteRateLimit keeps the newest quota the registry reported. Answers to
// concurrent requests arrive in any order, so within one window the lowest
// Remain wins, and an answer from an older window never replaces a newer.
// Without a reset to order them by, the last answer wins.
func (c *Client) noteRateLimit(rl RateLimit) {
	if !rl.Known {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.rl
	switch {
	case !old.Known, rl.Reset.IsZero(), old.Reset.IsZero(), rl.Reset.After(old.Reset):
		c.rl = rl
	case rl.Reset.Equal(old.Reset) && rl.Remain < old.Remain:
		c.rl.Remain = rl.Remain
	default:
		return
	}
	c.quotaNewsLocked()
}

// quotaNewsLocked wakes every pace waiting on the quota, which changed.
// c.mu must be held.
func (c *Client) quotaNewsLocked() {
	if c.news != nil {
		close(c.news)
		c.news = nil
	}
}

// pace holds a request back when the quota of this window is spent, until
// the window resets, so that a burst never earns a 429. Requests already
// sent but not answered count against what is left, since the registry's
// Remain may not include them yet. It registers the request as in flight;
// done must follow.
//
// The wait ends at the reset, at MaxWait after it began (a registry that
// keeps its quota spent for longer gets asked anyway, and has the last word
// with a 429), when news of the quota frees a request, or when the context
// ends, whichever comes first. It sleeps until one of them and never polls,
// and the wait is told to the function given to SetWaitNotice.
func (c *Client) pace(ctx context.Context, subject string) error {
	n := c.waitNotice()
	var latest time.Time // when this request goes out whatever the quota says
	for {
		c.mu.Lock()
		rl, now := c.rl, c.clock.Now()
		if latest.IsZero() {
			latest = now.Add(c.maxWait)
		}
		spent := rl.Known && rl.Remain >= 0 && rl.Remain-c.inFlight <= 0 && now.Before(rl.Reset) && now.Before(latest)
		if !spent {
			c.inFlight++
			c.mu.Unlock()
			n.over(nil)
			return nil
		}
		if c.news == nil {
			c.news = make(chan struct{})
		}
		news := c.news
		c.mu.Unlock()
		// The reset is in whole seconds; a moment more is sure to be past it.
		until := rl.Reset.Add(50 * time.Millisecond)
		if until.After(latest) {
			until = latest
		}
		n.begin(Wait{Subject: subject, Reason: "rate limit reached", Until: until}, now)
		if err := c.sleepUntil(ctx, until, news, subject); err != nil {
			n.over(err)
			return err
		}
	}
}

func (c *Client) done() {
	c.mu.Lock()
	c.inFlight--
	c.quotaNewsLocked()
	c.mu.Unlock()
}
