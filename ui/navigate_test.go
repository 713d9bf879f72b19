package ui

import (
	"context"
	"coview/api"
	"slices"
	"testing"
	"time"

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
	if m.page.company != "00000001" {
		t.Fatalf("setup: on %+v", m.page.place)
	}
	return f, m
}

// selectLink puts the links pane's cursor on the link called name.
func selectLink(t *testing.T, m *model, name string) {
	t.Helper()
	press(t, m, "5")
	for i, l := range m.page.links {
		if l.Name == name {
			m.page.lv.SetPosition(i, 0)
			return
		}
	}
	t.Fatalf("no link %q on %+v", name, m.page.place)
}

func TestTabsSwitchWithTabShiftTabAndNumbers(t *testing.T) {
	_, m := browsing(t)
	steps := []struct {
		key string
		tab int
	}{{"tab", 1}, {"tab", 2}, {"shift+tab", 1}, {"shift+tab", 0}, {"shift+tab", 4}, {"tab", 0},
		{"3", 2}, {"5", 4}, {"1", 0}, {"4", 3}, {"2", 1}}
	for _, s := range steps {
		press(t, m, s.key)
		if m.page.tab != s.tab {
			t.Fatalf("after %s the pane is %d, want %d", s.key, m.page.tab, s.tab)
		}
	}
	// The active tab is the one drawn as the pane.
	press(t, m, "2")
	mustContain(t, screen(m), "1 Test Street", "Testville", "TE1 1ST")
	press(t, m, "1")
	mustContain(t, screen(m), "Incorporated on", "3 Feb 2001")
}

func TestFollowingOfficersShowsATableAndFetchesMoreNearTheEnd(t *testing.T) {
	f, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	if m.page.res.Kind != api.ResOfficers {
		t.Fatalf("on %+v", m.page.place)
	}
	s := screen(m)
	mustContain(t, s, "250 officers: 250 active", "Name", "Role", "Appointed", "Resigned",
		"PERSON 0000, Test", "Director", "1 Jan 2020", "COMPANY 00000001 LIMITED › Officers", "1 of 250")
	if got := f.requests()[1:]; !slices.Equal(got, []string{"officers /company/00000001/officers 0"}) {
		t.Fatalf("requests %v, want the first page only", got)
	}
	// Within a screen of the 100 loaded, the next page is asked for.
	for m.page.lv.Cursor() < 100-m.page.lv.Height()-1 {
		press(t, m, "down")
	}
	if f.count() != 2 {
		t.Fatalf("more requested too early: %v", f.requests())
	}
	press(t, m, "pgdown")
	if got := f.requests(); got[len(got)-1] != "officers /company/00000001/officers 100" {
		t.Fatalf("no prefetch of the next page: %v", got)
	}
	if m.page.lv.Len() != 200 {
		t.Fatalf("%d rows loaded, want 200", m.page.lv.Len())
	}
	press(t, m, "end", "end")
	if m.page.lv.Len() != 250 || !m.page.list.done {
		t.Fatalf("%d rows, done %v at the end", m.page.lv.Len(), m.page.list.done)
	}
	n := f.count()
	press(t, m, "end", "up", "down")
	if f.count() != n {
		t.Fatalf("requests after the end: %v", f.requests()[n:])
	}
}

func TestStaleAnswerDoesNotOverwriteANewerPage(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002")
	m := testModel(t, f, Options{})
	_, first := m.Update(tea.PasteMsg{Content: "1\n"})
	_, second := m.Update(tea.PasteMsg{Content: "2\n"})
	// The answers come back in the wrong order: the newer first.
	newer := run(t, m, second)
	_ = newer
	if m.page.company != "00000002" {
		t.Fatalf("on %+v after the newer answer", m.page.place)
	}
	run(t, m, first)
	if m.page.company != "00000002" {
		t.Fatalf("the older answer replaced the page: on %+v", m.page.place)
	}
	if _, ok := m.hist.peek(-1); ok {
		t.Fatal("the older answer went into history")
	}
	mustContain(t, screen(m), "COMPANY 00000002 LIMITED")
	mustNotContain(t, screen(m), "COMPANY 00000001 LIMITED")
}

func TestStaleAnswerDeliveredByHandIsDropped(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002")
	m := testModel(t, f, Options{})
	m.Update(tea.PasteMsg{Content: "1\n"})
	old := m.nav.id
	m.Update(tea.PasteMsg{Content: "2\n"})
	m.Update(fetchedMsg{id: old, f: fetch{res: api.CompanyResource("00000001")}, got: entry{profile: f.profiles["00000001"]}})
	if !m.page.res.IsZero() || m.nav == nil {
		t.Fatalf("an old answer changed the page to %+v or ended the newer request", m.page.place)
	}
}

func TestBackAndForwardRestoreTabAndCursorWithoutRequests(t *testing.T) {
	f, m := browsing(t)
	selectLink(t, m, "Filing history")
	cursor := m.page.lv.Cursor()
	press(t, m, "enter")
	press(t, m, "down", "down", "down")
	press(t, m, "backspace")
	if m.page.res.Kind != api.ResCompany || m.page.tab != linksTab || m.page.lv.Cursor() != cursor {
		t.Fatalf("back to %+v tab %d cursor %d, want the links pane at %d", m.page.place, m.page.tab, m.page.lv.Cursor(), cursor)
	}
	press(t, m, "alt+right")
	if m.page.res.Kind != api.ResFilings || m.page.lv.Cursor() != 3 {
		t.Fatalf("forward to %+v cursor %d, want the filings at 3", m.page.place, m.page.lv.Cursor())
	}
	press(t, m, "alt+left")
	if m.page.res.Kind != api.ResCompany || m.page.tab != linksTab {
		t.Fatalf("alt+left to %+v tab %d", m.page.place, m.page.tab)
	}
	want := []string{"company 00000001", "filings /company/00000001/filing-history 0"}
	if got := f.requests(); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v: back and forward must come from the cache", got, want)
	}
	mustContain(t, screen(m), "COMPANY 00000001 LIMITED")
}

func TestReloadFetchesAgain(t *testing.T) {
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
	if m.page.res.Kind != api.ResOfficers || m.page.lv.Cursor() != 2 {
		t.Fatalf("reload moved to %+v cursor %d", m.page.place, m.page.lv.Cursor())
	}
}

func TestEscCancelsARequestInFlightAndKeepsThePage(t *testing.T) {
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
	deadline := time.Now().Add(5 * time.Second)
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
	case <-time.After(5 * time.Second):
		t.Fatal("the request was not cancelled")
	}
	if ctx.Err() != context.Canceled {
		t.Fatalf("request context: %v", ctx.Err())
	}
	if m.page.company != "00000001" || m.nav != nil {
		t.Fatalf("after esc on %+v, nav %v", m.page.place, m.nav)
	}
	after := screen(m)
	mustContain(t, after, "Cancelled.")
	mustNotContain(t, after, "Loading", "not found", "failed")
	if before == after {
		t.Fatal("nothing said the request was cancelled")
	}
}

func TestRefusedLinkIsShownAndNeverFetched(t *testing.T) {
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
	if m.page.res.Kind != api.ResCompany {
		t.Fatalf("moved to %+v", m.page.place)
	}
	press(t, m, "esc")
	mustNotContain(t, screen(m), "Link refused")
}

func TestOtherLinksOpenAsJSONAndTheirLinksCanBeFollowed(t *testing.T) {
	f, m := browsing(t)
	selectLink(t, m, "Charges")
	press(t, m, "enter")
	if m.page.doc == nil {
		t.Fatalf("on %+v", m.page.place)
	}
	mustContain(t, screen(m), `"items": [`, `"self": "/company/00000001/charges/c1"`, "Document /company/00000001/charges")
	for m.page.doc.lines[m.page.lv.Cursor()].link == "" {
		press(t, m, "down")
	}
	press(t, m, "enter")
	if got := f.requests(); got[len(got)-1] != "get /company/00000001/charges/c1" {
		t.Fatalf("requests %v", got)
	}
	mustContain(t, screen(m), "Not found", "/company/00000001/charges/c1 (404)")
	if m.page.res.Link != "/company/00000001/charges" {
		t.Fatalf("a failed request changed the page to %+v", m.page.place)
	}
}

func TestProfileSelfLinkStaysOnThePage(t *testing.T) {
	f, m := browsing(t)
	selectLink(t, m, "This profile")
	press(t, m, "enter")
	if f.count() != 1 || m.page.res.Kind != api.ResCompany {
		t.Fatalf("requests %v, page %+v", f.requests(), m.page.place)
	}
}

func TestResizeRelaysOutAtOnce(t *testing.T) {
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
	if m.page.lv.Height() <= 16 {
		t.Fatalf("list window %d rows after growing", m.page.lv.Height())
	}
}

func TestLongNamesAreCutCleanly(t *testing.T) {
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
	if !m.page.list.at(0).Quiet || m.page.list.at(0).Cells[3] != "dissolved" {
		t.Fatalf("a dissolved company's officer reads as current: %+v", m.page.list.at(0))
	}
}

func TestHelpShowsEveryKey(t *testing.T) {
	_, m := browsing(t)
	press(t, m, "?")
	mustContain(t, screen(m), "next pane", "page down", "reload", "copy number", "quit", "OSC 52")
	press(t, m, "?")
	mustNotContain(t, screen(m), "page down")
}

func TestQuitCancelsWhatIsInFlight(t *testing.T) {
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
	if nav.cancel == nil || m.ctx.Err() == nil {
		t.Fatal("quitting left the requests' context alive")
	}
}
