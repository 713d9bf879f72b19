package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/internal/testkit/testtime"
	"coview/ui/common"
	"coview/ui/parts/results"
)

// A random user against a registry answering after random delays, and the
// crashes such interleavings found.

// jittery answers each request after a random pause, so answers overtake
// one another as they do from a registry far away.
type jittery struct {
	*fakeRegistry
	mu    sync.Mutex
	rnd   *rand.Rand
	most  time.Duration
	calls atomic.Int64 // requests received, those given up while paused included
}

func (j *jittery) count() int { return int(j.calls.Load()) }

func (j *jittery) pause(ctx context.Context, subject string) error {
	j.calls.Add(1)
	j.mu.Lock()
	d := time.Duration(j.rnd.Int64N(int64(j.most) + 1))
	j.mu.Unlock()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return &api.Error{Kind: api.KindCanceled, Subject: subject, Err: ctx.Err()}
	case <-timer.C:
		return nil
	}
}

func (j *jittery) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	if results.Is(res) {
		// The search for an officer's other records: asked by the
		// session's walker, not a page's request, so not counted.
		return j.fakeRegistry.Fetch(ctx, res, page)
	}
	if err := j.pause(ctx, res.Link); err != nil {
		return nil, err
	}
	return j.fakeRegistry.Fetch(ctx, res, page)
}

// wanderNumbers are what the random user types: four companies, one of
// them Scottish, and one number the registry does not know.
var wanderNumbers = []string{"00000001", "00000002", "00000003", "SC000004", "00000009"}

// wander is one random user action; it returns what it did, for the log.
func wander(b *browser, rnd *rand.Rand) string {
	pick := func(list []string) string { return list[rnd.IntN(len(list))] }
	switch r := rnd.IntN(100); {
	case r < 14:
		n := pick(wanderNumbers)
		if rnd.IntN(2) == 0 {
			b.keys("/")
		}
		b.typ(n)
		b.keys("enter")
		return "type " + n + "⏎"
	case r < 22:
		return wanderPaste(b, rnd)
	case r < 34:
		k := pick([]string{"tab", "shift+tab"})
		b.keys(k)
		return k
	case r < 46:
		k := pick([]string{"1", "2", "3", "4", "5"})
		b.keys(k)
		return k
	case r < 54:
		k := pick([]string{"backspace", "alt+left"})
		b.keys(k)
		return k
	case r < 60:
		b.keys("alt+right")
		return "alt+right"
	case r < 68:
		keys := []string{"5"}
		for range rnd.IntN(4) {
			keys = append(keys, "down")
		}
		keys = append(keys, "enter")
		b.keys(keys...)
		return strings.Join(keys, " ")
	case r < 72:
		keys := []string{pick([]string{"down", "pgdown", "end", "up"}), "enter"}
		b.keys(keys...)
		return strings.Join(keys, " ")
	case r < 80:
		return wanderResize(b, rnd)
	case r < 85:
		b.keys("esc")
		return "esc"
	case r < 88:
		b.keys("n")
		return "n"
	case r < 90:
		k := pick([]string{"r", "pgdown", "end"})
		b.keys(k)
		return k
	default:
		d := time.Duration(rnd.IntN(8)) * time.Millisecond
		time.Sleep(d)
		return "wait " + d.String()
	}
}

// wanderPaste pastes one number, with a newline to open it, several, or
// one in words around it.
func wanderPaste(b *browser, rnd *rand.Rand) string {
	pick := func(list []string) string { return list[rnd.IntN(len(list))] }
	var text string
	switch rnd.IntN(3) {
	case 0:
		text = pick(wanderNumbers) + "\n"
	case 1:
		text = pick(wanderNumbers) + "\n" + pick(wanderNumbers) + "\n" + pick(wanderNumbers)
	default:
		text = "Company No. " + pick(wanderNumbers)
	}
	b.send(tea.PasteMsg{Content: text})
	return fmt.Sprintf("paste %q", text)
}

// wanderResize resizes the terminal.
func wanderResize(b *browser, rnd *rand.Rand) string {
	// Mostly up to 160x50: every frame of a huge screen costs the
	// renderer, and the resize test has them.
	size := tea.WindowSizeMsg{Width: 1 + rnd.IntN(160), Height: 1 + rnd.IntN(50)}
	if rnd.IntN(4) == 0 {
		size = pick2(rnd, []tea.WindowSizeMsg{{Width: 20, Height: 5}, {Width: 250, Height: 80}, {Width: 20, Height: 8}})
	}
	b.send(size)
	return fmt.Sprintf("resize %dx%d", size.Width, size.Height)
}

func pick2[T any](rnd *rand.Rand, list []T) T { return list[rnd.IntN(len(list))] }

// mustBeConsistent checks what must hold whenever the browser is idle: it
// shows the page history is on, its header names it, a profile draws the
// pane selected, and the page is laid out for the size given.
func mustBeConsistent(t *testing.T, s snapshot, w, h int) {
	t.Helper()
	if s.busy || strings.Contains(s.screen, "Loading") {
		t.Fatalf("not idle:\n%s", s.screen)
	}
	mustFit(t, s, w, h)
	header, crumb := headerAndCrumb(s.screen)
	cur, ok := s.current()
	if !ok {
		if !s.page.Res.IsZero() || !strings.HasPrefix(header, "coview") {
			t.Fatalf("no history, yet on %v:\n%s", s.page.Res.Kind, s.screen)
		}
		return
	}
	if !cur.Same(s.page) {
		t.Fatalf("history is at %+v, the screen at %+v", cur, s.page)
	}
	want := "COMPANY " + s.page.Company.String() + " LIMITED"
	switch {
	case s.page.Res.Kind == api.ResAppointments:
		want = "SOMEONE, Anyone"
	case s.page.Show == common.ShowScreening:
		want = s.page.Title
	}
	if !startsWithName(header, want) {
		t.Fatalf("the header reads %q on %v of %s, want %q:\n%s", header, s.page.Res.Kind, s.page.Company, want, s.screen)
	}
	mustCrumb(t, s, crumb, s.page.Title)
	if s.page.Res.Kind == api.ResCompany {
		mustDrawPane(t, s, s.page.Tab)
	}
	// A company's officers are its own, in order, with none missed or
	// repeated, however their pages arrived.
	if s.page.Res.Kind == api.ResOfficers {
		for i, name := range s.rows {
			if want := officerName(s.page.Company.String(), i); name != want {
				t.Fatalf("row %d of the officers of %s is %q, want %q", i, s.page.Company, name, want)
			}
		}
	}
}

// officerName is the name of officer i of a company in the random test.
func officerName(number string, i int) string {
	return fmt.Sprintf("PERSON %04d OF %s, Test", i, number)
}

// wanderRegistry holds the four companies the random user may open, each
// with officers and filings in numbers rnd picks, and answers after random
// pauses of up to 12ms.
func wanderRegistry(t *testing.T, seed uint64, rnd *rand.Rand) *jittery {
	f := fakeWith(t, "00000001", "00000002", "00000003", "SC000004")
	for _, n := range []string{"00000001", "00000002", "00000003", "SC000004"} {
		officers := makeOfficers(1 + rnd.IntN(260))
		for i := range officers {
			officers[i].Name = officerName(n, i)
		}
		f.officers["/company/"+n+"/officers"] = officers
		f.filings["/company/"+n+"/filing-history"] = makeFilings(rnd.IntN(120))
	}
	return &jittery{fakeRegistry: f, rnd: rand.New(rand.NewPCG(seed, 1)), most: 12 * time.Millisecond}
}

// TestRandomInterleavingsLeaveAnIdleConsistentView lets a random user type,
// paste, switch panes, go back and forward, follow links, resize and
// cancel against a registry answering after random delays; once it all
// settles the view must be consistent, and a last request must win.
func TestRandomInterleavingsLeaveAnIdleConsistentView(t *testing.T) {
	t.Parallel()
	// Each seed plays three rounds of 20 random steps, then 5 more and a
	// last number: 75 steps in all.
	const seeds, rounds, steps = 20, 3, 20
	finalSizes := []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 100, Height: 30}, {Width: 132, Height: 43}}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			rnd := rand.New(rand.NewPCG(seed, 2026))
			reg := wanderRegistry(t, seed, rnd)
			b := startBrowser(t, reg, Options{}, 80, 24)
			var did []string
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("seed %d; the steps were:\n%s", seed, strings.Join(did, "\n"))
				}
			})
			for range rounds {
				for range steps {
					did = append(did, wander(b, rnd))
				}
				size := pick2(rnd, finalSizes)
				b.send(size)
				did = append(did, fmt.Sprintf("resize %dx%d", size.Width, size.Height))
				mustBeConsistent(t, b.idle(), size.Width, size.Height)

				// More of the same, then at once a last number pasted: it
				// is what ends on screen, on its first pane, whatever was
				// still in flight.
				for range 5 {
					did = append(did, wander(b, rnd))
				}
				last := pick2(rnd, wanderNumbers[:4])
				b.send(tea.PasteMsg{Content: last + "\n"})
				b.send(size)
				did = append(did, "paste "+last, fmt.Sprintf("resize %dx%d", size.Width, size.Height))
				s := b.settle(reg.count)
				mustBeConsistent(t, s, size.Width, size.Height)
				mustShowCompany(t, s, last, "COMPANY "+last+" LIMITED")
				mustDrawPane(t, s, 0)

				burst := randomTabKeys(rnd, 12)
				b.keys(burst...)
				did = append(did, strings.Join(burst, " "))
				s = b.idle()
				mustBeConsistent(t, s, size.Width, size.Height)
				mustShowCompany(t, s, last, "COMPANY "+last+" LIMITED")
				mustDrawPane(t, s, paneAfter(0, burst))
			}
		})
	}
}

// panicsOnKey is a model that breaks on the first key, as the search input
// once did on a tab after a paste (see the random interleavings).
type panicsOnKey struct{}

func (panicsOnKey) Init() tea.Cmd { return nil }

func (m panicsOnKey) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		var matched [][]rune
		_ = matched[0]
	}
	return m, nil
}

func (panicsOnKey) View() tea.View { return tea.NewView("fine") }

// TestAPanicInUpdateEndsTheProgramThroughTheGuard runs a program whose
// Update panics: the guard must hand the program a model to draw and a
// quit, so that it ends normally, rather than a nil model whose drawing
// panics inside Bubble Tea, which prints a stack trace on the terminal.
func TestAPanicInUpdateEndsTheProgramThroughTheGuard(t *testing.T) {
	t.Parallel()
	g := newCrashGuard()
	p := tea.NewProgram(&guarded{inner: panicsOnKey{}, g: g}, append([]tea.ProgramOption{
		tea.WithInput(strings.NewReader("")), tea.WithOutput(&strings.Builder{}), tea.WithoutSignals(),
		tea.WithWindowSize(80, 24)}, pinned...)...)
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	p.Send(keyMsg("x"))
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the program ended with %v, want a normal quit", err)
		}
	case <-testtime.Bound(t):
		p.Kill()
		t.Fatal("the program did not quit after the panic")
	}
	if v, crashed := g.get(); !crashed || !strings.Contains(fmt.Sprint(v), "index out of range") {
		t.Fatalf("the guard recorded %v (%v)", v, crashed)
	}
}

// TestTabAfterAPasteIntoTheSearchBoxDoesNotCrash is the crash a random
// interleaving found: the search input works out which recent numbers
// match its text only on a key press, so after a paste added to the text
// its old match ("0" matching 00000002) was shorter than the text, and tab
// cut the match past its end.
func TestTabAfterAPasteIntoTheSearchBoxDoesNotCrash(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000002")
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000002"}}, 80, 24)
	b.onCompany("00000002")
	b.keys("/")
	b.typ("0")
	b.send(tea.PasteMsg{Content: "Company No. 00000002"})
	b.keys("tab")
	if s := b.ask(); s.input != "0Company No. 00000002" {
		t.Fatalf("the search box holds %q", s.input)
	}
	// Once the box is emptied (here by opening the company on screen), tab
	// has nothing to complete.
	b.keys("esc", "/")
	b.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // delete to the start
	b.typ("00000002")
	b.keys("enter")
	b.idle()
	b.keys("/", "tab")
	if s := b.ask(); s.input != "" {
		t.Fatalf("tab in an empty search box completed %q", s.input)
	}
}
