package ui

import (
	"context"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// asking records the links a registry is asked for.
type asking struct {
	Registry
	mu    sync.Mutex
	links []string
}

func (a *asking) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	a.mu.Lock()
	a.links = append(a.links, res.Link)
	a.mu.Unlock()
	return a.Registry.Fetch(ctx, res, page)
}

func (a *asking) asked() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.links...)
}

// C on a filing history lists the filings of one category, asked of the
// registry (which filters them), and goes round the categories back to
// every filing, which costs nothing the second time.
func TestCListsTheFilingsOfOneCategoryAtATime(t *testing.T) {
	t.Parallel()
	reg := &asking{Registry: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	follow(t, m, "00006401", "Filing history")
	mustContain(t, screen(m), "Filings: every category · C: Accounts", "5,000 filings")

	press(t, m, "C")
	asked := reg.asked()
	if last := asked[len(asked)-1]; last != "/company/00006401/filing-history?category=accounts" {
		t.Fatalf("C asked for %q, want the accounts only", last)
	}
	s := screen(m)
	mustContain(t, s, "Filings: Accounts · C: Confirmation statement", "GRAND UNIFIED TEAPOT HOLDINGS PLC › Filing history")
	l := rowsOf(m)
	if l == nil || l.Len() == 0 {
		t.Fatalf("no filings of the accounts category:\n%s", s)
	}
	for i := range l.Len() {
		if typ := l.Item(i).Cells[1]; typ != "AA" {
			t.Fatalf("row %d is a %s filing under Accounts:\n%s", i, typ, s)
		}
	}
	// Back to every filing, past the other categories: the first page of
	// every filing is in the cache already.
	for range 40 {
		if strings.Contains(screen(m), "Filings: every category") {
			break
		}
		press(t, m, "C")
	}
	mustContain(t, screen(m), "Filings: every category", "5,000 filings")
	every := 0
	for _, link := range reg.asked() {
		if link == "/company/00006401/filing-history" {
			every++
		}
	}
	if every != 1 {
		t.Fatalf("the first page of every filing was asked for %d times: %v", every, reg.asked())
	}
	// History holds the page once, as it is now.
	press(t, m, "backspace")
	if place(m).Res.Kind != api.ResCompany {
		t.Fatalf("back from the filings went to %+v", place(m))
	}
}

// The search results list disqualified officers on a tab of their own,
// and a row opens the officer's record in words.
func TestTheFourthTabListsDisqualifiedOfficersAndOpensTheirRecord(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	typeName(t, m, "grimthorpe")
	press(t, m, "enter", "4")
	if place(m).Res.Kind != api.ResSearchDisqualified {
		t.Fatalf("4 showed %v", place(m).Res.Kind)
	}
	mustContain(t, screen(m), "4 disqualified", "GRIMTHORPE")
	press(t, m, "enter")
	if k := place(m).Res.Kind; k != api.ResDisqualifiedNatural {
		t.Fatalf("enter opened %v:\n%s", k, screen(m))
	}
	mustContain(t, screen(m), "Disqualification", "Company Directors Disqualification Act 1986")
	send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	assertHarmless(t, "a disqualified officer's record", m.View().Content)
}
