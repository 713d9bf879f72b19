package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fit cuts a line (styled or not) to w cells, so nothing the registry sent
// can wrap a row of the screen into the next.
func fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(w, 1), "…")
}

// pad fills s with spaces to w cells.
func pad(s string, w int) string {
	if n := w - ansi.StringWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// wrap breaks plain text into lines of at most w cells, at spaces where it
// can and anywhere when a word is longer than a line. With limit > 0, at
// most limit lines are kept and the last shows that more was cut.
func wrap(s string, w, limit int) []string {
	w = max(w, 1)
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
