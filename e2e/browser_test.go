package e2e

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

func TestEndToEndInARealTerminal(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 100, 30, cleanEnv(t), "--demo")
	s.waitFor("Company ›")

	s.paste("Company No. 00006400 \n")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400", "Active", "Incorporated on", "Nature of business")

	panes := []struct{ key, want string }{
		{"2", "ZZ6 4AA"},
		{"3", "Reference date"},
		{"4", "Next statement date"},
		{"5", "/company/00006400/officers"},
		{"1", "Incorporated on"},
	}
	for _, p := range panes {
		s.keys(p.key)
		s.waitFor(p.want)
	}
	s.keys("Tab", "Tab", "Tab", "Tab") // tab walks to the links pane too
	s.waitFor("/company/00006400/officers")

	s.keys("Down", "Down", "Enter")
	screen := s.waitFor("8 officers: 5 active, 3 resigned", "ABERNATHY-QUAYLE, Rosalind Jane", "Officers")
	if !strings.Contains(screen, "MARZIPAN MOUNTAIN SOFTWARE LTD › Officers") {
		t.Fatalf("no breadcrumb on the officers list:\n%s", screen)
	}

	s.keys("BSpace")
	screen = s.waitFor("▸ Officers", "/company/00006400/filing-history")
	if strings.Contains(screen, "8 officers") {
		t.Fatalf("back did not leave the officers list:\n%s", screen)
	}

	s.keys("q")
	s.waitFor("coview exited with 0")
	s.mustBeRestored("after quitting")
}

// A failed lookup leaves the search text for editing, and the previous
// company stays on screen.
func TestEndToEndNotFoundKeepsTheSearchAndTheView(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 80, 24, cleanEnv(t), "--demo", "SC006405")
	s.waitFor("SC006405", "Scotland")
	s.keys("/")
	s.keys("99999999", "Enter")
	screen := s.waitFor("not found", "99999999")
	if !strings.Contains(screen, "SC006405") {
		t.Fatalf("the company shown before the failed lookup is gone:\n%s", screen)
	}
	// Sent apart: ESC followed at once by q reads as alt+q.
	s.keys("Escape")
	s.waitFor("q quit")
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// An SSH link dropping (SIGHUP) or a polite kill (SIGTERM) ends coview
// with the terminal restored and no panic output.
// They exit with 128 plus the signal, as shells expect (issue 11, item 23).
func TestEndToEndSignalsLeaveTheTerminalRestored(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sig  string
		code int
	}{{"TERM", 143}, {"HUP", 129}, {"INT", 130}} {
		sig := tc.sig
		t.Run("SIG"+sig, func(t *testing.T) {
			t.Parallel()
			s := startTmux(t, 80, 24, cleanEnv(t), "--demo", "00006400")
			s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD")
			shell := strings.TrimSpace(s.tmux("display-message", "-p", "#{pane_pid}"))
			out, err := exec.Command("pgrep", "-P", shell).Output()
			if err != nil {
				t.Fatalf("finding coview under the pane's shell %s: %v", shell, err)
			}
			pid := strings.Fields(string(out))[0]
			if err := exec.Command("kill", "-"+sig, pid).Run(); err != nil {
				t.Fatal(err)
			}
			screen := s.waitFor("coview exited with")
			if want := fmt.Sprintf("coview exited with %d", tc.code); !strings.Contains(screen, want) {
				t.Fatalf("SIG%s: want %q:\n%s", sig, want, screen)
			}
			if strings.Contains(screen, "panic") || strings.Contains(screen, "goroutine") {
				t.Fatalf("a signal produced a crash report:\n%s", screen)
			}
			s.mustBeRestored("after SIG" + sig)
		})
	}
}

// The key typed into the browser's key screen is used, never shown, and
// never written anywhere but where the user asked (here: nowhere, as
// there is no keyring on this terminal's session).
func TestEndToEndTheKeyScreenNeverShowsOrStoresTheKey(t *testing.T) {
	t.Parallel()
	srv := faultyRegistry(t)
	s := startTmux(t, 100, 30, cleanEnv(t), "--base-url", srv.URL, "200")
	s.waitFor("An API key is needed")
	s.paste(goodKey)
	if screen := s.screen(); strings.Contains(screen, goodKey) || strings.Contains(screen, goodKey[:8]) {
		t.Fatalf("the key is echoed on the key screen:\n%s", screen)
	}
	s.keys("Enter")
	screen := s.waitFor("FINE LTD", "00000200")
	if strings.Contains(screen, goodKey) {
		t.Fatalf("the key is on screen:\n%s", screen)
	}
	s.keys("q")
	s.waitFor("coview exited with 0")
	// cleanEnv's cleanup then scans the home directory for the key.
}

// Issue 11, item 17: before the key is typed, the key screen names the
// registry it is for and says where it will be kept: with no session bus
// (as in every test here), for this session only, and how to keep it.
// After it, the key is used, and the screen does not claim it was kept.
func TestEndToEndTheKeyScreenSaysWhereTheKeyWillBeKept(t *testing.T) {
	t.Parallel()
	srv := faultyRegistry(t)
	host := strings.TrimPrefix(srv.URL, "http://")
	s := startTmux(t, 200, 30, cleanEnv(t), "--base-url", srv.URL, "200")
	s.waitFor("An API key is needed",
		"The key is for the registry at "+host+".",
		"It will be kept for this session only: there is no keyring here (no session bus); to keep it, set COVIEW_API_KEY, or run coview auth login --insecure-storage.")
	s.paste(goodKey)
	s.keys("Enter")
	screen := s.waitFor("FINE LTD", "for this session only")
	if strings.Contains(screen, "Key saved") || strings.Contains(screen, "kept for next time") {
		t.Fatalf("the screen claims the key was kept:\n%s", screen)
	}
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// auth login in a terminal asks for the key without echoing it.
func TestEndToEndAuthLoginPromptIsMasked(t *testing.T) {
	t.Parallel()
	srv := keyCheckingRegistry(t, goodKey)
	s := startTmux(t, 100, 20, cleanEnv(t), "auth", "login", "--insecure-storage", "--base-url", srv.URL)
	s.waitFor("Paste your REST API key (it will not be shown)")
	s.paste(goodKey)
	s.keys("Enter")
	screen := s.waitFor("stored the key", "coview exited with 0")
	if strings.Contains(screen, goodKey) || strings.Contains(screen, goodKey[4:len(goodKey)-4]) {
		t.Fatalf("the key was echoed:\n%s", screen)
	}
}

// On a terminal an error is fang's styled block; piped, it is one plain
// "coview: ..." line (every other test reads that one).
func TestEndToEndErrorsAreStyledOnATerminal(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 100, 20, cleanEnv(t), "--demo", "--plain", "99999999")
	screen := s.waitFor("ERROR", "99999999 not found", "coview exited with 4")
	if strings.Contains(screen, "coview: company") {
		t.Fatalf("the plain form of the error on a terminal:\n%s", screen)
	}
}

// ctrl+c at the key prompt (SIGINT: the prompt keeps the terminal's
// signals) ends auth login at once, with 130 and the terminal's echo back
// on: the prompt turns it off. The signal goes to coview alone, as the
// shell around it in this pane would die of it.
func TestEndToEndSIGINTAtTheKeyPromptRestoresEcho(t *testing.T) {
	t.Parallel()
	srv := keyCheckingRegistry(t, goodKey)
	// --insecure-storage: there is no keyring here, which login says
	// before it asks.
	s := startTmux(t, 100, 20, cleanEnv(t), "auth", "login", "--insecure-storage", "--base-url", srv.URL)
	s.waitFor("Paste your REST API key (it will not be shown)")
	shell := strings.TrimSpace(s.tmux("display-message", "-p", "#{pane_pid}"))
	out, err := exec.Command("pgrep", "-P", shell).Output()
	if err != nil {
		t.Fatalf("finding coview under the pane's shell %s: %v", shell, err)
	}
	if err := exec.Command("kill", "-INT", strings.Fields(string(out))[0]).Run(); err != nil {
		t.Fatal(err)
	}
	s.waitFor("coview exited with 130")
	s.keys("echo-is-on")
	s.waitFor("echo-is-on")
}
