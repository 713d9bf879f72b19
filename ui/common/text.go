package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/present/sanitize"
)

// Fit cuts a line (styled or not) to w cells, so nothing the registry sent
// can wrap a row of the screen into the next.
func Fit(s string, w int) string {
	if Cells(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w, 1), "…")
}

// Cut is Fit for text without styling, with an ellipsis when cut; the
// rows of a list go through it, so plain ASCII (most registry text) takes
// a short way round grapheme segmentation.
func Cut(s string, w int) string {
	w = max(w, 1)
	if plainASCII(s) {
		if len(s) <= w {
			return s
		}
		return s[:w-1] + "…"
	}
	return ansi.Truncate(s, w, "…")
}

// Pad fills s with spaces to w cells.
func Pad(s string, w int) string {
	if n := w - Cells(s); n > 0 {
		return s + Spaces(n)
	}
	return s
}

// Cells is the width of s on screen.
func Cells(s string) int {
	if plainASCII(s) {
		return len(s)
	}
	return ansi.StringWidth(s)
}

// plainASCII reports whether every byte of s is a printable ASCII
// character, each one cell wide.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

const blanks = "                                                                                                                                "

// Spaces is n spaces.
func Spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// Wrap breaks plain text into lines of at most w cells, at spaces where it
// can and anywhere when a word is longer than a line. With limit > 0, at
// most limit lines are kept and the last shows that more was cut.
func Wrap(s string, w, limit int) []string {
	w = max(w, 1)
	if Cells(s) <= w && !strings.Contains(s, "\n") {
		return []string{s}
	}
	lines := Split(ansi.Wrap(s, w, ""))
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	if limit > 0 && len(lines) > limit {
		lines = lines[:limit]
		lines[limit-1] = ansi.Truncate(lines[limit-1], max(w-1, 1), "") + "…"
	}
	return lines
}

// Split cuts rendered text into lines; nothing gives no lines.
func Split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// Line is a value from the network made safe to draw on one line.
func Line(s string) string { return sanitize.Line(strings.TrimSpace(s)) }

// Or is s, or d when s is empty.
func Or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// Sentence ends s with a full stop unless it already ends a sentence.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

// CutMiddle shortens text to w cells by taking out its middle, so that a
// long file name keeps both its start (the company and the date) and its
// end (what it is).
func CutMiddle(text string, w int) string {
	n := Cells(text)
	if n <= w {
		return text
	}
	w = max(w, 3)
	head := (w - 1) / 2
	tail := w - 1 - head
	return ansi.Truncate(text, head, "") + "…" + ansi.TruncateLeft(text, n-tail, "")
}

// Ptr is a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }
