package cli

import (
	"strings"
	"testing"
)

// Issue 11, item 19: the demo's key is built in, so nothing the demo does
// speaks of the keyring, whatever the machine has.
func TestTheDemoNeverSpeaksOfTheKeyring(t *testing.T) {
	for _, line := range []string{
		"--demo auth status",
		"auth --demo status --offline",
		"--demo --json 00006400",
		"--demo --plain --follow officers 00006400",
		"--demo auth logout",
	} {
		r := run(t, "", nil, strings.Fields(line)...)
		if r.code != 0 {
			t.Errorf("coview %s: exit %d: %s", line, r.code, r.stderr)
		}
		if strings.Contains(strings.ToLower(r.stderr), "keyring") {
			t.Errorf("coview %s speaks of the keyring:\n%s", line, r.stderr)
		}
	}
	r := run(t, "", nil, "--demo", "auth", "status")
	if !strings.Contains(r.stdout, "source:    built into the demo registry") || !strings.Contains(r.stdout, "accepted:  yes") {
		t.Errorf("auth status on the demo:\n%s", r.stdout)
	}
}

func TestLoginOnTheDemoStoresNothing(t *testing.T) {
	r := run(t, "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n", nil, "--demo", "auth", "login")
	if r.code != exitUsage || !strings.Contains(r.stderr, "built in") || !strings.Contains(r.stderr, "nothing was stored") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// A COVIEW_API_KEY meant for the live registry does not break the demo.
func TestTheDemoUsesItsOwnKeyWhateverTheEnvironmentSays(t *testing.T) {
	r := run(t, "", map[string]string{"COVIEW_API_KEY": "not-a-key"}, "--demo", "--json", "00006400")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}
