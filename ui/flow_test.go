package ui

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"coview/api"
	"coview/internal/testkit/testtime"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// pinned is the environment every program test runs in, so that what the
// program writes does not depend on the developer's terminal (SSH_TTY,
// TERM_PROGRAM and the like change Bubble Tea's start-up queries).
var pinned = []tea.ProgramOption{
	tea.WithEnvironment([]string{"TERM=xterm-256color"}),
	tea.WithColorProfile(colorprofile.ANSI256),
}

// recorder keeps the last screen the program drew, so a test can wait for
// text on screen rather than pick it out of the renderer's cell updates.
type recorder struct {
	tea.Model
	mu   *sync.Mutex
	last *string
}

func record(m tea.Model) recorder {
	return recorder{Model: m, mu: &sync.Mutex{}, last: new(string)}
}

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := r.Model.Update(msg)
	r.Model = next
	return r, cmd
}

func (r recorder) View() tea.View {
	v := r.Model.View()
	r.mu.Lock()
	*r.last = ansi.Strip(v.Content)
	r.mu.Unlock()
	return v
}

func (r recorder) screen() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return *r.last
}

// waitFor waits until the screen shows every one of wants.
func (r recorder) waitFor(t *testing.T, wants ...string) {
	t.Helper()
	deadline := testtime.Deadline(t)
	for {
		s := r.screen()
		missing := ""
		for _, w := range wants {
			if !strings.Contains(s, w) {
				missing = w
				break
			}
		}
		if missing == "" {
			if d := time.Since(deadline.Add(-10 * time.Second)); d > 500*time.Millisecond {
				t.Logf("waited %s for %q", d, wants)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %q; last screen:\n%s", missing, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func startProgram(t *testing.T, opts Options, w, h int, popts ...tea.ProgramOption) (*teatest.TestModel, recorder) {
	t.Helper()
	if opts.Now == nil {
		opts.Now = pinnedNow
	}
	if opts.StateDir == "" {
		opts.StateDir = t.TempDir()
	}
	m := newModel(context.Background(), opts)
	rec := record(newGuarded(m, nil))
	if popts == nil {
		popts = pinned
	}
	tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(w, h), teatest.WithProgramOptions(popts...))
	t.Cleanup(func() { stopProgram(t, tm, m) })
	return tm, rec
}

func keys(tm *teatest.TestModel, names ...string) {
	for _, k := range names {
		tm.Send(keyMsg(k))
	}
}

// TestFlowCompanyToOfficerToAnotherCompanyAndBack walks the demo registry
// as a person would: paste a number, look through the panes, follow the
// officers, one officer's appointments, another company, back twice, quit.
func TestFlowCompanyToOfficerToAnotherCompanyAndBack(t *testing.T) {
	t.Parallel()
	reg := demoRegistry(t)
	tm, rec := startProgram(t, Options{Registry: reg}, 80, 24)
	rec.waitFor(t, "Company ›", "Type or paste a company number")

	tm.Send(tea.PasteMsg{Content: "Company No. 00006400\n"})
	rec.waitFor(t, "MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400", "Active", "Nature of business", "599/600 left")

	keys(tm, "tab")
	rec.waitFor(t, "17 Treacle Lane")
	keys(tm, "3")
	rec.waitFor(t, "Reference date", "31 March", "(due in 39 days)")
	keys(tm, "4")
	rec.waitFor(t, "Next statement date")
	keys(tm, "5")
	rec.waitFor(t, "▸ This profile", "Officers        /company/00006400/officers")

	keys(tm, "down", "down", "enter")
	rec.waitFor(t, "MARZIPAN MOUNTAIN SOFTWARE LTD › Officers", "8 officers", "ABERNATHY-QUAYLE, Rosalind Jane", "Director")

	keys(tm, "down", "down", "down")
	rec.waitFor(t, "▸ HARGREAVE, Eleanor Mabel", "4 of 8")
	keys(tm, "enter")
	// The appointment in full, the cursor on the way to all of them.
	rec.waitFor(t, "Officers › HARGREAVE, Eleanor Mabel", "Director", "British")
	keys(tm, "enter")
	rec.waitFor(t, "HARGREAVE, Eleanor Mabel  officer", "Officers › HARGREAVE, Eleanor Mabel", "3 appointments",
		"▸ GRAND UNIFIED TEAPOT HOLDINGS P", "00006401")
	// The appointments and the search for who else the officer is both
	// answered: quitting before would cancel one and leave the count short.
	rec.waitFor(t, "595/600 left")

	for !strings.Contains(rec.screen(), "▸ GRAND UNIFIED TEAPOT") {
		keys(tm, "down")
		time.Sleep(20 * time.Millisecond)
		if strings.Contains(rec.screen(), "3 of 3") && !strings.Contains(rec.screen(), "▸ GRAND UNIFIED TEAPOT") {
			t.Fatalf("no GRAND UNIFIED TEAPOT row to select:\n%s", rec.screen())
		}
	}
	keys(tm, "enter")
	rec.waitFor(t, "GRAND UNIFIED TEAPOT HOLDINGS PLC  00006401", "Public limited company", "HARGREAVE, Eleanor Mabel › GRAND UNIFIED TEAPOT")

	keys(tm, "backspace")
	rec.waitFor(t, "HARGREAVE, Eleanor Mabel  officer", "3 appointments")
	keys(tm, "alt+left")
	rec.waitFor(t, "Appointment", "▸ Appointments    every appointment of HARGREAVE")
	keys(tm, "alt+left")
	rec.waitFor(t, "8 officers", "▸ HARGREAVE, Eleanor Mabel")

	keys(tm, "q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	// Three steps back cost nothing: 1 profile, officers, the appointment,
	// appointments and the search for who else the officer is, 1 profile.
	if q := reg.RateLimit(); !q.Known || q.Remain != 594 {
		t.Fatalf("quota %+v after the walk, want 594 left (6 requests)", q)
	}
}

func TestFlowQuitWithCtrlCWhileTyping(t *testing.T) {
	t.Parallel()
	tm, rec := startProgram(t, Options{Registry: demoRegistry(t)}, 80, 24)
	rec.waitFor(t, "Company ›")
	tm.Type("0000")
	rec.waitFor(t, "Company › 0000")
	keys(tm, "ctrl+c")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

// sgr finds the styling sequences in what the program wrote.
var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// colours reports whether any styling sequence sets a colour (30-37,
// 38;…, 40-47, 48;…, 90-97, 100-107), as opposed to bold or faint.
func colours(out []byte) bool {
	for _, m := range sgr.FindAllSubmatch(out, -1) {
		params := strings.Split(string(m[1]), ";")
		for i := 0; i < len(params); i++ {
			p := params[i]
			if p == "38" || p == "48" {
				return true
			}
			if len(p) == 2 && (p[0] == '3' || p[0] == '4' || p[0] == '9') && p[1] >= '0' && p[1] <= '7' {
				return true
			}
			if len(p) == 3 && p[:2] == "10" && p[2] >= '0' && p[2] <= '7' {
				return true
			}
		}
	}
	return false
}

// TestNoColorEnvironmentGivesNoColours runs the program as on a terminal
// (TTY_FORCE lets colour detection treat the test's output as one), with
// and without NO_COLOR, and checks what it writes.
func TestNoColorEnvironmentGivesNoColours(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		env     []string
		colours bool
	}{
		{"colour terminal", []string{"TERM=xterm-256color", "TTY_FORCE=1"}, true},
		{"NO_COLOR", []string{"TERM=xterm-256color", "TTY_FORCE=1", "NO_COLOR=1"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tm, rec := startProgram(t, Options{Registry: demoRegistry(t), Numbers: []api.Number{"00006402"}}, 80, 24,
				tea.WithEnvironment(tc.env))
			rec.waitFor(t, "SNOOZEWELL HAMMOCK IMPORTERS LIMITED", "Dissolved")
			keys(tm, "q")
			out := readAll(t, tm.FinalOutput(t, teatest.WithFinalTimeout(10*time.Second)))
			if got := colours(out); got != tc.colours {
				t.Fatalf("colours written: %v, want %v", got, tc.colours)
			}
			if !strings.Contains(ansi.Strip(string(out)), "Dissolved") {
				t.Fatal("the status is not written as a word")
			}
		})
	}
}

// TestFlowFindAnOfficerByNameAndBack types a name into the running
// browser, waits for the matches to come after the pause, picks one,
// opens it, follows it to a company, and comes back.
func TestFlowFindAnOfficerByNameAndBack(t *testing.T) {
	t.Parallel()
	reg := demoRegistry(t)
	tm, rec := startProgram(t, Options{Registry: reg}, 100, 30)
	rec.waitFor(t, "Company ›")
	tm.Type("hargreave")
	rec.waitFor(t, `1 match for "hargreave": ↑/↓ pick, Enter opens`, "Eleanor Mabel HARGREAVE")
	keys(tm, "down", "enter")
	rec.waitFor(t, "HARGREAVE, Eleanor Mabel  officer", "3 appointments", "GRAND UNIFIED TEAPOT HOLDINGS")
	keys(tm, "enter")
	rec.waitFor(t, "GRAND UNIFIED TEAPOT HOLDINGS PLC  00006401", "1 overview")
	keys(tm, "backspace")
	rec.waitFor(t, "HARGREAVE, Eleanor Mabel  officer", "3 appointments")
	keys(tm, "backspace")
	rec.waitFor(t, "Nothing to go back to.")
}
