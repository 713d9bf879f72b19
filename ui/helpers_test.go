package ui

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testtime"
	"coview/present"
	"coview/ui/listview"
	"coview/ui/parts/profile"
	"coview/ui/table"
)

// Helpers most tests share: the pinned date, the browser driven by hand
// (testModel, send, press, run) rather than as a program, and checks on
// what it shows.

// today is the date every test browses on, so countdowns and goldens stay
// put.
var today = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func pinnedNow() time.Time { return today }

// testModel is the browser on a fake registry, pinned to today, with
// timers that the test fires itself.
func testModel(t testing.TB, reg Registry, opts Options) *model {
	t.Helper()
	opts.Registry = reg
	if opts.Now == nil {
		opts.Now = pinnedNow
	}
	if opts.StateDir == "" {
		opts.StateDir = t.TempDir()
	}
	m := newModel(context.Background(), opts)
	m.c.After = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return timerMsg{d, fn(today)} }
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// timerMsg is a timer the test may fire by sending msg.
type timerMsg struct {
	after time.Duration
	msg   tea.Msg
}

// run executes a Cmd as the program would, feeding every message back into
// Update until nothing is left to do, and returns the messages that were
// not fed back: timers, clipboard writes, quitting.
func run(t testing.TB, m *model, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var kept []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			t.Fatal("run: the model keeps asking for more")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := execute(t, c)
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case spinner.TickMsg:
			// The spinner's frames are not part of any test.
		case timerMsg, tea.QuitMsg:
			kept = append(kept, msg)
		case crashMsg:
			_, next := m.Update(msg)
			queue = append(queue, next)
		default:
			// The browser's own messages (answers, navigation, what its
			// components wait for) go back in; the terminal's stay out.
			if !ours(msg) {
				kept = append(kept, msg)
				break
			}
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
	return kept
}

// collect executes a Cmd and its batches without touching the model, for
// Cmds run on another goroutine; the messages are fed in afterwards.
func collect(t testing.TB, cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := execute(t, cmd)
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, collect(t, c)...)
		}
		return out
	}
	if _, tick := msg.(spinner.TickMsg); tick || msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

func execute(t testing.TB, c tea.Cmd) tea.Msg {
	t.Helper()
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		return msg
	case <-testtime.Bound(t):
		// Errorf, not Fatal: this may run on a goroutine of its own.
		t.Errorf("a Cmd did not return by the test's deadline")
		return nil
	}
}

// send is Update then run. After every message it checks that the window
// the cursor moves in is the one drawn.
func send(t testing.TB, m *model, msg tea.Msg) []tea.Msg {
	t.Helper()
	_, cmd := m.Update(msg)
	out := run(t, m, cmd)
	if m.keys == nil {
		if laid, drawn := windowRows(m); laid != drawn {
			t.Fatalf("the page's window was laid out for %d rows but the frame draws it in %d", laid, drawn)
		}
	}
	return out
}

// windowRows are the rows the page's cursor moves in (its window's
// height) and the rows the frame draws that window in; a page without a
// window has the frame's rows for both.
func windowRows(m *model) (laid, drawn int) {
	f := m.frame()
	drawn = f.body
	if _, ok := m.page.(*profile.Part); ok {
		drawn = profile.PaneRows(m.c.Width, f.body) // panes in columns: one row is the selected one's title
	}
	if _, windowed := m.page.(interface{ Window() *listview.Model }); !windowed {
		return drawn, drawn
	}
	return window(m).Height(), drawn
}

func press(t testing.TB, m *model, keys ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, k := range keys {
		out = append(out, send(t, m, keyMsg(k))...)
	}
	return out
}

// keyMsg builds the key press String() would name k.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "alt+left":
		return tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModAlt}
	case "alt+right":
		return tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModAlt}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	if len(r) != 1 {
		panic("keyMsg: unknown key " + k)
	}
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

func typeText(t testing.TB, m *model, s string) {
	t.Helper()
	for _, r := range s {
		send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// screen is what the user sees, without styling.
func screen(m tea.Model) string {
	return ansi.Strip(m.View().Content)
}

// demoRegistry is an api client on the demo registry over loopback.
func demoRegistry(t testing.TB) *api.Client {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustContain(t testing.TB, s string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(s, w) {
			t.Fatalf("screen does not show %q:\n%s", w, s)
		}
	}
}

func mustNotContain(t testing.TB, s string, nots ...string) {
	t.Helper()
	for _, w := range nots {
		if strings.Contains(s, w) {
			t.Fatalf("screen shows %q:\n%s", w, s)
		}
	}
}

func writeFile(path, content string) error { return os.WriteFile(path, []byte(content), 0o600) }

func splitLines(s string) []string { return strings.Split(s, "\n") }

func lines(s string) int { return len(splitLines(s)) }

func width(s string) int { return ansi.StringWidth(s) }

func readAll(t testing.TB, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// allRows are every row of a list loaded, shown or not.
func allRows(l *table.Rows) []present.Item { return l.All() }

// ours says whether a message is one of coview's own (an answer, a step of
// navigation, a component's), not the terminal's or a test's.
func ours(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.HasPrefix(t.PkgPath(), "coview/") && t != reflect.TypeOf(timerMsg{})
}
