package e2e

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
)

// The watch list in the real binary, in a real terminal (issue 22): w on
// a company, W, a check that records what is there, a second check after
// the company changed, and the changed company opened from the watch
// page. The registry is the demo's on a clock this test moves, so the
// company changes when told; the key is checked on every request and
// must never reach the watch list's file (cleanEnv scans the home).
func TestEndToEndWatchACompanyCheckAndOpenItsChanges(t *testing.T) {
	t.Parallel()
	const number = "00006421" // changes status every 5 minutes
	at := livingEventAfter(number, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	var now atomic.Int64
	now.Store(at.Add(-90 * time.Second).UnixNano())
	srv := demoBehindKey(t, goodKey, demo.Options{Now: func() time.Time { return time.Unix(0, now.Load()).UTC() }})

	env := cleanEnv(t, "COVIEW_API_KEY="+goodKey)
	s := startTmux(t, 120, 40, env, "--base-url", srv.URL, number)
	s.waitFor("WEATHERVANE WINDOWS LTD", "1 overview")
	s.keys("w")
	s.waitFor("Watching 00006421: W shows the watch list.", "★ watched")

	s.keys("W")
	s.waitFor("1 company watched", "Not checked yet", "r check now")
	s.keys("r")
	s.waitFor("Checked 1 company: nothing changed (1 company checked for the first time: what is there now is recorded).")

	now.Store(at.Add(30 * time.Second).UnixNano())
	s.keys("r")
	s.waitFor("Checked 1 company:", "changes at 1 company.", "1 changed since you last looked", "strike-off proposed")
	s.keys("Enter")
	s.waitFor("Watch list › WEATHERVANE WINDOWS LTD", "changes since you last looked:", "strike-off proposed")

	s.keys("q")
	s.waitFor("coview exited with 0")
	if _, err := os.Stat(filepath.Join(getenv(env, "HOME"), ".local", "share", "coview", "watch.db")); err != nil {
		t.Fatalf("the watch list is not where the README says: %v", err)
	}
}

// livingEventAfter is the first change of a living demo company after t.
func livingEventAfter(number string, t time.Time) time.Time {
	for e := 0; ; e++ {
		if at := demo.LivingEventAt(number, e); at.After(t) {
			return at
		}
	}
}
