package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
)

func TestTheHelpFiltersAsTypedAndRunsWhatIsPicked(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "?")
	typeText(t, m, "conn")
	s := screen(m)
	mustContain(t, s, "Help: conn", ":connections")
	mustNotContain(t, s, "page down", ":quit")
	press(t, m, "enter")
	if m.help != nil || place(m).Show != common.ShowConnections {
		t.Errorf("enter did not run :connections: %+v\n%s", place(m), screen(m))
	}
}

func TestACommandPickedInTheHelpThatTakesMoreOpensTheLine(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	press(t, m, "esc", "?")
	typeText(t, m, "company")
	press(t, m, "enter")
	if !m.cmd.Active() || !strings.Contains(screen(m), ":company ") {
		t.Errorf("the line is not open with company typed:\n%s", screen(m))
	}
	typeText(t, m, "6400")
	press(t, m, "enter")
	if got := place(m).Company; got != "00006400" {
		t.Errorf("company on screen %q, want 00006400", got)
	}
}

func TestTheHelpsFilterMovesClearsAndCloses(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "?")
	typeText(t, m, "watch")
	mustContain(t, screen(m), "▸ w", ":watch ")
	press(t, m, "down")
	mustContain(t, screen(m), "▸ W", ":watch-list")
	press(t, m, "backspace", "backspace", "backspace", "backspace", "backspace")
	mustContain(t, screen(m), "page down") // the whole help again
	typeText(t, m, "zzqx")
	mustContain(t, screen(m), "No key or command holds")
	press(t, m, "esc")
	mustContain(t, screen(m), "page down")
	press(t, m, "esc")
	if m.help != nil {
		t.Error("esc on the help with nothing typed did not close it")
	}
	press(t, m, "?")
	typeText(t, m, "source json")
	press(t, m, "enter")
	if !place(m).Source {
		t.Errorf("enter did not show the source: %+v", place(m))
	}
}

// Typed in the help, a command's name lists it first, before those whose
// words only hold what was typed, and enter runs it: sort is :sort, not
// :save, which saves the list "as filtered and sorted".
func TestTheHelpListsTheBestMatchFirstAndEnterRunsIt(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{Documents: noDocuments{}, DownloadDir: func() string { return t.TempDir() }})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	follow(t, m, "00006400", "Officers")
	press(t, m, "?")
	typeText(t, m, "sort")
	s := screen(m)
	sortAt, saveAt := strings.Index(s, ":sort"), strings.Index(s, ":save")
	if sortAt < 0 || saveAt < 0 || sortAt > saveAt || !strings.Contains(s, "▸ s") {
		t.Fatalf("typing sort does not list :sort first, picked:\n%s", s)
	}
	press(t, m, "enter")
	if !m.cmd.Active() || !strings.Contains(screen(m), ":sort ") {
		t.Fatalf("enter did not open the line on sort:\n%s", screen(m))
	}
}
