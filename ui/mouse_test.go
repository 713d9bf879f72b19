package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/ui/layout"
)

// at is where text is first drawn on the screen: its column and line.
func at(t *testing.T, m *model, text string) (x, y int) {
	t.Helper()
	for y, l := range splitLines(ansi.Strip(screen(m))) {
		if i := strings.Index(l, text); i >= 0 {
			return ansi.StringWidth(l[:i]), y
		}
	}
	t.Fatalf("%q is not on the screen:\n%s", text, screen(m))
	return 0, 0
}

func click(t *testing.T, m *model, x, y int) {
	t.Helper()
	send(t, m, tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

func wheel(t *testing.T, m *model, x, y int, down bool) []tea.Msg {
	t.Helper()
	b := tea.MouseWheelUp
	if down {
		b = tea.MouseWheelDown
	}
	return send(t, m, tea.MouseWheelMsg{X: x, Y: y, Button: b})
}

func TestAClickOnATabShowsIt(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		_, m := browsing(t)
		send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
		x, y := at(t, m, "3 accounts  4 confirmation")
		click(t, m, x+2, y)
		if got := place(m).Tab; got != 2 {
			t.Fatalf("at %dx%d a click on the accounts tab shows pane %d", size.w, size.h, got+1)
		}
	}
}

func TestAClickOnARowSelectsItAndASecondOpensIt(t *testing.T) {
	t.Parallel()
	_, m := officersAt(t, 80, 24)
	x, y := at(t, m, "PERSON 0003, Test")
	click(t, m, x, y)
	if got := window(m).Cursor(); got != 3 {
		t.Fatalf("the click put the cursor on row %d, want 3", got)
	}
	if place(m).Res.Kind == api.ResAppointments {
		t.Fatal("the first click opened the row")
	}
	click(t, m, x, y)
	if got := place(m).Res.Link; got != "/officers/o3/appointments" {
		t.Fatalf("the second click is on %q, want the row's appointments", got)
	}
}

func TestAClickOnALinkAmongThePanesSelectsItThenFollowsIt(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	x, y := at(t, m, "Officers  ")
	click(t, m, x, y) // on the links pane, not selected: selects the pane
	if place(m).Tab != 4 {
		t.Fatalf("a click on the links pane shows pane %d", place(m).Tab+1)
	}
	x, y = at(t, m, "Officers  ")
	click(t, m, x, y)
	click(t, m, x, y)
	if got := place(m).Res.Link; got != "/company/00000001/officers" {
		t.Fatalf("two clicks on Officers opened %q", got)
	}
}

func TestAClickInThePreviewLeavesTheListsCursor(t *testing.T) {
	t.Parallel()
	_, m := officersAt(t, 200, 60)
	restThere(t, m, "down")
	before := place(m)
	x, y := at(t, m, "│PERSON 0001")
	for _, dy := range []int{0, 1, 2, 3} {
		click(t, m, x+5, y+dy)
		click(t, m, x+5, y+dy)
	}
	if got := place(m); !got.Same(before) || got.Cursor != before.Cursor {
		t.Fatalf("clicks in the preview moved the list from %+v to %+v", before, got)
	}
	wheel(t, m, x+5, y+2, true)
	if got := window(m).Cursor(); got != before.Cursor {
		t.Fatalf("the wheel over the preview moved the list's cursor to %d", got)
	}
}

func TestTheWheelScrollsThePaneUnderThePointer(t *testing.T) {
	t.Parallel()
	_, m := officersAt(t, 80, 24)
	x, y := at(t, m, "PERSON 0002, Test")
	wheel(t, m, x, y, true)
	wheel(t, m, x, y, true)
	if got := window(m).Cursor(); got != 2*3 {
		t.Fatalf("two turns of the wheel down put the cursor on row %d, want 6", got)
	}
	wheel(t, m, x, y, false)
	if got := window(m).Cursor(); got != 3 {
		t.Fatalf("a turn up put the cursor on row %d, want 3", got)
	}
	// Over the footer, nothing moves.
	wheel(t, m, 2, 23, true)
	if got := window(m).Cursor(); got != 3 {
		t.Fatalf("the wheel over the footer moved the cursor to %d", got)
	}
}

func TestTheMouseIsOnUnlessTheSettingsOrMTurnItOff(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("the mouse is not on by default")
	}
	press(t, m, "m")
	if m.View().MouseMode != tea.MouseModeNone {
		t.Fatal("m did not turn the mouse off")
	}
	mustContain(t, screen(m), "Mouse off")
	x, y := at(t, m, "3 accounts")
	click(t, m, x, y)
	if place(m).Tab != 0 {
		t.Fatal("a click acted with the mouse off")
	}
	press(t, m, "m")
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("m did not turn the mouse on again")
	}

	f := fakeWith(t, "00000001")
	off := testModel(t, f, Options{Settings: Settings{Layout: layout.Options{NoMouse: true}}})
	if off.View().MouseMode != tea.MouseModeNone {
		t.Fatal("mouse: false in the settings left the mouse on")
	}
}

func TestTheHelpSaysHowToSelectTextWithTheMouseOn(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	press(t, m, "?")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "shift-drag selects text, and m turns it off and on")
}
