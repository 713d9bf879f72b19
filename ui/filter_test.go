package ui

import (
	"strings"
	"testing"
)

// Issue 20, item 15: a list's filter as a new user meets it.

// While the filter has the keyboard, the footer offers the filter's own
// keys, not q or ⌫, which would only edit the filter.
func TestTheFooterShowsTheFiltersKeysWhileItHasTheKeyboard(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter", "f")
	lines := splitLines(screen(m))
	footer := lines[len(lines)-1]
	mustContain(t, footer, "enter keep the filter", "esc drop the filter", "ctrl+c quit")
	mustNotContain(t, footer, "q quit", "back", "? help")
	press(t, m, "enter")
	lines = splitLines(screen(m))
	mustContain(t, lines[len(lines)-1], "q quit")
}

// esc on a filter, as it is typed or after, shows every row again with
// the cursor still on the row it was on.
func TestEscOnAFilterKeepsTheSelectedRow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		keys []string // after typing the filter
		row  string   // the row selected when esc is pressed
	}{
		{"esc while typing the filter", []string{"esc"}, "PERSON 0004, Test"},
		{"esc on the filtered list", []string{"enter", "down", "down", "esc"}, "PERSON 0041, Test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, m := browsing(t)
			selectLink(t, m, "Officers")
			press(t, m, "enter", "f")
			typeText(t, m, "004")
			press(t, m, tc.keys...)
			if rowsOf(m).Filtered() || rowsOf(m).Len() != 100 {
				t.Fatalf("esc left %d rows shown (filter %q)", rowsOf(m).Len(), rowsOf(m).Filter)
			}
			if got := rowsOf(m).Item(window(m).Cursor()).Cells[0]; got != tc.row {
				t.Fatalf("after esc the cursor is on %q, want the row it was on, %q", got, tc.row)
			}
			mustContain(t, screen(m), "▸ "+tc.row)
		})
	}
}

// c on a list whose rows are neither current nor past (filings) says
// so, instead of calling every filing current.
func TestCurrentOnAListWithNoPastSaysSo(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Filing history")
	press(t, m, "enter", "c")
	s := screen(m)
	mustContain(t, strings.Join(strings.Fields(s), " "), "neither current nor past")
	mustNotContain(t, s, "every row is current", "are current")
}
