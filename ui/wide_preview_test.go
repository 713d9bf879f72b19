package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/layout"
)

// rests are the preview's rest timers among msgs, the newest last.
func rests(msgs []tea.Msg) []timerMsg {
	var out []timerMsg
	for _, msg := range msgs {
		if tm, ok := msg.(timerMsg); ok && tm.after == layout.Rest {
			out = append(out, tm)
		}
	}
	return out
}

// officersAt is the browser on a company's 250 officers, in a window w
// by h.
func officersAt(t *testing.T, w, h int) (*fakeRegistry, *model) {
	t.Helper()
	f, m := browsing(t)
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	if rowsOf(m) == nil {
		t.Fatalf("setup: no list on %+v", place(m))
	}
	return f, m
}

func TestThePreviewAsksOnlyOnceTheCursorRestsAndOnlyOnce(t *testing.T) {
	t.Parallel()
	f, m := officersAt(t, 200, 60)
	before := f.count()
	var timers []timerMsg
	for range 5 {
		timers = append(timers, rests(press(t, m, "down"))...)
	}
	if f.count() != before {
		t.Fatalf("moving the cursor asked the registry: %v", f.requests()[before:])
	}
	if len(timers) != 5 {
		t.Fatalf("%d rest timers for 5 rows, want 5", len(timers))
	}
	mustContain(t, screen(m), "│  …")
	// The timers of rows the cursor has left ask for nothing.
	for _, tm := range timers[:4] {
		send(t, m, tm.msg)
	}
	if f.count() != before {
		t.Fatalf("a row the cursor left was asked for: %v", f.requests()[before:])
	}
	send(t, m, timers[4].msg)
	if got := f.requests()[before:]; len(got) != 1 || got[0] != "appointments /officers/o5/appointments" {
		t.Fatalf("resting on the sixth row asked %v, want its appointments once", got)
	}
	mustContain(t, screen(m), "│PERSON 0005, Test")
	mustNotContain(t, screen(m), "│  …")
	// Off it and back, before any rest: what the cache holds shows at once.
	press(t, m, "up", "down")
	mustContain(t, screen(m), "│PERSON 0005, Test")
	mustNotContain(t, screen(m), "│  …")
	// Back and forth over it again: it is in the cache, never asked again.
	for _, k := range []string{"up", "down"} {
		for _, tm := range rests(press(t, m, k)) {
			send(t, m, tm.msg)
		}
	}
	if got := f.requests()[before:]; len(got) != 2 {
		t.Fatalf("after coming back to the sixth row the requests are %v, want the fifth's and the sixth's once", got)
	}
}

func TestAPreviewThatFailedIsNotAskedForAgain(t *testing.T) {
	t.Parallel()
	f, m := officersAt(t, 200, 60)
	f.setErr("/officers/o0/appointments", &api.Error{Kind: api.KindServer, Status: 500})
	before := f.count()
	for _, tm := range rests(press(t, m, "down", "up")) {
		send(t, m, tm.msg)
	}
	mustContain(t, screen(m), "enter opens it, to try again")
	for _, tm := range rests(press(t, m, "down", "up")) {
		send(t, m, tm.msg)
	}
	if got := f.requests()[before:]; len(got) != 1 || got[0] != "appointments /officers/o0/appointments" {
		t.Fatalf("requests %v, want the first row's once (the second's timer was left for the first)", got)
	}
}

func TestThePreviewGoesWhereTheWindowHasRoomAndPAndShiftPMoveIt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		w, h        int
		keys        []string
		beside      bool
		below       bool
		flashSaying string
	}{
		{"at 200x60 it is beside the list", 200, 60, nil, true, false, ""},
		{"at 200x60 p turns it off", 200, 60, []string{"p"}, false, false, "Preview off"},
		{"at 200x60 p twice turns it on again", 200, 60, []string{"p", "p"}, true, false, ""},
		{"at 200x60 P puts it under the list", 200, 60, []string{"P"}, false, true, ""},
		{"at 200x60 P twice puts it back beside", 200, 60, []string{"P", "P"}, true, false, ""},
		{"at 120x50 it is under the list", 120, 50, nil, false, true, ""},
		{"at 120x40 there is no room", 120, 40, nil, false, false, ""},
		{"at 120x40 P puts it under the list", 120, 40, []string{"P"}, false, true, ""},
		{"at 120x40 P twice puts it beside", 120, 40, []string{"P", "P"}, true, false, ""},
		{"at 80x24 p says what it needs", 80, 24, []string{"p", "p"}, false, false, "No room for the preview at 80×24"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, m := officersAt(t, tc.w, tc.h)
			press(t, m, tc.keys...)
			s := screen(m)
			body := strings.Join(bodyLines(s), "\n")
			if got := strings.Contains(body, "│"); got != tc.beside {
				t.Errorf("beside the list: %v, want %v:\n%s", got, tc.beside, s)
			}
			if got := strings.Contains(s, "─ preview "); got != tc.below {
				t.Errorf("under the list: %v, want %v:\n%s", got, tc.below, s)
			}
			if tc.flashSaying != "" {
				mustContain(t, s, tc.flashSaying)
			}
			if n := lines(s); n != tc.h {
				t.Errorf("%d lines on a screen %d high", n, tc.h)
			}
			for _, l := range splitLines(s) {
				if width(l) > tc.w {
					t.Errorf("a line %d cells wide on a screen %d wide: %q", width(l), tc.w, l)
				}
			}
		})
	}
}

func TestPOnAPageThatIsNoListSaysSo(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	press(t, m, "p")
	mustContain(t, screen(m), "Only a list has a preview")
}
