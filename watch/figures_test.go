package watch

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// figuresWatch is a watch list of 00006420 on the whole demo, its
// document API too, every request counted by one meter, its clock the
// test's.
func figuresWatch(t *testing.T, clk *clock) (*Watcher, *testkit.Meter) {
	t.Helper()
	m := &testkit.Meter{}
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{Options: demo.Options{Now: clk.now, Limit: testkit.Plenty}, Wrap: m.Wrap})
	c := testclient.For(t, s.RegistryURL)
	docs, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	w := New(openStoreOn(t, t.TempDir(), clk.now), c, Options{Now: clk.now, Documents: docs})
	if _, _, err := w.Add(context.Background(), demo.LivingFirst); err != nil {
		t.Fatal(err)
	}
	return w, m
}

// The demo's tea room files accounts made up to 31 March 2026 (event
// 47520, on 10 April 2026) and, a quarter of an hour later, to 30 June
// 2025, once it has moved its year end.
var (
	accountsTo2026 = demo.LivingEventAt(demo.LivingFirst, 47520)
	accountsTo2025 = demo.LivingEventAt(demo.LivingFirst, 47525)
)

func documentRequests(m *testkit.Meter) int {
	n := 0
	for _, u := range m.URIs() {
		if strings.HasPrefix(u, "/document/") {
			n++
		}
	}
	return n
}

// Issue 33: when a check sees new accounts, it reads their figures (two
// requests) and records what they show against the year before: each red
// flag, or their net assets.
func TestNewAccountsAreReadForWhatTheirFiguresShow(t *testing.T) {
	t.Parallel()
	clk := newClock(accountsTo2026.Add(-30 * time.Second))
	w, m := figuresWatch(t, clk)
	if rep := checkNow(t, w, CheckOptions{}); len(rep.Changes) != 0 || documentRequests(m) != 0 {
		t.Fatalf("the first check reported %v and read %d documents", kinds(rep.Changes), documentRequests(m))
	}

	clk.set(accountsTo2026.Add(30 * time.Second))
	rep := checkNow(t, w, CheckOptions{})
	want := []string{"00006420 filing/accounts", "00006420 " + string(KindNetAssetsFell), "00006420 " + string(KindNetCurrentLiabilities)}
	if got := kinds(rep.Changes); !slices.Equal(got, want) {
		t.Fatalf("changes %v\nwant %v", got, want)
	}
	fell := rep.Changes[1]
	if fell.Before != "59992" || fell.After != "10212" || fell.Field != "" || fell.TransactionID != rep.Changes[0].TransactionID ||
		fell.Date != rep.Changes[0].Date || rep.Changes[2].After != "-10788" {
		t.Errorf("the figures' changes: %+v\n%+v", fell, rep.Changes[2])
	}
	if n := documentRequests(m); n != 2 {
		t.Errorf("%d document requests for one accounts filing", n)
	}

	clk.set(accountsTo2025.Add(30 * time.Second))
	rep = checkNow(t, w, CheckOptions{})
	var figures []Change
	for _, c := range rep.Changes {
		if strings.HasPrefix(string(c.Kind), "accounts/") {
			figures = append(figures, c)
		}
	}
	if len(figures) != 1 || figures[0].Kind != KindAccountsFigures || figures[0].After != "59992" {
		t.Fatalf("accounts with no red flag: %+v", figures)
	}
	for _, u := range m.Twice() {
		if strings.HasPrefix(u, "/document/") {
			t.Errorf("a document asked for twice: %s", u)
		}
	}
	if n := documentRequests(m); n != 4 {
		t.Errorf("%d document requests for two accounts filings", n)
	}
}

// The figures are read within the check's budget: a check whose budget
// ends before them records the filing, and the next reads them, once.
func TestNewAccountsFiguresWaitForTheNextCheckWhenTheBudgetEnds(t *testing.T) {
	t.Parallel()
	clk := newClock(accountsTo2026.Add(-30 * time.Second))
	w, m := figuresWatch(t, clk)
	checkNow(t, w, CheckOptions{})
	clk.set(accountsTo2026.Add(30 * time.Second))

	// The probe and the profile: not the document.
	rep := checkNow(t, w, CheckOptions{Budget: 2})
	if got := kinds(rep.Changes); !slices.Equal(got, []string{"00006420 filing/accounts"}) || documentRequests(m) != 0 || !rep.Short() {
		t.Fatalf("a check short of budget: %v, %d document requests, not checked %+v", got, documentRequests(m), rep.NotChecked)
	}
	rep = checkNow(t, w, CheckOptions{})
	if got := kinds(rep.Changes); !slices.Equal(got, []string{"00006420 " + string(KindNetAssetsFell), "00006420 " + string(KindNetCurrentLiabilities)}) {
		t.Fatalf("the next check: %v", got)
	}
	if n := documentRequests(m); n != 2 {
		t.Errorf("%d document requests", n)
	}
}

// Without a document API, new accounts are a filing, as ever.
func TestWithoutADocumentAPINewAccountsAreAFilingAlone(t *testing.T) {
	t.Parallel()
	clk := newClock(accountsTo2026.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now})
	w := watching(t, r, clk, demo.LivingFirst)
	checkNow(t, w, CheckOptions{})
	clk.set(accountsTo2026.Add(30 * time.Second))
	if got := kinds(checkNow(t, w, CheckOptions{}).Changes); !slices.Equal(got, []string{"00006420 filing/accounts"}) {
		t.Fatalf("%v", got)
	}
}
