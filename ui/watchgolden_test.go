package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// watchGoldens are the screens of the watch list TestGoldenWatch keeps,
// each on its world: five companies watched, two of them changed since
// the last look (watchedWorld), or about to be found changed by the
// browser's own check (seededWorld).
var watchGoldens = []struct {
	name  string
	world func(t testing.TB) *watchWorld
	setup func(t *testing.T, m *model)
}{
	{"watch_list", watchedWorld, func(t *testing.T, m *model) {
		press(t, m, "esc", "W")
	}},
	{"watch_list_checked", seededWorld, func(t *testing.T, m *model) {
		press(t, m, "esc", "W", "r")
	}},
	{"watch_home_news", watchedWorld, func(t *testing.T, m *model) {}},
	{"watch_profile_changes", watchedWorld, func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006421\n"})
	}},
}

// TestGoldenWatch keeps the watch page, the start screen's count and a
// watched company's profile with its changes since the last look, as
// TestGolden keeps the others: at the smallest supported terminal and a
// large one, on the demo registry with its clock pinned.
func TestGoldenWatch(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, sc := range watchGoldens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				w := sc.world(t)
				m := w.model(t, Options{Version: "v1.0.0-test", Documents: noDocuments{}})
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				sc.setup(t, m)
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}
