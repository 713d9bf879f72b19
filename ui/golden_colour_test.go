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
// with its selected row and status inks. cat a file in a terminal to see
// it; TestEveryColourReadsOnItsBackgroundLightAndDark (ui/common) holds
// every colour to a contrast a person can read.
var colourScreens = []struct {
	name  string
	setup func(t *testing.T, m *model)
}{
	{"profile_in_liquidation", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006403\n"})
	}},
	{"appointments", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Officers")
		press(t, m, "down", "down", "down", "enter", "enter")
	}},
}

// TestGoldenColours keeps colourScreens with their escape sequences, as
// the theme setting (or the terminal's answer) makes them.
func TestGoldenColours(t *testing.T) {
	t.Parallel()
	for _, theme := range []string{"light", "dark"} {
		for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
			for _, sc := range colourScreens {
				t.Run(fmt.Sprintf("%s_%s_%dx%d", sc.name, theme, size.w, size.h), func(t *testing.T) {
					t.Parallel()
					m := testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{}, Theme: theme})
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
