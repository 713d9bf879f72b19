package ui

import (
	"context"
	"slices"
	"testing"
	"time"

	"coview/api"
	"coview/internal/testkit/testtime"
	"coview/ui/common"
	"coview/ui/parts/document"
	"coview/ui/parts/profile"

	tea "charm.land/bubbletea/v2"
)

// browsing is a fake with one company, its officers and filings, opened.
func browsing(t *testing.T) (*fakeRegistry, *model) {
	t.Helper()
	f := fakeWith(t, "00000001", "00000002")
	f.officers["/company/00000001/officers"] = makeOfficers(250)
	f.filings["/company/00000001/filing-history"] = makeFilings(5000)
	f.docs["/company/00000001/charges"] = `{"items":[{"links":{"self":"/company/00000001/charges/c1"}}]}`
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "00000001\n"})
	if place(m).Company != "00000001" {
		t.Fatalf("setup: on %+v", place(m))
	}
	return f, m
}

// selectLink puts the links pane's cursor on the link called name.
func selectLink(t testing.TB, m *model, name string) {
	t.Helper()
	press(t, m, "5")
	for i, l := range linksOf(m) {
		if l.Name == name {
			window(m).SetPosition(i, 0)
			return
		}
	}
	t.Fatalf("no link %q on %+v", name, place(m))
}

func TestTabsSwitchWithTabShiftTabAndNumbers(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	steps := []struct {
		key string
		tab int
	}{{"tab", 1}, {"tab", 2}, {"shift+tab", 1}, {"shift+tab", 0}, {"shift+tab", 4}, {"tab", 0},
		{"3", 2}, {"5", 4}, {"1", 0}, {"4", 3}, {"2", 1}}
	for _, s := range steps {
		press(t, m, s.key)
		if place(m).Tab != s.tab {
			t.Fatalf("after %s the pane is %d, want %d", s.key, place(m).Tab, s.tab)
		}
	}
	// The active tab is the one drawn as the pane.
	press(t, m, "2")
	mustContain(t, screen(m), "1 Test Street", "Testville", "TE1 1ST")
	press(t, m, "1")
	mustContain(t, screen(m), "Incorporated on", "3 Feb 2001")
}

func TestFollowingOfficersShowsATableAndFetchesMoreNearTheEnd(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	if place(m).Res.Kind != api.ResOfficers {
		t.Fatalf("on %+v", place(m))
	}
	s := screen(m)
	mustContain(t, s, "250 officers: 250 active", "Name", "Role", "Appointed", "Resigned",
		"PERSON 0000, Test", "Director", "1 Jan 2020", "COMPANY 00000001 LIMITED › Officers", "1 of 250")
	if got := f.requests()[1:]; !slices.Equal(got, []string{"officers /company/00000001/officers 0"}) {
		t.Fatalf("requests %v, want the first page only", got)
	}
	// Within a screen of the 100 loaded, the next page is asked for.
	for window(m).Cursor() < 100-window(m).Height()-1 {
		press(t, m, "down")
	}
	if f.count() != 2 {
		t.Fatalf("more requested too early: %v", f.requests())
	}
	press(t, m, "pgdown")
	if got := f.requests(); got[len(got)-1] != "officers /company/00000001/officers 100" {
		t.Fatalf("no prefetch of the next page: %v", got)
	}
	if window(m).Len() != 200 {
		t.Fatalf("%d rows loaded, want 200", window(m).Len())
	}
	press(t, m, "end", "end")
	if window(m).Len() != 250 || !rowsOf(m).Done {
		t.Fatalf("%d rows, done %v at the end", window(m).Len(), rowsOf(m).Done)
	}
	n := f.count()
	press(t, m, "end", "up", "down")
	if f.count() != n {
		t.Fatalf("requests after the end: %v", f.requests()[n:])
	}
}

func TestStaleAnswerDoesNotOverwriteANewerPage(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "00000002")
	m := testModel(t, f, Options{})
	_, first := m.Update(tea.PasteMsg{Content: "1\n"})
	_, second := m.Update(tea.PasteMsg{Content: "2\n"})
	// The answers come back in the wrong order: the newer first.
	newer := run(t, m, second)
	_ = newer
	if place(m).Company != "00000002" {
		t.Fatalf("on %+v after the newer answer", place(m))
	}
	run(t, m, first)
	if place(m).Company != "00000002" {
		t.Fatalf("the older answer replaced the page: on %+v", place(m))
	}
	if _, ok := m.hist.peek(-1); ok {
		t.Fatal("the older answer went into history")
	}
	mustContain(t, screen(m), "COMPANY 00000002 LIMITED")
	mustNotContain(t, screen(m), "COMPANY 00000001 LIMITED")
}

func TestStaleAnswerDeliveredByHandIsDropped(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "00000002")
	m := testModel(t, f, Options{})
	m.Update(tea.PasteMsg{Content: "1\n"})
	old := m.nav.ID
	m.Update(tea.PasteMsg{Content: "2\n"})
	m.Update(common.FetchedMsg{ID: old, Key: common.Key{Res: api.CompanyResource("00000001")}, Entry: common.Entry{Profile: f.profiles["00000001"]}})
	if !place(m).Res.IsZero() || m.nav == nil {
		t.Fatalf("an old answer changed the page to %+v or ended the newer request", place(m))
	}
}

func TestBackAndForwardRestoreTabAndCursorWithoutRequests(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Filing history")
	cursor := window(m).Cursor()
	press(t, m, "enter")
	press(t, m, "down", "down", "down")
	press(t, m, "backspace")
	if place(m).Res.Kind != api.ResCompany || place(m).Tab != profile.LinksTab || window(m).Cursor() != cursor {
		t.Fatalf("back to %+v tab %d cursor %d, want the links pane at %d", place(m), place(m).Tab, window(m).Cursor(), cursor)
	}
	press(t, m, "alt+right")
	if place(m).Res.Kind != api.ResFilings || window(m).Cursor() != 3 {
		t.Fatalf("forward to %+v cursor %d, want the filings at 3", place(m), window(m).Cursor())
	}
	press(t, m, "alt+left")
	if place(m).Res.Kind != api.ResCompany || place(m).Tab != profile.LinksTab {
		t.Fatalf("alt+left to %+v tab %d", place(m), place(m).Tab)
	}
	want := []string{"company 00000001", "filings /company/00000001/filing-history 0"}
	if got := f.requests(); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v: back and forward must come from the cache", got, want)
	}
	mustContain(t, screen(m), "COMPANY 00000001 LIMITED")
}

func TestReloadFetchesAgain(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	press(t, m, "r")
	if got := f.requests(); !slices.Equal(got, []string{"company 00000001", "company 00000001"}) {
		t.Fatalf("requests %v, want the profile twice", got)
	}
	selectLink(t, m, "Officers")
	press(t, m, "enter", "down", "down", "r")
	if got := f.requests(); got[len(got)-1] != "officers /company/00000001/officers 0" || len(got) != 4 {
		t.Fatalf("requests %v", got)
	}
	if place(m).Res.Kind != api.ResOfficers || window(m).Cursor() != 2 {
		t.Fatalf("reload moved to %+v cursor %d", place(m), window(m).Cursor())
	}
}

func TestEscCancelsARequestInFlightAndKeepsThePage(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	before := screen(m)
	f.mu.Lock()
	f.hold = make(chan struct{})
	f.mu.Unlock()
	_, cmd := m.Update(tea.PasteMsg{Content: "00000002\n"})
	mustContain(t, screen(m), "Loading company 00000002", "esc cancels")
	answered := make(chan []tea.Msg)
	go func() { answered <- collect(t, cmd) }()
	// Wait for the request to reach the registry before cancelling.
	deadline := testtime.Deadline(t)
	for f.count() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	f.mu.Lock()
	ctx := f.ctxs[len(f.ctxs)-1]
	f.mu.Unlock()
	m.Update(keyMsg("esc"))
	select {
	case msgs := <-answered:
		// The cancelled request's answer arrives after esc, and is dropped.
		for _, msg := range msgs {
			send(t, m, msg)
		}
	case <-testtime.Bound(t):
		t.Fatal("the request was not cancelled")
	}
	if ctx.Err() != context.Canceled {
		t.Fatalf("request context: %v", ctx.Err())
	}
	if place(m).Company != "00000001" || m.nav != nil {
		t.Fatalf("after esc on %+v, nav %v", place(m), m.nav)
	}
	after := screen(m)
	mustContain(t, after, "Cancelled.")
	mustNotContain(t, after, "Loading", "not found", "failed")
	if before == after {
		t.Fatal("nothing said the request was cancelled")
	}
}

func TestRefusedLinkIsShownAndNeverFetched(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Insolvency")
	s := screen(m)
	mustContain(t, s, "Insolvency", "refused: it is an absolute URL (https://evil.example)")
	n := f.count()
	press(t, m, "enter")
	if f.count() != n {
		t.Fatalf("a refused link was fetched: %v", f.requests()[n:])
	}
	mustContain(t, screen(m), "Link refused: Insolvency", "only paths on the configured registry are followed")
	if place(m).Res.Kind != api.ResCompany {
		t.Fatalf("moved to %+v", place(m))
	}
	press(t, m, "esc")
	mustNotContain(t, screen(m), "Link refused")
}

func TestOtherLinksOpenAsJSONAndTheirLinksCanBeFollowed(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Charges")
	press(t, m, "enter")
	if _, ok := m.page.(*document.Part); !ok {
		t.Fatalf("on %+v", place(m))
	}
	mustContain(t, screen(m), `"items": [`, `"self": "/company/00000001/charges/c1"`, "Document /company/00000001/charges")
	for pointedLink(m) == "" {
		press(t, m, "down")
	}
	press(t, m, "enter")
	if got := f.requests(); got[len(got)-1] != "get /company/00000001/charges/c1" {
		t.Fatalf("requests %v", got)
	}
	mustContain(t, screen(m), "Not found", "/company/00000001/charges/c1 (404)")
	if place(m).Res.Link != "/company/00000001/charges" {
		t.Fatalf("a failed request changed the page to %+v", place(m))
	}
}

func TestProfileSelfLinkStaysOnThePage(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "This profile")
	press(t, m, "enter")
	if f.count() != 1 || place(m).Res.Kind != api.ResCompany {
		t.Fatalf("requests %v, page %+v", f.requests(), place(m))
	}
}

func TestResizeRelaysOutAtOnce(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	small := screen(m)
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	big := screen(m)
	if lines(big) != 40 || lines(small) != 24 {
		t.Fatalf("%d and %d lines, want 24 and 40", lines(small), lines(big))
	}
	for _, l := range splitLines(big) {
		if w := width(l); w > 120 {
			t.Fatalf("a line of %d cells at 120: %q", w, l)
		}
	}
	mustContain(t, big, "PERSON 0030, Test")
	mustNotContain(t, small, "PERSON 0030, Test")
	if window(m).Height() <= 16 {
		t.Fatalf("list window %d rows after growing", window(m).Height())
	}
}

func TestLongNamesAreCutCleanly(t *testing.T) {
	t.Parallel()
	f := newFake()
	long := "THE EXTRAORDINARILY LONG AND WINDING NAME OF A COMPANY THAT GOES ON AND ON AND ON LIMITED"
	f.profiles["00000003"] = simpleProfile(t, "00000003", long)
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "3\n"})
	s := screen(m)
	for _, l := range splitLines(s) {
		if width(l) > 80 {
			t.Fatalf("line wider than 80: %q", l)
		}
	}
	mustContain(t, s, "00000003", "Active", "THE EXTRAORDINARILY LONG", "…")
	// The overview wraps the whole name.
	mustContain(t, s, "AND ON LIMITED")
}

func TestDissolvedCompanyOfficersAreNotShownAsCurrent(t *testing.T) {
	t.Parallel()
	f := newFake()
	p := simpleProfile(t, "00000004", "GONE LIMITED")
	p.CompanyStatus = "dissolved"
	f.profiles["00000004"] = p
	f.officers["/company/00000004/officers"] = makeOfficers(3)
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "4\n"})
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	s := screen(m)
	mustContain(t, s, "Dissolved", "no officer is current", "dissolved")
	if !rowsOf(m).At(0).Quiet || rowsOf(m).At(0).Cells[3] != "dissolved" {
		t.Fatalf("a dissolved company's officer reads as current: %+v", rowsOf(m).At(0))
	}
}

func TestHelpShowsEveryKey(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	press(t, m, "?")
	mustContain(t, screen(m), "next pane", "page down", "reload", "copy number", "s/S", "quit")
	// Under a profile's flags, the note under the keys is a line further
	// down on 24 rows: the help scrolls to it.
	press(t, m, "end")
	mustContain(t, screen(m), "OSC 52")
	press(t, m, "?")
	mustNotContain(t, screen(m), "page down")
}

func TestQuitCancelsWhatIsInFlight(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.mu.Lock()
	f.hold = make(chan struct{})
	f.mu.Unlock()
	_, cmd := m.Update(tea.PasteMsg{Content: "00000002\n"})
	nav := m.nav
	msgs := press(t, m, "q")
	if !slices.ContainsFunc(msgs, func(m tea.Msg) bool { _, ok := m.(tea.QuitMsg); return ok }) {
		t.Fatalf("q gave %v, want tea.Quit", msgs)
	}
	collect(t, cmd) // returns only because the request was cancelled
	if nav.Cancel == nil || m.c.Ctx.Err() == nil {
		t.Fatal("quitting left the requests' context alive")
	}
}
