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
	Reset  time.Time // when the window ends
	Window string    // as sent, e.g. "5m"
}

// readRateLimit reads the quota headers. Header.Get canonicalises names,
// so X-RateLimit-Remain and X-Ratelimit-Remain are the same.
func readRateLimit(h http.Header) RateLimit {
	var rl RateLimit
	limit, errL := strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Limit")))
	remain, errR := strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Remain")))
	if errR != nil {
		remain, errR = strconv.Atoi(strings.TrimSpace(h.Get("X-Ratelimit-Remaining")))
	}
	if reset, err := strconv.ParseInt(strings.TrimSpace(h.Get("X-Ratelimit-Reset")), 10, 64); err == nil && reset > 0 {
		rl.Reset = time.Unix(reset, 0)
	}
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

// retryAt is when a 429 may be retried: Retry-After (seconds or an HTTP
// date) if sent, else the reset time of the window, else zero (unknown).
func retryAt(h http.Header, rl RateLimit, now time.Time) time.Time {
	if ra := strings.TrimSpace(h.Get("Retry-After")); ra != "" {
		if secs, err := strconv.Atoi(ra); err == nil && secs >= 0 {
			return now.Add(time.Duration(secs) * time.Second)
		}
		if t, err := http.ParseTime(ra); err == nil {
			return t
		}
	}
	if !rl.Reset.IsZero() {
		return rl.Reset
	}
	return time.Time{}
}

// noteRateLimit keeps the newest quota the registry reported. Answers to
// concurrent requests arrive in any order, so within one window the lowest
// Remain wins, and an answer from an older window never replaces a newer.
func (c *Client) noteRateLimit(rl RateLimit) {
	if !rl.Known {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.rl
	switch {
	case !old.Known, rl.Reset.After(old.Reset):
		c.rl = rl
	case rl.Reset.Equal(old.Reset) && rl.Remain < old.Remain:
		c.rl.Remain = rl.Remain
	}
}

// pace holds a request back when the quota of this window is spent, until
// the window resets, so that a burst never earns a 429. Requests already
// sent but not answered count against what is left, since the registry's
// Remain may not include them yet. It registers the request as in flight;
// done must follow.
func (c *Client) pace(ctx context.Context, subject string) error {
	for {
		c.mu.Lock()
		rl, now := c.rl, time.Now()
		spent := rl.Known && rl.Remain >= 0 && rl.Remain-c.inFlight <= 0 && now.Before(rl.Reset)
		if !spent {
			c.inFlight++
			c.mu.Unlock()
			return nil
		}
		c.mu.Unlock()
		wait := rl.Reset.Sub(now) + 50*time.Millisecond
		if wait > maxRateWait {
			wait = maxRateWait
		}
		// Wake early if an answer in flight brings news of the quota.
		if err := sleep(ctx, min(wait, 250*time.Millisecond), subject); err != nil {
			return err
		}
	}
}

func (c *Client) done() {
	c.mu.Lock()
	c.inFlight--
	c.mu.Unlock()
}
