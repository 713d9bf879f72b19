package ui

import (
	"strings"
	"testing"

	"coview/api"
	"coview/ui/parts/profile"
)

// Back, forward and links followed while another page loads: history
// moves from the page on screen, as a web browser's does, and a late
// answer for a page let go of changes nothing.

// TestBackWhileALinkLoadsGoesBackFromThePageOnScreenAndTheLateAnswerIsIgnored:
// open A, open B, follow B's officers and press back before they arrive.
// Back is from the page on screen, B, as in a web browser; the officers'
// late answer must not pull the view forward, and they are not in history.
func TestBackWhileALinkLoadsGoesBackFromThePageOnScreenAndTheLateAnswerIsIgnored(t *testing.T) {
	t.Parallel()
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
	backAndForwardWhileBsOfficersLoad(t, b, f)

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

// backAndForwardWhileBsOfficersLoad follows B's officers from B, with the
// cursor on them, and goes back and forward again before they arrive.
func backAndForwardWhileBsOfficersLoad(t *testing.T, b *browser, f *fakeRegistry) {
	release := holdRequests(f)
	before := f.count()
	b.keys("enter")
	waitForRequests(t, f, before+1)
	b.keys("backspace", "alt+right")
	s := b.ask()
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
}

// TestBackWhileForwardLoadsWinsAndForwardLaterCostsOneRequest makes forward
// need a request (the officers were reloaded and the reload abandoned),
// presses back while it is in flight, then goes forward for real.
func TestBackWhileForwardLoadsWinsAndForwardLaterCostsOneRequest(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
