package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/common"
	"coview/ui/screenings"
)

// A screening's table sorts as every list does (issue 25): :sort names a
// column, the order is the session's, kept across a visit elsewhere and
// a narrower window (the column sorted by stays shown), and :sort alone
// is the order pasted.
func TestSortCommandSortsAScreeningAndTheOrderOutlivesAVisitAndANarrowerWindow(t *testing.T) {
	m := screened(t, Options{})
	sc := m.makers.screenings.Of(screeningID(m))
	command(t, m, "sort confirmation due down")
	if want := (screenings.Sort{Field: present.FieldConfirmationDue, Desc: true}); sc.Sort != want {
		t.Fatalf(":sort kept %+v, want %+v", sc.Sort, want)
	}
	mustContain(t, screen(m), "Confirmation due ↓", "Sorted by Confirmation due ↓: the 12 loaded")
	order := shownInputs(m)
	if order[len(order)-1] != "99999999" || slices.Equal(order, pastedInputs()) {
		t.Fatalf("by the confirmation due, latest first: %q", order)
	}
	press(t, m, "enter")
	if !place(m).IsProfile() {
		t.Fatalf("enter opened %+v", place(m))
	}
	press(t, m, "backspace")
	if got := shownInputs(m); place(m).Show != common.ShowScreening || !slices.Equal(got, order) {
		t.Fatalf("back on the screening: %q, want %q", got, order)
	}
	send(t, m, tea.WindowSizeMsg{Width: 100, Height: 40}) // too narrow for the dates but the one sorted by
	mustContain(t, screen(m), "Confirmation due ↓", "Sorted by Confirmation due ↓")
	if got := shownInputs(m); !slices.Equal(got, order) {
		t.Fatalf("at 100 columns: %q, want %q", got, order)
	}
	command(t, m, "sort")
	mustContain(t, screen(m), "In the order pasted")
	if got := shownInputs(m); !slices.Equal(got, pastedInputs()) || sc.Sort != (screenings.Sort{}) {
		t.Fatalf(":sort alone: %q, sort %+v", got, sc.Sort)
	}
	mustNotContain(t, screen(m), "Confirmation due", "Sorted by")
}
