package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The screens of finding companies by what they are, kept with the
// others (TestGolden): the form as filled in, what it lists, and the
// names filed next to a company's.
func init() {
	goldenScreens = append(goldenScreens, []struct {
		name  string
		setup func(t *testing.T, m *model)
	}{
		{"finder_form", func(t *testing.T, m *model) {
			fillFinder(t, m, "", "", "active", "", "62020", "saltmere")
		}},
		{"finder_problem", func(t *testing.T, m *model) {
			fillFinder(t, m, "", "", "actve", "", "62021")
			press(t, m, "enter")
		}},
		{"finder_results", func(t *testing.T, m *model) {
			fillFinder(t, m, "", "", "", "", "62020", "saltmere")
			press(t, m, "enter", "down", "down")
		}},
		// Issue 31, item 35: names longer than the room at 80 columns,
		// the selected one whole under the list with what its row left out.
		{"finder_results_long_names", func(t *testing.T, m *model) {
			fillFinder(t, m, "limited")
			press(t, m, "enter", "down", "down", "down", "down", "down")
		}},
		{"finder_results_sorted", func(t *testing.T, m *model) {
			fillFinder(t, m, "", "", "", "", "62020", "saltmere")
			press(t, m, "enter", "s", "s", "S")
		}},
		{"neighbours", func(t *testing.T, m *model) {
			send(t, m, tea.PasteMsg{Content: "00006411\n"})
			press(t, m, "a")
		}},
	}...)
}

// fillFinder opens the form from the search box and types values into
// its lines, in order: name, name lacks, status, type, SIC, location...
func fillFinder(t *testing.T, m *model, values ...string) {
	t.Helper()
	if !m.box.Focused() {
		press(t, m, "/")
	}
	send(t, m, tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl})
	for i, v := range values {
		if i > 0 {
			press(t, m, "tab")
		}
		typeText(t, m, v)
	}
}
