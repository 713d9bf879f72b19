package ui

import (
	"fmt"
	"regexp"
	"sync"

	tea "charm.land/bubbletea/v2"

	"coview/present/sanitize"
)

// crashGuard records the first panic anywhere in the browser (Update,
// View, or a Cmd's goroutine), so that the program quits through its
// normal path, which restores the terminal, and Run can say what happened.
type crashGuard struct {
	once    sync.Once
	mu      sync.Mutex
	value   any
	crashed chan struct{}
}

func newCrashGuard() *crashGuard { return &crashGuard{crashed: make(chan struct{})} }

func (g *crashGuard) record(v any) {
	g.once.Do(func() {
		g.mu.Lock()
		g.value = v
		g.mu.Unlock()
		close(g.crashed)
	})
}

func (g *crashGuard) get() (any, bool) {
	select {
	case <-g.crashed:
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.value, true
	default:
		return nil, false
	}
}

// crashMsg carries a panic out of a Cmd's goroutine into Update.
type crashMsg struct{ value any }

// guarded is the root model as the program sees it: the browser, with
// every Update, View and Cmd run under the crash guard.
type guarded struct {
	inner tea.Model
	g     *crashGuard
}

func newGuarded(m *model, g *crashGuard) *guarded {
	if g == nil {
		g = newCrashGuard()
	}
	gm := &guarded{inner: m, g: g}
	// The model wraps its own Cmds too: those inside a tea.Sequence are
	// out of reach of wrapping what Update returns.
	m.c.Guard = gm.wrap
	return gm
}

func (gm *guarded) Init() (cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			gm.g.record(r)
			cmd = tea.Quit
		}
	}()
	return gm.wrap(gm.inner.Init())
}

func (gm *guarded) Update(msg tea.Msg) (model tea.Model, cmd tea.Cmd) {
	if c, ok := msg.(crashMsg); ok {
		gm.g.record(c.value)
	}
	if _, crashed := gm.g.get(); crashed {
		return gm, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			gm.g.record(r)
			// The program draws the model returned, even when quitting: a
			// nil one would panic again, inside Bubble Tea.
			model, cmd = gm, tea.Quit
		}
	}()
	next, cmd := gm.inner.Update(msg)
	gm.inner = next
	return gm, gm.wrap(cmd)
}

func (gm *guarded) View() (v tea.View) {
	if _, crashed := gm.g.get(); crashed {
		return tea.NewView("coview crashed; restoring the terminal…")
	}
	defer func() {
		if r := recover(); r != nil {
			gm.g.record(r)
			v = tea.NewView("coview crashed; restoring the terminal…")
		}
	}()
	return gm.inner.View()
}

// wrap runs cmd under the guard: a panic becomes a crashMsg. The Cmds of a
// batch are wrapped as they come out.
func (gm *guarded) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = crashMsg{r}
			}
		}()
		msg = cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			out := make(tea.BatchMsg, len(batch))
			for i, c := range batch {
				out[i] = gm.wrap(c)
			}
			return out
		}
		return msg
	}
}

// keyShaped matches what could be an API key (a UUID, with or without
// hyphens), so that a crash report never repeats one.
var keyShaped = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}`)
})

// crashError is what Run returns after a panic: what it was, without
// anything key-shaped, as one printable line.
func crashError(v any) error {
	text := keyShaped().ReplaceAllString(fmt.Sprint(v), "[redacted]")
	if r := []rune(text); len(r) > 300 {
		text = string(r[:300]) + "…"
	}
	return fmt.Errorf("coview crashed: %s; the terminal has been restored; please report it with what you were doing (see \"Reporting problems\" in the README)", sanitize.Line(text))
}
