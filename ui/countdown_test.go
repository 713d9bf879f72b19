package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/waits"
)

// Issue 20, item 17: the countdowns of waits for the quota are never a
// second past the real wait.

// The client holds a request back until a moment past the reset (here
// 2.05 s away): the status line says 2s, not 3s.
func TestTheStatusLineCountsAWaitToTheNearestSecond(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	release := holdRequests(f)
	defer release()
	m.Update(tea.PasteMsg{Content: "2\n"}) // on its way, held back
	send(t, m, waits.Msg{W: api.Wait{Subject: "company 00000002", Reason: "rate limit reached", Until: today.Add(2050 * time.Millisecond)}})
	s := screen(m)
	mustContain(t, s, "company 00000002: rate limit reached; next request in 2s (at")
	mustNotContain(t, s, "in 3s")
}

// A 429 whose quota resets in 2.4 s counts down 2s, 1s, and is sent
// again at the reset, not at the next whole second after it.
func TestARateLimitIsRetriedAtTheResetNotASecondLater(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	clock := today
	m.c.Now = func() time.Time { return clock }
	reset := today.Add(2400 * time.Millisecond)
	f.setErr("00000002", &api.Error{Kind: api.KindRateLimited, Status: 429, RetryAt: reset})
	msgs := send(t, m, tea.PasteMsg{Content: "2\n"})
	mustContain(t, screen(m), "retrying in 2s")
	clock = today.Add(time.Second)
	msgs = send(t, m, timer(t, msgs, time.Second))
	mustContain(t, screen(m), "retrying in 1s")
	clock = today.Add(2 * time.Second)
	msgs = send(t, m, timer(t, msgs, time.Second))
	last := timer(t, msgs, 400*time.Millisecond) // the reset, not a whole second on
	f.setErr("00000002", nil)
	clock = reset
	send(t, m, last)
	if place(m).Company != "00000002" {
		t.Fatalf("not retried at the reset: on %+v, requests %v", place(m), f.requests())
	}
}
