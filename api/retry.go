package api

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/url"
	"time"
)

// SetRateLimitWait decides what happens on a 429. With nil (the default)
// the error is returned at once, so an interactive caller can show a
// countdown. Otherwise wait is called with the time the quota resets; if
// it returns true the client sleeps until then (or the context ends) and
// tries once more.
func (c *Client) SetRateLimitWait(wait func(subject string, until time.Time) bool) {
	c.mu.Lock()
	c.onWait = wait
	c.mu.Unlock()
}

// maxRateWait bounds a wait for the quota: the live window is 5 minutes.
const maxRateWait = 5 * time.Minute

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
			if waited || !c.wantsWait(subject, ae.RetryAt) {
				return nil, err
			}
			waited = true
			until := ae.RetryAt
			if until.IsZero() || time.Until(until) > maxRateWait {
				until = time.Now().Add(min(maxRateWait, time.Minute))
			}
			if err := sleep(ctx, time.Until(until)+100*time.Millisecond, subject); err != nil {
				return nil, err
			}
		case ae.Retryable() && attempt < c.retries:
			if err := sleep(ctx, c.backoffFor(attempt), subject); err != nil {
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
	if until.IsZero() {
		until = time.Now().Add(time.Minute)
	}
	return wait != nil && wait(subject, until)
}

// backoffFor is base·2^(attempt-1), plus up to half again of jitter so
// that many clients failing together do not retry together.
func (c *Client) backoffFor(attempt int) time.Duration {
	d := c.backoff << (attempt - 1)
	return d + rand.N(d/2+1)
}

func sleep(ctx context.Context, d time.Duration, subject string) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return &Error{Kind: KindCanceled, Subject: subject, Err: ctx.Err()}
	}
}
