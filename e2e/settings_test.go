package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// hostileSettings is a settings file whose names and paths would retitle
// the terminal (an OSC), clear it (a CSI) and turn the line around
// (U+202E), were they written as they are.
const hostileSettings = "theme: dark\n" +
	"\"\\e]0;pwned\\a\": 1\n" +
	"budgets:\n  \"\\u202Egnp.exe\": 3\n" +
	"download_dir: \"/no/\\e[2Jdir\"\n"

// settingsAt writes text as the default settings file of env.
func settingsAt(t *testing.T, env []string, text string) string {
	t.Helper()
	file := filepath.Join(getenv(env, "XDG_CONFIG_HOME"), "coview", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// A named pipe where the settings file would be, at the default path or
// named by COVIEW_CONFIG, held coview before it started, deaf to SIGTERM
// and ctrl+c. Only a regular file is read: the pipe is said, and the
// command goes on with the defaults.
func TestEndToEndASettingsFileThatIsANamedPipeDoesNotHangCoview(t *testing.T) {
	t.Parallel()
	for _, where := range []string{"the default path", "COVIEW_CONFIG"} {
		t.Run(where, func(t *testing.T) {
			t.Parallel()
			env := cleanEnv(t)
			pipe := filepath.Join(getenv(env, "XDG_CONFIG_HOME"), "coview", "config.yaml")
			if where == "COVIEW_CONFIG" {
				pipe = filepath.Join(t.TempDir(), "settings.fifo")
				env = append(env, "COVIEW_CONFIG="+pipe)
			}
			if err := os.MkdirAll(filepath.Dir(pipe), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(pipe, 0o600); err != nil {
				t.Fatal(err)
			}
			// Were coview stuck opening it, this lets it go when the test
			// ends; and the pipe goes before the home is read for keys.
			t.Cleanup(func() {
				if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				os.Remove(pipe)
			})
			r := runCoview(t, env, "", "--demo", "--plain", "00006400")
			if r.code != 0 || !strings.Contains(r.stdout, "MARZIPAN MOUNTAIN SOFTWARE LTD") {
				t.Fatalf("exit %d, stdout %.200q, stderr %q", r.code, r.stdout, r.stderr)
			}
			want := "coview: settings: " + pipe + ": is a named pipe (FIFO), not a regular file"
			if !strings.Contains(r.stderr, want) {
				t.Errorf("stderr %q does not say %q", r.stderr, want)
			}
		})
	}
}

// A one-shot command says what is wrong in the settings on stderr (for a
// cron job, a broken file is news), with every name and path from the
// file written so that the terminal obeys none of it.
func TestEndToEndAOneShotSaysTheSettingsProblemsOnStderrCleaned(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t)
	settingsAt(t, env, hostileSettings)
	r := runCoview(t, env, "", "--demo", "--plain", "00006400")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{
		`coview: settings: ` + filepath.Join(getenv(env, "XDG_CONFIG_HOME"), "coview", "config.yaml") + `:2: "\x1b]0;pwned\a" is no setting`,
		`:4: "budgets.\u202egnp.exe" is no setting`,
		`:5: download_dir: "/no/\x1b[2Jdir": no such file or directory`,
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if strings.ContainsAny(r.stderr, "\x1b\a\u202e") {
		t.Errorf("stderr holds what a terminal obeys: %q", r.stderr)
	}
}

// The browser shows what is wrong in the settings on its screen when it
// starts, cleaned, and writes nothing on stderr: written before its
// screen, it was seen only after quitting.
func TestEndToEndTheBrowserShowsTheSettingsProblemsOnItsScreen(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t)
	settingsAt(t, env, hostileSettings)
	s := startTmux(t, 120, 30, env, "--demo", "00006400")
	s.waitFor("3 problems in the settings: their defaults are used instead (esc hides this)",
		`"\x1b]0;pwned\a" is no`, "MARZIPAN MOUNTAIN SOFTWARE LTD", "Incorporated on")
	if title := strings.TrimSpace(s.tmux("display-message", "-p", "#{pane_title}")); strings.Contains(title, "pwned") {
		t.Errorf("the file retitled the terminal: %q", title)
	}
	s.keys("Escape")
	s.until(func() string { return "the settings' problems to go" },
		func(screen string) bool { return !strings.Contains(screen, "problems in the settings") })
	s.keys("q")
	after := s.waitFor("coview exited with 0")
	if strings.Contains(after, "coview: settings") {
		t.Errorf("the settings' problems were written on stderr as well:\n%s", after)
	}
}
