package e2e

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// sgr sends the SGR mouse report of a button (0 the left, 64 and 65
// the wheel up and down) pressed at x, y (from 0) as the terminal would,
// byte by byte, and the left button's release after it.
func (s *tmuxSession) sgr(button, x, y int) {
	s.t.Helper()
	seq := fmt.Sprintf("\x1b[<%d;%d;%dM", button, x+1, y+1)
	if button == 0 {
		seq += fmt.Sprintf("\x1b[<%d;%d;%dm", button, x+1, y+1)
	}
	args := []string{"send-keys", "-H"}
	for _, b := range []byte(seq) {
		args = append(args, hex.EncodeToString([]byte{b}))
	}
	s.before = s.screen()
	s.tmux(args...)
}

// where is the column and line text is first shown at on the screen.
func (s *tmuxSession) where(text string) (x, y int) {
	s.t.Helper()
	for i, line := range strings.Split(s.screen(), "\n") {
		if at := strings.Index(line, text); at >= 0 {
			return utf8.RuneCountInString(line[:at]), i
		}
	}
	s.t.Fatalf("%q is not on the screen:\n%s", text, s.screen())
	return 0, 0
}

// clickOn clicks the middle of the first cell of text.
func (s *tmuxSession) clickOn(text string) {
	s.t.Helper()
	x, y := s.where(text)
	s.sgr(0, x+1, y)
}

// mouseModes are the pane's mouse reporting modes as tmux has them from
// the program: button events (1002) and SGR reports (1006).
func (s *tmuxSession) mouseModes() string {
	return strings.TrimSpace(s.tmux("display-message", "-p", "#{mouse_button_flag}#{mouse_sgr_flag}"))
}

// A click on a tab shows it, on a link selects it and a second opens
// it, on a row selects it; the wheel moves down the list under it.
func TestEndToEndTheMouseClicksTabsLinksAndRowsAndTheWheelScrolls(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 80, 24, cleanEnv(t), "--demo", "00006400")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD  00006400", "Incorporated on")
	if got := s.mouseModes(); got != "11" {
		t.Fatalf("the mouse modes are %q, want button events and SGR reports on (11)", got)
	}
	s.clickOn("3 accounts")
	s.waitFor("Reference date", "Next made up to")
	s.clickOn("5 links")
	s.waitFor("This profile", "link 1 of 5")
	s.clickOn("Officers  ")
	s.waitFor("▸ Officers", "link 3 of 5")
	s.clickOn("Officers  ")
	s.waitFor("8 officers: 5 active, 3 resigned", "▸ ABERNATHY-QUAYLE")
	s.clickOn("HARGREAVE, Eleanor")
	s.waitFor("▸ HARGREAVE, Eleanor Mabel", "4 of 8")
	x, y := s.where("HARGREAVE, Eleanor")
	s.sgr(65, x, y)
	s.waitFor("▸ WOBBLESWORTH", "7 of 8")
	s.sgr(64, x, y)
	s.waitFor("▸ HARGREAVE, Eleanor Mabel", "4 of 8")
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// The settings file turns the mouse off and gives its key another; the
// terminal then keeps its own mouse (selecting text), until that key.
func TestEndToEndASettingsFileTurnsTheMouseOffAndRebindsItsKey(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t)
	file := filepath.Join(getenv(env, "XDG_CONFIG_HOME"), "coview", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("mouse: false\nkeys:\n  mouse: [M]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startTmux(t, 100, 40, env, "--demo", "00006400")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD  00006400", "Incorporated on")
	if got := s.mouseModes(); got != "00" {
		t.Fatalf("with mouse: false the mouse modes are %q, want off (00)", got)
	}
	// A report sent all the same is not acted on.
	s.clickOn("3 accounts")
	s.keys("?")
	help := strings.Join(strings.Fields(s.waitFor("shift-drag selects text")), " ")
	if !strings.Contains(help, "shift-drag selects text, and M turns it off and on") {
		t.Fatalf("the help does not name M as the mouse's key:\n%s", help)
	}
	s.keys("Escape")
	s.waitFor("Incorporated on")
	s.keys("M")
	s.waitFor("Mouse on")
	if got := s.mouseModes(); got != "11" {
		t.Fatalf("after M the mouse modes are %q, want on (11)", got)
	}
	s.clickOn("3 accounts")
	s.waitFor("Reference date")
	s.keys("q")
	s.waitFor("coview exited with 0")
}
