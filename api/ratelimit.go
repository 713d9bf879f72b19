package api

import (
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
