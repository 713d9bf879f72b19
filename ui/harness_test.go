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
	"coview/ui/common"
	"coview/ui/listview"
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
	}
	if draw {
		s.screen = ansi.Strip(p.Model.View().Content)
		if m.keys == nil {
			f := m.frame()
			_, windowed := m.page.(interface{ Window() *listview.Model })
			s.laidOut = f.body == m.bodyHeight() && (!windowed || window(m).Height() == f.body)
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
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
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
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-reply:
			if s.crashed {
				v, _ := b.g.get()
				b.t.Fatalf("the browser crashed: %v", v)
			}
			return s
		case <-deadline:
			b.t.Fatal("the program did not answer within 10s")
		case <-time.After(20 * time.Millisecond):
			if v, crashed := b.g.get(); crashed {
				b.t.Fatalf("the browser crashed: %v", v)
			}
		}
	}
}

// waitUntil asks until ok holds, for up to 10s, then returns the browser
// with its screen. ok must not read the screen.
func (b *browser) waitUntil(what string, ok func(s snapshot) bool) snapshot {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
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
// screen has then been seen. It counts answers rather than sleeping, so a
// slow machine cannot end the wait before they are in.
func (b *browser) settle(calls func() int) snapshot {
	b.t.Helper()
	return b.waitUntil("done with every answer", func(s snapshot) bool {
		return !s.busy && s.handled >= calls()
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
	deadline := time.Now().Add(10 * time.Second)
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

// The screen, read as a person would.

// topLines are the lines above the rule under the header.
func topLines(screen string) []string {
	ls := splitLines(screen)
	for i, l := range ls {
		if l != "" && strings.Trim(l, "─") == "" {
			return ls[:i]
		}
	}
	return nil
}

// bodyLines are the lines under the rule, without the two footer lines and
// the error box.
func bodyLines(screen string) []string {
	ls := splitLines(screen)
	top := len(topLines(screen))
	if top == 0 || len(ls) < top+3 {
		return nil
	}
	var out []string
	for _, l := range ls[top+1 : len(ls)-2] {
		if !strings.HasPrefix(l, "▌") {
			out = append(out, l)
		}
	}
	return out
}

// headerAndCrumb are the title line (the company, the officer or coview
// itself), the first line of the screen, and the breadcrumb: the indented
// line of steps joined by " › " under the search input, the recent
// numbers and the queue; "" when the page was not opened from another.
func headerAndCrumb(screen string) (header, crumb string) {
	top := topLines(screen)
	if len(top) == 0 {
		return "", ""
	}
	for _, l := range top[2:] {
		if strings.HasPrefix(l, "  ") && strings.Contains(l, " › ") && !strings.HasPrefix(l, "  Next to open") {
			crumb = strings.TrimSpace(l)
			break
		}
	}
	return strings.TrimRight(top[0], " "), crumb
}

// startsWithName reports whether a line begins with name, allowing for the
// name being cut short with an ellipsis on a narrow screen.
func startsWithName(line, name string) bool {
	if strings.HasPrefix(line, name) {
		return true
	}
	i := strings.Index(line, "…")
	return i >= 3 && strings.HasPrefix(name, line[:i])
}

// endsWithStep reports whether a breadcrumb ends with step, or was cut.
func endsWithStep(crumb, step string) bool {
	return strings.HasSuffix(crumb, step) || strings.HasSuffix(crumb, "…")
}

// mustCrumb checks the breadcrumb: it ends at the page's own step when the
// page was opened from another, and is not drawn when it was not (it would
// only repeat the title).
func mustCrumb(t *testing.T, s snapshot, crumb, step string) {
	t.Helper()
	switch {
	case len(s.page.Trail) == 0 && crumb != "":
		t.Fatalf("a breadcrumb %q on a page opened first:\n%s", crumb, s.screen)
	case len(s.page.Trail) > 0 && !endsWithStep(crumb, step):
		t.Fatalf("the breadcrumb reads %q, want it to end at %q:\n%s", crumb, step, s.screen)
	}
}

// paneLabels are the labels in the first column of each pane of
// simpleProfile, in pane order.
var paneLabels = [][]string{
	{"Number", "Status", "Type", "Jurisdiction", "Incorporated on"},
	{"Address"},
	{"Accounts"},
	{"Statement"},
	{"This profile", "Filing history", "Officers", "Charges", "Insolvency"},
}

// drawnPanes are the panes whose labels appear on the page under the rule.
func drawnPanes(screen string) []int {
	var out []int
	for _, l := range bodyLines(screen) {
		text := strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(l), "▸ "), " ")
		token, _, _ := strings.Cut(text, "  ")
		head, cut := strings.CutSuffix(token, "…")
		for pane, labels := range paneLabels {
			for _, label := range labels {
				if token == label || (cut && len(head) >= 3 && strings.HasPrefix(label, head)) {
					if !slices.Contains(out, pane) {
						out = append(out, pane)
					}
				}
			}
		}
	}
	return out
}

func mustDrawPane(t *testing.T, s snapshot, pane int) {
	t.Helper()
	if s.page.Tab != pane {
		t.Fatalf("pane %d selected (counting from 0), want %d:\n%s", s.page.Tab, pane, s.screen)
	}
	if got := drawnPanes(s.screen); !slices.Equal(got, []int{pane}) {
		t.Fatalf("drawn: panes %v counting from 0, want only pane %d:\n%s", got, pane, s.screen)
	}
}

// mustFit checks that the screen is laid out for a w×h terminal: exactly h
// lines, none wider than w, and the rule as wide as the screen.
func mustFit(t *testing.T, s snapshot, w, h int) {
	t.Helper()
	if s.width != w || s.height != h {
		t.Fatalf("laid out for %dx%d, want %dx%d", s.width, s.height, w, h)
	}
	if !s.laidOut {
		t.Fatalf("the rows counted for the page are not the rows drawn:\n%s", s.screen)
	}
	ls := splitLines(s.screen)
	if len(ls) != h {
		t.Fatalf("%d lines on a screen %d high:\n%s", len(ls), h, s.screen)
	}
	for _, l := range ls {
		if cw := ansi.StringWidth(l); cw > w {
			t.Fatalf("a line %d cells wide on a screen %d wide: %q", cw, w, l)
		}
	}
	top := topLines(s.screen)
	if len(top) == len(ls) || ansi.StringWidth(ls[len(top)]) != w {
		t.Fatalf("the rule is not %d cells wide:\n%s", w, s.screen)
	}
}

// mustShowCompany checks the page, the header and the breadcrumb all name
// the company.
func mustShowCompany(t *testing.T, s snapshot, number, name string) {
	t.Helper()
	if s.page.Res.Kind != api.ResCompany || s.page.Company != api.Number(number) {
		t.Fatalf("on %v %q, want the profile of %s:\n%s", s.page.Res.Kind, s.page.Company, number, s.screen)
	}
	header, crumb := headerAndCrumb(s.screen)
	if !startsWithName(header, name) || !strings.Contains(header, number) {
		t.Fatalf("the header reads %q, want %s %s:\n%s", header, name, number, s.screen)
	}
	mustCrumb(t, s, crumb, name)
	if cur, ok := s.current(); !ok || !cur.Same(s.page) {
		t.Fatalf("history is at %+v, the screen at %+v", cur, s.page)
	}
}

// The four situations of "A hostile world".

var demoNames = map[string]string{
	"00006400": "MARZIPAN MOUNTAIN SOFTWARE LTD",
	"SC006405": "CLOUDBERRY & CRANACHAN DISTILLERS LTD",
	"OC006404": "FIDDLESTICKS & FROGGATT LLP",
}
