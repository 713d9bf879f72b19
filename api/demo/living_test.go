package demo_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// livingClock is a clock a test moves on by hand.
type livingClock struct{ t atomic.Int64 }

func newLivingClock(t time.Time) *livingClock {
	c := &livingClock{}
	c.set(t)
	return c
}
func (c *livingClock) set(t time.Time)     { c.t.Store(t.UnixNano()) }
func (c *livingClock) now() time.Time      { return time.Unix(0, c.t.Load()).UTC() }
func (c *livingClock) add(d time.Duration) { c.set(c.now().Add(d)) }

func livingClient(t *testing.T, clock *livingClock) *api.Client {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: plenty, Now: clock.now}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// livingState is what a watcher would look at, read through the client.
type livingState struct {
	profile  *api.Profile
	filings  *api.FilingHistory
	officers *api.Officers
	charges  *api.Charges
	pscs     *api.PSCList
}

func readLiving(t *testing.T, c *api.Client, number string) livingState {
	t.Helper()
	ctx := context.Background()
	var s livingState
	var err error
	if s.profile, err = c.Company(ctx, api.Number(number)); err != nil {
		t.Fatal(err)
	}
	if s.filings, err = c.FilingHistory(ctx, s.profile.Links.FilingHistory, api.Page{ItemsPerPage: 100}); err != nil {
		t.Fatal(err)
	}
	if s.officers, err = c.Officers(ctx, s.profile.Links.Officers, api.Page{ItemsPerPage: 100}); err != nil {
		t.Fatal(err)
	}
	if l := s.profile.Links.Charges; l != "" {
		if s.charges, err = c.Charges(ctx, l, api.Page{ItemsPerPage: 100}); err != nil {
			t.Fatal(err)
		}
	}
	if l := s.profile.Links.PersonsWithSignificantControl; l != "" {
		if s.pscs, err = c.PSCs(ctx, l, api.Page{ItemsPerPage: 100}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// The same minute always gives the same answers, and every beat of a
// living company adds one filing, newest first, that can be fetched at
// its own link.
func TestLivingCompaniesAnswerTheSameWithinAMinuteAndFileOnEveryBeat(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for _, number := range demo.LivingNumbers() {
		t.Run(number, func(t *testing.T) {
			t.Parallel()
			clock := newLivingClock(start)
			c := livingClient(t, clock)
			a := readLiving(t, c, number)
			clock.add(59 * time.Second)
			b := readLiving(t, c, number)
			if string(a.profile.Raw) != string(b.profile.Raw) || string(a.filings.Raw) != string(b.filings.Raw) || string(a.officers.Raw) != string(b.officers.Raw) {
				t.Fatalf("%s answered differently within the same minute", number)
			}
			clock.set(start.Add(demo.LivingEvery(number)))
			after := readLiving(t, c, number)
			if got, want := after.filings.Total(), a.filings.Total()+1; got != want {
				t.Fatalf("after one beat %s has %d filings, want %d", number, got, want)
			}
			newest := after.filings.Items[0]
			if newest.TransactionID == a.filings.Items[0].TransactionID || newest.Category == "" || newest.Date != "2026-11-24" {
				t.Fatalf("the newest filing after a beat is %+v", newest)
			}
			f, err := c.Filing(context.Background(), newest.Links.Self)
			if err != nil || f.TransactionID != newest.TransactionID {
				t.Fatalf("the new filing at its own link: %+v, %v", f, err)
			}
			if string(after.profile.Raw) == string(a.profile.Raw) {
				t.Fatalf("%s's profile (its etag at least) did not change with a beat", number)
			}
			if demo.Describe(number) == "" || slices.Contains(demo.Numbers(), number) {
				t.Fatalf("%s should be described, and kept out of the showcase catalogue", number)
			}
		})
	}
}

// Each living company changes what its beat says it does: a status, an
// officer, a charge, a person with significant control.
func TestLivingCompaniesChangeWhatTheyAreThereToChange(t *testing.T) {
	t.Parallel()
	epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ctx := context.Background()

	t.Run("00006421 is proposed for strike-off, then goes into liquidation", func(t *testing.T) {
		t.Parallel()
		clock := newLivingClock(epoch) // before its first beat (2 minutes in)
		c := livingClient(t, clock)
		before := readLiving(t, c, "00006421")
		clock.set(epoch.Add(2 * time.Minute))
		proposed := readLiving(t, c, "00006421")
		clock.set(epoch.Add(12 * time.Minute))
		liquidation := readLiving(t, c, "00006421")
		if before.profile.CompanyStatusDetail != "" || proposed.profile.CompanyStatusDetail != "active-proposal-to-strike-off" ||
			proposed.profile.Accounts.Overdue == nil || !*proposed.profile.Accounts.Overdue {
			t.Fatalf("strike-off: detail %q then %q, overdue %v", before.profile.CompanyStatusDetail, proposed.profile.CompanyStatusDetail, proposed.profile.Accounts.Overdue)
		}
		if liquidation.profile.CompanyStatus != "liquidation" || liquidation.profile.Links.Insolvency == "" {
			t.Fatalf("after three beats the status is %q, insolvency link %q", liquidation.profile.CompanyStatus, liquidation.profile.Links.Insolvency)
		}
		ins, err := c.Insolvency(ctx, liquidation.profile.Links.Insolvency)
		if err != nil || len(ins.Cases) != 1 {
			t.Fatalf("insolvency: %+v, %v", ins, err)
		}
	})

	t.Run("00006422 gains a director, then loses one", func(t *testing.T) {
		t.Parallel()
		clock := newLivingClock(epoch.Add(time.Minute))
		c := livingClient(t, clock)
		if s := readLiving(t, c, "00006422"); *s.officers.ActiveCount != 3 {
			t.Fatalf("after the first appointment %d officers are active, want 3 (the founder, the new director and the secretary)", *s.officers.ActiveCount)
		}
		clock.set(epoch.Add(5 * time.Minute))
		s := readLiving(t, c, "00006422")
		if *s.officers.ActiveCount != 2 || *s.officers.ResignedCount != 1 {
			t.Fatalf("after a resignation: %d active, %d resigned", *s.officers.ActiveCount, *s.officers.ResignedCount)
		}
		for _, o := range s.officers.Items {
			if _, err := c.Get(ctx, o.Links.Self, nil); err != nil {
				t.Fatalf("officer %s at its link: %v", o.Name, err)
			}
		}
	})

	t.Run("00006423 has a charge satisfied", func(t *testing.T) {
		t.Parallel()
		clock := newLivingClock(epoch.Add(3 * time.Minute))
		c := livingClient(t, clock)
		if s := readLiving(t, c, "00006423"); *s.charges.SatisfiedCount != 0 || len(s.charges.Items) != 2 {
			t.Fatalf("after the first beat: %s", s.charges.Raw)
		}
		clock.set(epoch.Add(9 * time.Minute))
		s := readLiving(t, c, "00006423")
		if *s.charges.SatisfiedCount != 1 || s.charges.Items[len(s.charges.Items)-1].SatisfiedOn == "" {
			t.Fatalf("after the second beat the oldest charge should be satisfied: %s", s.charges.Raw)
		}
	})

	t.Run("00006424 gains a person with significant control", func(t *testing.T) {
		t.Parallel()
		clock := newLivingClock(epoch)
		c := livingClient(t, clock)
		before := readLiving(t, c, "00006424")
		clock.set(epoch.Add(4 * time.Minute))
		after := readLiving(t, c, "00006424")
		if len(after.pscs.Items) != len(before.pscs.Items)+1 || after.pscs.Items[0].NotifiedOn != "2026-01-01" {
			t.Fatalf("before %s\nafter %s", before.pscs.Raw, after.pscs.Raw)
		}
	})

	t.Run("a year of beats keeps the lists short and the history whole", func(t *testing.T) {
		t.Parallel()
		clock := newLivingClock(epoch.AddDate(1, 0, 0))
		c := livingClient(t, clock)
		s := readLiving(t, c, "00006422")
		if len(s.officers.Items) > 20 || s.filings.Total() < 100000 {
			t.Fatalf("a year on: %d officers listed, %d filings", len(s.officers.Items), s.filings.Total())
		}
		last, err := c.FilingHistory(ctx, s.profile.Links.FilingHistory, api.Page{StartIndex: s.filings.Total() - 1, ItemsPerPage: 1})
		if err != nil || len(last.Items) != 1 || last.Items[0].Category != "incorporation" {
			t.Fatalf("the oldest filing: %+v, %v", last, err)
		}
	})
}

// 00006421's accounts are overdue exactly when their due date has passed:
// by its own flag (next_accounts.overdue and the older accounts.overdue)
// and by the date alike, at every beat of its cycle and across the turn
// of its year ends. (Once it was "overdue" with accounts due in 306
// days, and a watch list said "overdue now: accounts due 30 Sep 2027".)
func TestTheStatusChangersAccountsAreOverdueExactlyWhenTheirDueDateHasPassed(t *testing.T) {
	t.Parallel()
	clock := newLivingClock(time.Time{})
	c := livingClient(t, clock)
	overdue, due := 0, 0
	for _, e := range []int{0, 1, 2, 3, 4, 5, 1000, 1001, 1002, 1003, 1004, 77_000, 77_001, 77_002, 77_003, 77_004} {
		at := demo.LivingEventAt("00006421", e).Add(time.Minute)
		clock.set(at)
		p, err := c.Company(context.Background(), "00006421")
		if err != nil {
			t.Fatal(err)
		}
		a := p.Accounts
		late := a.NextAccounts.DueOn < at.Format(time.DateOnly)
		if a.NextAccounts.Overdue == nil || *a.NextAccounts.Overdue != late || a.Overdue == nil || *a.Overdue != late || a.NextDue != a.NextAccounts.DueOn {
			t.Errorf("event %d (%s, %s): accounts due %s, overdue %v and %v", e, at.Format(time.DateOnly), p.CompanyStatusDetail,
				a.NextAccounts.DueOn, a.NextAccounts.Overdue, a.Overdue)
		}
		proposed := p.CompanyStatusDetail == "active-proposal-to-strike-off"
		if late != proposed {
			t.Errorf("event %d: accounts overdue %v while a proposal to strike off is %v", e, late, proposed)
		}
		if late {
			overdue++
		} else {
			due++
		}
	}
	if overdue == 0 || due == 0 {
		t.Fatalf("%d beats with accounts overdue and %d with them due: want both", overdue, due)
	}
}
