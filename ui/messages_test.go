package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/download"
)

// Issue 20, item 16: what the browser says, and for how long.

// Matches that could not be fetched say what went wrong (not "not
// found"), in one sentence, and name the keys that work in the box.
func TestMatchesThatCouldNotBeFetchedSayWhyAndWhatWorks(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.setErr(api.SearchResource(api.ResSearch, "gooseberry").Link, &api.Error{Kind: api.KindServer, Status: 500})
	m := testModel(t, f, Options{})
	typeName(t, m, "gooseberry")
	line := strings.Join(strings.Fields(strings.Join(splitLines(screen(m))[2:4], " ")), " ")
	mustContain(t, line, `Matches for "gooseberry": The registry failed (500 Internal Server Error). Enter tries again, esc leaves the search`)
	mustNotContain(t, line, "not found", ".:", "Press r")
}

// esc on the results of a name on their way stops them, and leaves no
// "searching…" under the box: nothing is searching any more.
func TestEscAfterEnterOnANameLeavesNoStaleSearching(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{})
	var timers []timerMsg
	for _, r := range "gooseberry" {
		for _, msg := range send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)}) {
			if tm, ok := msg.(timerMsg); ok {
				timers = append(timers, tm)
			}
		}
	}
	// The pause asks for matches; the answer is never taken in.
	m.Update(timers[len(timers)-1].msg)
	if !strings.Contains(screen(m), "searching…") {
		t.Fatalf("no search under way:\n%s", screen(m))
	}
	m.Update(keyMsg("enter")) // the results page, on its way
	m.Update(keyMsg("esc"))   // stopped
	s := screen(m)
	mustContain(t, s, "Cancelled.")
	mustNotContain(t, s, "searching…")
}

// esc on a wait for the quota stops it and says so.
func TestEscOnAWaitForTheQuotaSaysItStopped(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.setErr("00000002", &api.Error{Kind: api.KindRateLimited, Status: 429, RetryAt: today.Add(time.Minute)})
	send(t, m, tea.PasteMsg{Content: "2\n"})
	mustContain(t, screen(m), "retrying in 1m0s")
	press(t, m, "esc")
	s := screen(m)
	mustContain(t, s, "Stopped waiting for the quota")
	mustNotContain(t, s, "Rate limit reached")
}

// A download's outcome is said under the page it finished on, and goes
// with the next page rather than following the user everywhere.
func TestADownloadsOutcomeGoesWithTheNextPage(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	m.dl.SetState(download.State{Done: true, Path: "/tmp/00000001 2026-01-02 CS01.pdf"})
	mustContain(t, screen(m), "Saved as /tmp/00000001 2026-01-02 CS01.pdf")
	send(t, m, tea.PasteMsg{Content: "2\n"})
	if place(m).Company != "00000002" {
		t.Fatalf("on %+v", place(m))
	}
	mustNotContain(t, screen(m), "Saved as")
}

// Issue 20, item 26: the line that says what is loading says it in
// words, not as the path asked for.
func TestTheLoadingLineSaysWhatLoadsInWords(t *testing.T) {
	t.Parallel()
	f := newFake()
	release := holdRequests(f)
	defer release()
	m := testModel(t, f, Options{})
	typeText(t, m, "gooseberry")
	m.Update(keyMsg("enter")) // the results page, held on its way
	s := screen(m)
	mustContain(t, s, `Loading matches for "gooseberry"… esc cancels`)
	mustNotContain(t, s, "Loading /search")
}
