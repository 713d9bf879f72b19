package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/keyscreen"
	"coview/ui/parts/profile"
)

func TestNotFoundKeepsTheSearchTextForEditing(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	press(t, m, "/")
	typeText(t, m, "12345678")
	press(t, m, "enter")
	s := screen(m)
	mustContain(t, s, "Company 12345678 not found", "404", "check it", "COMPANY 00000001 LIMITED")
	if !m.box.Focused() || m.box.Value() != "12345678" {
		t.Fatalf("search %q (focused %v), want the text kept for editing", m.box.Value(), m.box.Focused())
	}
	if place(m).Company != "00000001" {
		t.Fatalf("a failed request changed the page to %+v", place(m))
	}
	// Editing and trying again works, and the error goes away.
	press(t, m, "backspace")
	for range len(m.box.Value()) {
		press(t, m, "backspace")
	}
	typeText(t, m, "00000002")
	press(t, m, "enter")
	if place(m).Company != "00000002" {
		t.Fatalf("after editing on %+v (requests %v)", place(m), f.requests())
	}
	mustNotContain(t, screen(m), "not found")
}

func TestUnauthorisedOpensTheKeyScreenAndRetriesWithTheNewKey(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Officers")
	f.setErr("/company/00000001/officers", &api.Error{Kind: api.KindInvalidKey, Status: 401, Reason: "Invalid Authorization"})
	press(t, m, "enter")
	if m.keys == nil {
		t.Fatal("a 401 did not open the key screen")
	}
	s := screen(m)
	mustContain(t, s, "An API key is needed", "rejected the key (401 Invalid Authorization)", "REST API key",
		keyscreen.DeveloperSite, "Key ›")
	var saved []string
	m.opts.SaveKey = func(k string) (string, error) {
		saved = append(saved, k)
		if !strings.Contains(k, "-") {
			return "", errorString("not a valid key: it should look like 8-4-4-4-12 hexadecimal digits")
		}
		return strings.ToLower(k), nil
	}
	// The key is masked as it is typed.
	typeText(t, m, "notakey1")
	mustNotContain(t, screen(m), "notakey1")
	press(t, m, "enter")
	mustContain(t, screen(m), "not a valid key")
	if m.keys == nil {
		t.Fatal("a refused key closed the key screen")
	}
	f.setErr("/company/00000001/officers", nil)
	for range len("notakey1") {
		press(t, m, "backspace")
	}
	send(t, m, tea.PasteMsg{Content: "5E1F0C2A-7D3B-4C8E-9A61-0DE70DE70DE7"})
	mustNotContain(t, screen(m), "5E1F0C2A")
	press(t, m, "enter")
	if m.keys != nil {
		t.Fatal("the key screen stayed up after a good key")
	}
	if f.key != "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7" {
		t.Fatalf("SetKey got %q, want the cleaned key", f.key)
	}
	if !slices.Equal(saved, []string{"notakey1", "5E1F0C2A-7D3B-4C8E-9A61-0DE70DE70DE7"}) {
		t.Fatalf("SaveKey got %v", saved)
	}
	if place(m).Res.Kind != api.ResOfficers {
		t.Fatalf("the refused request was not retried: on %+v", place(m))
	}
	reqs := f.requests()
	if reqs[len(reqs)-1] != "officers /company/00000001/officers 0" || reqs[len(reqs)-2] != reqs[len(reqs)-1] {
		t.Fatalf("requests %v, want the officers twice", reqs)
	}
	// Back still leads to the links pane the user came from.
	press(t, m, "backspace")
	if place(m).Res.Kind != api.ResCompany || place(m).Tab != profile.LinksTab {
		t.Fatalf("back to %+v tab %d", place(m), place(m).Tab)
	}
}

func TestMissingKeyIsToldApartFromARefusedOne(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.setErr("00000001", &api.Error{Kind: api.KindMissingKey, Status: 401, Reason: "Empty Authorization header"})
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "1\n"})
	mustContain(t, screen(m), "No key was sent", "(401 Empty Authorization")
	press(t, m, "esc")
	if m.keys != nil {
		t.Fatal("esc did not leave the key screen")
	}
	mustContain(t, screen(m), "No API key in use", "Press r")
}

func TestRateLimitCountsDownAndRetriesWhenTheQuotaResets(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	clock := today
	m.c.Now = func() time.Time { return clock }
	reset := today.Add(90 * time.Second)
	f.setErr("00000002", &api.Error{Kind: api.KindRateLimited, Status: 429, RetryAt: reset})
	msgs := send(t, m, tea.PasteMsg{Content: "2\n"})
	s := screen(m)
	mustContain(t, s, "Rate limit reached (429)", "resets at 12:01:30", "retrying in 1m30s", "COMPANY 00000001 LIMITED")
	tick := timer(t, msgs, time.Second)

	clock = today.Add(60 * time.Second)
	msgs = send(t, m, tick)
	mustContain(t, screen(m), "retrying in 30s")
	tick = timer(t, msgs, time.Second)
	if f.count() != 2 {
		t.Fatalf("retried before the reset: %v", f.requests())
	}

	f.setErr("00000002", nil)
	clock = reset
	send(t, m, tick)
	if place(m).Company != "00000002" {
		t.Fatalf("no retry at the reset: on %+v, requests %v", place(m), f.requests())
	}
	mustNotContain(t, screen(m), "Rate limit")
}

func TestEscStopsWaitingForTheQuota(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.setErr("00000002", &api.Error{Kind: api.KindRateLimited, Status: 429, RetryAt: today.Add(time.Minute)})
	msgs := send(t, m, tea.PasteMsg{Content: "2\n"})
	press(t, m, "esc")
	mustNotContain(t, screen(m), "Rate limit")
	send(t, m, timer(t, msgs, time.Second))
	if f.count() != 2 {
		t.Fatalf("retried after esc: %v", f.requests())
	}
}

func TestServerErrorSaysWhatToDoAndRRetries(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.setErr("00000002", &api.Error{Kind: api.KindServer, Status: 502})
	send(t, m, tea.PasteMsg{Content: "2\n"})
	mustContain(t, screen(m), "The registry failed (502 Bad Gateway)", "Press r to try again", "COMPANY 00000001 LIMITED")
	f.setErr("00000002", nil)
	press(t, m, "r")
	if place(m).Company != "00000002" {
		t.Fatalf("r did not retry: on %+v", place(m))
	}
}

func TestExplainSaysWhatHappenedForEveryKind(t *testing.T) {
	t.Parallel()
	for kind := api.KindInvalidNumber; kind <= api.KindNoDocument; kind++ {
		e := &api.Error{Kind: kind, Subject: "company 00000001", Status: 500, Reason: "why\x1b[2J"}
		tr := common.Explain(e, api.CompanyResource("00000001"), today, today.Add(time.Minute))
		if tr.Title == "" || tr.Detail == "" || tr.Title == "Request failed" {
			t.Errorf("kind %d is not explained in words of its own: %+v", kind, tr)
		}
		if strings.ContainsAny(tr.Title+tr.Detail, "\x1b\x07") {
			t.Errorf("kind %d: control characters in %+v", kind, tr)
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// timer finds the timer of the given duration among the messages a Cmd
// left, and returns the message it would send.
func timer(t *testing.T, msgs []tea.Msg, d time.Duration) tea.Msg {
	t.Helper()
	for _, msg := range msgs {
		if tm, ok := msg.(timerMsg); ok && tm.after == d {
			return tm.msg
		}
	}
	t.Fatalf("no %s timer in %v", d, msgs)
	return nil
}
