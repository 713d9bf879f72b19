package demo

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The live registry's published allowance: 600 requests per key in a
// 5-minute window, then 429 for the rest of the window.
const (
	defaultLimit  = 600
	defaultWindow = 5 * time.Minute
)

// limiter counts requests per key in fixed windows. A key's window opens with
// its first request and lasts a whole window, after which the next request
// opens a new one; that keeps X-Ratelimit-Reset fixed for the whole window, so
// a client that sleeps until Reset is let in again. Only keys that passed
// authentication are counted, so the map cannot be grown by strangers.
type limiter struct {
	limit  int
	window time.Duration

	mu   sync.Mutex
	keys map[string]*usage
}

type usage struct {
	start time.Time
	used  int
}

// quota is what the X-Ratelimit-* headers report after a request.
type quota struct {
	limit   int
	remain  int
	reset   time.Time
	window  time.Duration
	allowed bool
}

func newLimiter(limit int, window time.Duration) *limiter {
	if limit <= 0 {
		limit = defaultLimit
	}
	if window <= 0 {
		window = defaultWindow
	}
	return &limiter{limit: limit, window: window, keys: make(map[string]*usage)}
}

// take counts one request for key at now and says whether it is allowed.
func (l *limiter) take(key string, now time.Time) quota {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.keys[key]
	if u == nil || !now.Before(u.start.Add(l.window)) {
		u = &usage{start: now}
		l.keys[key] = u
	}
	u.used++
	return l.report(u, u.used <= l.limit)
}

// peek reports key's quota at now without counting a request; it is what a
// request that failed authentication is shown.
func (l *limiter) peek(key string, now time.Time) quota {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.keys[key]
	if u == nil || !now.Before(u.start.Add(l.window)) {
		u = &usage{start: now}
	}
	return l.report(u, true)
}

func (l *limiter) report(u *usage, allowed bool) quota {
	return quota{
		limit:   l.limit,
		remain:  max(l.limit-u.used, 0),
		reset:   u.start.Add(l.window),
		window:  l.window,
		allowed: allowed,
	}
}

// setHeaders writes the live registry's rate-limit headers. Reset is rounded
// up to the next whole second so that waiting until it never lands inside the
// window it announces the end of.
func (q quota) setHeaders(h http.Header) {
	reset := q.reset.Unix()
	if q.reset.After(time.Unix(reset, 0)) {
		reset++
	}
	h.Set("X-Ratelimit-Limit", strconv.Itoa(q.limit))
	h.Set("X-Ratelimit-Remain", strconv.Itoa(q.remain))
	h.Set("X-Ratelimit-Reset", strconv.FormatInt(reset, 10))
	h.Set("X-Ratelimit-Window", formatWindow(q.window))
}

// formatWindow spells a window as the live header does ("5m"), in the
// largest whole unit, so a 2-second test window reads "2s".
func formatWindow(d time.Duration) string {
	switch {
	case d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + "m"
	case d%time.Second == 0:
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	default:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
}
