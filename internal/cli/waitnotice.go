package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"coview/api"
	"coview/present/sanitize"
)

// oneShot sets a client up for a command that prints and ends: a 429 is
// waited out (once; the client decides how long), since a script would
// rather be late than fail, and every wait longer than a moment is said
// on stderr, so that a pause for the quota never looks like a hang.
func oneShot(c *api.Client, env Env) {
	c.SetRateLimitWait(func(string, time.Time) bool { return true })
	c.SetWaitNotice(waitLines(env.Stderr))
}

// waitLines prints each wait once, when it begins, as one line:
//
//	coview: company 00006400: rate limit reached; next request in 43s (at 14:05:12)
//
// The time is when the request will go out, which api keeps true: never
// later than the client will wait. Several requests held back for the
// same reset (lookups run a few at a time) are one wait to the user, so a
// wait for the same reason ending within a second of the last one told is
// not told again; one whose end moved is, with the new time. The end of a
// wait says nothing: the output that follows says it.
func waitLines(stderr io.Writer) func(api.Wait) {
	var mu sync.Mutex
	var last api.Wait
	return func(w api.Wait) {
		if w.Over {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if w.Reason == last.Reason && w.Until.Sub(last.Until).Abs() < time.Second {
			return
		}
		last = w
		msg := w.Message(time.Now())
		fmt.Fprintf(stderr, "coview: %s (at %s)\n", sanitize.Line(msg), w.Until.Local().Format("15:04:05"))
	}
}
