package ui

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"coview/api"
	"coview/internal/testkit/testtime"
	"coview/ui/common"
	"coview/ui/waits"
)

// The harness runs the browser as a real tea.Program, with a probe in it
// that answers questions on the program's own goroutine, so that a test
// can act while requests are in flight, read the model without racing
// it, and wait for counted events rather than sleep.

// probe is the browser as the program runs it. It answers an askMsg on the
// program's own goroutine, so a test can read the model without racing it.
type probe struct {
	tea.Model // the browser under its crash guard
	m         *model
	g         *crashGuard
	handled   *int // answers from the registry taken in, dropped ones too
}

// askMsg asks the running program what the browser holds and, with draw,
// what it shows.
type askMsg struct {
	reply chan snapshot
	draw  bool
}

// snapshot is the browser at one moment, read on the program's goroutine.
type snapshot struct {
	screen        string // without styling
	width, height int    // what the model lays the page out for
	busy          bool
	handled       int // answers taken in so far
	screened      int // requests the screenings sent (answered once none is running)
	screening     bool
	waiting       int // waits for the quota in progress
	crashed       bool
	searching     bool
	input         string
	note          string
	page          common.Place // with its pane, cursor and scroll
	hist          []common.Place
	at            int
	laidOut       bool     // the rows counted for the page are the rows drawn
	rows          []string // a list's rows loaded, by their first cell
	shown         []string // a list's rows shown (filtered), their cells joined by "|"
	downloading   bool     // a document is downloading
	received      int64    // its bytes received so far
}

func (p probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ask, ok := msg.(askMsg); ok {
		ask.reply <- p.snap(ask.draw)
		return p, nil
	}
	if _, ok := msg.(common.FetchedMsg); ok {
		*p.handled++
	}
	next, cmd := p.Model.Update(msg)
	p.Model = next
	return p, cmd
}

func (p probe) snap(draw bool) snapshot {
	m := p.m
	_, crashed := p.g.get()
	s := snapshot{
		width:     m.c.Width,
		height:    m.c.Height,
		busy:      m.busy(),
		handled:   *p.handled,
		screened:  m.makers.screenings.Requests(),
		screening: m.makers.screenings.Running(),
		waiting:   m.foot.waits.Len(),
		crashed:   crashed,
		searching: m.box.Focused(),
		input:     m.box.Value(),
		note:      m.c.Note.Text,
		page:      m.page.Place(),
		hist:      slices.Clone(m.hist.places),
		at:        m.hist.at,
	}
	s.received, s.downloading = m.dl.Received()
	if l := rowsOf(m); l != nil {
		for _, r := range allRows(l) {
			s.rows = append(s.rows, r.Cells[0])
		}
		for i := range l.Len() {
			s.shown = append(s.shown, strings.Join(l.Item(i).Cells, "|"))
		}
	}
	if draw {
		s.screen = ansi.Strip(p.Model.View().Content)
		if m.keys == nil {
			laid, drawn := windowRows(m)
			s.laidOut = laid == drawn
		}
	}
	return s
}

// current is the history entry the browser says it is on.
func (s snapshot) current() (common.Place, bool) {
	if s.at < 0 || s.at >= len(s.hist) {
		return common.Place{}, false
	}
	return s.hist[s.at], true
}

// browser is a running program with a probe in it.
type browser struct {
	t  *testing.T
	tm *teatest.TestModel
	g  *crashGuard
}

func startBrowser(t *testing.T, reg Registry, opts Options, w, h int) *browser {
	t.Helper()
	opts.Registry = reg
	if opts.Now == nil {
		opts.Now = pinnedNow
	}
	if opts.StateDir == "" {
		opts.StateDir = t.TempDir()
	}
	return startBrowserOn(t, newModel(context.Background(), opts), newCrashGuard(), w, h)
}

// startBrowserOn runs a model made by the test.
func startBrowserOn(t *testing.T, m *model, g *crashGuard, w, h int) *browser {
	t.Helper()
	tm := teatest.NewTestModel(t, probe{Model: newGuarded(m, g), m: m, g: g, handled: new(int)},
		teatest.WithInitialTermSize(w, h), teatest.WithProgramOptions(pinned...))
	// As Run does: the client's waits for the quota reach the program.
	m.c.Reg.SetWaitNotice(func(w api.Wait) { tm.Send(waits.Msg{W: w}) })
	t.Cleanup(func() { m.c.Reg.SetWaitNotice(nil) })
	t.Cleanup(func() { stopProgram(t, tm, m) })
	return &browser{t: t, tm: tm, g: g}
}

func (b *browser) keys(names ...string) {
	for _, k := range names {
		b.tm.Send(keyMsg(k))
	}
}

func (b *browser) typ(s string) { b.tm.Type(s) }

func (b *browser) send(msg tea.Msg) { b.tm.Send(msg) }

// stopProgram ends a program as the user would (ctrl+c cancels whatever is
// still in flight, so no request outlives the test) and then closes the
// recent numbers as Run does, so no save outlives it either.
func stopProgram(t *testing.T, tm *teatest.TestModel, m *model) {
	tm.Send(keyMsg("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(time.Until(testtime.Deadline(t))))
	if err := m.closeRecent(); err != nil {
		t.Errorf("closing the recent numbers: %v", err)
	}
}

// ask returns the browser as it is once everything sent so far has been
// taken in (the program takes messages one at a time, in order).
func (b *browser) ask() snapshot {
	b.t.Helper()
	return b.query(true)
}

// query is ask, drawing the screen only if draw: waiting is cheaper so.
func (b *browser) query(draw bool) snapshot {
	b.t.Helper()
	reply := make(chan snapshot, 1)
	go b.tm.Send(askMsg{reply, draw})
	deadline := testtime.Bound(b.t)
	for {
		select {
		case s := <-reply:
			if s.crashed {
				v, _ := b.g.get()
				b.t.Fatalf("the browser crashed: %v", v)
			}
			return s
		case <-deadline:
			b.t.Fatal("the program did not answer by the test's deadline")
		case <-time.After(20 * time.Millisecond):
			if v, crashed := b.g.get(); crashed {
				b.t.Fatalf("the browser crashed: %v", v)
			}
		}
	}
}

// waitUntil asks until ok holds, until the test's deadline, then returns the browser
// with its screen. ok must not read the screen.
func (b *browser) waitUntil(what string, ok func(s snapshot) bool) snapshot {
	b.t.Helper()
	deadline := testtime.Deadline(b.t)
	for {
		if ok(b.query(false)) {
			if s := b.ask(); ok(s) {
				return s
			}
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("never %s; last screen:\n%s", what, b.ask().screen)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// idle waits until nothing is in flight: any answer still on its way is
// then for a request the browser has let go of.
func (b *browser) idle() snapshot {
	b.t.Helper()
	return b.waitUntil("idle", func(s snapshot) bool { return !s.busy })
}

// settle waits until the browser has taken in an answer to every request
// the registry received (calls counts them), those it let go of included,
// and nothing is in flight: a late answer that could still change the
// screen has then been seen. A screening's requests are all answered once
// no screening runs. It counts answers rather than sleeping, so a slow
// machine cannot end the wait before they are in.
func (b *browser) settle(calls func() int) snapshot {
	b.t.Helper()
	return b.waitUntil("done with every answer", func(s snapshot) bool {
		return !s.busy && !s.screening && s.handled+s.screened >= calls()
	})
}

func (b *browser) onCompany(number string) snapshot {
	b.t.Helper()
	return b.waitUntil("on company "+number, func(s snapshot) bool {
		return s.page.Res.Kind == api.ResCompany && s.page.Company == api.Number(number)
	})
}

// holdRequests makes every request from now on wait until release is
// called or the request is cancelled.
func holdRequests(f *fakeRegistry) (release func()) {
	h := make(chan struct{})
	f.mu.Lock()
	f.hold = h
	f.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			if f.hold == h {
				f.hold = nil
			}
			f.mu.Unlock()
			close(h)
		})
	}
}

// waitForRequests waits until the registry has been asked n times, so a
// test acts while the last request is surely in flight.
func waitForRequests(t *testing.T, f *fakeRegistry, n int) {
	t.Helper()
	deadline := testtime.Deadline(t)
	for f.count() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests, want %d: %v", f.count(), n, f.requests())
		}
		time.Sleep(time.Millisecond)
	}
}

func countPrefix(f *fakeRegistry, prefix string) int {
	n := 0
	for _, r := range f.requests() {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

// lastCtx is the context of the registry's latest request.
func lastCtx(f *fakeRegistry) context.Context {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ctxs[len(f.ctxs)-1]
}

// The four situations of "A hostile world".

var demoNames = map[string]string{
	"00006400": "MARZIPAN MOUNTAIN SOFTWARE LTD",
	"SC006405": "CLOUDBERRY & CRANACHAN DISTILLERS LTD",
	"OC006404": "FIDDLESTICKS & FROGGATT LLP",
	"00006402": "SNOOZEWELL HAMMOCK IMPORTERS LIMITED",
}
