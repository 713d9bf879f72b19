package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Issue 31, item 26: the screening's table has a preview as every list
// has, beside it where there is room, its columns chosen for the room
// the list gets; and p works there, while the screening runs too.

func TestAScreeningBesideItsPreviewShowsTheColumnsItHasRoomFor(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 200, Height: 40})
	send(t, m, tea.PasteMsg{Content: screeningPaste})
	restThere(t, m, "down", "down", "down")
	s := screen(m)
	// The preview of the row under the cursor, beside the table.
	mustContain(t, s, "│WONKY WHEELBARROW WORKS LIMITED  00006403", "Incorporated on")
	// The table, 109 cells wide, shows the columns a window of 109 shows,
	// names whole, rather than every column cut short.
	if got := rowsOf(m).Titles(); !slices.Equal(got, []string{"Input", "Name", "Status", "Flags", "Result"}) {
		t.Fatalf("columns %q beside the preview", got)
	}
	mustContain(t, s, "WONKY WHEELBARROW WORKS LIMITED        In liquidation")
	mustNotContain(t, s, "Incorpo…", "WONKY W…")
	// Turned off, the table has the whole window and its columns.
	press(t, m, "p")
	if got := rowsOf(m).Titles(); len(got) != 11 {
		t.Fatalf("columns %q with the whole window", got)
	}
	mustContain(t, screen(m), "Preview off: p shows it again.")
}

func TestPWhileAScreeningRunsSaysWhatItDid(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002", "00000003")
	g := gate(f, "00000003")
	b := startBrowser(t, g, Options{}, 120, 30)
	b.send(tea.PasteMsg{Content: "00000001\n00000002\n00000003\n"})
	screeningRows(b, "two rows answered", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "ok", "…"})
	})
	for _, want := range []string{"Preview off: p shows it again.", "No room for the preview at 120×30"} {
		b.keys("p")
		s := b.waitUntil("p's words", func(s snapshot) bool { return strings.HasPrefix(s.note, want) })
		if !s.screening || !strings.Contains(s.screen, want) {
			t.Fatalf("while the screening runs (%v), p's words are not on screen:\n%s", s.screening, s.screen)
		}
	}
	g.let("00000003")
	b.waitUntil("the screening done", func(s snapshot) bool { return !s.screening })
}
