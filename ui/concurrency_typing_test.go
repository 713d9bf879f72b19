package ui

import (
	"context"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// These tests, and those of the other concurrency_*_test.go files, run the
// browser as a real tea.Program against registries that answer late, out
// of order or only when told, and check that what is left on screen is
// what the user last asked for. This file holds numbers typed while
// answers are on their way.

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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
