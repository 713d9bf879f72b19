package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"coview/api"
	"coview/ui/common"
)

// TestKeysFromTheSettingsAreObeyedAndShown rebinds quit and help: the
// help lists the new keys, q no longer quits (the help it is followed by
// is drawn, which it would not be after a quit), and ctrl+q does.
func TestKeysFromTheSettingsAreObeyedAndShown(t *testing.T) {
	t.Parallel()
	opts := Options{Registry: demoRegistry(t), Numbers: []api.Number{"00006400"},
		Settings: Settings{Keys: map[string][]string{"quit": {"ctrl+q"}, "help": {"f1"}}}}
	tm, rec := startProgram(t, opts, 120, 40)
	rec.waitFor(t, "MARZIPAN MOUNTAIN SOFTWARE LTD", "ctrl+q quit", "f1 help")
	tm.Send(keyMsg("q"))
	tm.Send(tea.KeyPressMsg{Code: tea.KeyF1})
	rec.waitFor(t, "In the search box") // the help, drawn after q
	tm.Send(tea.KeyPressMsg{Code: 'q', Mod: tea.ModCtrl})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

func TestCtrlCQuitsWhateverQuitIsBoundTo(t *testing.T) {
	t.Parallel()
	k := common.DefaultKeyMap()
	k.Rebind(map[string][]string{"quit": {"x"}, "reload": {"R"}, "sort": {"o"}})
	press := func(code rune, mod tea.KeyMod) tea.KeyPressMsg {
		if mod != 0 {
			return tea.KeyPressMsg{Code: code, Mod: mod}
		}
		return tea.KeyPressMsg{Code: code, Text: string(code)}
	}
	for _, c := range []struct {
		what string
		msg  tea.KeyPressMsg
		b    key.Binding
		want bool
	}{
		{"x quits", press('x', 0), k.Do.Quit, true},
		{"ctrl+c quits", press('c', tea.ModCtrl), k.Do.Quit, true},
		{"q does not", press('q', 0), k.Do.Quit, false},
		{"the watch page's check follows reload", press('R', 0), k.Watch.Check, true},
		{"r no longer checks", press('r', 0), k.Watch.Check, false},
	} {
		if key.Matches(c.msg, c.b) != c.want {
			t.Errorf("%s: not so", c.what)
		}
	}
	if h := k.Lists.Sort.Help().Key; h != "o/S/ctrl+s" {
		t.Errorf("sort's help says %q, want o/S/ctrl+s", h)
	}
	if h := k.Do.Quit.Help().Key; h != "x" {
		t.Errorf("quit's help says %q, want x", h)
	}
}

func TestAThemeSaysTheBackgroundInsteadOfAskingTheTerminal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		theme string
		dark  bool
	}{{"light", false}, {"dark", true}} {
		m := newModel(context.Background(), Options{Registry: demoRegistry(t), Settings: Settings{Theme: c.theme}})
		bg, ok := m.background()().(tea.BackgroundColorMsg)
		if !ok || bg.IsDark() != c.dark {
			t.Fatalf("theme %s: background %#v", c.theme, bg)
		}
		m.update(bg)
		if got, want := m.c.Styles.Title.GetForeground(), common.NewStyles(c.dark).Title.GetForeground(); got != want {
			t.Errorf("theme %s: not styled for its background", c.theme)
		}
		m.cancel()
	}
	m := newModel(context.Background(), Options{Registry: demoRegistry(t)})
	defer m.cancel()
	if _, said := m.background()().(tea.BackgroundColorMsg); said {
		t.Error("auto answers for the terminal instead of asking it")
	}
}

// TestTheSortLineSaysTheSortKeysAsBound: with sort and reverse given
// other keys, a sorted list's line says those keys, not s and S.
func TestTheSortLineSaysTheSortKeysAsBound(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{},
		Settings: Settings{Keys: map[string][]string{"sort": {"z"}, "reverse": {"Z"}}}})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	follow(t, m, "00006400", "Officers")
	press(t, m, "z")
	got := screen(m)
	mustContain(t, got, "Sorted by Name ↑", "z: next column · Z: reverse")
	if strings.Contains(got, "s: next column") {
		t.Fatalf("the sort line names s, which no longer sorts:\n%s", got)
	}
}

// What is wrong in the settings is on the browser's screen from its first
// page, opened on a number, and stays over the pages opened after it
// until esc: stderr, where a one-shot command says it, is hidden behind
// the browser's screen until it quits.
func TestTheSettingsProblemsAreOnScreenUntilEsc(t *testing.T) {
	t.Parallel()
	said := []string{
		"/home/u/.config/coview/config.yaml:2: thme is no setting coview has; did you mean theme? (the settings are theme, download_dir, budgets, keys, preview, mouse); it is ignored",
		`COVIEW_THEME: "sepia" is no theme; use auto, light or dark (going on with auto)`,
	}
	m := testModel(t, demoRegistry(t), Options{Numbers: []api.Number{"00006400"}, Settings: Settings{Problems: said}})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	run(t, m, m.Init())
	if place(m).Company != "00006400" {
		t.Fatalf("opened on %+v", place(m))
	}
	wants := []string{"2 problems in the settings: their defaults are used instead (esc hides this)",
		"config.yaml:2: thme is no setting coview has", `COVIEW_THEME: "sepia" is no theme`}
	mustContain(t, screen(m), append(wants, "MARZIPAN MOUNTAIN SOFTWARE LTD")...)
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	mustContain(t, screen(m), append(wants, "HARGREAVE")...)
	press(t, m, "esc")
	mustNotContain(t, screen(m), "problems in the settings")
	mustContain(t, screen(m), "HARGREAVE")
}

func TestOneProblemInTheSettingsIsSaidAsOne(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{Settings: Settings{Problems: []string{"config.yaml:1: theme: \"blue\" is no theme"}}})
	mustContain(t, screen(m), "A problem in the settings: its default is used instead", `theme: "blue" is no theme`)
}
