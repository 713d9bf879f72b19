package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/screenings"
)

// screening500 is the browser showing a screening of 500 of the demo's
// generated companies, every row answered.
func screening500(b *testing.B) (*model, int) {
	m := testModel(b, demoRegistry(b), Options{})
	send(b, m, tea.WindowSizeMsg{Width: 200, Height: 60})
	var paste strings.Builder
	for i := range 500 {
		fmt.Fprintf(&paste, "%08d\n", 7000+i)
	}
	send(b, m, tea.PasteMsg{Content: paste.String()})
	id := screeningID(m)
	if sc := m.makers.screenings.Of(id); sc == nil || sc.Running() || rowsOf(m).Len() != 500 {
		b.Fatalf("on %+v", place(m))
	}
	return m, id
}

// BenchmarkScreeningRefresh is what the table costs each time rows
// arrive: made again from every row, sorted by the flags.
func BenchmarkScreeningRefresh(b *testing.B) {
	m, id := screening500(b)
	b.ReportAllocs()
	desc := false
	for b.Loop() {
		desc = !desc
		m.makers.screenings.SetSort(id, screenings.Sort{Field: present.FieldFlags, Desc: desc})
		m.makers.screenings.Of(id).Version++ // as when rows arrive
		m.page.Update(screenings.Msg{ID: id})
	}
}

// BenchmarkScreeningView draws a screening of 500 rows: only the rows on
// screen are drawn.
func BenchmarkScreeningView(b *testing.B) {
	m, _ := screening500(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
