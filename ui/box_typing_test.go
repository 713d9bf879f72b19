package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Issue 20, item 12: what is typed in the search box stays as typed. A
// recent number that begins with the same letters (OC006404 for
// "officer001") is offered, but never changes the case of the text; tab
// takes the number as the registry writes it.
func TestTheSearchBoxKeepsWhatIsTypedAsTyped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, recent, typed, want string
		tab                       bool
		shown                     string // the search line
	}{
		{"a name that begins like a recent number stays lower case", "OC006404", "officer001", "officer001", false, "Company › officer001"},
		{"two letters that begin a recent number stay as typed, drawn as the number suggested", "SC006405", "sc", "sc", false, "Company › SC006405"},
		{"tab completes a recent number as the registry writes it", "SC006405", "sc0", "SC006405", true, "Company › SC006405"},
		{"tab after a name that no number begins changes nothing", "OC006404", "officer", "officer", true, "Company › officer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := testModel(t, fakeWith(t, tc.recent), Options{})
			send(t, m, tea.PasteMsg{Content: tc.recent + "\n"})
			if place(m).Company.String() != tc.recent {
				t.Fatalf("the recent number did not open: on %+v", place(m))
			}
			press(t, m, "/")
			typeText(t, m, tc.typed)
			if tc.tab {
				press(t, m, "tab")
			}
			if got := m.box.Value(); got != tc.want {
				t.Fatalf("typed %q, the box holds %q, want %q", tc.typed, got, tc.want)
			}
			mustContain(t, searchLine(screen(m)), tc.shown) // under the name and its flags
		})
	}
}
