package screen

import (
	"context"
	"errors"
	"strings"
	"testing"

	"coview/accounts"
	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// withDocuments is a screener of the whole demo, documents included,
// every request counted by one meter.
func withDocuments(t *testing.T) (*Screener, *testkit.Meter) {
	t.Helper()
	m := &testkit.Meter{}
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{Wrap: m.Wrap})
	c := testclient.For(t, s.RegistryURL)
	d, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return New(c).WithDocuments(d), m
}

// Issue 33: a deep screening reads the figures of each company's latest
// accounts, 1 + 2 requests (the accounts filings, the newest's metadata
// and content), counted in its budget.
func TestADeepScreeningReadsTheLatestAccountsFiguresInItsBudget(t *testing.T) {
	t.Parallel()
	s, m := withDocuments(t)
	in := inputs("00006402", "00006403", "00006407", "00006400", "00006409")
	rep := s.Screen(context.Background(), in, Options{Deep: true})
	checkOrder(t, rep, in)
	if rep.Count(OK) != len(in) {
		t.Fatalf("not all ok: %v", unscreened(rep))
	}
	want := [][]accounts.SignKind{
		{accounts.NetAssetsFell},
		{accounts.NegativeNetAssets, accounts.NetCurrentLiabilities},
		{accounts.NetCurrentLiabilities},
		nil,
		nil,
	}
	for i, row := range rep.Rows {
		l := row.Deep.Accounts
		if l == nil || l.Filed == nil {
			t.Fatalf("row %d: no accounts read: %+v", i, row.Deep)
		}
		var got []accounts.SignKind
		for _, s := range l.Signs() {
			got = append(got, s.Kind)
		}
		if len(got) != len(want[i]) || len(got) > 0 && got[0] != want[i][0] {
			t.Errorf("%s: signs %v, want %v", row.Number, got, want[i])
		}
	}
	if l := rep.Rows[4].Deep.Accounts; !l.Filed.Paper || l.Year != nil {
		t.Errorf("00006409's accounts are on paper: %+v", l.Filed)
	}
	var histories, documents int
	for _, u := range m.URIs() {
		switch {
		case strings.Contains(u, "/filing-history?category=accounts"):
			histories++
		case strings.HasPrefix(u, "/document/"):
			documents++
		}
	}
	// 00006409's document is a PDF only: its metadata says so, and its
	// content is not asked for.
	if histories != 5 || documents != 4*2+1 {
		t.Errorf("%d accounts filings, %d document requests", histories, documents)
	}
	if twice := m.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
	if spent := s.Requests(); rep.Requests != spent {
		t.Errorf("%d requests counted by the screening, %d by the screener", rep.Requests, spent)
	}
	again := s.Screen(context.Background(), in, Options{Deep: true})
	if again.Requests != 0 || again.Rows[1].Deep.Accounts == nil {
		t.Errorf("screened again: %d requests", again.Requests)
	}
}

// The accounts are within the budget: a budget that ends before them
// leaves the row not screened, saying so.
func TestADeepScreeningsBudgetCoversTheAccounts(t *testing.T) {
	t.Parallel()
	s, m := withDocuments(t)
	// 00006403: its profile, charges, insolvency, PSC statements and
	// officers, then the accounts filings; not the document.
	rep := s.Screen(context.Background(), inputs("00006403"), Options{Deep: true, Budget: 7})
	row := rep.Rows[0]
	if row.Result != NotScreened || !errors.Is(row.Err, ErrBudget) || !strings.Contains(row.Why, "accounts: the budget of 7 requests was spent") {
		t.Fatalf("%s %q %v", row.Result, row.Why, row.Err)
	}
	if n := m.Requests(); n != 7 || rep.Requests != 7 {
		t.Errorf("%d requests sent, %d counted", n, rep.Requests)
	}
}
