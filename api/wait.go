package api

import (
	"context"
	"fmt"
	"time"
)

// MaxWait is the longest the client holds one request back: for the quota
// of the window to reset, or before retrying a 429. The live window is 5
// minutes, so a wait this long always sees a fresh one; a registry that asks
// for longer is retried (or, for a caller that does not wait, reported as
// retryable) after MaxWait, and its error says it asked for longer.
const MaxWait = 5 * time.Minute

// noticeAfter is "longer than a moment": shorter waits (a backoff of a few
// hundred milliseconds, the last instant of a window) are not worth a line.
const noticeAfter = time.Second

// Wait is a pause before a request, as told to the function given to
// SetWaitNotice: once when it begins, again if its end moves (news of the
// quota from another answer), and once when it is over.
type Wait struct {
	Subject string    // the request held back, named as in errors: "company 00006400" or a link (network text: sanitise before printing)
	Reason  string    // what is waited for, in words: "rate limit reached"
	Until   time.Time // when the request goes out at the latest; never more than about MaxWait after the wait began
	Over    bool      // set on the notice that ends the wait
	Err     error     // with Over: nil when the wait ran its course or the quota freed up early, else why it was cut short (matches ErrCanceled)
}

// Message is the wait in words as of now, for a status line that counts
// down or a line on stderr: "company 00006400: rate limit reached; next
// request in 43s". Part of a second counts as a whole one, so the count
// never reads 0s while the request is still held back.
func (w Wait) Message(now time.Time) string {
	head := w.Subject + ": " + w.Reason
	switch {
	case w.Over && w.Err != nil:
		return head + "; stopped waiting"
	case w.Over:
		return head + "; waited, sending the request now"
	}
	left := w.Until.Sub(now)
	if left <= 0 {
		return head + "; next request now"
	}
	return fmt.Sprintf("%s; next request in %s", head, (left + time.Second - 1).Truncate(time.Second))
}

// SetWaitNotice sets the function told of every wait longer than a moment
// (about a second) before a request: pacing to a spent quota, waiting out a
// 429, backing off before a retry. Each wait gives a notice when it begins
// (Over false) and one when it ends (Over true), whether it ran its course
// or the context ended it; a wait whose end moves is told again. The
// function runs on the goroutine making the request, so it must return
// quickly: send a message to the UI, or print a line. nil, the default,
// tells nothing. Whether a 429 is waited out at all is decided by the
// function given to SetRateLimitWait.
func (c *Client) SetWaitNotice(notice func(Wait)) {
	c.mu.Lock()
	c.onNotice = notice
	c.mu.Unlock()
}

// waitNotice tells the caller about one wait as it goes.
type waitNotice struct {
	tell func(Wait)
	told *Wait // the last notice given, nil until the wait was worth one
}

func (c *Client) waitNotice() *waitNotice {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &waitNotice{tell: c.onNotice}
}

// begin tells of w if it is longer than a moment, or if an earlier notice
// said something else.
func (n *waitNotice) begin(w Wait, now time.Time) {
	if n.tell == nil {
		return
	}
	if n.told == nil && w.Until.Sub(now) < noticeAfter {
		return
	}
	if n.told != nil && n.told.Reason == w.Reason && n.told.Until.Sub(w.Until).Abs() < time.Second {
		return
	}
	n.told = &w
	n.tell(w)
}

// over tells that the wait has ended, if its beginning was told.
func (n *waitNotice) over(err error) {
	if n.told == nil {
		return
	}
	w := *n.told
	w.Over, w.Err = true, err
	n.told = nil
	n.tell(w)
}

// wait holds a request back until w.Until, telling the caller if the wait
// is worth it.
func (c *Client) wait(ctx context.Context, w Wait) error {
	n := c.waitNotice()
	n.begin(w, c.clock.Now())
	err := c.sleepUntil(ctx, w.Until, nil, w.Subject)
	n.over(err)
	return err
}

// sleepUntil returns at until, when news is closed (nil never is), or when
// the context ends, whichever comes first; only the last is an error. A
// context already ended is an error even when there is nothing to wait for,
// so that no loop around it can outlive its caller.
func (c *Client) sleepUntil(ctx context.Context, until time.Time, news <-chan struct{}, subject string) error {
	if err := ctx.Err(); err != nil {
		return &Error{Kind: KindCanceled, Subject: subject, Err: err}
	}
	d := until.Sub(c.clock.Now())
	if d <= 0 {
		return nil
	}
	fired, stop := c.clock.NewTimer(d)
	defer stop()
	select {
	case <-fired:
		return nil
	case <-news:
		return nil
	case <-ctx.Done():
		return &Error{Kind: KindCanceled, Subject: subject, Err: ctx.Err()}
	}
}
