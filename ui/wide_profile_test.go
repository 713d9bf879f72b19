package ui

import (
	"maps"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// paneTitles are the panes' titles a profile's body shows, in the order
// they are drawn, read from the screen.
func paneTitles(s string) []string {
	var out []string
	for _, l := range splitLines(s) {
		if strings.Contains(l, "1 overview  2 address") {
			continue // the tabs
		}
		at := map[int]string{}
		for _, name := range []string{"1 overview", "2 address", "3 accounts", "4 confirmation", "5 links"} {
			if i := strings.Index(l, name); i >= 0 {
				at[i] = name
			}
		}
		for _, i := range slices.Sorted(maps.Keys(at)) {
			out = append(out, at[i])
		}
	}
	return out
}

func TestAWideProfileShowsTheNextPanesBesideTheSelectedOne(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		w, h       int
		wantPanes  int
		wantColumn bool
	}{
		{"at 80x24 one pane, as ever", 80, 24, 0, false},
		{"at 120x40 all five in two columns", 120, 40, 5, true},
		{"at 200x60 all five in columns", 200, 60, 5, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := testModel(t, demoRegistry(t), Options{})
			send(t, m, tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
			send(t, m, tea.PasteMsg{Content: "00006400\n"})
			got := paneTitles(screen(m))
			if len(got) != tc.wantPanes {
				t.Fatalf("panes drawn %v, want %d", got, tc.wantPanes)
			}
			if tc.wantColumn && !strings.Contains(screen(m), "» 1 overview") {
				t.Errorf("the selected pane is not marked:\n%s", screen(m))
			}
		})
	}
}

func TestAWideProfileBeginsWithThePaneTheTabsSelect(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "3")
	if got := paneTitles(screen(m)); len(got) == 0 || got[0] != "3 accounts" {
		t.Fatalf("panes drawn %v, want accounts first", got)
	}
	mustContain(t, screen(m), "» 3 accounts")
	press(t, m, "5", "down", "down")
	if got := pointedLink(m); got != "/company/00006400/officers" {
		t.Errorf("enter on the links pane among others would open %q, want the officers", got)
	}
}
