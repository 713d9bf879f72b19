package ui

import (
	"coview/present"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestCutAgreesWithANSITruncate(t *testing.T) {
	for _, s := range []string{"", "short", "exactly ten", "a much longer line of plain text", "Café Ünïcode naïve", "日本語の会社名株式会社", "tab\tinside"} {
		for _, w := range []int{1, 5, 10, 11, 40} {
			want := ansi.Truncate(s, w, "…")
			if got := cut(s, w); got != want {
				t.Errorf("cut(%q, %d) = %q, want %q", s, w, got, want)
			}
			if got := cells(s); got != ansi.StringWidth(s) {
				t.Errorf("cells(%q) = %d, want %d", s, got, ansi.StringWidth(s))
			}
		}
	}
}

func TestPadAndFitCountCellsNotBytes(t *testing.T) {
	if got := pad("日本", 6); got != "日本  " {
		t.Errorf("pad of wide text: %q", got)
	}
	if got := fit("日本語の会社", 5); ansi.StringWidth(got) > 5 {
		t.Errorf("fit gave %q, %d cells", got, ansi.StringWidth(got))
	}
	if got := pad("toolong", 3); got != "toolong" {
		t.Errorf("pad never cuts: %q", got)
	}
}

func TestWrapBreaksLongWordsAndLimitsLines(t *testing.T) {
	got := wrap("one two three four five six seven", 10, 0)
	for _, l := range got {
		if ansi.StringWidth(l) > 10 {
			t.Errorf("line %q longer than 10", l)
		}
	}
	if strings.Join(got, " ") != "one two three four five six seven" {
		t.Errorf("words lost: %q", got)
	}
	got = wrap(strings.Repeat("x", 35), 10, 2)
	if len(got) != 2 || !strings.HasSuffix(got[1], "…") {
		t.Errorf("limited wrap: %q", got)
	}
}

// The officers of 00006401 as they were cut before: the name column took
// the room while dates and roles were cut at every width.
var officerColumns = []present.Column{{Title: "Name", Flex: true}, {Title: "Role"}, {Title: "Appointed"}, {Title: "Resigned"}}

func TestColumnWidthsNeverCutADateOrRoleWhileTheNameHasRoom(t *testing.T) {
	widest := []int{30, len("LLP designated member"), len("before 1 Jul 1991"), len("31 Mar 2026")}
	for _, w := range []int{40, 60, 80, 120, 200} {
		ws := widths(officerColumns, widest, w)
		total := 2 + 2*(len(ws)-1)
		for _, n := range ws {
			total += n
		}
		if total > w {
			t.Errorf("at %d the columns take %d cells: %v", w, total, ws)
		}
		cut := ws[1] < widest[1] || ws[2] < widest[2] || ws[3] < widest[3]
		if cut && ws[0] > minFlex {
			t.Errorf("at %d a role or date is cut (%v) while the name keeps %d cells", w, ws, ws[0])
		}
		if w >= 120 && (cut || ws[0] != widest[0]) {
			t.Errorf("at %d nothing should be cut: %v for %v", w, ws, widest)
		}
	}
	// Narrow columns stay as narrow as what they hold, and the name no
	// wider than the longest name: spare room goes to the end of the line.
	ws := widths(officerColumns, []int{10, 8, 8, 1}, 120)
	if ws[0] != 10 || ws[1] != 8 || ws[3] != len("Resigned") {
		t.Errorf("widths %v: columns should be as wide as their content or title", ws)
	}
}
