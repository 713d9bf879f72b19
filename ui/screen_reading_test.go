package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/ui/parts/profile"
)

// The screen, read as a person would: its header, breadcrumb, body and
// panes found by their text, and the checks made on them.

// topLines are the lines above the rule under the header.
func topLines(screen string) []string {
	ls := splitLines(screen)
	for i, l := range ls {
		if l != "" && strings.Trim(l, "─") == "" {
			return ls[:i]
		}
	}
	return nil
}

// bodyLines are the lines under the rule, without the two footer lines and
// the error box.
func bodyLines(screen string) []string {
	ls := splitLines(screen)
	top := len(topLines(screen))
	if top == 0 || len(ls) < top+3 {
		return nil
	}
	var out []string
	for _, l := range ls[top+1 : len(ls)-2] {
		if !strings.HasPrefix(l, "▌") {
			out = append(out, l)
		}
	}
	return out
}

// headerAndCrumb are the title line (the company, the officer or coview
// itself), the first line of the screen, and the breadcrumb: the indented
// line of steps joined by " › " under the search input, the recent
// numbers and the queue; "" when the page was not opened from another.
func headerAndCrumb(screen string) (header, crumb string) {
	top := topLines(screen)
	if len(top) == 0 {
		return "", ""
	}
	for _, l := range top[2:] {
		if strings.HasPrefix(l, "  ") && strings.Contains(l, " › ") && !strings.HasPrefix(l, "  Next to open") {
			crumb = strings.TrimSpace(l)
			break
		}
	}
	return strings.TrimRight(top[0], " "), crumb
}

// startsWithName reports whether a line begins with name, allowing for the
// name being cut short with an ellipsis on a narrow screen.
func startsWithName(line, name string) bool {
	if strings.HasPrefix(line, name) {
		return true
	}
	i := strings.Index(line, "…")
	return i >= 3 && strings.HasPrefix(name, line[:i])
}

// endsWithStep reports whether a breadcrumb ends with step, or was cut.
func endsWithStep(crumb, step string) bool {
	return strings.HasSuffix(crumb, step) || strings.HasSuffix(crumb, "…")
}

// mustCrumb checks the breadcrumb: it ends at the page's own step when the
// page was opened from another, and is not drawn when it was not (it would
// only repeat the title).
func mustCrumb(t *testing.T, s snapshot, crumb, step string) {
	t.Helper()
	switch {
	case len(s.page.Trail) == 0 && crumb != "":
		t.Fatalf("a breadcrumb %q on a page opened first:\n%s", crumb, s.screen)
	case len(s.page.Trail) > 0 && !endsWithStep(crumb, step):
		t.Fatalf("the breadcrumb reads %q, want it to end at %q:\n%s", crumb, step, s.screen)
	}
}

// paneLabels are the labels in the first column of each pane of
// simpleProfile, in pane order.
var paneLabels = [][]string{
	{"Number", "Status", "Type", "Jurisdiction", "Incorporated on"},
	{"Address"},
	{"Accounts"},
	{"Statement"},
	{"This profile", "Filing history", "Officers", "Charges", "Insolvency"},
}

// drawnPanes are the panes whose labels appear on the page under the rule.
func drawnPanes(screen string) []int {
	var out []int
	for _, l := range bodyLines(screen) {
		text := strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(l), "▸ "), " ")
		token, _, _ := strings.Cut(text, "  ")
		head, cut := strings.CutSuffix(token, "…")
		for pane, labels := range paneLabels {
			for _, label := range labels {
				if token == label || (cut && len(head) >= 3 && strings.HasPrefix(label, head)) {
					if !slices.Contains(out, pane) {
						out = append(out, pane)
					}
				}
			}
		}
	}
	return out
}

func mustDrawPane(t *testing.T, s snapshot, pane int) {
	t.Helper()
	if s.page.Tab != pane {
		t.Fatalf("pane %d selected (counting from 0), want %d:\n%s", s.page.Tab, pane, s.screen)
	}
	got := drawnPanes(s.screen)
	if profile.Columns(s.width) > 1 {
		// Panes in columns: the selected one first and marked, the next
		// ones after it as they fit.
		title := fmt.Sprintf("» %d %s", pane+1, present.PaneNames[pane])
		if len(got) == 0 || got[0] != pane || !strings.Contains(s.screen, title) {
			t.Fatalf("drawn: panes %v counting from 0, want pane %d first, titled %q:\n%s", got, pane, title, s.screen)
		}
		return
	}
	if !slices.Equal(got, []int{pane}) {
		t.Fatalf("drawn: panes %v counting from 0, want only pane %d:\n%s", got, pane, s.screen)
	}
}

// mustFit checks that the screen is laid out for a w×h terminal: exactly h
// lines, none wider than w, and the rule as wide as the screen.
func mustFit(t *testing.T, s snapshot, w, h int) {
	t.Helper()
	if s.width != w || s.height != h {
		t.Fatalf("laid out for %dx%d, want %dx%d", s.width, s.height, w, h)
	}
	if !s.laidOut {
		t.Fatalf("the rows counted for the page are not the rows drawn:\n%s", s.screen)
	}
	ls := splitLines(s.screen)
	if len(ls) != h {
		t.Fatalf("%d lines on a screen %d high:\n%s", len(ls), h, s.screen)
	}
	for _, l := range ls {
		if cw := ansi.StringWidth(l); cw > w {
			t.Fatalf("a line %d cells wide on a screen %d wide: %q", cw, w, l)
		}
	}
	top := topLines(s.screen)
	if len(top) == len(ls) || ansi.StringWidth(ls[len(top)]) != w {
		t.Fatalf("the rule is not %d cells wide:\n%s", w, s.screen)
	}
}

// mustShowCompany checks the page, the header and the breadcrumb all name
// the company.
func mustShowCompany(t *testing.T, s snapshot, number, name string) {
	t.Helper()
	if s.page.Res.Kind != api.ResCompany || s.page.Company != api.Number(number) {
		t.Fatalf("on %v %q, want the profile of %s:\n%s", s.page.Res.Kind, s.page.Company, number, s.screen)
	}
	header, crumb := headerAndCrumb(s.screen)
	if !startsWithName(header, name) || !strings.Contains(header, number) {
		t.Fatalf("the header reads %q, want %s %s:\n%s", header, name, number, s.screen)
	}
	mustCrumb(t, s, crumb, name)
	if cur, ok := s.current(); !ok || !cur.Same(s.page) {
		t.Fatalf("history is at %+v, the screen at %+v", cur, s.page)
	}
}

// searchLine is the line of the search box: under the title, and under a
// profile's flags when it has any.
func searchLine(screen string) string {
	for _, l := range topLines(screen) {
		if strings.HasPrefix(l, "Company ›") {
			return l
		}
	}
	return ""
}
