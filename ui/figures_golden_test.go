package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// figureScreens are the screens of the figures from accounts that
// TestGoldenFigures keeps: the accounts pane once read, the table of
// years of a company and of a group, and a figure's sources.
var figureScreens = []struct {
	name string
	keys []string
	open string
}{
	{"accounts_figures", []string{"3"}, "00006400"},
	{"accounts_figures_flags", []string{"3"}, "00006403"},
	{"years", []string{"3", "enter"}, "00006400"},
	{"years_group", []string{"3", "enter", "down"}, "00006411"},
	{"years_sources", []string{"3", "enter", "end", "up", "up", "enter"}, "00006400"},
}

// TestGoldenFigures keeps the screens of the figures, as TestGolden keeps
// the others, on the demo with its document API. Run with -update after
// a deliberate change and read the diff.
func TestGoldenFigures(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, sc := range figureScreens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				reg, opts, _ := figuresWorld(t)
				m := testModel(t, reg, opts)
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				send(t, m, tea.PasteMsg{Content: sc.open + "\n"})
				press(t, m, sc.keys...)
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}
