package ui

import (
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

func TestColumnWidthsFitTheTerminal(t *testing.T) {
	cols := columnsOf(kindAppointments)
	widest := []int{60, 8, 26, 11, 11}
	for _, w := range []int{40, 80, 120, 200} {
		ws := widths(cols, widest, w)
		total := 2 + 2*(len(ws)-1)
		for _, n := range ws {
			total += n
		}
		if w >= 60 && total != w {
			t.Errorf("at %d the columns take %d cells: %v", w, total, ws)
		}
		if ws[0] < 12 && w >= 60 {
			t.Errorf("at %d the company column has %d cells", w, ws[0])
		}
	}
	// Narrow columns stay as narrow as what they hold.
	ws := widths(cols, []int{10, 8, 8, 10, 1}, 120)
	if ws[2] != 8 || ws[4] != len("Resigned") {
		t.Errorf("widths %v: role and resigned should shrink to their content", ws)
	}
}
