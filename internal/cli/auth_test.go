package cli

import (
	"strings"
	"testing"
)

// noBus is a machine without a session bus (an SSH session): the keyring
// cannot be reached, and is never asked.
func noBus(e *Env) { e.SessionBus = func() bool { return false } }

// Issue 20, item 25: what auth says and how it ends, where the keyring
// cannot be had.
func TestAuthWithoutAKeyringSaysWhatCanWorkAndEndsAsItWent(t *testing.T) {
	t.Parallel()
	const base = "http://127.0.0.1:9" // never asked: nothing here needs the registry
	insecure := "coview auth login --insecure-storage"
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		says  []string
		not   string
	}{
		{"status with no key names the only way to keep one", "", []string{"auth", "status", "--base-url", base}, exitAuth,
			[]string{"COVIEW_API_KEY", insecure, "no session bus"}, "'coview auth login' to keep one in the keyring"},
		{"a lookup with no key names it too", "", []string{"--json", "--base-url", base, "6400"}, exitAuth,
			[]string{"COVIEW_API_KEY", insecure}, "'coview auth login' to keep one in the keyring"},
		{"logout that could not look in the keyring and removed nothing fails", "", []string{"auth", "logout", "--base-url", base}, exitFailure,
			[]string{"could not check the keyring", "nothing was removed"}, ""},
		{"login says at once that there is no keyring, before the key is asked for or checked", "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n",
			[]string{"auth", "login", "--base-url", base}, exitFailure,
			[]string{"there is no keyring here (no session bus)", insecure, "COVIEW_API_KEY", "Nothing was asked for or stored."}, "check"},
		{"a malformed key to login is an authentication failure", "not a key at all\n", []string{"auth", "login", "--insecure-storage", "--base-url", base}, exitAuth,
			[]string{"nothing was stored"}, ""},
		{"a key that could not be checked says why, then that nothing was stored", "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n",
			[]string{"auth", "login", "--insecure-storage", "--base-url", "http://127.0.0.1:1"}, exitFailure,
			[]string{"is the base URL right and the registry up? Nothing was stored (use --offline to store it unchecked)"}, "?;"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runWith(t, tc.stdin, nil, noBus, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			for _, w := range tc.says {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q: %s", w, r.stderr)
				}
			}
			if tc.not != "" && strings.Contains(r.stderr, tc.not) {
				t.Errorf("stderr suggests what cannot work here (%q): %s", tc.not, r.stderr)
			}
		})
	}
}

// A key kept in the plain-text file is removed by logout, which then
// succeeds though the keyring could not be looked in.
func TestLogoutRemovesAFileKeyWithoutAKeyring(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home + "/config"}
	base := "http://127.0.0.1:9"
	r := runWith(t, "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7\n", env, noBus, "auth", "login", "--insecure-storage", "--offline", "--base-url", base)
	if r.code != 0 {
		t.Fatalf("login: exit %d: %s", r.code, r.stderr)
	}
	r = runWith(t, "", env, noBus, "auth", "logout", "--base-url", base)
	if r.code != 0 || !strings.Contains(r.stderr, "removed the key") {
		t.Fatalf("logout: exit %d: %s", r.code, r.stderr)
	}
}
