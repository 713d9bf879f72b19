package ui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/internal/testkit/testtime"

	tea "charm.land/bubbletea/v2"
)

// slowReader is a terminal on which nobody types: reads block until the
// test ends, as a real terminal's do.
type slowReader struct{ done chan struct{} }

func (r slowReader) Read([]byte) (int, error) {
	<-r.done
	return 0, io.EOF
}

// runInBackground runs the browser as main does, on a fake terminal; the
// output may be read once Run has returned.
func runInBackground(t *testing.T, ctx context.Context, opts Options) (<-chan error, *bytes.Buffer) {
	t.Helper()
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	out := &bytes.Buffer{}
	opts.IO.Input = slowReader{done}
	opts.IO.Output = out
	opts.StateDir = t.TempDir()
	opts.Now = pinnedNow
	errc := make(chan error, 1)
	go func() { errc <- Run(ctx, opts) }()
	return errc, out
}

func TestRunReportsAPanicInARequestAndRestoresTheTerminal(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	f.panicOn = "00000001"
	// The answer comes late enough for the browser to have drawn a screen.
	f.hold = make(chan struct{})
	time.AfterFunc(300*time.Millisecond, func() { close(f.hold) })
	errc, out := runInBackground(t, context.Background(), Options{Registry: f, Numbers: []api.Number{"00000001"}})
	select {
	case err := <-errc:
		if err == nil || !strings.HasPrefix(err.Error(), "coview crashed: boom in 00000001; the terminal has been restored; please report it") {
			t.Fatalf("Run returned %v", err)
		}
		// The alternate screen was entered and left again, and the cursor
		// and normal paste are back.
		for _, mode := range []string{"?1049", "?25", "?2004"} {
			on, off := lastIndex(out, "\x1b["+mode+"h"), lastIndex(out, "\x1b["+mode+"l")
			if mode == "?25" {
				on, off = off, on // the cursor is hidden while running, shown after
			}
			if on < 0 || off < on {
				t.Fatalf("mode %s not restored: %q", mode, out.String())
			}
		}
	case <-testtime.Bound(t):
		t.Fatal("Run did not return after a panic in a request")
	}
}

func lastIndex(b *bytes.Buffer, s string) int { return bytes.LastIndex(b.Bytes(), []byte(s)) }

func TestRunReturnsWhenTheContextEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	errc, _ := runInBackground(t, ctx, Options{Registry: newFake()})
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatalf("Run returned %v after its context ended", err)
		}
	case <-testtime.Bound(t):
		t.Fatal("Run did not return after its context ended")
	}
}

func TestCrashReportNeverRepeatsAKey(t *testing.T) {
	t.Parallel()
	err := crashError("bad key 5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7 and 5E1F0C2A7D3B4C8E9A610DE70DE70DE7\x1b[2J")
	if strings.Contains(strings.ToLower(err.Error()), "5e1f0c2a") || strings.Contains(err.Error(), "\x1b") {
		t.Fatalf("crash report %q", err)
	}
	if !strings.HasPrefix(err.Error(), "coview crashed: bad key [redacted] and [redacted]") || !strings.Contains(err.Error(), "please report it with what you were doing") {
		t.Fatalf("crash report %q", err)
	}
}

// panicky is a model that panics where it is told to.
type panicky struct{ where string }

func (p panicky) Init() tea.Cmd {
	return func() tea.Msg {
		if p.where == "cmd" {
			panic("in cmd")
		}
		return nil
	}
}

func (p panicky) Update(tea.Msg) (tea.Model, tea.Cmd) {
	if p.where == "update" {
		panic("in update")
	}
	return p, nil
}

func (p panicky) View() tea.View {
	if p.where == "view" {
		panic("in view")
	}
	return tea.NewView("fine")
}

func TestGuardTurnsPanicsIntoAQuit(t *testing.T) {
	t.Parallel()
	for _, where := range []string{"update", "view", "cmd"} {
		t.Run(where, func(t *testing.T) {
			g := newCrashGuard()
			gm := &guarded{inner: panicky{where}, g: g}
			msg := gm.Init()()
			gm.View()
			_, cmd := gm.Update(msg)
			v, crashed := g.get()
			if !crashed || v != "in "+where {
				t.Fatalf("guard recorded %v (%v)", v, crashed)
			}
			if cmd == nil {
				t.Fatal("no Cmd after a crash")
			}
			if _, ok := cmd().(tea.QuitMsg); !ok {
				t.Fatal("the Cmd after a crash does not quit")
			}
			if got := gm.View().Content; !strings.Contains(got, "coview crashed") {
				t.Fatalf("view after a crash: %q", got)
			}
		})
	}
}

func TestGuardWrapsCmdsInsideBatches(t *testing.T) {
	t.Parallel()
	g := newCrashGuard()
	gm := &guarded{inner: panicky{}, g: g}
	batch := gm.wrap(tea.Batch(func() tea.Msg { return nil }, func() tea.Msg { panic("deep") }))
	msgs := batch().(tea.BatchMsg)
	if _, ok := msgs[1]().(crashMsg); !ok {
		t.Fatal("a panic inside a batch was not caught")
	}
}
