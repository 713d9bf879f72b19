package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/api/demo"
	"coview/ui/parts/profile"
	"coview/ui/parts/results"
)

// These tests run the browser as a real tea.Program against registries
// that answer late, out of order or only when told, and check that what
// is left on screen is what the user last asked for.

// slowFor is a registry whose profiles of some companies take longer to
// come, so that answers arrive in another order than they were asked for.
type slowFor struct {
	Registry
	extra map[string]time.Duration
	calls *atomic.Int64
}

func (r slowFor) count() int { return int(r.calls.Load()) }

func (r slowFor) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	r.calls.Add(1)
	timer := time.NewTimer(r.extra[res.Number.String()])
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return nil, &api.Error{Kind: api.KindCanceled, Subject: res.Link, Err: ctx.Err()}
	case <-timer.C:
	}
	return r.Registry.Fetch(ctx, res, page)
}

// TestNumbersTypedFasterThanTheRegistryAnswersEndOnTheLastOne types three
// numbers with Enter between them, without waiting, against the demo
// registry answering after 30ms, and the first two later still: were
// they let through, they would arrive after the last.
func TestNumbersTypedFasterThanTheRegistryAnswersEndOnTheLastOne(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Latency: 30 * time.Millisecond}))
	t.Cleanup(srv.Close)
	client, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	reg := slowFor{client, map[string]time.Duration{"00006400": 80 * time.Millisecond, "SC006405": 40 * time.Millisecond}, new(atomic.Int64)}
	b := startBrowser(t, reg, Options{}, 100, 30)
	b.waitUntil("ready to type", func(s snapshot) bool { return s.searching })

	typed := []string{"00006400", "SC006405", "OC006404"}
	for _, n := range typed {
		b.typ(n)
		b.keys("enter")
	}
	s := b.settle(reg.count)
	mustShowCompany(t, s, "OC006404", demoNames["OC006404"])
	mustNotContain(t, s.screen, demoNames["00006400"], demoNames["SC006405"])
	if s.searching || s.input != "" {
		t.Fatalf("the search box holds %q (focused %v) after the last number opened", s.input, s.searching)
	}

	// Back walks through the companies that were shown, newest first: the
	// ones overtaken before they arrived were never shown and are not
	// there to go back to.
	var shown []string
	for s.at > 0 {
		b.keys("backspace")
		s = b.ask()
		n := s.page.Company.String()
		mustShowCompany(t, s, n, demoNames[n])
		shown = append(shown, n)
	}
	earlier := []string{"SC006405", "00006400"}
	for _, n := range shown {
		i := slices.Index(earlier, n)
		if i < 0 {
			t.Fatalf("back went through %v: not the earlier numbers in order", shown)
		}
		earlier = earlier[i+1:]
	}
	b.keys("backspace")
	if s2 := b.ask(); s2.page.Company != s.page.Company || s2.note != "Nothing to go back to." {
		t.Fatalf("back from the first page went to %q (note %q)", s2.page.Company, s2.note)
	}
	for range shown {
		b.keys("alt+right")
	}
	mustShowCompany(t, b.ask(), "OC006404", demoNames["OC006404"])
}

// TestAnAnswerLandingWhileTheNextNumberIsTypedLeavesTheTypingAlone lets the
// first answer arrive in the middle of typing the second number: the
// first company shows, the half-typed number stays in the search box, and
// Enter opens it.
func TestAnAnswerLandingWhileTheNextNumberIsTypedLeavesTheTypingAlone(t *testing.T) {
	f := fakeWith(t, "00000001", "SC000002")
	b := startBrowser(t, f, Options{}, 80, 24)
	b.waitUntil("ready to type", func(s snapshot) bool { return s.searching })

	release := holdRequests(f)
	b.typ("00000001")
	b.keys("enter")
	b.typ("SC00")
	waitForRequests(t, f, 1)
	release()
	s := b.onCompany("00000001")
	if !s.searching || s.input != "SC00" {
		t.Fatalf("the answer took the half-typed number: search %q (focused %v)\n%s", s.input, s.searching, s.screen)
	}
	mustContain(t, s.screen, "Company › SC00")

	b.typ("0002")
	b.keys("enter")
	s = b.idle()
	mustShowCompany(t, s, "SC000002", "COMPANY SC000002 LIMITED")
	mustDrawPane(t, s, 0)
	if s.searching || s.input != "" {
		t.Fatalf("the search box holds %q (focused %v) after the number opened", s.input, s.searching)
	}

	// Both were shown, so back goes to the first, then no further.
	b.keys("backspace")
	mustShowCompany(t, b.ask(), "00000001", "COMPANY 00000001 LIMITED")
	b.keys("backspace")
	if s := b.ask(); s.page.Company != "00000001" || s.note != "Nothing to go back to." {
		t.Fatalf("back from the first company went to %q (note %q)", s.page.Company, s.note)
	}
	if got := f.requests(); !slices.Equal(got, []string{"company 00000001", "company SC000002"}) {
		t.Fatalf("requests %v", got)
	}
}

// TestRetypingTheCompanyOnScreenWhileAnotherLoadsKeepsIt: the user asks for
// another company, then (before it arrives) for the one on screen. The
// other one's answer must not replace it.
func TestRetypingTheCompanyOnScreenWhileAnotherLoadsKeepsIt(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002")
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001"}}, 80, 24)
	b.onCompany("00000001")
	b.idle()

	release := holdRequests(f)
	b.keys("/")
	b.typ("00000002")
	b.keys("enter")
	waitForRequests(t, f, 2)
	second := lastCtx(f)
	b.typ("00000001")
	b.keys("enter")
	b.ask()
	release()
	// The late answer, had it been let through, would come in now.
	s := b.settle(f.count)
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustNotContain(t, s.screen, "COMPANY 00000002 LIMITED")
	if second.Err() == nil {
		t.Fatal("the request for the company no longer wanted was left running")
	}
	if len(s.hist) != 1 {
		t.Fatalf("history %+v, want the one company", s.hist)
	}
}

var tabKeys = []string{"tab", "shift+tab", "1", "2", "3", "4", "5"}

func randomTabKeys(rnd *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = tabKeys[rnd.IntN(len(tabKeys))]
	}
	return out
}

// paneAfter is the pane the keys select, starting from pane.
func paneAfter(pane int, keys []string) int {
	for _, k := range keys {
		switch k {
		case "tab":
			pane = (pane + 1) % 5
		case "shift+tab":
			pane = (pane + 4) % 5
		default:
			pane = int(k[0] - '1')
		}
	}
	return pane
}

// TestRapidTabSwitchingShowsThePaneOfTheLastKeyAndCostsNoRequests sends
// bursts of pane keys while a profile loads, as it arrives and after.
func TestRapidTabSwitchingShowsThePaneOfTheLastKeyAndCostsNoRequests(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	f := fakeWith(t, "00000001", "00000002", "00000003")
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002", "00000003"}}, 80, 24)
	b.onCompany("00000001")

	// While 2 loads, the keys work the page on screen.
	release := holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 2)
	// It ends on a digit past 1, so the pane differs from a new page's.
	burst := append(randomTabKeys(rnd, 39), tabKeys[3+rnd.IntN(4)])
	b.keys(burst...)
	s := b.ask()
	if !s.busy {
		t.Fatal("the second company is not loading")
	}
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	onFirst := paneAfter(0, burst)
	mustDrawPane(t, s, onFirst)

	// The new page opens on its first pane, like a new page in a browser.
	release()
	s = b.onCompany("00000002")
	mustDrawPane(t, s, 0)
	burst = randomTabKeys(rnd, 40)
	b.keys(burst...)
	onSecond := paneAfter(0, burst)
	mustDrawPane(t, b.ask(), onSecond)

	// Going back shows the first company on the pane last chosen for it,
	// though that was chosen while the second was loading.
	b.keys("backspace")
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustDrawPane(t, s, onFirst)
	b.keys("alt+right")
	s = b.ask()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	mustDrawPane(t, s, onSecond)

	// Keys racing the answer: wherever it lands among them, the browser
	// ends consistent, and keys sent after it are obeyed exactly.
	release = holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 3)
	racing := randomTabKeys(rnd, 60)
	delay := time.Duration(rnd.IntN(3)) * time.Millisecond
	go func() {
		time.Sleep(delay)
		release()
	}()
	b.keys(racing...)
	s = b.idle()
	mustShowCompany(t, s, "00000003", "COMPANY 00000003 LIMITED")
	mustDrawPane(t, s, s.page.Tab)
	burst = randomTabKeys(rnd, 30)
	b.keys(burst...)
	mustDrawPane(t, b.ask(), paneAfter(s.page.Tab, burst))

	want := []string{"company 00000001", "company 00000002", "company 00000003"}
	if got := f.requests(); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v: switching panes must not fetch", got, want)
	}
}

// TestResizesWhileFetchesAreInFlightLayOutForTheLastSize resizes the
// terminal, to sizes tiny and huge, while a profile and then a list load
// and as they arrive.
func TestResizesWhileFetchesAreInFlightLayOutForTheLastSize(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 3))
	f := fakeWith(t, "00000001", "00000002")
	f.officers["/company/00000001/officers"] = makeOfficers(150)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002"}}, 80, 24)
	b.onCompany("00000001")

	// Scroll the address pane on a tiny screen.
	b.keys("2")
	b.send(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	b.keys("down", "down")
	if s := b.ask(); s.page.Scroll == 0 {
		t.Fatalf("the address pane did not scroll at %dx%d:\n%s", minWidth, minHeight, s.screen)
	}

	sizes := []tea.WindowSizeMsg{{Width: 20, Height: 5}, {Width: 250, Height: 80}, {Width: 1, Height: 1},
		{Width: 33, Height: 9}, {Width: 120, Height: 40}, {Width: 0, Height: 0}, {Width: 81, Height: 23}}
	release := holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 2)
	for _, size := range sizes {
		b.send(size)
		s := b.ask()
		if !s.busy || s.page.Company != "00000001" {
			t.Fatalf("after a resize to %dx%d: busy %v on %q", size.Width, size.Height, s.busy, s.page.Company)
		}
		w, h := max(size.Width, 1), max(size.Height, 1)
		if s.width != w || s.height != h || !s.laidOut {
			t.Fatalf("a resize to %dx%d laid out for %dx%d (counted rows agree: %v)",
				size.Width, size.Height, s.width, s.height, s.laidOut)
		}
		lines := splitLines(s.screen)
		if len(lines) > h {
			t.Fatalf("%d lines after a resize to %dx%d:\n%s", len(lines), size.Width, size.Height, s.screen)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Fatalf("a line wider than %d after a resize to %dx%d: %q", w, size.Width, size.Height, l)
			}
		}
		// Below the smallest frame it says so, in as much as fits.
		if tooSmall := w < minWidth || h < minHeight; tooSmall != strings.HasPrefix(s.screen, "co") && w >= 2 {
			t.Fatalf("at %dx%d the screen does not say it is too small:\n%s", w, h, s.screen)
		}
	}
	// The answer lands somewhere among more resizes.
	landAmongResizes(b, rnd, release)
	b.send(tea.WindowSizeMsg{Width: 97, Height: 31})
	s := b.idle()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	mustFit(t, s, 97, 31)
	mustDrawPane(t, s, 0)

	// Back on the first company, the address pane it was left on now fits
	// the screen: it is drawn whole, from its first line.
	b.keys("backspace")
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustFit(t, s, 97, 31)
	mustDrawPane(t, s, 1)
	mustContain(t, s.screen, "Address  1 Test Street", "Testville", "TE1 1ST")

	// A list that arrives among resizes is laid out for the last one.
	b.keys("5", "down", "down")
	release = holdRequests(f)
	b.keys("enter")
	waitForRequests(t, f, 3)
	landAmongResizes(b, rnd, release)
	b.send(tea.WindowSizeMsg{Width: 70, Height: 20})
	s = b.idle()
	if s.page.Res.Kind != api.ResOfficers {
		t.Fatalf("on %v after following Officers:\n%s", s.page.Res.Kind, s.screen)
	}
	mustFit(t, s, 70, 20)
	mustContain(t, s.screen, "COMPANY 00000001 LIMITED › Officers", "▸ PERSON 0000, Test", "1 of 150")

	// Ending on the smallest size the browser draws still shows the
	// company whole: its header, its pane, the rule, the footer.
	b.keys("backspace")
	b.send(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustFit(t, s, minWidth, minHeight)
}

// landAmongResizes releases the request in flight while sending random
// sizes, tiny to huge.
func landAmongResizes(b *browser, rnd *rand.Rand, release func()) {
	sizes := make([]tea.WindowSizeMsg, 40)
	for i := range sizes {
		sizes[i] = tea.WindowSizeMsg{Width: 1 + rnd.IntN(260), Height: 1 + rnd.IntN(90)}
	}
	delay := time.Duration(rnd.IntN(3)) * time.Millisecond
	go func() {
		time.Sleep(delay)
		release()
	}()
	for _, size := range sizes {
		b.send(size)
	}
}

// TestBackWhileALinkLoadsGoesBackFromThePageOnScreenAndTheLateAnswerIsIgnored:
// open A, open B, follow B's officers and press back before they arrive.
// Back is from the page on screen, B, as in a web browser; the officers'
// late answer must not pull the view forward, and they are not in history.
func TestBackWhileALinkLoadsGoesBackFromThePageOnScreenAndTheLateAnswerIsIgnored(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002")
	f.officers["/company/00000002/officers"] = makeOfficers(3)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002"}}, 80, 24)
	b.onCompany("00000001")
	b.keys("n")
	b.onCompany("00000002")

	release := holdRequests(f)
	b.keys("5", "down", "down", "enter")
	waitForRequests(t, f, 3)
	officers := lastCtx(f)
	b.keys("backspace")
	s := b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	if s.busy || officers.Err() == nil {
		t.Fatalf("back left the officers loading (busy %v, request %v)", s.busy, officers.Err())
	}
	release()
	s = b.settle(f.count)
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	if len(s.hist) != 2 || s.at != 0 {
		t.Fatalf("history %d places at %d, want A and B at A", len(s.hist), s.at)
	}

	// Forward is B as it was left (the links pane, on Officers), from the
	// cache; the officers were never shown, so there is nothing further.
	b.keys("alt+right")
	s = b.ask()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	mustDrawPane(t, s, profile.LinksTab)
	mustContain(t, s.screen, "▸ Officers")
	b.keys("alt+right")
	if s := b.ask(); s.page.Res.Kind != api.ResCompany || s.note != "Nothing to go forward to." {
		t.Fatalf("forward past B went to %v (note %q)", s.page.Res.Kind, s.note)
	}
	if n := countPrefix(f, "company"); n != 2 {
		t.Fatalf("back and forward fetched profiles again: %v", f.requests())
	}

	// Back then forward, both while the officers load: the view is B and
	// stays B when they arrive.
	release = holdRequests(f)
	before := f.count()
	b.keys("enter")
	waitForRequests(t, f, before+1)
	b.keys("backspace", "alt+right")
	s = b.ask()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	release()
	s = b.settle(f.count)
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	if len(s.hist) != 2 || s.at != 1 {
		t.Fatalf("history %d places at %d, want A and B at B", len(s.hist), s.at)
	}
	if f.count() != before+1 {
		t.Fatalf("one enter made requests %v", f.requests()[before:])
	}

	// Followed and left to arrive, the officers are shown; then back and
	// forward cost nothing.
	b.keys("enter")
	s = b.idle()
	if s.page.Res.Kind != api.ResOfficers || !strings.Contains(s.screen, "3 officers") {
		t.Fatalf("on %v after following Officers:\n%s", s.page.Res.Kind, s.screen)
	}
	n := f.count()
	b.keys("backspace")
	mustShowCompany(t, b.ask(), "00000002", "COMPANY 00000002 LIMITED")
	b.keys("alt+right")
	if s := b.idle(); s.page.Res.Kind != api.ResOfficers || f.count() != n {
		t.Fatalf("forward to the officers: on %v, requests %v", s.page.Res.Kind, f.requests()[n:])
	}
}

// TestBackWhileForwardLoadsWinsAndForwardLaterCostsOneRequest makes forward
// need a request (the officers were reloaded and the reload abandoned),
// presses back while it is in flight, then goes forward for real.
func TestBackWhileForwardLoadsWinsAndForwardLaterCostsOneRequest(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002")
	f.officers["/company/00000002/officers"] = makeOfficers(3)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002"}}, 80, 24)
	b.onCompany("00000001")
	b.keys("n")
	b.onCompany("00000002")
	b.keys("5", "down", "down", "enter")
	if s := b.idle(); s.page.Res.Kind != api.ResOfficers {
		t.Fatalf("on %v after following Officers", s.page.Res.Kind)
	}

	// A reload drops the officers from the cache; back abandons it.
	release := holdRequests(f)
	b.keys("r")
	waitForRequests(t, f, 4)
	b.keys("backspace")
	mustShowCompany(t, b.ask(), "00000002", "COMPANY 00000002 LIMITED")
	release()

	// Forward must fetch; back while it does goes back from B, to A.
	release = holdRequests(f)
	n := f.count()
	b.keys("alt+right")
	waitForRequests(t, f, n+1)
	forward := lastCtx(f)
	if s := b.ask(); !s.busy || s.page.Company != "00000002" || s.page.Res.Kind != api.ResCompany {
		t.Fatalf("forward did not wait for the officers on B: busy %v on %v", s.busy, s.page.Res.Kind)
	}
	b.keys("backspace")
	b.ask() // back is taken in (and forward cancelled) before the release
	release()
	s := b.settle(f.count)
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	if forward.Err() == nil {
		t.Fatal("back left forward's request running")
	}
	if len(s.hist) != 3 || s.at != 0 {
		t.Fatalf("history %d places at %d, want A, B and the officers at A", len(s.hist), s.at)
	}

	// Forward twice reaches the officers, fetched once: the abandoned
	// answer was cancelled, so the cache has nothing.
	n = f.count()
	b.keys("alt+right", "alt+right")
	s = b.idle()
	if s.page.Res.Kind != api.ResOfficers || !strings.Contains(s.screen, "3 officers") || s.at != 2 {
		t.Fatalf("forward twice: on %v at %d:\n%s", s.page.Res.Kind, s.at, s.screen)
	}
	if got := f.count() - n; got != 1 {
		t.Fatalf("forward twice made %d requests: %v", got, f.requests()[n:])
	}
}

// TestOpeningALinkWhileForwardLoadsReplacesWhatWasAhead: forward is in
// flight when the user follows another link from the page on screen. The
// link wins, and history forgets what was ahead, as a browser's does.
func TestOpeningALinkWhileForwardLoadsReplacesWhatWasAhead(t *testing.T) {
	f := fakeWith(t, "00000001")
	f.officers["/company/00000001/officers"] = makeOfficers(3)
	f.filings["/company/00000001/filing-history"] = makeFilings(4)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001"}}, 80, 24)
	b.onCompany("00000001")
	b.keys("5", "down", "down", "enter")
	b.idle()
	release := holdRequests(f)
	b.keys("r")
	waitForRequests(t, f, 3)
	b.keys("backspace")
	b.ask() // back is taken in (and the reload cancelled) before the release
	release()
	mustShowCompany(t, b.idle(), "00000001", "COMPANY 00000001 LIMITED")

	release = holdRequests(f)
	n := f.count()
	b.keys("alt+right")
	waitForRequests(t, f, n+1)
	b.keys("up", "enter") // Filing history, while forward loads
	waitForRequests(t, f, n+2)
	release()
	s := b.settle(f.count)
	if s.page.Res.Kind != api.ResFilings || !strings.Contains(s.screen, "COMPANY 00000001 LIMITED › Filing history") {
		t.Fatalf("on %v, want the filing history:\n%s", s.page.Res.Kind, s.screen)
	}
	if len(s.hist) != 2 || s.at != 1 {
		t.Fatalf("history %d places at %d, want the profile and the filings", len(s.hist), s.at)
	}
	b.keys("backspace")
	mustShowCompany(t, b.ask(), "00000001", "COMPANY 00000001 LIMITED")
	b.keys("alt+right")
	if s := b.ask(); s.page.Res.Kind != api.ResFilings {
		t.Fatalf("forward went to %v, want the filings", s.page.Res.Kind)
	}
}

// TestFollowingALinkWhileTheProfileReloadsKeepsTheCompanyOnTheList is what
// a random interleaving found: a reload of a dissolved company's profile,
// abandoned for its officers before the fresh profile came. The officers
// must still be read against the company: its name above them, and none
// shown as current.
func TestFollowingALinkWhileTheProfileReloadsKeepsTheCompanyOnTheList(t *testing.T) {
	f := newFake()
	p := simpleProfile(t, "00000004", "GONE LIMITED")
	p.CompanyStatus = "dissolved"
	f.profiles["00000004"] = p
	f.officers["/company/00000004/officers"] = makeOfficers(3)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000004"}}, 80, 24)
	b.onCompany("00000004")
	b.keys("5", "down", "down")

	release := holdRequests(f)
	b.keys("r")
	waitForRequests(t, f, 2)
	b.keys("enter") // Officers, while the profile reloads
	waitForRequests(t, f, 3)
	b.ask()
	release()
	s := b.settle(f.count)
	if s.page.Res.Kind != api.ResOfficers {
		t.Fatalf("on %v, want the officers:\n%s", s.page.Res.Kind, s.screen)
	}
	header, _ := headerAndCrumb(s.screen)
	if !strings.HasPrefix(header, "GONE LIMITED  00000004") {
		t.Fatalf("the header reads %q, want the company:\n%s", header, s.screen)
	}
	mustContain(t, s.screen, "no officer is current", "dissolved")

	// Back on the profile, nothing is missing either.
	b.keys("backspace")
	mustShowCompany(t, b.idle(), "00000004", "GONE LIMITED")
}

// A randomised interleaving of everything at once.

// jittery answers each request after a random pause, so answers overtake
// one another as they do from a registry far away.
type jittery struct {
	*fakeRegistry
	mu    sync.Mutex
	rnd   *rand.Rand
	most  time.Duration
	calls atomic.Int64 // requests received, those given up while paused included
}

func (j *jittery) count() int { return int(j.calls.Load()) }

func (j *jittery) pause(ctx context.Context, subject string) error {
	j.calls.Add(1)
	j.mu.Lock()
	d := time.Duration(j.rnd.Int64N(int64(j.most) + 1))
	j.mu.Unlock()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return &api.Error{Kind: api.KindCanceled, Subject: subject, Err: ctx.Err()}
	case <-timer.C:
		return nil
	}
}

func (j *jittery) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	if results.Is(res) {
		// The search for an officer's other records: asked by the
		// session's walker, not a page's request, so not counted.
		return j.fakeRegistry.Fetch(ctx, res, page)
	}
	if err := j.pause(ctx, res.Link); err != nil {
		return nil, err
	}
	return j.fakeRegistry.Fetch(ctx, res, page)
}

// wanderNumbers are what the random user types: four companies, one of
// them Scottish, and one number the registry does not know.
var wanderNumbers = []string{"00000001", "00000002", "00000003", "SC000004", "00000009"}

// wander is one random user action; it returns what it did, for the log.
func wander(b *browser, rnd *rand.Rand) string {
	pick := func(list []string) string { return list[rnd.IntN(len(list))] }
	switch r := rnd.IntN(100); {
	case r < 14:
		n := pick(wanderNumbers)
		if rnd.IntN(2) == 0 {
			b.keys("/")
		}
		b.typ(n)
		b.keys("enter")
		return "type " + n + "⏎"
	case r < 22:
		var text string
		switch rnd.IntN(3) {
		case 0:
			text = pick(wanderNumbers) + "\n"
		case 1:
			text = pick(wanderNumbers) + "\n" + pick(wanderNumbers) + "\n" + pick(wanderNumbers)
		default:
			text = "Company No. " + pick(wanderNumbers)
		}
		b.send(tea.PasteMsg{Content: text})
		return fmt.Sprintf("paste %q", text)
	case r < 34:
		k := pick([]string{"tab", "shift+tab"})
		b.keys(k)
		return k
	case r < 46:
		k := pick([]string{"1", "2", "3", "4", "5"})
		b.keys(k)
		return k
	case r < 54:
		k := pick([]string{"backspace", "alt+left"})
		b.keys(k)
		return k
	case r < 60:
		b.keys("alt+right")
		return "alt+right"
	case r < 68:
		keys := []string{"5"}
		for range rnd.IntN(4) {
			keys = append(keys, "down")
		}
		keys = append(keys, "enter")
		b.keys(keys...)
		return strings.Join(keys, " ")
	case r < 72:
		keys := []string{pick([]string{"down", "pgdown", "end", "up"}), "enter"}
		b.keys(keys...)
		return strings.Join(keys, " ")
	case r < 80:
		// Mostly up to 160x50: every frame of a huge screen costs the
		// renderer, and the resize test has them.
		size := tea.WindowSizeMsg{Width: 1 + rnd.IntN(160), Height: 1 + rnd.IntN(50)}
		if rnd.IntN(4) == 0 {
			size = pick2(rnd, []tea.WindowSizeMsg{{Width: 20, Height: 5}, {Width: 250, Height: 80}, {Width: 20, Height: 8}})
		}
		b.send(size)
		return fmt.Sprintf("resize %dx%d", size.Width, size.Height)
	case r < 85:
		b.keys("esc")
		return "esc"
	case r < 88:
		b.keys("n")
		return "n"
	case r < 90:
		k := pick([]string{"r", "pgdown", "end"})
		b.keys(k)
		return k
	default:
		d := time.Duration(rnd.IntN(8)) * time.Millisecond
		time.Sleep(d)
		return "wait " + d.String()
	}
}

func pick2[T any](rnd *rand.Rand, list []T) T { return list[rnd.IntN(len(list))] }

// mustBeConsistent checks what must hold whenever the browser is idle: it
// shows the page history is on, its header names it, a profile draws the
// pane selected, and the page is laid out for the size given.
func mustBeConsistent(t *testing.T, s snapshot, w, h int) {
	t.Helper()
	if s.busy || strings.Contains(s.screen, "Loading") {
		t.Fatalf("not idle:\n%s", s.screen)
	}
	mustFit(t, s, w, h)
	header, crumb := headerAndCrumb(s.screen)
	cur, ok := s.current()
	if !ok {
		if !s.page.Res.IsZero() || !strings.HasPrefix(header, "coview") {
			t.Fatalf("no history, yet on %v:\n%s", s.page.Res.Kind, s.screen)
		}
		return
	}
	if !cur.Same(s.page) {
		t.Fatalf("history is at %+v, the screen at %+v", cur, s.page)
	}
	want := "COMPANY " + s.page.Company.String() + " LIMITED"
	if s.page.Res.Kind == api.ResAppointments {
		want = "SOMEONE, Anyone"
	}
	if !startsWithName(header, want) {
		t.Fatalf("the header reads %q on %v of %s, want %q:\n%s", header, s.page.Res.Kind, s.page.Company, want, s.screen)
	}
	mustCrumb(t, s, crumb, s.page.Title)
	if s.page.Res.Kind == api.ResCompany {
		mustDrawPane(t, s, s.page.Tab)
	}
	// A company's officers are its own, in order, with none missed or
	// repeated, however their pages arrived.
	if s.page.Res.Kind == api.ResOfficers {
		for i, name := range s.rows {
			if want := officerName(s.page.Company.String(), i); name != want {
				t.Fatalf("row %d of the officers of %s is %q, want %q", i, s.page.Company, name, want)
			}
		}
	}
}

// officerName is the name of officer i of a company in the random test.
func officerName(number string, i int) string {
	return fmt.Sprintf("PERSON %04d OF %s, Test", i, number)
}

// TestRandomInterleavingsLeaveAnIdleConsistentView lets a random user type,
// paste, switch panes, go back and forward, follow links, resize and
// cancel against a registry answering after random delays; once it all
// settles the view must be consistent, and a last request must win.
func TestRandomInterleavingsLeaveAnIdleConsistentView(t *testing.T) {
	// Each seed plays three rounds of 20 random steps, then 5 more and a
	// last number: 75 steps in all.
	const seeds, rounds, steps = 20, 3, 20
	finalSizes := []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 100, Height: 30}, {Width: 132, Height: 43}}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			rnd := rand.New(rand.NewPCG(seed, 2026))
			f := fakeWith(t, "00000001", "00000002", "00000003", "SC000004")
			for _, n := range []string{"00000001", "00000002", "00000003", "SC000004"} {
				officers := makeOfficers(1 + rnd.IntN(260))
				for i := range officers {
					officers[i].Name = officerName(n, i)
				}
				f.officers["/company/"+n+"/officers"] = officers
				f.filings["/company/"+n+"/filing-history"] = makeFilings(rnd.IntN(120))
			}
			reg := &jittery{fakeRegistry: f, rnd: rand.New(rand.NewPCG(seed, 1)), most: 12 * time.Millisecond}
			b := startBrowser(t, reg, Options{}, 80, 24)
			var did []string
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("seed %d; the steps were:\n%s", seed, strings.Join(did, "\n"))
				}
			})
			for range rounds {
				for range steps {
					did = append(did, wander(b, rnd))
				}
				size := pick2(rnd, finalSizes)
				b.send(size)
				did = append(did, fmt.Sprintf("resize %dx%d", size.Width, size.Height))
				mustBeConsistent(t, b.idle(), size.Width, size.Height)

				// More of the same, then at once a last number pasted: it
				// is what ends on screen, on its first pane, whatever was
				// still in flight.
				for range 5 {
					did = append(did, wander(b, rnd))
				}
				last := pick2(rnd, wanderNumbers[:4])
				b.send(tea.PasteMsg{Content: last + "\n"})
				b.send(size)
				did = append(did, "paste "+last, fmt.Sprintf("resize %dx%d", size.Width, size.Height))
				s := b.settle(reg.count)
				mustBeConsistent(t, s, size.Width, size.Height)
				mustShowCompany(t, s, last, "COMPANY "+last+" LIMITED")
				mustDrawPane(t, s, 0)

				burst := randomTabKeys(rnd, 12)
				b.keys(burst...)
				did = append(did, strings.Join(burst, " "))
				s = b.idle()
				mustBeConsistent(t, s, size.Width, size.Height)
				mustShowCompany(t, s, last, "COMPANY "+last+" LIMITED")
				mustDrawPane(t, s, paneAfter(0, burst))
			}
		})
	}
}

// panicsOnKey is a model that breaks on the first key, as the search input
// once did on a tab after a paste (see the random interleavings).
type panicsOnKey struct{}

func (panicsOnKey) Init() tea.Cmd { return nil }

func (m panicsOnKey) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		var matched [][]rune
		_ = matched[0]
	}
	return m, nil
}

func (panicsOnKey) View() tea.View { return tea.NewView("fine") }

// TestAPanicInUpdateEndsTheProgramThroughTheGuard runs a program whose
// Update panics: the guard must hand the program a model to draw and a
// quit, so that it ends normally, rather than a nil model whose drawing
// panics inside Bubble Tea, which prints a stack trace on the terminal.
func TestAPanicInUpdateEndsTheProgramThroughTheGuard(t *testing.T) {
	g := newCrashGuard()
	p := tea.NewProgram(&guarded{inner: panicsOnKey{}, g: g}, append([]tea.ProgramOption{
		tea.WithInput(strings.NewReader("")), tea.WithOutput(&strings.Builder{}), tea.WithoutSignals(),
		tea.WithWindowSize(80, 24)}, pinned...)...)
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	p.Send(keyMsg("x"))
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the program ended with %v, want a normal quit", err)
		}
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatal("the program did not quit after the panic")
	}
	if v, crashed := g.get(); !crashed || !strings.Contains(fmt.Sprint(v), "index out of range") {
		t.Fatalf("the guard recorded %v (%v)", v, crashed)
	}
}

// TestTabAfterAPasteIntoTheSearchBoxDoesNotCrash is the crash a random
// interleaving found: the search input works out which recent numbers
// match its text only on a key press, so after a paste added to the text
// its old match ("0" matching 00000002) was shorter than the text, and tab
// cut the match past its end.
func TestTabAfterAPasteIntoTheSearchBoxDoesNotCrash(t *testing.T) {
	f := fakeWith(t, "00000002")
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000002"}}, 80, 24)
	b.onCompany("00000002")
	b.keys("/")
	b.typ("0")
	b.send(tea.PasteMsg{Content: "Company No. 00000002"})
	b.keys("tab")
	if s := b.ask(); s.input != "0Company No. 00000002" {
		t.Fatalf("the search box holds %q", s.input)
	}
	// Once the box is emptied (here by opening the company on screen), tab
	// has nothing to complete.
	b.keys("esc", "/")
	b.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // delete to the start
	b.typ("00000002")
	b.keys("enter")
	b.idle()
	b.keys("/", "tab")
	if s := b.ask(); s.input != "" {
		t.Fatalf("tab in an empty search box completed %q", s.input)
	}
}
