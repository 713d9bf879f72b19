package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/internal/testkit/testtime"
	"coview/ui/lives"
	"coview/ui/parts/live"
)

// liveEvent is an event of the companies or filings stream, published at
// today plus a few seconds: the k-th of the live page's tests.
func liveEvent(t testing.TB, k int) *api.Event {
	t.Helper()
	at := today.Add(time.Duration(k) * 7 * time.Second)
	n := fmt.Sprintf("%08d", 14000000+k/2)
	var line string
	if k%2 == 0 {
		names := []string{"AMBER KETTLE BAKERY LTD", "BRAMBLE LANTERN \x1b[31mWORKS\x1b[0m LTD", "CAFÉ MEADOW STUDIO LTD", "DAMSON QUILL TEAS 🍵 LTD"}
		places := []string{"Leeds", "Nettlecombe", "Leeds", "Little Puddleford"}
		sics := []string{"62020", "56102", "62090", "47910"}
		name, _ := json.Marshal(names[k/2%4])
		data := fmt.Sprintf(`{"company_number":%q,"company_name":%s,"company_status":"active","type":"ltd","date_of_creation":%q,"sic_codes":[%q],"registered_office_address":{"locality":%q,"postal_code":"ZZ6 %dAB"},"links":{"self":"/company/%s"}}`,
			n, name, at.Format(time.DateOnly), sics[k/2%4], places[k/2%4], k%10, n)
		line = fmt.Sprintf(`{"resource_kind":"company-profile","resource_uri":"/company/%s","resource_id":%q,"data":%s,"event":{"timepoint":%d,"published_at":%q,"type":"changed"}}`,
			n, n, data, 82000000+k, at.Format("2006-01-02T15:04:05"))
	} else {
		data := fmt.Sprintf(`{"transaction_id":"tx%d","type":"CS01","date":%q,"category":"confirmation-statement","description":"confirmation-statement-with-no-updates","description_values":{"made_up_date":%q}}`,
			k, at.Format(time.DateOnly), at.Format(time.DateOnly))
		line = fmt.Sprintf(`{"resource_kind":"filing-history","resource_uri":"/company/%s/filing-history/tx%d","resource_id":"tx%d","data":%s,"event":{"timepoint":%d,"published_at":%q,"type":"changed"}}`,
			n, k, k, data, 168000000+k, at.Format("2006-01-02T15:04:05"))
	}
	e, err := api.DecodeEvent([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// feed is a live page's feed a test hands events to.
type feed struct {
	t       testing.TB
	mu      sync.Mutex
	event   func(*api.Event)
	started chan struct{}
}

func newFeed(t testing.TB) *feed { return &feed{t: t, started: make(chan struct{})} }

func (f *feed) follow(ctx context.Context, event func(*api.Event), note func(string)) error {
	f.mu.Lock()
	f.event = event
	f.mu.Unlock()
	close(f.started)
	note("Following the test's stream")
	<-ctx.Done()
	return nil
}

// send hands the events from k on to the page's session, as the streams
// would.
func (f *feed) send(from, n int) {
	select {
	case <-f.started:
	case <-testtime.Bound(f.t):
		f.t.Fatal("the live page did not start its feed")
	}
	for k := from; k < from+n; k++ {
		f.event(liveEvent(f.t, k))
	}
}

// tick fires the live page's tick among msgs, and returns what that
// kept (the next tick).
func tick(t *testing.T, m *model, msgs []tea.Msg) []tea.Msg {
	t.Helper()
	for _, msg := range msgs {
		if tm, ok := msg.(timerMsg); ok {
			if _, is := tm.msg.(live.TickMsg); is {
				return send(t, m, tm.msg)
			}
		}
	}
	t.Fatal("the live page set no tick")
	return nil
}

func liveModel(t *testing.T, f *feed) *model {
	t.Helper()
	return testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{}, Live: f.follow})
}

// TestGoldenLive keeps the live page, at the smallest supported terminal
// and a large one, with its events from a stream the test makes up:
// incorporations and filings, a name with a terminal's escapes in it
// (shown harmless), newest first.
func TestGoldenLive(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, sc := range []struct {
			name, line string
			then       []string
		}{
			{"live", "live", nil},
			{"live_filtered", "live --place leeds --sic 620", nil},
			{"live_paused", "live", []string{"p"}},
		} {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				f := newFeed(t)
				m := liveModel(t, f)
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				kept := command(t, m, sc.line)
				f.send(0, 24)
				kept = tick(t, m, kept)
				for _, k := range sc.then {
					press(t, m, k)
				}
				if len(sc.then) > 0 {
					f.send(24, 3)
					tick(t, m, kept)
				}
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}

// The live page shows events as they come, newest first, and keeps its
// cursor on its row; paused (p or space) it stays still and counts what
// comes, and resumed it shows it.
func TestTheLivePageShowsEventsAsTheyComeAndPauses(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	m := liveModel(t, f)
	kept := command(t, m, "live")
	f.send(0, 10)
	kept = tick(t, m, kept)
	rows := m.page.(*live.Part).T.Rows
	if rows.Len() != 10 || !strings.Contains(rows.Item(0).Cells[1], "14000004") {
		t.Fatalf("%d rows, the first %v", rows.Len(), rows.Item(0).Cells)
	}
	press(t, m, "down", "down")
	chosen := m.page.(*live.Part).T.Rows.Item(2).Cells
	f.send(10, 4)
	kept = tick(t, m, kept)
	p := m.page.(*live.Part)
	if p.T.Rows.Len() != 14 {
		t.Fatalf("%d rows after 4 more", p.T.Rows.Len())
	}
	if it, _ := p.T.Selected(); fmt.Sprint(it.Cells) != fmt.Sprint(chosen) {
		t.Fatalf("the cursor left its row: on %v, was on %v", it.Cells, chosen)
	}

	press(t, m, "p")
	f.send(14, 3)
	kept = tick(t, m, kept)
	if n := m.page.(*live.Part).T.Rows.Len(); n != 14 || !strings.Contains(screen(m), "Paused: 3 new events since") {
		t.Fatalf("paused: %d rows\n%s", n, screen(m))
	}
	press(t, m, " ")
	if n := m.page.(*live.Part).T.Rows.Len(); n != 17 {
		t.Fatalf("resumed: %d rows", n)
	}
	tick(t, m, kept)
}

// However much the streams send, the page keeps the newest thousand
// events, and the companies' names it learnt name their filings.
func TestTheLivePageKeepsTheNewestThousand(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	m := liveModel(t, f)
	kept := command(t, m, "live")
	f.send(0, 5000)
	tick(t, m, kept)
	rows := m.page.(*live.Part).T.Rows
	if rows.Len() != lives.Keep {
		t.Fatalf("%d rows kept", rows.Len())
	}
	first, last := rows.Item(0).Cells, rows.Item(lives.Keep-1).Cells
	if first[1] != "14002499" || last[1] != fmt.Sprintf("%08d", 14000000+(5000-lives.Keep)/2) {
		t.Fatalf("kept from %v to %v", first, last)
	}
	if !strings.Contains(first[2], "LTD") || strings.Contains(screen(m), "\x1b[31m") {
		t.Fatalf("a filing not named by the company's own event, or an escape shown: %v", first)
	}
}

// :live takes what to keep: watched companies, a SIC code, a place and
// words; what is wrong in it is said, and nothing opens.
func TestLiveTakesAFilterAndSaysWhatIsWrongInIt(t *testing.T) {
	t.Parallel()
	f := newFeed(t)
	m := liveModel(t, f)
	kept := command(t, m, "live --sic 56 bramble")
	f.send(0, 16)
	tick(t, m, kept)
	rows := m.page.(*live.Part).T.Rows
	if rows.Len() != 4 {
		t.Fatalf("%d rows of SIC 56 with bramble", rows.Len())
	}
	for i := range rows.Len() {
		if !strings.Contains(rows.Item(i).Cells[2], "BRAMBLE") {
			t.Fatalf("row %v", rows.Item(i).Cells)
		}
	}
	for _, bad := range []string{"live --sic sixty", "live --place", "live --where leeds"} {
		command(t, m, bad)
		if !m.cmd.Active() || m.page.Place().Res.ID != "live?sic=56&word=bramble" {
			t.Errorf("%q: the line closed, or the page changed to %+v", bad, m.page.Place())
		}
		press(t, m, "esc")
	}
}
