package ui

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/parts/results"
)

// Finding companies and officers by name (issue 12).

// counting is a registry that counts the searches of every kind it is
// asked for, the box's own (an officer's page asks for other records of
// the officer with a search of officers, which is not counted).
type counting struct {
	Registry
	searches atomic.Int64
}

func (c *counting) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	if res.Kind == api.ResSearch {
		c.searches.Add(1)
	}
	return c.Registry.Fetch(ctx, res, page)
}

// typeName types text one key at a time as a person would, keeping the
// pause timers the browser asks for, and fires them in order afterwards:
// each stale one must be dropped, so only the last asks the registry.
func typeName(t *testing.T, m *model, text string) {
	t.Helper()
	var timers []timerMsg
	for _, r := range text {
		for _, msg := range send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)}) {
			if tm, ok := msg.(timerMsg); ok && tm.after == 250*time.Millisecond {
				timers = append(timers, tm)
			}
		}
	}
	for _, tm := range timers {
		send(t, m, tm.msg)
	}
}

func TestTypingANameOffersMatchesAfterAPauseForOneRequest(t *testing.T) {
	t.Parallel()
	reg := &counting{Registry: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	typeName(t, m, "marzipan mountain")
	if n := reg.searches.Load(); n != 1 {
		t.Fatalf("%d searches for one name typed, want 1", n)
	}
	s := screen(m)
	mustContain(t, s, "MARZIPAN MOUNTAIN SOFTWARE LTD", "company 00006400", `for "marzipan mountain"`)

	// The first match is picked with ↓ and opened with Enter.
	press(t, m, "down", "enter")
	if place(m).Company != "00006400" || m.box.Focused() {
		t.Fatalf("on %q, searching %v", place(m).Company, m.box.Focused())
	}

	// The same name again costs nothing: it is in the cache.
	press(t, m, "/")
	typeName(t, m, "marzipan mountain")
	if n := reg.searches.Load(); n != 1 {
		t.Fatalf("%d searches after asking the same name twice, want 1", n)
	}
	mustContain(t, screen(m), "MARZIPAN MOUNTAIN SOFTWARE LTD")
}

func TestEnterOnANameOpensTheResultsPageAndBackReturns(t *testing.T) {
	t.Parallel()
	reg := &counting{Registry: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "/")
	typeName(t, m, "hargreave")
	press(t, m, "enter")
	if !results.Is(place(m).Res) || rowsOf(m) == nil || rowsOf(m).Count == 0 {
		t.Fatalf("on %+v", place(m))
	}
	if n := reg.searches.Load(); n != 1 {
		t.Fatalf("%d searches, want 1: the results page reuses the matches' answer", n)
	}
	mustContain(t, screen(m), `Search "hargreave"`, "1 all", "2 companies", "3 officers", "HARGREAVE")

	// An officer opens their appointments, and from there the companies.
	i := slices.IndexFunc(allRows(rowsOf(m)), func(it present.Item) bool { return strings.Contains(it.Cells[0], "HARGREAVE") })
	window(m).SetPosition(i, 0)
	press(t, m, "enter")
	if place(m).Res.Kind != api.ResAppointments {
		t.Fatalf("Enter on an officer opened %+v", place(m))
	}
	press(t, m, "backspace")
	if !results.Is(place(m).Res) || reg.searches.Load() != 1 {
		t.Fatalf("back to the results cost %d searches, on %+v", reg.searches.Load(), place(m))
	}

	// 2 lists the companies only, in place of the page in history.
	at := m.hist.at
	press(t, m, "3")
	if place(m).Res.Kind != api.ResSearchOfficers || m.hist.at != at {
		t.Fatalf("3 gave %+v at %d (was %d)", place(m).Res, m.hist.at, at)
	}
}

func TestNothingFoundIsSaidInPlaceAndTheQueryKept(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	typeName(t, m, "zzqxv")
	s := screen(m)
	mustContain(t, s, "zzqxv", "edit the text")
	if m.box.Value() != "zzqxv" || !m.box.Focused() {
		t.Fatalf("the box holds %q (focused %v)", m.box.Value(), m.box.Focused())
	}
	press(t, m, "enter")
	mustContain(t, screen(m), "zzqxv")
}

func TestAResultsPageCappedByTheRegistrySaysSo(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	typeName(t, m, "ltd")
	press(t, m, "enter", "2")
	mustContain(t, screen(m), "1,003 matches")
	press(t, m, "end", "end")
	if !rowsOf(m).Done || rowsOf(m).Count != 1000 {
		t.Fatalf("loaded %d (done %v), want the 1,000 the registry shows", rowsOf(m).Count, rowsOf(m).Done)
	}
	mustContain(t, screen(m), `1,003 matches for "ltd"; the registry shows the first 1,000`)
}

func TestSearchTextThatNeedsEscapingAndHostileResults(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 40})
	for _, q := range []string{"ça va", "grimthorpe", "hollow void"} {
		press(t, m, "/")
		typeName(t, m, q)
		press(t, m, "enter")
		if !results.Is(place(m).Res) || rowsOf(m).Count == 0 {
			t.Fatalf("%q: on %+v with nothing listed", q, place(m))
		}
		assertHarmless(t, q, m.View().Content)
	}
}

// TestTypingWhileASearchIsInFlightGivesItUp: the text changes, so the
// answer on its way is for nothing; its request is cancelled.
func TestTypingWhileASearchIsInFlightGivesItUp(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{})
	release := holdRequests(f)
	defer release()
	var pause tea.Msg
	for _, r := range "abc" {
		for _, msg := range send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)}) {
			if tm, ok := msg.(timerMsg); ok && tm.after == 250*time.Millisecond {
				pause = tm.msg
			}
		}
	}
	_, cmd := m.Update(pause)
	if !m.box.Searching() {
		t.Fatal("the pause asked nothing")
	}
	done := make(chan []tea.Msg)
	go func() { done <- collect(t, cmd) }()
	waitForRequests(t, f, 1)
	ctx := lastCtx(f)
	send(t, m, keyMsg("d"))
	if ctx.Err() == nil {
		t.Fatal("the search for the old text was not given up")
	}
	for _, msg := range <-done {
		m.Update(msg)
	}
	// What is offered is for the new text, still to be asked: nothing of
	// the old answer.
	if s := screen(m); !strings.Contains(s, `Matches for "abcd": searching…`) || strings.Contains(s, `"abc":`) {
		t.Fatalf("the old answer changed the matches offered:\n%s", s)
	}
}
