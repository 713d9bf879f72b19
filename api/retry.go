package api

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"
)

// SetRateLimitWait decides what happens on a 429. With nil (the default)
// the error is returned at once, so an interactive caller can show a
// countdown. Otherwise wait is called with the time the client would try
// again: the registry's retry time, or a minute ahead when it gave none,
// and never more than MaxWait ahead. If wait returns true the client waits
// until then (or the context ends) and tries once more. wait only decides;
// the wait itself is told to the function given to SetWaitNotice.
func (c *Client) SetRateLimitWait(wait func(subject string, until time.Time) bool) {
	c.mu.Lock()
	c.onWait = wait
	c.mu.Unlock()
}

// unknownRetryWait is how long a 429 that says nothing of when to retry
// is waited out.
const unknownRetryWait = time.Minute

// get resolves a link and fetches it: paced to the quota, retried a few
// times with jittered backoff on failures that may pass (idempotent GETs
// only ever come through here), and once after a 429 if the caller wants
// to wait. 401, 403 and 404 are never retried.
func (c *Client) get(ctx context.Context, subject, link string, query url.Values) (*Response, error) {
	u, err := c.resolve(link, query)
	if err != nil {
		return nil, err
	}
	waited := false
	for attempt := 1; ; attempt++ {
		if err := passGate(ctx); err != nil {
			return nil, err
		}
		if err := c.pace(ctx, subject); err != nil {
			return nil, err
		}
		resp, err := c.once(ctx, subject, u)
		c.done()
		if err == nil {
			return resp, nil
		}
		var ae *Error
		if !errors.As(err, &ae) {
			return nil, err
		}
		switch {
		case ae.Kind == KindRateLimited:
			if waited {
				return nil, err
			}
			// RetryAt is within maxWait already. A time in whole seconds
			// (a reset, an HTTP date) may be up to a second early, so a
			// moment more is waited; a Retry-After in seconds is exact,
			// and is waited and told as it is.
			until := ae.RetryAt
			if until.IsZero() {
				until = c.clock.Now().Add(min(c.maxWait, unknownRetryWait))
			} else if until.Nanosecond() == 0 {
				until = until.Add(100 * time.Millisecond)
			}
			if !c.wantsWait(subject, until) {
				return nil, err
			}
			waited = true
			if err := c.wait(ctx, Wait{Subject: subject, Reason: c.rateLimitedReason(ae), Until: until}); err != nil {
				return nil, err
			}
		case ae.Retryable() && attempt < c.retries:
			reason := fmt.Sprintf("attempt %d of %d failed (%s)", attempt, c.retries, failureWords(ae))
			if err := c.wait(ctx, Wait{Subject: subject, Reason: reason, Until: c.clock.Now().Add(c.backoffFor(attempt))}); err != nil {
				return nil, err
			}
		default:
			return nil, err
		}
	}
}

func (c *Client) wantsWait(subject string, until time.Time) bool {
	c.mu.Lock()
	wait := c.onWait
	c.mu.Unlock()
	return wait != nil && wait(subject, until)
}

// rateLimitedReason is a 429 wait in words, saying when the registry asked
// for longer than the client waits.
func (c *Client) rateLimitedReason(e *Error) string {
	if e.RetryAsked.IsZero() {
		return "rate limit reached (429)"
	}
	return "rate limit reached (429); the registry asks to wait " + askedWait(e.RetryAsked, c.clock.Now()) + ", longer than this client waits"
}

// failureWords names a failure that may pass, for a backoff's notice.
func failureWords(e *Error) string {
	if e.Status != 0 {
		return fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
	}
	return "the connection was reset"
}

// backoffFor is base·2^(attempt-1), plus up to half again of jitter so
// that many clients failing together do not retry together.
func (c *Client) backoffFor(attempt int) time.Duration {
	d := c.backoff << (attempt - 1)
	return d + rand.N(d/2+1)
}
