package api

import (
	"net/http"
	"time"
)

// The registry's clock. A stream event says when the registry published
// it by the registry's clock, and a caller that compares that with when
// it read something over REST needs that time by the same clock, not its
// own, which may be off (or, for a registry a test runs, set to another
// day). Every answer's Date header is the registry's time when it
// answered, to the second; the client keeps how far that clock is from
// its own.

// noteServed keeps how far the registry's clock is from the client's, by
// an answer's Date header.
func (c *Client) noteServed(h http.Header) {
	d, err := http.ParseTime(h.Get("Date"))
	if err != nil {
		return
	}
	skew := d.Sub(c.clock.Now())
	c.mu.Lock()
	c.skew, c.served = skew, true
	c.mu.Unlock()
}

// RegistryNow is the registry's time now, as its last answer told it;
// the client's clock before any answer, or when answers say nothing of
// it. A Date header is to the second, rounded down, so this may be up
// to a second early, never late but for the answer's way back.
func (c *Client) RegistryNow() time.Time {
	c.mu.Lock()
	skew, served := c.skew, c.served
	c.mu.Unlock()
	now := c.clock.Now()
	if !served {
		return now
	}
	return now.Add(skew)
}
