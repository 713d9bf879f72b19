package present

import (
	"strings"
	"testing"
	"time"

	"coview/watch"
)

// The browser's watch page: a company's row, then its changes as notes
// under it, in words and made safe; countdowns as the profile counts
// them; overdue ones marked to stand out.
func TestTheWatchPageHasACompanysRowThenItsChangesInWords(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	entries := []watch.Entry{
		{Company: watch.Company{Number: "00006421", Name: "WEATHERVANE\x1b[2J WINDOWS LTD",
			Profile: watch.ProfileSnap{Status: "liquidation", AccountsDue: "2026-11-20", ConfirmationDue: "2026-12-01", ConfirmationOverdue: true}},
			Changes: []watch.Change{
				{Number: "00006421", Date: "2026-11-22", Kind: watch.KindStatusChanged, Before: "active", After: "liquidation"},
				{Number: "00006421", Date: "2026-11-22", Kind: watch.KindStrikeOffDiscontinued},
			}},
		{Company: watch.Company{Number: "00006402", Name: "GONE LTD", Profile: watch.ProfileSnap{Status: "dissolved", AccountsDue: "2020-01-01"}}},
	}
	pg := WatchPage(entries, nil, today)
	if len(pg.Items) != 4 || pg.Total != 4 {
		t.Fatalf("%d rows (total %d), want a row for each company and each change", len(pg.Items), pg.Total)
	}
	first := pg.Items[0]
	if got := strings.Join(first.Cells, "|"); got != "00006421|WEATHERVANE␛[2J WINDOWS LTD|In liquidation|overdue by 2 days|overdue" {
		t.Errorf("the company's row is %q", got)
	}
	if IsNote(first, len(pg.Columns)) || !IsNote(pg.Items[1], len(pg.Columns)) {
		t.Error("the company's row is a note, or its change is not")
	}
	if got := pg.Items[1].Cells[len(pg.Columns)]; got != "2026-11-22  status: active -> liquidation" {
		t.Errorf("the first change reads %q", got)
	}
	if pg.Items[1].Link != "/company/00006421" {
		t.Errorf("a change opens %q, not its company", pg.Items[1].Link)
	}
	late := 0
	for _, a := range first.Accents {
		if a.Kind == Overdue {
			late++
		}
	}
	if late != 2 {
		t.Errorf("%d overdue cells marked, want both", late)
	}
	gone := pg.Items[3]
	if !gone.Quiet || gone.Cells[3] != "" {
		t.Errorf("a dissolved company's row is %+v: quiet, with no stale due date, it should be", gone)
	}
	if pg.Summary != "2 companies watched, 1 changed since you last looked (2 changes)" {
		t.Errorf("the summary is %q", pg.Summary)
	}

	// Unwatched while the page is on screen: a quiet row at the end, once.
	unwatched := []watch.Entry{{Company: watch.Company{Number: "00006400", Name: "MARZIPAN LTD"}}, entries[1]}
	pg = WatchPage(entries, unwatched, today)
	if len(pg.Items) != 5 || pg.Total != 5 {
		t.Fatalf("%d rows (total %d), want the unwatched company's row after the four", len(pg.Items), pg.Total)
	}
	if got := pg.Items[4]; strings.Join(got.Cells, "|") != "00006400|MARZIPAN LTD|not watched||" || !got.Quiet || got.Link != "/company/00006400" {
		t.Errorf("the unwatched company's row is %+v", got)
	}
	if pg.Summary != "2 companies watched, 1 changed since you last looked (2 changes); 1 no longer watched (at the end): w on it watches it again" {
		t.Errorf("the summary is %q", pg.Summary)
	}
	if pg := WatchPage(nil, unwatched[:1], today); pg.Summary != "1 no longer watched (at the end): w on it watches it again" {
		t.Errorf("with none watched, the summary is %q", pg.Summary)
	}
}

func TestACheckInProgressSaysHowFarWhatItWaitsForAndHowLongIsLeft(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.Local)
	for _, c := range []struct {
		p    watch.Progress
		want string
	}{
		{watch.Progress{Total: 300, Done: 12, Changes: 1, Left: 41 * time.Second}, "checking 300 companies: 12 done, 1 change; about 41s left"},
		{watch.Progress{Total: 1, Done: 0}, "checking 1 company: 0 done"},
		{watch.Progress{Total: 8, Waiting: "keeping within 80% of the quota", Until: now.Add(90 * time.Second)},
			"checking 8 companies: 0 done; waiting until 12:01:30, keeping within 80% of the quota"},
	} {
		if got := WatchProgress(c.p, now); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

func TestAWatchedCompanysDueDatesReadAsTheProfileCountsThem(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct{ due, want string }{
		{"2026-12-31", "accounts due 31 Dec 2026 (in 39 days)"},
		{"2026-11-22", "accounts due 22 Nov 2026 (today)"},
		{"2026-11-01", "accounts due 1 Nov 2026 (overdue by 21 days)"},
		{"", ""},
	} {
		if got := WatchDue("accounts", c.due, today); got != c.want {
			t.Errorf("%q: got %q, want %q", c.due, got, c.want)
		}
	}
	if got := WatchName(watch.Company{Number: "00006400", Profile: watch.ProfileSnap{Status: "active"}}); got != "(no name) 00006400, active" {
		t.Errorf("a company without a name reads %q", got)
	}
}
