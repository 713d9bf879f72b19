package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fit cuts a line (styled or not) to w cells, so nothing the registry sent
// can wrap a row of the screen into the next.
func fit(s string, w int) string {
	if cells(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w, 1), "…")
}

// cut is fit for text without styling, with an ellipsis when cut; the
// rows of a list go through it, so plain ASCII (most registry text) takes
// a short way round grapheme segmentation.
func cut(s string, w int) string {
	w = max(w, 1)
	if plainASCII(s) {
		if len(s) <= w {
			return s
		}
		return s[:w-1] + "…"
	}
	return ansi.Truncate(s, w, "…")
}

// pad fills s with spaces to w cells.
func pad(s string, w int) string {
	if n := w - cells(s); n > 0 {
		return s + spaces(n)
	}
	return s
}

// cells is the width of s on screen.
func cells(s string) int {
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

func spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// wrap breaks plain text into lines of at most w cells, at spaces where it
// can and anywhere when a word is longer than a line. With limit > 0, at
// most limit lines are kept and the last shows that more was cut.
func wrap(s string, w, limit int) []string {
	w = max(w, 1)
	if cells(s) <= w && !strings.Contains(s, "\n") {
		return []string{s}
	}
	lines := split(ansi.Wrap(s, w, ""))
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	if limit > 0 && len(lines) > limit {
		lines = lines[:limit]
		lines[limit-1] = ansi.Truncate(lines[limit-1], max(w-1, 1), "") + "…"
	}
	return lines
}

// split cuts rendered text into lines; nothing gives no lines.
func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
