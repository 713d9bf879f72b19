package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
)

// Issue 20, item 26: the breadcrumb says each step once, and stays short.

// An officer's appointments opened from one of them (both called by the
// officer's name) are not a second step of the same name.
func TestTheBreadcrumbSaysAStepOnce(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	follow(t, m, "00006400", "Officers")
	openRow(t, m, "HARGREAVE")
	press(t, m, "enter") // from the appointment to all of the officer's
	crumb := splitLines(screen(m))[2]
	if n := strings.Count(crumb, "HARGREAVE, Eleanor Mabel"); n != 1 {
		t.Fatalf("the breadcrumb names the officer %d times: %q", n, crumb)
	}
	mustContain(t, crumb, "MARZIPAN MOUNTAIN SOFTWARE LTD › Officers › HARGREAVE, Eleanor Mabel")
}

// Link after link, the breadcrumb keeps the latest steps only, and what
// history keeps of it stays as short.
func TestTheBreadcrumbDoesNotGrowWithoutBound(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.docs["/company/00000001/charges"] = `{"next":"/company/00000001/x1"}`
	for i := 1; i <= 20; i++ {
		f.docs[fmt.Sprintf("/company/00000001/x%d", i)] = fmt.Sprintf(`{"next":"/company/00000001/x%d"}`, i+1)
	}
	selectLink(t, m, "Charges")
	press(t, m, "enter")
	for i := 1; i <= 20; i++ {
		press(t, m, "down", "enter")
		if got := place(m).Res.Link; got != fmt.Sprintf("/company/00000001/x%d", i) {
			t.Fatalf("step %d is on %q", i, got)
		}
	}
	if n := len(place(m).Trail); n > common.TrailMax {
		t.Fatalf("after 21 links the breadcrumb keeps %d steps", n)
	}
	crumb := splitLines(screen(m))[2]
	mustContain(t, crumb, "/company/00000001/x19 › /company/00000001/x20")
	mustNotContain(t, crumb, "x1 ›")
}

// Issue 20, item 26: on the demo registry (--demo) the title line of
// every page, and the window's title, say so.
func TestTheTitleLineSaysTheDemoRegistryIsInUse(t *testing.T) {
	t.Parallel()
	for _, demo := range []bool{true, false} {
		m := testModel(t, demoRegistry(t), Options{Demo: demo})
		home := splitLines(screen(m))[0]
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		company := splitLines(screen(m))[0]
		mustContain(t, company, "MARZIPAN MOUNTAIN SOFTWARE LTD  00006400") // the name whole
		window := m.View().WindowTitle
		if strings.Contains(window, "demo registry") != demo {
			t.Fatalf("with Demo %v the window's title reads %q", demo, window)
		}
		for _, line := range []string{home, company} {
			if strings.HasSuffix(line, "  demo") != demo {
				t.Fatalf("with Demo %v the title reads %q", demo, line)
			}
			if width(line) > 80 {
				t.Fatalf("the title line is %d cells wide: %q", width(line), line)
			}
		}
	}
}
