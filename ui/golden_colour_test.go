package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// colourScreens are the screens kept with their colours, on a light and
// on a dark background: a profile with a badge and an alert, and a list
// with its selected row and status inks, at the smallest and a large
// terminal; and the wide layout (a list with its row's preview, a
// profile's panes side by side) at those and a very large one. cat a
// file in a terminal to see it; TestEveryColourReadsOnItsBackgroundLightAndDark
// (ui/common) holds every colour to a contrast a person can read.
var colourScreens = []struct {
	name  string
	sizes []size
	setup func(t *testing.T, m *model)
}{
	{"profile_in_liquidation", twoSizes, func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006403\n"})
	}},
	{"appointments", twoSizes, func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Officers")
		press(t, m, "down", "down", "down", "enter", "enter")
	}},
	{"officers_preview", threeSizes, func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Officers")
		restThere(t, m, "down")
	}},
	{"profile_panes", threeSizes, func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
	}},
}

// size is a terminal's, in cells.
type size struct{ w, h int }

var (
	twoSizes   = []size{{80, 24}, {120, 40}}
	threeSizes = []size{{80, 24}, {120, 40}, {200, 60}}
)

// TestGoldenColours keeps colourScreens with their escape sequences, as
// the theme setting (or the terminal's answer) makes them.
func TestGoldenColours(t *testing.T) {
	t.Parallel()
	for _, theme := range []string{"light", "dark"} {
		for _, sc := range colourScreens {
			for _, size := range sc.sizes {
				t.Run(fmt.Sprintf("%s_%s_%dx%d", sc.name, theme, size.w, size.h), func(t *testing.T) {
					t.Parallel()
					m := testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{}, Settings: Settings{Theme: theme}})
					send(t, m, m.background()())
					send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
					sc.setup(t, m)
					got := m.View().Content
					if !strings.Contains(got, "\x1b[") {
						t.Fatal("no colour on screen")
					}
					golden.RequireEqual(t, got)
				})
			}
		}
	}
}
