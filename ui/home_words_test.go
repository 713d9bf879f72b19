package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
)

// The start page says what a pasted column does, and it does that: it is
// screened into one table, and n opens its numbers one by one.
func TestTheStartPageSaysWhatAPastedColumnDoes(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	said := strings.Join(strings.Fields(screen(m)), " ")
	if !strings.Contains(said, "Paste a column of numbers or names from a spreadsheet to screen them into one table: status, deadlines, red flags; n then opens them one by one.") {
		t.Fatalf("the start page does not say what a pasted column does:\n%s", screen(m))
	}
	send(t, m, tea.PasteMsg{Content: "00006400\n00006401\n"})
	if place(m).Show != common.ShowScreening {
		t.Fatalf("a pasted column opened %+v, not a screening", place(m))
	}
	press(t, m, "n")
	if place(m).Company != "00006400" {
		t.Fatalf("n opened %+v, not the first number", place(m))
	}
}
