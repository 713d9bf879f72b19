package ui

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testtime"
	"coview/ui/common"
)

// The screening page while the screening runs, in a real program: the
// table fills in as answers arrive and can be used at once, esc stops
// it, and it goes on while the user looks elsewhere.

// gated is the fake registry holding back the profiles of some companies
// until they are let go.
type gated struct {
	*fakeRegistry
	mu      sync.Mutex
	held    map[api.Number]chan struct{}
	waiting chan api.Number // each held profile as it is asked for
}

func gate(f *fakeRegistry, numbers ...api.Number) *gated {
	g := &gated{fakeRegistry: f, held: map[api.Number]chan struct{}{}, waiting: make(chan api.Number, len(numbers))}
	for _, n := range numbers {
		g.held[n] = make(chan struct{})
	}
	return g
}

func (g *gated) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	g.mu.Lock()
	ch := g.held[res.Number]
	g.mu.Unlock()
	if ch != nil && res.Kind == api.ResCompany {
		select {
		case g.waiting <- res.Number:
		default: // asked again: told once
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, &api.Error{Kind: api.KindCanceled, Subject: "company " + res.Number.String(), Err: ctx.Err()}
		}
	}
	return g.fakeRegistry.Fetch(ctx, res, page)
}

// let lets a company's profile go.
func (g *gated) let(n api.Number) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if ch := g.held[n]; ch != nil {
		close(ch)
		delete(g.held, n)
	}
}

// asked waits until n held profiles have been asked for.
func (g *gated) asked(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-g.waiting:
		case <-testtime.Bound(t):
			t.Fatalf("fewer than %d held profiles were asked for by the test's deadline", n)
		}
	}
}

// screeningRows waits until the rows shown, cells joined by "|", satisfy
// ok.
func screeningRows(b *browser, what string, ok func(rows []string) bool) snapshot {
	b.t.Helper()
	return b.waitUntil(what, func(s snapshot) bool { return s.page.Show == common.ShowScreening && ok(s.shown) })
}

// resultCells are the rows' last cells.
func resultCells(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r[strings.LastIndex(r, "|")+1:]
	}
	return out
}

func TestTheTableFillsInAsAnswersComeAndIsUsableAtOnceInTheOrderPasted(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002", "00000003")
	g := gate(f, "00000001", "00000002", "00000003")
	b := startBrowser(t, g, Options{}, 100, 30)
	b.send(tea.PasteMsg{Content: "00000001\n00000002\n3\n"})

	// The last two are answered, the first still asked: its row waits in
	// its place, and the status line says how far the screening is (every
	// request sent before the two answers, so that the count it gives is
	// known).
	g.asked(t, 3)
	g.let("00000002")
	g.let("00000003")
	s := screeningRows(b, "the last two rows answered", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"…", "ok", "ok"})
	})
	s = b.ask()
	mustContain(t, s.screen, "Screening: 2 of 3 rows (2 ok); 3 requests… esc stops")

	// Usable at once: move, sort, filter while it runs.
	b.keys("down", "s", "S")
	s = screeningRows(b, "sorted by the entry, last first", func(rows []string) bool {
		return len(rows) == 3 && strings.HasPrefix(rows[0], "3|")
	})
	if got := b.ask(); !strings.Contains(got.screen, "▸ 00000002") {
		t.Fatalf("sorting moved the cursor off its row:\n%s", got.screen)
	}
	b.keys("S", "s", "s", "s", "s", "s") // name, status, flags, result, then the order pasted again
	b.keys("f")
	b.typ("COMPANY 00000001")
	b.keys("enter")
	screeningRows(b, "nothing matches before the first answer", func(rows []string) bool { return len(rows) == 0 })

	g.let("00000001")
	s = screeningRows(b, "the first row answered, and matching the filter", func(rows []string) bool {
		return len(rows) == 1 && strings.HasPrefix(rows[0], "00000001|") && strings.HasSuffix(rows[0], "|ok")
	})
	// The screening ends once it has taken in its last answer: until
	// then esc would stop it rather than drop the filter.
	b.waitUntil("the screening done", func(s snapshot) bool { return !s.screening })
	b.keys("esc")
	s = screeningRows(b, "every row in the order pasted", func(rows []string) bool { return len(rows) == 3 })
	if got := firstOf(s.shown); !slices.Equal(got, []string{"00000001", "00000002", "3"}) {
		t.Fatalf("rows %q, want the order pasted", got)
	}
	if s = b.idle(); s.screening || !strings.Contains(s.screen, "3 rows: 3 ok") {
		t.Fatalf("after the last answer:\n%s", s.screen)
	}
}

// firstOf are the first cells of rows joined by "|".
func firstOf(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i], _, _ = strings.Cut(r, "|")
	}
	return out
}

func TestEscStopsTheScreeningKeepingEveryRowAndRScreensWhatWasNotRead(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002", "00000003")
	g := gate(f, "00000002", "00000003")
	b := startBrowser(t, g, Options{}, 120, 30)
	b.send(tea.PasteMsg{Content: "00000001\n00000002\n00000003\n"})
	screeningRows(b, "the first row answered", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "…", "…"})
	})
	b.keys("esc")
	s := screeningRows(b, "the rest not screened", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "not_screened", "not_screened"})
	})
	s = b.idle()
	mustContain(t, s.screen, "3 rows: 1 ok, 2 not screened", "Stopped: the rows not read yet are not screened")
	if s.screening {
		t.Fatal("the screening still runs after esc")
	}

	g.let("00000002")
	g.let("00000003")
	before := f.count()
	b.keys("r")
	screeningRows(b, "every row screened again", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "ok", "ok"})
	})
	b.idle()
	// What was read costs nothing: only the two not read are asked for.
	if got := f.requests()[before:]; len(got) != 2 || slices.Contains(got, "company 00000001") {
		t.Fatalf("screening again asked %v", got)
	}
}

func TestAScreeningGoesOnWhileTheUserLooksElsewhere(t *testing.T) {
	f := fakeWith(t, "00000001", "00000002", "00000003")
	g := gate(f, "00000003")
	b := startBrowser(t, g, Options{}, 100, 30)
	b.send(tea.PasteMsg{Content: "00000001\n00000002\n00000003\n"})
	screeningRows(b, "two rows answered", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "ok", "…"})
	})
	b.keys("enter") // the first company, read by the screening already
	b.onCompany("00000001")
	g.let("00000003")
	b.waitUntil("the screening done", func(s snapshot) bool { return !s.screening })
	b.keys("backspace")
	s := screeningRows(b, "the table as it is now", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "ok", "ok"})
	})
	if s = b.ask(); !strings.Contains(s.screen, "3 rows: 3 ok") {
		t.Fatalf("back on the screening:\n%s", s.screen)
	}
	if n := countPrefix(f, "company 00000001"); n != 1 {
		t.Fatalf("00000001 was asked for %d times", n)
	}
}

// A screening that spends the quota says on the status line what it
// waits for and until when, as every request does; esc stops the wait
// and the screening, keeping every row.
func TestAScreeningsWaitForTheQuotaIsShownAndEscStopsIt(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 3, Window: time.Minute}))
	t.Cleanup(srv.Close)
	reg, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	b := startBrowser(t, reg, Options{Now: time.Now}, 120, 30) // the wait is told in real time
	b.send(tea.PasteMsg{Content: "00006400\n00006401\n00006402\n00006403\n00006407\n"})
	s := b.waitUntil("waiting for the quota", func(s snapshot) bool { return s.screening && s.waiting > 0 })
	mustContain(t, s.screen, "rate limit reached; next request in", "(at ", "esc cancels")
	b.keys("esc")
	// Which three the quota let through is the order the requests went
	// in: four at a time.
	s = screeningRows(b, "the screening stopped", func(rows []string) bool {
		got := resultCells(rows)
		slices.Sort(got)
		return slices.Equal(got, []string{"not_screened", "not_screened", "ok", "ok", "ok"})
	})
	if got := firstOf(s.shown); !slices.Equal(got, []string{"00006400", "00006401", "00006402", "00006403", "00006407"}) {
		t.Fatalf("rows %q, want the order pasted", got)
	}
	s = b.waitUntil("the wait over", func(s snapshot) bool { return !s.screening && s.waiting == 0 && !s.busy })
	mustContain(t, s.screen, "5 rows: 3 ok, 2 not screened")
	mustNotContain(t, s.screen, "rate limit reached")
}

// A 429 in the middle of a screening is waited out, said on the status
// line, and the screening carries on where it was: every row answered.
func TestAScreeningWaitsOutA429AndCarriesOn(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 3, Window: 2 * time.Second}))
	t.Cleanup(srv.Close)
	reg, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	b := startBrowser(t, reg, Options{Now: time.Now}, 120, 30)
	b.send(tea.PasteMsg{Content: "00006400\n00006401\n00006402\n00006403\n00006407\n00006409\n"})
	s := b.waitUntil("waiting for the quota", func(s snapshot) bool { return s.screening && s.waiting > 0 })
	mustContain(t, s.screen, "rate limit reached; next request in")
	screeningRows(b, "every row answered", func(rows []string) bool {
		return slices.Equal(resultCells(rows), []string{"ok", "ok", "ok", "ok", "ok", "ok"})
	})
	if s = b.waitUntil("the screening done", func(s snapshot) bool { return !s.screening && s.waiting == 0 }); !strings.Contains(s.screen, "6 rows: 6 ok") {
		t.Fatalf("after the wait:\n%s", s.screen)
	}
}
