package watch

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// A registry that changes between checks: each change is reported once,
// with the right kind and what the kind needs, by the check after it
// happened; an unchanged company costs one request and reports nothing;
// the first check of a company reports nothing at all.
func TestACheckReportsEachChangeOnceWithItsKind(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		number string
		event  int // the living company's event that happens between the checks
		want   []Kind
		// requests is what the changed company costs the second check.
		requests int
		look     func(t *testing.T, changes []Change)
	}{
		{"a filing of full accounts", "00006420", 1000, []Kind{"filing/accounts"}, 2, func(t *testing.T, ch []Change) {
			f := ch[0]
			if f.FormType != "AA" || f.Description != "accounts-with-accounts-type-full" || f.DescriptionValues["made_up_date"] == "" || f.TransactionID == "" {
				t.Errorf("the filing is recorded as %+v", f)
			}
		}},
		{"a confirmation statement with new SIC codes", "00006420", 1001, []Kind{"filing/confirmation-statement", KindSICChanged}, 2, func(t *testing.T, ch []Change) {
			if ch[1].Before != "56102" || ch[1].After != "56102, 10710" {
				t.Errorf("SIC codes went from %q to %q", ch[1].Before, ch[1].After)
			}
		}},
		{"a new registered office", "00006420", 1002, []Kind{"filing/address", KindAddressChanged}, 2, nil},
		{"a new accounting reference date", "00006420", 1003, []Kind{"filing/accounts", KindReferenceDateChanged}, 2, func(t *testing.T, ch []Change) {
			if ch[1].Before != "31-03" || ch[1].After != "30-06" {
				t.Errorf("the reference date went from %q to %q", ch[1].Before, ch[1].After)
			}
		}},
		{"a new name", "00006420", 1004, []Kind{"filing/change-of-name", KindNameChanged}, 2, func(t *testing.T, ch []Change) {
			if ch[1].Before != "TICKTOCK TEA ROOMS LTD" || ch[1].After != "TICKTOCK TEA ROOMS AND BAKERY LTD" || ch[1].CompanyName != ch[1].After {
				t.Errorf("the name change is %+v", ch[1])
			}
		}},
		{"a proposal to strike off, with accounts overdue", "00006421", 1000,
			[]Kind{"filing/gazette", KindStrikeOffProposed, KindAccountsOverdue}, 3, func(t *testing.T, ch []Change) {
				if ch[2].After == "" || ch[2].After > ch[2].Date {
					t.Errorf("overdue now: accounts due %q, on %q", ch[2].After, ch[2].Date)
				}
			}},
		{"the proposal discontinued, its accounts no longer overdue", "00006421", 1001,
			[]Kind{"filing/gazette", KindStrikeOffDiscontinued, KindAccountsNoLongerOverdue}, 3, func(t *testing.T, ch []Change) {
				if ch[2].Before == "" || ch[2].After <= ch[2].Before || ch[2].After < ch[2].Date {
					t.Errorf("no longer overdue: was due %q, now due %q, on %q", ch[2].Before, ch[2].After, ch[2].Date)
				}
			}},
		{"a status change to liquidation", "00006421", 1002,
			[]Kind{"filing/insolvency", KindStatusChanged, KindInsolvencyCase, KindInsolvencyPractitioner}, 3, func(t *testing.T, ch []Change) {
				if ch[1].Before != "active" || ch[1].After != "liquidation" {
					t.Errorf("the status went from %q to %q", ch[1].Before, ch[1].After)
				}
			}},
		{"an officer resigning", "00006422", 1001, []Kind{"filing/officers", KindOfficerResigned}, 3, func(t *testing.T, ch []Change) {
			if ch[1].Name == "" || ch[1].Role != "director" || ch[1].Date != ch[0].Date {
				t.Errorf("the resignation is %+v", ch[1])
			}
		}},
		{"an officer appointed", "00006422", 1000, []Kind{"filing/officers", KindOfficerAppointed}, 3, nil},
		{"a charge satisfied", "00006423", 1001, []Kind{"filing/mortgage", KindChargeSatisfied}, 3, func(t *testing.T, ch []Change) {
			if ch[1].Charge == "" || ch[1].Name == "" {
				t.Errorf("the satisfied charge is %+v", ch[1])
			}
		}},
		{"a charge created", "00006423", 1000, []Kind{"filing/mortgage", KindChargeCreated}, 3, nil},
		{"a new person with significant control", "00006424", 1000,
			[]Kind{"filing/persons-with-significant-control", KindPSCNotified}, 3, func(t *testing.T, ch []Change) {
				if !strings.Contains(ch[1].Name, "Mx ") || ch[1].Role != "individual-person-with-significant-control" {
					t.Errorf("the new PSC is %+v", ch[1])
				}
			}},
		{"a person with significant control ceasing", "00006424", 1001, []Kind{"filing/persons-with-significant-control", KindPSCCeased}, 3, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			at := demo.LivingEventAt(c.number, c.event)
			clk := newClock(at.Add(-30 * time.Second))
			r := newRegistry(t, demo.Options{Now: clk.now})
			w := watching(t, r, clk, c.number, "00006400", "00007001")

			first := checkNow(t, w, CheckOptions{})
			if len(first.Changes) != 0 || len(first.Seeded) != 3 || first.Checked != 3 {
				t.Fatalf("the first check reported %v, seeded %v", kinds(first.Changes), first.Seeded)
			}
			r.requests()

			clk.set(at.Add(30 * time.Second))
			second := checkNow(t, w, CheckOptions{})
			var got []Kind
			for _, ch := range second.Changes {
				got = append(got, ch.Kind)
				if ch.Number != api.Number(c.number) || ch.CompanyName == "" || ch.Date == "" {
					t.Errorf("a change without its company or date: %+v", ch)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("the second check reported %v, want %v", got, c.want)
			}
			if c.look != nil {
				c.look(t, second.Changes)
			}
			counts := r.requests()
			if counts["00006400"] != 1 || counts["00007001"] != 1 {
				t.Errorf("unchanged companies cost %d and %d requests, want 1 each", counts["00006400"], counts["00007001"])
			}
			if counts[c.number] != c.requests {
				t.Errorf("the changed company cost %d requests, want %d", counts[c.number], c.requests)
			}

			third := checkNow(t, w, CheckOptions{})
			if len(third.Changes) != 0 {
				t.Errorf("a third check at the same time reported %v again", kinds(third.Changes))
			}
			log, err := w.store.Changes(context.Background(), Filter{})
			if err != nil || len(log) != len(c.want) {
				t.Fatalf("the log holds %v (%v), want each change once", kinds(log), err)
			}
		})
	}
}

// Several filings between two checks are each reported, oldest first,
// with what each makes the check read again read once.
func TestSeveralFilingsBetweenChecksAreReportedOldestFirst(t *testing.T) {
	t.Parallel()
	start := demo.LivingEventAt("00006420", 1000)
	clk := newClock(start.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now})
	w := watching(t, r, clk, "00006420")
	checkNow(t, w, CheckOptions{})
	r.requests()

	clk.set(demo.LivingEventAt("00006420", 1004).Add(30 * time.Second))
	rep := checkNow(t, w, CheckOptions{})
	var got []string
	for _, ch := range rep.Changes {
		got = append(got, string(ch.Kind))
	}
	want := []string{"filing/accounts", "filing/confirmation-statement", "filing/address", "filing/accounts", "filing/change-of-name",
		string(KindNameChanged), string(KindAddressChanged), string(KindSICChanged), string(KindReferenceDateChanged)}
	if !slices.Equal(got, want) {
		t.Fatalf("five filings gave %v\nwant %v", got, want)
	}
	// The probe, a page with the five, and the profile once.
	if n := r.requests()["00006420"]; n != 3 {
		t.Errorf("five filings cost %d requests, want 3", n)
	}
}

// Only the first check of a newly added company is silent: one added
// later to a list already checked has its own first check.
func TestTheFirstCheckOfACompanyAddedLaterReportsNothing(t *testing.T) {
	t.Parallel()
	at := demo.LivingEventAt("00006422", 1001)
	clk := newClock(at.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now})
	w := watching(t, r, clk, "00006400")
	checkNow(t, w, CheckOptions{})
	clk.set(at.Add(30 * time.Second))
	if _, _, err := w.Add(context.Background(), "00006422"); err != nil {
		t.Fatal(err)
	}
	rep := checkNow(t, w, CheckOptions{})
	if len(rep.Changes) != 0 || !slices.Equal(rep.Seeded, []api.Number{"00006422"}) {
		t.Fatalf("after adding 00006422: changes %v, seeded %v", kinds(rep.Changes), rep.Seeded)
	}
}

// What the browser needs from a check: progress as it goes, with the
// companies to check and an estimate of the time left; a check it can
// cancel, which keeps what it recorded and lists the rest as stopped;
// and the watch page's order afterwards.
func TestACheckReportsProgressAndStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	at := demo.LivingEventAt("00006421", 1002)
	clk := newClock(at.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now, Latency: 5 * time.Millisecond})
	numbers := []string{"00006400", "00006421"}
	for i := range 40 {
		numbers = append(numbers, fmt.Sprintf("%08d", 7200+i))
	}
	w := watching(t, r, clk, numbers...)
	w.opts.InFlight = 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var first, last Progress
	rep, err := w.Check(ctx, CheckOptions{Progress: func(p Progress) {
		if first.Total == 0 {
			first = p
		}
		last = p
		if p.Done == 5 {
			cancel()
		}
	}})
	if err != nil {
		t.Fatalf("a cancelled check is not a failure: %v", err)
	}
	if first.Total != 42 || first.Left <= 0 {
		t.Errorf("the first progress: %+v; want 42 companies and an estimate", first)
	}
	if !last.Finished || rep.Checked < 5 || rep.Checked >= 42 || !rep.Short() {
		t.Fatalf("after cancelling: checked %d, finished %v, short %v", rep.Checked, last.Finished, rep.Short())
	}
	for _, nc := range rep.NotChecked {
		if nc.Why != ReasonStopped {
			t.Fatalf("left out for %v: %+v", nc.Why, nc)
		}
	}
	if len(rep.NotChecked)+rep.Checked != 42 {
		t.Fatalf("%d checked and %d not: some are missing", rep.Checked, len(rep.NotChecked))
	}

	// The rest are checked next time; then the registry moves on.
	w.opts.InFlight = 4
	checkNow(t, w, CheckOptions{})
	clk.set(at.Add(30 * time.Second))
	found := 0
	checkNow(t, w, CheckOptions{Found: func(ch []Change) { found += len(ch) }})
	entries, err := w.store.Overview(context.Background(), clk.now())
	if err != nil {
		t.Fatal(err)
	}
	if entries[0].Number != "00006421" || len(entries[0].Changes) != found || found == 0 {
		t.Fatalf("the watch page starts with %s and %d changes; want 00006421 and the %d found", entries[0].Number, len(entries[0].Changes), found)
	}
	if !entries[1].HasNext || entries[1].Next.Due > entries[2].Next.Due {
		t.Errorf("after the changed ones, the soonest deadline first: %+v, %+v", entries[1].Next, entries[2].Next)
	}
}

// A company another check held when this one's workers came to it, given
// back before this one ends (a follow's own check, done with it), is one
// another check had: not one this check was stopped at, which would make
// a cron job's check fail.
func TestACompanyAnotherCheckHadIsNotACheckStopped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	at := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	clk := newClock(at.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now})
	w := watching(t, r, clk, "00006400", "00006401")
	clk.set(at)
	other := newHolder()
	rec, err := w.store.claim(ctx, other, clk.now(), DefaultClaimTTL, func(n api.Number) bool { return n != "00006401" })
	if err != nil || rec == nil || rec.number != "00006401" {
		t.Fatalf("the other check's claim: %+v %v", rec, err)
	}
	w.workersDone = func() {
		if err := w.store.release(ctx, other, "00006401"); err != nil {
			t.Error(err)
		}
	}
	rep := checkNow(t, w, CheckOptions{})
	if len(rep.NotChecked) != 1 || rep.NotChecked[0].Number != "00006401" || rep.NotChecked[0].Why != ReasonElsewhere {
		t.Fatalf("not checked: %+v, want 00006401, which another check had", rep.NotChecked)
	}
}
