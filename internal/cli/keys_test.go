package cli

import (
	"strings"
	"testing"
)

// Issue 11, item 19: the demo's key is built in, so nothing the demo does
// speaks of the keyring, whatever the machine has.
func TestTheDemoNeverSpeaksOfTheKeyring(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"--demo auth status",
		"auth --demo status --offline",
		"--demo --json 00006400",
		"--demo --plain --follow officers 00006400",
		"--demo auth logout",
		"--demo search marzipan",
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
	t.Parallel()
	r := run(t, "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n", nil, "--demo", "auth", "login")
	if r.code != exitUsage || !strings.Contains(r.stderr, "built in") || !strings.Contains(r.stderr, "nothing was stored") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// A COVIEW_API_KEY meant for the live registry does not break the demo.
func TestTheDemoUsesItsOwnKeyWhateverTheEnvironmentSays(t *testing.T) {
	t.Parallel()
	r := run(t, "", map[string]string{"COVIEW_API_KEY": "not-a-key"}, "--demo", "--json", "00006400")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

// Issue 11, item 17: the key screen says, before the key is typed, where
// it will be kept, and saving it then does what was said.
func TestTheKeyScreenIsToldWhereTheKeyWillBeKept(t *testing.T) {
	t.Parallel()
	live := &registry{host: "api.company-information.service.gov.uk"}
	noBus := func() bool { return false }
	bus := func() bool { return true }
	env := func(vars map[string]string) Env {
		return Env{Getenv: func(name string) string { return vars[name] }}
	}
	cases := []struct {
		name string
		k    keys
		want []string
	}{
		{"with no session bus, for this session only, and how to keep it", keys{reg: live, env: env(nil), bus: noBus},
			[]string{"for this session only: there is no keyring here (no session bus)", "COVIEW_API_KEY", "coview auth login --insecure-storage"}},
		{"with a session bus, in the keyring", keys{reg: live, env: env(nil), bus: bus}, []string{"in the system keyring"}},
		{"with COVIEW_API_KEY set, in the keyring, behind it", keys{reg: live, env: env(map[string]string{"COVIEW_API_KEY": "x"}), bus: bus},
			[]string{"in the system keyring", "COVIEW_API_KEY, which is set, comes first"}},
		{"on the demo, nowhere", keys{reg: &registry{demo: true}, env: env(nil), bus: bus}, []string{"for this session only", "built in"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.k.kept()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("kept() = %q, lacks %q", got, w)
				}
			}
		})
	}
}

// With no session bus, the key typed into the browser is used for the
// session, as the screen said, and the keyring is never asked.
func TestWithNoSessionBusTheBrowsersKeyIsUsedForTheSessionOnly(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	k := keys{
		reg: &registry{host: "api.company-information.service.gov.uk"},
		env: Env{Getenv: func(name string) string {
			if name == "HOME" {
				return home
			}
			return ""
		}},
		bus: func() bool { return false },
	}
	key, err := k.saveForBrowser("  5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n")
	if key != "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7" {
		t.Fatalf("the key to use is %q", key)
	}
	if err == nil || !strings.Contains(err.Error(), "for this session only") || strings.Contains(err.Error(), "keyring unavailable") {
		t.Fatalf("err = %v", err)
	}
	if _, err := k.saveForBrowser("not a key"); err == nil {
		t.Fatal("a malformed key was taken")
	}
}
