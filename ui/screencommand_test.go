package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/layout"
)

// The :screen command (issue 24), from any page or typed first in the
// search box: a list that did not open as a screening (several numbers
// on one line open the first and offer the rest) is screened on demand,
// and so are numbers given after it.

func TestScreenTypedAloneScreensTheLastPasteAndNStillOpensItsNumbers(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), wholeWidth)
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	send(t, m, tea.PasteMsg{Content: "6400 sc6405 00006403"})
	if place(m).Company != "00006400" {
		t.Fatalf("the paste opened %+v, want its first number", place(m))
	}
	press(t, m, ":") // from the company's page
	typeText(t, m, "screen")
	press(t, m, "enter")
	if place(m).Show != common.ShowScreening {
		t.Fatalf(":screen opened %+v, want a screening", place(m))
	}
	// Each entry as pasted (issue 31, item 25).
	if got, want := firstCells(rowsOf(m), 0), []string{"6400", "sc6405", "00006403"}; !slices.Equal(got, want) {
		t.Fatalf("rows %q, want the numbers as pasted, in order: %q", got, want)
	}
	mustContain(t, screen(m), "Screening of 3 entries", "3 rows: 3 ok", "strike-off proposed")
	if !slices.Equal(m.box.Pending(), []api.Number{"SC006405", "00006403"}) {
		t.Fatalf("n would open %v, want the rest of the paste still", m.box.Pending())
	}
	press(t, m, "n")
	if place(m).Company != "SC006405" {
		t.Fatalf("n opened %+v", place(m))
	}
}

func TestScreenWithNumbersAfterItScreensThose(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), wholeWidth)
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	typeText(t, m, ":SCREEN 00006402, 6403") // : typed first in the search box
	press(t, m, "enter")
	if place(m).Show != common.ShowScreening {
		t.Fatalf(":SCREEN with numbers opened %+v, want a screening", place(m))
	}
	if got, want := firstCells(rowsOf(m), 0), []string{"00006402", "6403"}; !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
	mustContain(t, screen(m), "2 rows: 2 ok", "dissolved", "in liquidation")
}

// Issue 31, item 25: :screen takes names as coview screen does, one an
// entry between commas (a quoted one whole), and a line of numbers pasted
// is screened as its entries were written.
func TestScreenTakesNamesAndShowsEachEntryAsGiven(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, paste, line string
		want              []string
		results           string
	}{
		{"names after it", "", `:screen marzipan, grumble & sons plumbing ltd; "Smith, Jones"`,
			[]string{"marzipan", "grumble & sons plumbing ltd", "Smith, Jones"}, "3 rows: 1 ok, 2 unresolved"},
		{"numbers and a name after it", "", ":screen 6400 sc 6405, Gooseberry Fool",
			[]string{"6400", "sc 6405", "Gooseberry Fool"}, "3 rows: 2 ok, 1 unresolved"},
		{"a line of numbers pasted", "6401, 6403 SC006405", ":screen",
			[]string{"6401", "6403", "SC006405"}, "3 rows: 3 ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := testModel(t, demoRegistry(t), wholeWidth)
			send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
			if tc.paste != "" {
				send(t, m, tea.PasteMsg{Content: tc.paste})
			}
			if tc.paste != "" {
				press(t, m, ":")
				typeText(t, m, tc.line[1:])
			} else {
				typeText(t, m, tc.line)
			}
			press(t, m, "enter")
			if place(m).Show != common.ShowScreening {
				t.Fatalf("%s opened %+v, want a screening:\n%s", tc.line, place(m), screen(m))
			}
			if got := firstCells(rowsOf(m), 0); !slices.Equal(got, tc.want) {
				t.Fatalf("rows %q, want %q", got, tc.want)
			}
			mustContain(t, screen(m), tc.results)
		})
	}
}

func TestScreenWithNothingToScreenSaysWhatItTakesAndStays(t *testing.T) {
	t.Parallel()
	f := fakeWith(t)
	m := testModel(t, f, wholeWidth)
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	typeText(t, m, ":screen")
	press(t, m, "enter")
	if !place(m).IsHome() {
		t.Fatalf(":screen with nothing pasted opened %+v", place(m))
	}
	mustContain(t, screen(m), "Nothing pasted to screen yet: paste a list, or give the numbers or names (screen 00006400, SC006405).")
	if n := f.count(); n != 0 {
		t.Fatalf(":screen with nothing pasted asked the registry %d times", n)
	}
}

// wholeWidth gives a list the whole window: the preview beside it off.
var wholeWidth = Options{Settings: Settings{Layout: layout.Options{Preview: layout.Settings{Hide: true}}}}
