package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit/testtime"
	"coview/present"
	"coview/ui/common"
	"coview/watch"
)

// The check of the watch list (r on the watch page), run by the real
// program: it goes on while the user looks elsewhere, esc stops it, and
// it says what it waits for.

// browser is the browser on the world, run as a program.
func (w *watchWorld) browser(t *testing.T, width, height int) *browser {
	t.Helper()
	m := newModel(context.Background(), Options{Registry: w.client, Watch: w.open, Now: w.clock.now, StateDir: t.TempDir()})
	return startBrowserOn(t, m, newCrashGuard(), width, height)
}

// onWatchPage opens the watch page and waits for its rows.
func (b *browser) onWatchPage(rows int) snapshot {
	b.t.Helper()
	b.keys("esc", "W")
	return b.waitUntil("the watch page's rows", func(s snapshot) bool {
		return s.page.Show == common.ShowWatching && len(s.rows) == rows
	})
}

// shows waits until the screen shows every text.
func (b *browser) shows(texts ...string) snapshot {
	b.t.Helper()
	deadline := testtime.Deadline(b.t)
	for {
		s := b.ask()
		missing := ""
		for _, text := range texts {
			if !strings.Contains(s.screen, text) {
				missing = text
				break
			}
		}
		if missing == "" {
			return s
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited 10s for %q; the screen shows:\n%s", missing, s.screen)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// logged are every change in the world's log, each once.
func (w *watchWorld) logged(t *testing.T) []watch.Change {
	t.Helper()
	all, err := w.store.Changes(context.Background(), watch.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range all {
		key := string(c.Number) + string(c.Kind) + c.TransactionID + c.Before + c.After + c.Name
		if seen[key] {
			t.Fatalf("a change is in the log twice: %+v", c)
		}
		seen[key] = true
	}
	return all
}

func TestACheckGoesOnWhileTheUserMovesOpensACompanyAndComesBack(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	release := w.holdChecks("00006421")
	defer release()
	b := w.browser(t, 100, 30)
	b.onWatchPage(5)
	b.keys("r")
	until(t, "the check to reach 00006421", func() bool { return w.waiting.Load() == 1 })
	// 00006420 changed already: its change is listed while the check runs.
	b.shows("Checking 5 companies: 4 done, 1 change", "esc stops", "filed: full accounts made up to 31 March 2026")

	b.keys("down", "enter") // the change of 00006420, at the top
	b.onCompany("00006420")
	b.shows("1 change since you last looked:")
	if w.waiting.Load() != 1 {
		t.Fatal("leaving the watch page stopped the check")
	}
	b.keys("backspace")
	b.shows("Checking 5 companies: 4 done", "esc stops")

	release()
	b.shows("Checked 5 companies: 4 changes at 2 companies.", "strike-off proposed")
	if got := len(w.logged(t)); got != 4 {
		t.Fatalf("%d changes in the log, want 4", got)
	}
}

// The footer's quota counts what the check spent, as it goes and at its
// end, not only what the pages asked for.
func TestTheQuotaShownCountsWhatACheckSpent(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	b := w.browser(t, 120, 30)
	before := b.onWatchPage(5)
	b.keys("r")
	b.shows("Checked 5 companies")
	after := present.Quota(w.client.RateLimit())
	if after == "" || strings.Contains(before.screen, after) {
		t.Fatalf("the registry says %q after the check; before it the screen showed\n%s", after, before.screen)
	}
	b.shows(after)
}

func TestEscStopsTheCheckKeepingWhatItRecordedAndRChecksTheRest(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	release := w.holdChecks("00006421")
	defer release()
	b := w.browser(t, 120, 30)
	b.onWatchPage(5)
	b.keys("r")
	until(t, "the check to reach 00006421", func() bool { return w.waiting.Load() == 1 })
	b.keys("esc")
	b.shows("Stopped, keeping what was found. Checked 4 companies: 1 change at 1 company; 1 company not checked: r checks them.")
	if got := len(w.logged(t)); got != 1 {
		t.Fatalf("%d changes in the log after stopping, want 00006420's 1", got)
	}
	// Stopping cancels the held request: the registry sees it end (the
	// screen may say Stopped a moment before its handler returns).
	until(t, "the request of the stopped check to end", func() bool { return w.waiting.Load() == 0 })

	release()
	b.keys("r")
	b.shows("Checked 1 company: 3 changes at 1 company.")
	if got := len(w.logged(t)); got != 4 {
		t.Fatalf("%d changes in the log, want 4", got)
	}
}

// A check leaving the page says how it ended in the footer, wherever the
// user is.
func TestACheckThatEndsElsewhereSaysSoInTheFooter(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	release := w.holdChecks("00006421")
	defer release()
	b := w.browser(t, 120, 30)
	b.onWatchPage(5)
	b.keys("r")
	until(t, "the check to reach 00006421", func() bool { return w.waiting.Load() == 1 })
	b.keys("/")
	b.typ("00006400")
	b.keys("enter")
	b.onCompany("00006400")
	release()
	s := b.waitUntil("the check's end", func(s snapshot) bool { return !s.busy && s.note != "" })
	if s.note != "Checked 5 companies: 4 changes at 2 companies." {
		t.Fatalf("the footer says %q", s.note)
	}
}

func TestACheckRefusedWithA429StopsAndSaysSo(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	w.refuse.Store(true)
	b := w.browser(t, 120, 30)
	b.onWatchPage(5)
	b.keys("r")
	// When it resets is said: the footer's quota is read as the check goes.
	at := w.client.RateLimit().Reset.Local().Format("15:04:05")
	b.shows("5 companies not checked: the registry's quota is spent (429); r checks them once it resets, at " + at + ".")
	if w.probes.Load() > 5+1 {
		t.Fatalf("the check went on asking after a 429: %d filing histories", w.probes.Load())
	}
}

// With the quota nearly spent (by browsing, say), a check waits for the
// registry's window to reset, says until when and why, and esc stops it.
func TestACheckWaitingForTheQuotaSaysUntilWhenAndEscStopsIt(t *testing.T) {
	t.Parallel()
	// On the real clock, as the pacer waits for the registry's reset in
	// real time; a window well within the hour the client believes.
	w := newWatchWorldWith(t, time.Now(), demo.Options{Limit: 10, Window: 30 * time.Minute})
	w.watch(t, "00007000", "00007001", "00007002", "00007003", "00007004", "00007005", "00007006", "00007007")
	b := w.browser(t, 160, 30)
	b.onWatchPage(8)
	b.keys("r")
	b.shows("Checking 8 companies: 0 done; waiting until", "leaving the last 2 requests of the registry's window for you", "esc stops")
	b.keys("esc")
	b.shows("Stopped, keeping what was found. 8 companies not checked: r checks them.")
	if w.probes.Load() != 0 {
		t.Fatalf("the check sent %d requests into the registry's reserve", w.probes.Load())
	}
}

// A cron job's check (another store on the same file, as another process
// has) while the browser's runs: each company is checked by one of them,
// each change is recorded once, and the browser says nothing is wrong.
func TestABrowserCheckAndACronCheckAtOnceRecordEachChangeOnce(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	release := w.holdChecks("00006421")
	defer release()
	b := w.browser(t, 160, 30)
	b.onWatchPage(5)
	b.keys("r")
	until(t, "the browser's check to reach 00006421", func() bool { return w.waiting.Load() == 1 })

	cron, err := watch.Open(w.path, "demo", watch.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer cron.Close()
	// A second later: the cron job checks again what the browser's check
	// has done, and finds nothing new there.
	w.clock.set(w.clock.now().Add(time.Second))
	rep, err := watch.New(cron, w.client, watch.Options{Now: w.clock.now}).Check(context.Background(), watch.CheckOptions{})
	if err != nil {
		t.Fatalf("the cron check failed: %v", err)
	}
	if rep.Checked != 4 || len(rep.Changes) != 0 {
		t.Fatalf("the cron check checked %d and found %d changes, want the 4 the browser had done and nothing new", rep.Checked, len(rep.Changes))
	}
	if len(rep.NotChecked) != 1 || rep.NotChecked[0].Number != "00006421" || rep.NotChecked[0].Why != watch.ReasonElsewhere {
		t.Fatalf("the cron check left %+v, want 00006421 to the browser's check", rep.NotChecked)
	}
	release()
	s := b.shows("Checked 5 companies: 4 changes at 2 companies.")
	if strings.Contains(strings.ToLower(s.screen), "locked") || strings.Contains(s.screen, "could not") {
		t.Fatalf("the browser shows trouble:\n%s", s.screen)
	}
	if got := len(w.logged(t)); got != 4 {
		t.Fatalf("%d changes in the log, want 4", got)
	}
}

// esc in the search box leaves it: it does not claim to cancel a check
// that goes on.
func TestEscInTheSearchBoxDuringACheckLeavesTheBoxAndTheCheckGoesOn(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	release := w.holdChecks("00006421")
	defer release()
	b := w.browser(t, 120, 30)
	b.onWatchPage(5)
	b.keys("r")
	until(t, "the check to reach 00006421", func() bool { return w.waiting.Load() == 1 })
	b.keys("/", "esc")
	s := b.ask()
	if s.searching || s.note == "Cancelled." {
		t.Fatalf("esc in the search box: searching %v, the footer says %q", s.searching, s.note)
	}
	if w.waiting.Load() != 1 {
		t.Fatal("esc in the search box stopped the check")
	}
	release()
	b.shows("Checked 5 companies: 4 changes at 2 companies.")
}
