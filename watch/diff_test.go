package watch

import (
	"slices"
	"testing"
	"time"

	"coview/api"
)

func changeKinds(cs []Change) []Kind {
	var out []Kind
	for _, c := range cs {
		out = append(out, c.Kind)
	}
	return out
}

// Diffs of two readings, kind by kind, including what the demo does not
// do: an officer corrected off the list, a partial list, a charge bought
// with the company, an office in dispute.
func TestDiffsOfTwoReadings(t *testing.T) {
	t.Parallel()
	item := func(name, ended string) ItemSnap { return ItemSnap{Name: name, Role: "director", Ended: ended} }
	for _, c := range []struct {
		name     string
		set      string
		old, now ListSnap
		want     []Kind
	}{
		{"an officer gone from a whole list without resigning was removed", setOfficers,
			ListSnap{Items: map[string]ItemSnap{"a": item("A", ""), "b": item("B", "")}},
			ListSnap{Items: map[string]ItemSnap{"a": item("A", "")}},
			[]Kind{KindOfficerRemoved}},
		{"nothing is said of what a partial list leaves out", setOfficers,
			ListSnap{Items: map[string]ItemSnap{"a": item("A", ""), "b": item("B", "")}},
			ListSnap{Items: map[string]ItemSnap{"a": item("A", "")}, Partial: true},
			nil},
		{"an officer who resigned long ago dropping off is not news", setOfficers,
			ListSnap{Items: map[string]ItemSnap{"a": item("A", "2020-01-01")}},
			ListSnap{Items: map[string]ItemSnap{}},
			nil},
		{"an officer appointed and resigned between checks is both", setOfficers,
			ListSnap{Items: map[string]ItemSnap{}},
			ListSnap{Items: map[string]ItemSnap{"a": item("A", "2026-11-20")}},
			[]Kind{KindOfficerAppointed, KindOfficerResigned}},
		{"an officer's new address is a change of details", setOfficers,
			ListSnap{Items: map[string]ItemSnap{"a": {Name: "A", Details: map[string]string{"address": "1 Old Road"}}}},
			ListSnap{Items: map[string]ItemSnap{"a": {Name: "A", Details: map[string]string{"address": "2 New Road"}}}},
			[]Kind{KindOfficerDetails}},
		{"a charge bought with the company is acquired", setCharges,
			ListSnap{Items: map[string]ItemSnap{}},
			ListSnap{Items: map[string]ItemSnap{"c": {Role: "0001", Status: "outstanding", Details: map[string]string{"acquired": "2026-11-01"}}}},
			[]Kind{KindChargeAcquired}},
		{"a charge part satisfied", setCharges,
			ListSnap{Items: map[string]ItemSnap{"c": {Role: "0001", Status: "outstanding"}}},
			ListSnap{Items: map[string]ItemSnap{"c": {Role: "0001", Status: "part-satisfied"}}},
			[]Kind{KindChargePartSatisfied}},
		{"a PSC statement withdrawn", setPSCStatements,
			ListSnap{Items: map[string]ItemSnap{"s": {Role: "no-individual-or-entity-with-signficant-control"}}},
			ListSnap{Items: map[string]ItemSnap{"s": {Role: "no-individual-or-entity-with-signficant-control", Ended: "2026-11-01"}}},
			[]Kind{KindPSCStatementWithdrawn}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := changeKinds(diffList(c.set, c.old, c.now, "2026-11-24")); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestProfileDiffs(t *testing.T) {
	t.Parallel()
	base := ProfileSnap{Name: "A LTD", Status: "active", Office: "1 Road", SIC: []string{"62012"}, ReferenceDate: "31-03"}
	for _, c := range []struct {
		name   string
		change func(p *ProfileSnap)
		want   []Kind
	}{
		{"nothing changed", func(p *ProfileSnap) {}, nil},
		{"dissolved", func(p *ProfileSnap) { p.Status = "dissolved" }, []Kind{KindDissolved}},
		{"an office in dispute and undeliverable, with no filing", func(p *ProfileSnap) { p.InDispute, p.Undeliverable = true, true },
			[]Kind{KindOfficeInDispute, KindUndeliverableOffice}},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := base
			now.SIC = slices.Clone(base.SIC)
			c.change(&now)
			if got := changeKinds(diffProfile(base, now, "2026-11-24")); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	proposed := base
	proposed.StatusDetail = "active-proposal-to-strike-off"
	gone := proposed
	gone.Status, gone.StatusDetail = "dissolved", ""
	if got := changeKinds(diffProfile(proposed, gone, "2026-11-24")); !slices.Equal(got, []Kind{KindDissolved}) {
		t.Fatalf("struck off after a proposal: %v", got)
	}
}

// A deadline that passes is news once, by its date alone (no request
// needed to notice), and again only for a later due date.
func TestADeadlinePassingIsNewsOncePerDueDate(t *testing.T) {
	t.Parallel()
	p := ProfileSnap{Status: "active", AccountsDue: "2026-11-20", ConfirmationDue: "2027-01-10"}
	noted := map[string]string{}
	if got := changeKinds(overdue(p, noted, "2026-11-19")); got != nil {
		t.Fatalf("before the due date: %v", got)
	}
	if !pastDue(p, noted, "2026-11-21") {
		t.Fatal("a date passed is not seen to have passed")
	}
	got := overdue(p, noted, "2026-11-21")
	if !slices.Equal(changeKinds(got), []Kind{KindAccountsOverdue}) || got[0].Date != "2026-11-20" {
		t.Fatalf("after the due date: %+v", got)
	}
	if got := overdue(p, noted, "2026-11-22"); got != nil || pastDue(p, noted, "2026-11-22") {
		t.Fatalf("the day after, again: %v", got)
	}
	p.AccountsDue = "2027-11-20"
	if got := overdue(p, noted, "2027-11-21"); !slices.Equal(changeKinds(got), []Kind{KindAccountsOverdue, KindConfirmationOverdue}) {
		t.Fatalf("a year on: %v", changeKinds(got))
	}
	p.Status = "dissolved"
	if got := overdue(p, map[string]string{}, "2030-01-01"); got != nil {
		t.Fatalf("a dissolved company is never overdue: %v", got)
	}
}

// A deadline reported overdue that is no longer (the accounts came in,
// the next are due a year on) is news once too, saying when the next
// are due; one never reported overdue is not.
func TestADeadlineNoLongerOverdueIsNewsOnce(t *testing.T) {
	t.Parallel()
	p := ProfileSnap{Status: "active", AccountsDue: "2026-09-30", AccountsOverdue: true, ConfirmationDue: "2027-01-10"}
	noted := map[string]string{}
	overdue(p, noted, "2026-11-25")
	p.AccountsDue, p.AccountsOverdue = "2027-09-30", false
	got := overdue(p, noted, "2026-11-26")
	if !slices.Equal(changeKinds(got), []Kind{KindAccountsNoLongerOverdue}) || got[0].Before != "2026-09-30" || got[0].After != "2027-09-30" ||
		got[0].Date != "2026-11-26" {
		t.Fatalf("the accounts filed: %+v", got)
	}
	if got := overdue(p, noted, "2026-11-27"); got != nil {
		t.Fatalf("the day after, again: %v", changeKinds(got))
	}
	p.AccountsDue = "2026-11-30"
	if got := overdue(p, map[string]string{}, "2026-11-27"); got != nil {
		t.Fatalf("a due date moved that was never overdue: %v", changeKinds(got))
	}
}

// The profile is read again daily, more often near a deadline, rarely
// once dissolved, and the companies of a list are spread out.
func TestTheProfileIsReadDailyMoreOftenNearADeadline(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	far := ProfileSnap{Status: "active", AccountsDue: "2027-06-30"}
	near := ProfileSnap{Status: "active", AccountsDue: "2026-12-01"}
	gone := ProfileSnap{Status: "dissolved"}
	for _, c := range []struct {
		p    ProfileSnap
		ago  time.Duration
		want bool
	}{
		{far, 0, false}, {far, 19 * time.Hour, false}, {far, 24 * time.Hour, true},
		{near, 4 * time.Hour, false}, {near, 6 * time.Hour, true},
		{gone, 20 * 24 * time.Hour, false}, {gone, 30 * 24 * time.Hour, true},
	} {
		if got := profileDue("00006400", c.p, now.Add(-c.ago), now, nil); got != c.want {
			t.Errorf("due %s, read %s ago: %v, want %v", c.p.AccountsDue+c.p.Status, c.ago, got, c.want)
		}
	}
	// Slots differ by number: 1,000 companies do not all fall due at once.
	due := 0
	for i := range 1000 {
		if profileDue(api.Number(string(rune('A'+i%26))+time.Duration(i).String()), far, now.Add(-22*time.Hour), now, nil) {
			due++
		}
	}
	if due == 0 || due == 1000 {
		t.Errorf("%d of 1,000 companies read 22 hours ago are due: not spread", due)
	}
}

// What a filing's category makes a check read again.
func TestWhatAFilingMakesACheckReadAgain(t *testing.T) {
	t.Parallel()
	for cat, want := range map[string][]string{
		"officers":                         {setOfficers},
		"persons-with-significant-control": {setPSCs, setPSCStatements},
		"mortgage":                         {setCharges},
		"insolvency":                       {setInsolvency},
		"liquidation":                      {setInsolvency},
		"gazette":                          {setInsolvency},
		"accounts":                         nil,
		"something-new":                    {setOfficers, setPSCs, setPSCStatements, setCharges, setInsolvency},
	} {
		if got := rereads(cat); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", cat, got, want)
		}
	}
}
