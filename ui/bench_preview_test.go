package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkScrollWithPreview is a frame of scrolling a list with its
// preview beside it at 200x60: one row down or up (Update) and the
// screen drawn (View), on the demo's 130 officers of 00006401, where
// the two rows' pages are in the cache, so each frame makes the
// preview's page as well as drawing it.
func BenchmarkScrollWithPreview(b *testing.B) {
	m := testModel(b, demoRegistry(b), Options{})
	send(b, m, tea.WindowSizeMsg{Width: 200, Height: 60})
	send(b, m, tea.PasteMsg{Content: "00006401\n"})
	selectLink(b, m, "Officers")
	press(b, m, "enter")
	for _, k := range []string{"down", "up"} {
		for _, tm := range rests(press(b, m, k)) {
			send(b, m, tm.msg)
		}
	}
	if m.preview.Asked() != 2 {
		b.Fatalf("the preview asked for %d rows, want 2", m.preview.Asked())
	}
	down, up := keyMsg("down"), keyMsg("up")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			m.Update(down)
		} else {
			m.Update(up)
		}
		_ = m.View()
	}
}
