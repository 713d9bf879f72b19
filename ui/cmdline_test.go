package ui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// command types a line on the command line, opened with :, and runs it.
func command(t *testing.T, m *model, line string) []tea.Msg {
	t.Helper()
	if m.box.Focused() {
		press(t, m, "esc")
	}
	press(t, m, ":")
	typeText(t, m, line)
	return press(t, m, "enter")
}

func TestTheCommandLineOpensWhatItNames(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, line string
		want       func(t *testing.T, m *model)
	}{
		{"company opens a company by a number as typed", "company 6400", func(t *testing.T, m *model) {
			if got := place(m).Company; got != "00006400" {
				t.Errorf("company on screen %q, want 00006400", got)
			}
		}},
		{"officer searches the officers by name", "officer hargreave", func(t *testing.T, m *model) {
			if got := place(m).Res; got.Kind != api.ResSearchOfficers || !strings.Contains(got.Link, "hargreave") {
				t.Errorf("page %+v, want the officers' search for hargreave", got)
			}
		}},
		{"search with a name alone searches by name", "search sprockett", func(t *testing.T, m *model) {
			if got := place(m).Res; got.Kind != api.ResSearch {
				t.Errorf("page %+v, want the name search", got)
			}
		}},
		{"search with filters is the advanced search", "search --status active --sic 62020 widgets", func(t *testing.T, m *model) {
			got := place(m).Res
			if got.Kind != api.ResAdvancedSearch || !strings.Contains(got.Link, "company_status=active") || !strings.Contains(got.Link, "sic_codes=62020") {
				t.Errorf("page %+v, want the advanced search of active companies with SIC 62020", got)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := testModel(t, demoRegistry(t), Options{})
			command(t, m, c.line)
			if m.cmd.Active() {
				t.Fatalf("the line is still open:\n%s", screen(m))
			}
			c.want(t, m)
		})
	}
}

func TestTheCommandLineSaysWhatIsWrongAndStaysOpen(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, line, says string }{
		{"an unknown command is named with the nearest", "compny 6400", `No command "compny": did you mean company?`},
		{"a mistyped filter is named with the nearest", "search --stauts active", "did you mean --status?"},
		{"a filter's value not in the registry's list", "search --status actve", "did you mean active?"},
		{"a number that is not one", "company 12345678901", `company "12345678901"`},
		{"an action given an argument", "quit now", "quit takes nothing after it"},
		{"sort where no list is on screen", "sort name", "Only a list can be sorted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := testModel(t, demoRegistry(t), Options{})
			command(t, m, c.line)
			if !m.cmd.Active() {
				t.Fatal("the line closed on a line that is not right")
			}
			s := screen(m)
			if !strings.Contains(strings.Join(strings.Fields(s), " "), c.says) || !strings.Contains(s, ":"+c.line) {
				t.Errorf("the screen does not say %q under the line as typed:\n%s", c.says, s)
			}
		})
	}
}

func TestAColonTypedFirstInTheSearchBoxOpensTheCommandLine(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	if !m.box.Focused() {
		t.Fatal("the box has not the keyboard at start")
	}
	typeText(t, m, ":company 6400")
	press(t, m, "enter")
	if got := place(m).Company; got != "00006400" {
		t.Errorf("company on screen %q, want 00006400:\n%s", got, screen(m))
	}
}

func TestEveryKeysActionIsACommand(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	command(t, m, "filter")
	if !typing(m.page) {
		t.Errorf(":filter did not open the list's filter:\n%s", screen(m))
	}
	press(t, m, "esc")
	command(t, m, "back")
	if place(m).Res.Kind != api.ResCompany {
		t.Errorf(":back did not go back to the company: %+v", place(m).Res)
	}
	if msgs := command(t, m, "quit"); !hasQuit(msgs) {
		t.Error(":quit did not quit")
	}
}

func hasQuit(msgs []tea.Msg) bool {
	for _, msg := range msgs {
		if _, ok := msg.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

func TestThemeAsksForTheColoursOfALightBackground(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	msgs := command(t, m, "theme light")
	found := false
	for _, msg := range msgs {
		if bg, ok := msg.(tea.BackgroundColorMsg); ok && bg.Color == color.White {
			found = true
		}
	}
	if !found {
		t.Errorf(":theme light gave no light background to restyle for: %v", msgs)
	}
}

func TestTheHistoryIsKeptForTheNextRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := testModel(t, demoRegistry(t), Options{StateDir: dir})
	command(t, m, "company 6400")
	command(t, m, "search sprockett")
	next := testModel(t, demoRegistry(t), Options{StateDir: dir})
	press(t, next, "esc", ":", "up")
	if s := screen(next); !strings.Contains(s, ":search sprockett") {
		t.Errorf("↑ does not bring back the last line run:\n%s", s)
	}
	press(t, next, "up")
	if s := screen(next); !strings.Contains(s, ":company 6400") {
		t.Errorf("↑ again does not bring back the line before:\n%s", s)
	}
	press(t, next, "enter")
	if got := place(next).Company; got != "00006400" {
		t.Errorf("the line from history did not run: %q", got)
	}
}

func TestTabCompletesACommandAndARecentNumber(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, ":")
	typeText(t, m, "comp")
	press(t, m, "tab")
	typeText(t, m, " 0")
	press(t, m, "tab")
	if s := screen(m); !strings.Contains(s, ":company 00006400") {
		t.Errorf("tab did not complete the command and the number:\n%s", s)
	}
}
