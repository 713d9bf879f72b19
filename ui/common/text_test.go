package common

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestCutAgreesWithANSITruncate(t *testing.T) {
	for _, s := range []string{"", "short", "exactly ten", "a much longer line of plain text", "Café Ünïcode naïve", "日本語の会社名株式会社", "tab\tinside"} {
		for _, w := range []int{1, 5, 10, 11, 40} {
			want := ansi.Truncate(s, w, "…")
			if got := Cut(s, w); got != want {
				t.Errorf("Cut(%q, %d) = %q, want %q", s, w, got, want)
			}
			if got := Cells(s); got != ansi.StringWidth(s) {
				t.Errorf("Cells(%q) = %d, want %d", s, got, ansi.StringWidth(s))
			}
		}
	}
}

func TestPadAndFitCountCellsNotBytes(t *testing.T) {
	if got := Pad("日本", 6); got != "日本  " {
		t.Errorf("Pad of wide text: %q", got)
	}
	if got := Fit("日本語の会社", 5); ansi.StringWidth(got) > 5 {
		t.Errorf("Fit gave %q, %d cells", got, ansi.StringWidth(got))
	}
	if got := Pad("toolong", 3); got != "toolong" {
		t.Errorf("Pad never cuts: %q", got)
	}
}

func TestWrapBreaksLongWordsAndLimitsLines(t *testing.T) {
	got := Wrap("one two three four five six seven", 10, 0)
	for _, l := range got {
		if ansi.StringWidth(l) > 10 {
			t.Errorf("line %q longer than 10", l)
		}
	}
	if strings.Join(got, " ") != "one two three four five six seven" {
		t.Errorf("words lost: %q", got)
	}
	got = Wrap(strings.Repeat("x", 35), 10, 2)
	if len(got) != 2 || !strings.HasSuffix(got[1], "…") {
		t.Errorf("limited wrap: %q", got)
	}
}
