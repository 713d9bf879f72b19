package ui

import (
	"slices"
	"testing"
)

// The footer's position counts companies, not the lines of their changes
// under them (issue 31, item 30: it said "1 of 9" for five companies):
// a change's line is its company's; filtered, of those shown.
func TestTheWatchPagesPositionCountsCompaniesNotChangeLines(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := w.model(t, Options{})
	press(t, m, "esc", "W")
	var got []string
	for range 8 {
		got = append(got, m.page.Position())
		press(t, m, "down")
	}
	// 00006421 and its three changes, 00006420 and its one, then three
	// companies without changes.
	want := []string{"1 of 5", "1 of 5", "1 of 5", "1 of 5", "2 of 5", "2 of 5", "3 of 5", "4 of 5"}
	if !slices.Equal(got, want) {
		t.Fatalf("going down the watch page, the footer says %q, want %q", got, want)
	}
	mustContain(t, screen(m), " 5 of 5 ")
	press(t, m, "f", "m", "a", "r", "z", "enter")
	if pos := m.page.Position(); pos != "1 of 1 shown" {
		t.Fatalf("filtered to marzipan, the footer says %q", pos)
	}
}
