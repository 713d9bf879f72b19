package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// actions are a few of the browser's, as ui gives them (theActions).
var actions = []Action{
	{Name: "up", Keys: []string{"up", "k"}},
	{Name: "down", Keys: []string{"down", "j"}},
	{Name: "back", Keys: []string{"backspace", "alt+left"}},
	{Name: "quit", Keys: []string{"q"}},
	{Name: "filter", Keys: []string{"f"}},
	{Name: "download", Keys: []string{"d"}},
	{Name: "panes", Keys: []string{"1", "2", "3", "4", "5"}, Fixed: true},
}

func theActions() []Action { return actions }

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func write(t *testing.T, text string) Where {
	t.Helper()
	p := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return Where{Path: p, Chosen: true, By: "--config"}
}

func TestAFileSetsWhatItSays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := write(t, "theme: light\ndownload_dir: "+dir+"\nbudgets:\n  connections: 200\n  watch_check: 50\nkeys:\n  quit: [q, ctrl+q]\n  back: h\n  up: k\n  down: up\ndownload_url: http://127.0.0.1:8089/en_output.html\n")
	s, problems := Load(w, theActions, env(nil))
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	want := map[string][]string{"quit": {"q", "ctrl+q"}, "back": {"h"}, "up": {"k"}, "down": {"up"}}
	if s.DownloadURL != "http://127.0.0.1:8089/en_output.html" {
		t.Errorf("download_url read as %q", s.DownloadURL)
	}
	if s.Theme != "light" || s.DownloadDir != dir || s.Budgets != (Budgets{Connections: 200, WatchCheck: 50}) || !reflect.DeepEqual(s.Keys, want) {
		t.Fatalf("settings %+v", s)
	}
	if s.Lines["keys.back"] != 8 || s.Lines["theme"] != 1 {
		t.Fatalf("lines %v", s.Lines)
	}
}

func TestEachThingWrongIsAProblemThatNamesTheFileAndLine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		line       int
		says       []string
	}{
		{"an unknown setting, with the nearest", "them: dark\n", 1, []string{"them is no setting", "did you mean theme?"}},
		{"a theme that is none", "theme: blue\n", 1, []string{`"blue" is no theme`, "auto, light or dark"}},
		{"a theme that is a list", "theme: [dark]\n", 1, []string{"a list is no theme"}},
		{"a budget that is words", "budgets:\n  connections: lots\n", 2, []string{`want a number of requests, at least 1, not "lots"`}},
		{"a budget of 0", "budgets:\n  watch_check: 0\n", 2, []string{`not "0"`}},
		{"an unknown budget", "budgets:\n  screen: 3\n", 2, []string{"budgets.screen is no setting"}},
		{"a relative download directory", "download_dir: docs\n", 1, []string{"relative path"}},
		{"a download directory not there", "download_dir: /no/such/dir\n", 1, []string{"/no/such/dir", "no such file or directory"}},
		{"an unknown action", "keys:\n  qiut: x\n", 2, []string{"keys.qiut is no setting", "did you mean keys.quit?"}},
		{"a key that is none", "keys:\n  quit: ctlr+q\n", 2, []string{`"ctlr+q" is no key`}},
		{"ctrl+c", "keys:\n  filter: ctrl+c\n", 2, []string{"ctrl+c always quits"}},
		{"no key at all", "keys:\n  quit: []\n", 2, []string{"at least one key"}},
		{"a fixed action", "keys:\n  panes: x\n", 2, []string{"keys.panes: its keys (1, 2, 3, 4, 5) cannot be changed"}},
		{"a key bound twice in the file", "keys:\n  quit: x\n  filter: x\n", 3, []string{"x is bound to both quit (line 2) and filter (line 3)"}},
		{"a key another action has", "keys:\n  quit: d\n", 2, []string{"d is bound to both quit (line 2) and download (its own key)"}},
		{"a panes digit", "keys:\n  quit: \"3\"\n", 2, []string{"3 is bound to both quit (line 2) and panes (its own key)"}},
		{"a setting twice", "theme: dark\ntheme: light\n", 2, []string{"theme is set twice (first on line 1)"}},
		{"broken YAML", "theme: dark\n  keys: [\n", 2, []string{"is not YAML coview can read"}},
		{"not a mapping", "- theme\n", 1, []string{"not a list"}},
		{"a key in the settings", "api_key: abc\n", 1, []string{"never reads its API key from this file"}},
		{"a download page that is no web address", "download_url: download.example.com/page\n", 1, []string{"download_url: want the web address of the download page"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := write(t, c.text)
			_, problems := Load(w, theActions, env(nil))
			if len(problems) != 1 {
				t.Fatalf("problems %v, want one", problems)
			}
			p := problems[0]
			got := p.String()
			if p.Line != c.line || !strings.HasPrefix(got, w.Path+":") {
				t.Errorf("problem %q at line %d, want line %d of %s", got, p.Line, c.line, w.Path)
			}
			for _, s := range c.says {
				if !strings.Contains(got, s) {
					t.Errorf("problem %q does not say %q", got, s)
				}
			}
		})
	}
}

func TestWhatIsWrongLeavesItsDefaultAndTheRestApplies(t *testing.T) {
	t.Parallel()
	w := write(t, "theme: dark\nkeys:\n  quit: x\n  filter: x\n  back: h\nbudgets:\n  connections: -1\n")
	s, problems := Load(w, theActions, env(nil))
	if len(problems) != 2 {
		t.Fatalf("problems %v, want the clash and the budget", problems)
	}
	if s.Theme != "dark" || !reflect.DeepEqual(s.Keys, map[string][]string{"back": {"h"}}) || s.Budgets.Connections != 0 {
		t.Fatalf("settings %+v: want the theme and back, quit and filter their own, the budget its default", s)
	}
}

func TestTwoActionsMaySwapKeys(t *testing.T) {
	t.Parallel()
	s, problems := Load(write(t, "keys:\n  filter: d\n  download: f\n"), theActions, env(nil))
	if len(problems) > 0 || s.Keys["filter"][0] != "d" || s.Keys["download"][0] != "f" {
		t.Fatalf("swap: %+v %v", s.Keys, problems)
	}
}

func TestTheFileItself(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		name string
		w    Where
		says string // "" : no problem
	}{
		{"a default file that is not there is no problem", Where{Path: filepath.Join(dir, "none.yaml"), By: "default"}, ""},
		{"a chosen file that is not there", Where{Path: filepath.Join(dir, "none.yaml"), Chosen: true, By: "COVIEW_CONFIG"}, "no such file (named by COVIEW_CONFIG)"},
		{"a directory", Where{Path: dir, Chosen: true, By: "--config"}, "is a directory, not a settings file"},
		{"an empty file", write(t, ""), ""},
		{"only comments", write(t, Template(Defaults{Connections: 500, PreviewWidth: 0.45})), ""},
		{"an endless file", Where{Path: "/dev/zero", Chosen: true, By: "--config"}, "not a regular file"},
		{"a file too large", large(t), "larger than 1 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, problems := Load(c.w, theActions, env(nil))
			switch {
			case c.says == "" && len(problems) > 0:
				t.Fatalf("problems %v", problems)
			case c.says != "" && (len(problems) != 1 || !strings.Contains(problems[0].String(), c.says)):
				t.Fatalf("problems %v, want one saying %q", problems, c.says)
			case s.Theme != "" || s.Keys != nil:
				t.Fatalf("settings %+v from nothing", s)
			}
		})
	}
}

func TestCOVIEWTHEMEWinsOverTheFile(t *testing.T) {
	t.Parallel()
	w := write(t, "theme: dark\n")
	if s, p := Load(w, theActions, env(map[string]string{"COVIEW_THEME": "Light"})); s.Theme != "light" || len(p) > 0 {
		t.Fatalf("theme %q, problems %v", s.Theme, p)
	}
	s, p := Load(w, theActions, env(map[string]string{"COVIEW_THEME": "sepia"}))
	if s.Theme != "dark" || len(p) != 1 || !strings.HasPrefix(p[0].String(), "COVIEW_THEME: \"sepia\" is no theme") || !strings.Contains(p[0].Text, "going on with dark") {
		t.Fatalf("theme %q, problems %v", s.Theme, p)
	}
}

func TestLocate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		flag string
		env  map[string]string
		want Where
	}{
		{"the flag first", "/a.yaml", map[string]string{"COVIEW_CONFIG": "/b.yaml"}, Where{Path: "/a.yaml", Chosen: true, By: "--config"}},
		{"then COVIEW_CONFIG", "", map[string]string{"COVIEW_CONFIG": "/b.yaml", "XDG_CONFIG_HOME": "/x"}, Where{Path: "/b.yaml", Chosen: true, By: "COVIEW_CONFIG"}},
		{"then XDG_CONFIG_HOME", "", map[string]string{"XDG_CONFIG_HOME": "/x", "HOME": "/h"}, Where{Path: "/x/coview/config.yaml", By: "default"}},
		{"a relative XDG_CONFIG_HOME is ignored", "", map[string]string{"XDG_CONFIG_HOME": "x", "HOME": "/h"}, Where{Path: "/h/.config/coview/config.yaml", By: "default"}},
	}
	for _, c := range cases {
		if got, err := Locate(c.flag, env(c.env)); err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
	if _, err := Locate("", env(nil)); err == nil || !strings.Contains(err.Error(), "--config") {
		t.Errorf("no HOME: %v", err)
	}
}

func TestCreateWritesTheTemplateOnceAndNeverOverwrites(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "coview", FileName)
	if created, err := Create(p, "# settings\n"); err != nil || !created {
		t.Fatalf("first: %v %v", created, err)
	}
	if err := os.WriteFile(p, []byte("theme: dark\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if created, err := Create(p, "# settings\n"); err != nil || created {
		t.Fatalf("second: %v %v", created, err)
	}
	if b, _ := os.ReadFile(p); string(b) != "theme: dark\n" {
		t.Fatalf("overwritten: %q", b)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".config-*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestKeyNames(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"x", "X", "/", "?", "é", "enter", "ctrl+q", "alt+shift+left", "f5", "f12", "f20", "space", "pgdown"} {
		if p := keyProblem(k); p != "" {
			t.Errorf("%q: %s", k, p)
		}
	}
	for _, k := range []string{"", " ", "ctrl+", "f0", "f21", "f05", "enterr", "ctrl+c", "xy"} {
		if keyProblem(k) == "" {
			t.Errorf("%q taken as a key", k)
		}
	}
}

// large is a settings file of over 1 MiB of comments.
func large(t *testing.T) Where {
	t.Helper()
	return write(t, strings.Repeat("# a comment, and another, and another\n", 30000))
}

// Every problem is said with what a terminal would obey written as an
// escape: the names, values and paths in a settings file are not
// coview's, and a warning goes to a terminal.
func TestAProblemNeverWritesWhatATerminalWouldObey(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hostile := filepath.Join(dir, "\x1b]0;pwned\x07\u202egnp.exe")
	if err := os.WriteFile(hostile, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, text string
		says       string
	}{
		{"a setting's name with an OSC", "\"\\e]0;pwned\\a\": 1\n", `"\x1b]0;pwned\a" is no setting`},
		{"a budget's name turned around", "budgets:\n  \"\\u202Egnp.exe\": 3\n", `"budgets.\u202egnp.exe" is no setting`},
		{"an action's name with a CSI", "keys:\n  \"\\e[2Jquit\": x\n", `"keys.\x1b[2Jquit" is no setting`},
		{"a name set twice", "\"\\e[31m\": 1\n\"\\e[31m\": 2\n", `"\x1b[31m" is set twice`},
		{"a download directory that is not there", "download_dir: \"/no/\\e]0;pwned\\a\"\n", `download_dir: "/no/\x1b]0;pwned\a": no such file`},
		{"a download directory that is a file", "download_dir: \"" + strings.NewReplacer("\x1b", `\e`, "\x07", `\a`, "\u202e", `\u202E`).Replace(hostile) + "\"\n", `\u202egnp.exe" is not a directory`},
		{"a key that is a control character", "keys:\n  quit: \"\\e\"\n", `"\x1b" is no key`},
		{"a key that turns the line around", "keys:\n  quit: \"\\u202E\"\n", `"\u202e" is no key`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, problems := Load(write(t, c.text), theActions, env(nil))
			var said []string
			for _, p := range problems {
				assertPrintable(t, p.String())
				said = append(said, p.String())
			}
			if !strings.Contains(strings.Join(said, "\n"), c.says) {
				t.Errorf("%q does not say %q", said, c.says)
			}
		})
	}
	t.Run("the file's own path", func(t *testing.T) {
		t.Parallel()
		_, problems := Load(Where{Path: hostile + ".yaml", Chosen: true, By: "COVIEW_CONFIG"}, theActions, env(nil))
		if len(problems) != 1 {
			t.Fatalf("problems %v", problems)
		}
		assertPrintable(t, problems[0].String())
	})
}

func assertPrintable(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if r != ' ' && !strconv.IsPrint(r) {
			t.Errorf("%q holds %U", s, r)
		}
	}
}
