package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// restThere moves the cursor with keys, then lets it rest: the preview's
// timer fires, and what it asks for arrives.
func restThere(t *testing.T, m *model, keys ...string) {
	t.Helper()
	var timers []timerMsg
	for _, k := range keys {
		timers = append(timers, rests(press(t, m, k))...)
	}
	if len(timers) > 0 {
		send(t, m, timers[len(timers)-1].msg)
	}
}

// wideScreens are the screens of the wide layout, kept at the smallest
// supported terminal, a large one and a very large one: a list with the
// preview of its row, a profile with its panes side by side.
var wideScreens = []struct {
	name  string
	setup func(t *testing.T, m *model)
}{
	{"officers_preview", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Officers")
		restThere(t, m, "down")
	}},
	{"search_results_preview", func(t *testing.T, m *model) {
		typeName(t, m, "sprockett")
		press(t, m, "enter")
		restThere(t, m, "down", "up")
	}},
	{"filings_preview_below", func(t *testing.T, m *model) {
		follow(t, m, "00006401", "Filing history")
		restThere(t, m, "P", "down")
	}},
	{"screening_preview", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: screeningPaste})
		restThere(t, m, "down", "down", "down")
	}},
	{"screening_preview_below", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: screeningPaste})
		restThere(t, m, "P", "down", "down", "down")
	}},
	{"profile_panes", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
	}},
	{"profile_panes_from_links", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006413\n"})
		press(t, m, "5", "down")
	}},
}

// TestGoldenWide keeps the wide layout's screens, as TestGolden does.
func TestGoldenWide(t *testing.T) {
	t.Parallel()
	for _, size := range threeSizes {
		for _, sc := range wideScreens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				m := testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{}})
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				sc.setup(t, m)
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}
