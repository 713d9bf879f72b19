package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line in the real binary: :company 6400 opens the company,
// and the line is kept for the next run (the same state directory), a
// key typed at the prompt by mistake is not.
func TestEndToEndTheCommandLineOpensACompanyAndItsHistorySurvivesARestart(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t)
	key := "0f2b3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f"
	first := startTmux(t, 100, 30, env, "--demo")
	first.waitFor("Company ›")
	first.keys(":")
	first.waitFor("enter run")
	first.keys("-l", key)
	first.keys("Enter")
	first.waitFor("No command")
	first.keys("C-u")
	first.keys("-l", "company 6400")
	first.keys("Enter")
	first.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD  00006400", "1 overview")
	first.keys("q")
	first.waitFor("coview exited with 0")

	data, err := os.ReadFile(filepath.Join(getenv(env, "XDG_STATE_HOME"), "coview", "commands"))
	if err != nil || string(data) != "company 6400\n" {
		t.Fatalf("the history file holds %q (%v), want the one line run", data, err)
	}

	second := startTmux(t, 100, 30, env, "--demo")
	second.waitFor("Company ›")
	second.keys(":")
	second.waitFor("enter run")
	second.keys("Up")
	second.waitFor(":company 6400")
	second.keys("Enter")
	s := second.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD  00006400", "1 overview")
	if strings.Contains(s, key) {
		t.Errorf("the key typed in the first run is on the screen:\n%s", s)
	}
	second.keys("q")
	second.waitFor("coview exited with 0")
}
