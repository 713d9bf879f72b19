package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// The register on this machine, in the real binary (issue 34): the demo's
// file indexed, then searched, screened and browsed with --offline, with
// no key and nothing asked of any registry (no demo registry is even
// started: the environment names none, and no key is given).
func TestEndToEndTheDemosIndexAnswersOffline(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t, "XDG_DATA_HOME="+filepath.Join(t.TempDir(), "data"))
	if r := runCoview(t, env, "", "--demo", "index", "update"); r.code != 0 {
		t.Fatalf("index update: %d %s", r.code, r.stderr)
	}
	r := runCoview(t, env, "", "--demo", "--offline", "search", "--sic", "62020", "--status", "active", "--count")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "167" || !strings.Contains(r.stderr, "on this machine, with no request") {
		t.Errorf("a count: %d %q %s", r.code, r.stdout, r.stderr)
	}
	r = runCoview(t, env, "6400\nGrumble and Sons Plumbing Limited\n00006402\n", "--demo", "--offline", "screen", "--csv", "-")
	if r.code != 0 || strings.Count(r.stdout, ",ok,") != 2 || !strings.Contains(r.stdout, ",not_found,") {
		t.Errorf("a screening: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runCoview(t, env, "", "--offline", "search", "marzipan"); r.code != 8 || !strings.Contains(r.stderr, "coview index update makes one") {
		t.Errorf("the live register's index is not the demo's: %d %s", r.code, r.stderr)
	}

	s := startTmux(t, 100, 30, env, "--demo", "--offline")
	s.waitFor("Company ›")
	s.keys("-l", "gooseberry")
	s.waitFor("on this machine: ↑/↓ pick, Enter opens", "GOOSEBERRY FOOL DAIRIES LIMITED")
	s.keys("Down", "Enter")
	s.waitFor("GOOSEBERRY FOOL DAIRIES LIMITED  00006412", "Offline: from the register of", "what its file holds", "offline")
	s.keys("5")
	s.waitFor("None in the register's file")
	s.keys("C-c")
	s.waitFor("coview exited with 0")
}
