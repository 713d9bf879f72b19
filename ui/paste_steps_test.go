package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Issue 20, item 13: n goes on through a pasted list past a number the
// registry does not know. The keyboard stays with the page (the next n
// opens the next number rather than typing an n into the box), the
// problem says so, and the number is there to edit from the box's picks.
// A pasted column is screened first (issue 24): n opens its numbers from
// the screening's table, the first with the first n.
func TestNGoesOnThroughAPastePastANumberNotFound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, paste string
		presses     int // n pressed before the number not found is on screen
	}{
		{"a number not found in the middle", "00000001\n00000009\n00000002\n", 2},
		{"the first number not found", "00000009\n00000001\n00000002\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := fakeWith(t, "00000001", "00000002")
			m := testModel(t, f, Options{})
			send(t, m, tea.PasteMsg{Content: tc.paste})
			for range tc.presses {
				press(t, m, "n")
			}
			s := screen(m)
			mustContain(t, s, "Company 00000009 not found", "n opens the next")
			if m.box.Focused() {
				t.Fatalf("the search box took the keyboard after a number not found:\n%s", s)
			}
			for _, want := range []string{"00000001", "00000002"} {
				if place(m).Company.String() == want {
					continue
				}
				press(t, m, "n")
				if place(m).Company.String() != want || m.box.Value() != "" {
					t.Fatalf("n opened %+v with %q in the box, want %s", place(m), m.box.Value(), want)
				}
			}
			mustNotContain(t, screen(m), "not found")
			// The number not found is the first pick under the box.
			press(t, m, "/", "down", "enter")
			if m.box.Value() != "00000009" {
				t.Fatalf("/ ↓ Enter put %q in the box, want the number not found", m.box.Value())
			}
		})
	}
}
