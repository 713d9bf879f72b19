package watch

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// Issue 32: a snapshot that cannot be read, or is kept in another form,
// is never diffed against: its company is seeded again (what is there is
// recorded, nothing reported), and the check after that reports what
// really changed and nothing else. (Decoded with its error dropped, a
// damaged row read as empty, and every officer and charge would have been
// reported as new: written to the change log for good, and mailed.)
func TestADamagedSnapshotReportsNothingAndIsSeededAgain(t *testing.T) {
	t.Parallel()
	event := demo.LivingEventAt("00006422", 1000) // a director appointed
	for _, c := range []struct{ name, damage string }{
		{"a profile cut short", `UPDATE companies SET profile = '{"name": "GONE' WHERE number = '00006422'`},
		{"filings of the wrong shape", `UPDATE companies SET filings = '[1, 2]' WHERE number = '00006422'`},
		{"an officer list that is not JSON", `UPDATE datasets SET body = 'not json' WHERE number = '00006422' AND name = 'officers'`},
		{"what was noted, of the wrong shape", `UPDATE companies SET noted = '"x"' WHERE number = '00006422'`},
		{"snapshots kept in another form", `UPDATE companies SET snapshot = 99 WHERE number = '00006422'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			clk := newClock(event.Add(-time.Hour))
			r := testkit.Demo(t, demo.Options{Now: clk.now, Limit: testkit.Plenty})
			w := New(openStoreOn(t, t.TempDir(), clk.now), testclient.For(t, r.URL), Options{Now: clk.now})
			ctx := context.Background()
			if _, _, err := w.Add(ctx, "00006422"); err != nil {
				t.Fatal(err)
			}
			checkNow(t, w, CheckOptions{})
			if _, err := w.store.db.Exec(c.damage); err != nil {
				t.Fatal(err)
			}
			listed, err := w.store.Companies(ctx)
			if err != nil || len(listed) != 1 {
				t.Fatalf("the list with a damaged row: %v, %v", listed, err)
			}

			clk.set(event.Add(-30 * time.Second)) // nothing has happened since
			again := checkNow(t, w, CheckOptions{})
			if len(again.Changes) != 0 || again.Checked != 1 || !slices.Equal(again.Seeded, []api.Number{"00006422"}) {
				t.Fatalf("the check after the damage: changes %v, checked %d, seeded %v; want none reported and the company seeded again",
					kinds(again.Changes), again.Checked, again.Seeded)
			}
			var version int
			if err := w.store.db.QueryRow(`SELECT snapshot FROM companies WHERE number = '00006422'`).Scan(&version); err != nil || version != snapshotVersion {
				t.Fatalf("kept as version %d (%v), want %d", version, err, snapshotVersion)
			}

			clk.set(event.Add(30 * time.Second))
			next := checkNow(t, w, CheckOptions{})
			var got []Kind
			for _, ch := range next.Changes {
				got = append(got, ch.Kind)
			}
			if want := []Kind{"filing/officers", KindOfficerAppointed}; !slices.Equal(got, want) {
				t.Fatalf("the check after the director's appointment reported %v, want %v", got, want)
			}
			logged, err := w.store.Changes(ctx, Filter{})
			if err != nil || len(logged) != 2 {
				t.Fatalf("the change log holds %d changes (%v), want the 2 that happened", len(logged), err)
			}
		})
	}
}

// A change in the log that cannot be read is not dropped from what is
// shown as if it never was: reading the log says which, and why.
func TestADamagedChangeIsSaidNotSkipped(t *testing.T) {
	t.Parallel()
	event := demo.LivingEventAt("00006422", 1000)
	clk := newClock(event.Add(-time.Minute))
	r := testkit.Demo(t, demo.Options{Now: clk.now, Limit: testkit.Plenty})
	w := New(openStoreOn(t, t.TempDir(), clk.now), testclient.For(t, r.URL), Options{Now: clk.now})
	ctx := context.Background()
	if _, _, err := w.Add(ctx, "00006422"); err != nil {
		t.Fatal(err)
	}
	checkNow(t, w, CheckOptions{})
	clk.set(event.Add(time.Minute))
	if rep := checkNow(t, w, CheckOptions{}); len(rep.Changes) == 0 {
		t.Fatal("no change to damage")
	}
	if _, err := w.store.db.Exec(`UPDATE changes SET body = '{"kind": 7' WHERE id = (SELECT min(id) FROM changes)`); err != nil {
		t.Fatal(err)
	}
	_, err := w.store.Changes(ctx, Filter{})
	if err == nil || !strings.Contains(err.Error(), "cannot be read") || !strings.Contains(err.Error(), "00006422") {
		t.Fatalf("reading a damaged log: %v", err)
	}
}

// Issue 32: a hold on the companies under way that cannot be renewed is
// counted and said, not dropped: another check may then read them too.
func TestAHoldThatCannotBeRenewedIsCountedAndSaid(t *testing.T) {
	t.Parallel()
	// Every answer takes 50 ms, and a hold is renewed every 10 ms: the
	// check outlasts many renewals however busy the machine.
	r := testkit.Demo(t, demo.Options{Limit: testkit.Plenty, Latency: 50 * time.Millisecond})
	s := openStore(t, t.TempDir())
	w := New(s, testclient.For(t, r.URL), Options{ClaimTTL: 30 * time.Millisecond})
	ctx := context.Background()
	for _, n := range []api.Number{"00006400", "00006401"} {
		if _, _, err := w.Add(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	// A renewal changes when a hold ends and nothing else; the store
	// refuses exactly that, as a failing disk would.
	if _, err := s.db.Exec(`CREATE TRIGGER refuse_renewal BEFORE UPDATE OF claimed_until ON companies
		WHEN OLD.claimed_by IS NOT NULL AND NEW.claimed_by IS OLD.claimed_by
		BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`); err != nil {
		t.Fatal(err)
	}
	rep := checkNow(t, w, CheckOptions{})
	if rep.LostHolds == 0 || rep.LostHoldErr == nil || !strings.Contains(rep.LostHoldErr.Error(), "renew") {
		t.Fatalf("lost holds %d (%v), want the failed renewals counted", rep.LostHolds, rep.LostHoldErr)
	}
	if rep.Checked != 2 {
		t.Fatalf("checked %d companies, want both: a lost hold costs nothing but a second reading", rep.Checked)
	}
}
