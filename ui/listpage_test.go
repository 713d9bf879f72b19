package ui

import (
	"testing"

	"coview/api"
)

func TestListPageCountsPagesAndKnowsWhenItIsDone(t *testing.T) {
	all := makeOfficers(250)
	total, active := 250, 250
	l := &listPage{total: -1}
	for start := 0; !l.done; start = l.loaded {
		end := min(start+100, len(all))
		l.addPage(&api.Officers{Items: all[start:end], TotalResults: &total, ActiveCount: &active}, false)
		if start > 300 {
			t.Fatal("never done")
		}
	}
	if len(l.rows) != 250 || l.loaded != 250 || l.total != 250 {
		t.Fatalf("rows %d loaded %d total %d", len(l.rows), l.loaded, l.total)
	}
	if l.summary != "250 officers: 250 active" {
		t.Fatalf("summary %q", l.summary)
	}
}

func TestListPageStopsOnAnEmptyPageWhenTheTotalIsUnknown(t *testing.T) {
	l := &listPage{total: -1}
	l.addPage(&api.FilingHistory{Items: makeFilings(100)}, false)
	if l.done {
		t.Fatal("done after a full page with no total")
	}
	l.addPage(&api.FilingHistory{}, false)
	if !l.done || len(l.rows) != 100 {
		t.Fatalf("done %v with %d rows", l.done, len(l.rows))
	}
}

func TestOfficersOfADissolvedCompanyAreNeverCurrent(t *testing.T) {
	zero, two := 0, 2
	officers := makeOfficers(2)
	l := &listPage{total: -1}
	// The counts alone say so (active 0, inactive 2), even without a profile.
	l.addPage(&api.Officers{Items: officers, ActiveCount: &zero, InactiveCount: &two, TotalResults: &two}, false)
	for _, r := range l.rows {
		if !r.quiet || r.cells[3] != "dissolved" {
			t.Fatalf("row %+v reads as current", r)
		}
	}
	if l.caveat == "" {
		t.Fatal("no caveat for a dissolved company's officers")
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 5000: "5,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
