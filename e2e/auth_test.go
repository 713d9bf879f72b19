package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/keystore"
)

// keyCheckingRegistry accepts the keys in accepted and rejects any other,
// the way the registry answers auth login's check.
func keyCheckingRegistry(t *testing.T, accepted ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, _, _ := r.BasicAuth()
		for _, k := range accepted {
			if user == k {
				w.WriteHeader(404) // the check asks for a company that need not exist
				fmt.Fprint(w, `{"errors":[{"error":"company-profile-not-found"}]}`)
				return
			}
		}
		w.Header().Set("Registry-Authentication-Error", "Invalid Authorization")
		w.WriteHeader(401)
		fmt.Fprint(w, `{"error":"Invalid Authorization","type":"registry:service"}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestAuthLoginWithInsecureStorageWritesAPrivateFileAndSaysSo(t *testing.T) {
	t.Parallel()
	srv := keyCheckingRegistry(t, goodKey)
	env := cleanEnv(t)
	config := strings.TrimPrefix(env[2], "XDG_CONFIG_HOME=")

	r := runCoview(t, env, "  "+goodKey+"\r\n", "auth", "login", "--insecure-storage", "--base-url", srv.URL)
	if r.code != 0 || !strings.Contains(r.stderr, "accepted the key") || !strings.Contains(r.stderr, "plain text") {
		t.Fatalf("login: exit %d: %s", r.code, r.stderr)
	}
	info, err := os.Stat(filepath.Join(config, "coview", keystore.FileName))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v", err, info)
	}

	r = runCoview(t, env, "", "auth", "status", "--base-url", srv.URL)
	if r.code != 0 || !strings.Contains(r.stdout, "source:    file") || !strings.Contains(r.stdout, "accepted:  yes") ||
		!strings.Contains(r.stdout, keystore.Mask(goodKey)) {
		t.Fatalf("status: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if strings.Count(r.stderr, "plain text") != 1 {
		t.Fatalf("a use of the plain-text key should say so exactly once:\n%s", r.stderr)
	}
	// A key found in the file needs no word about the keyring that was not
	// asked (there is no session bus here): issue 11, item 19.
	if strings.Contains(r.stderr, "keyring") {
		t.Fatalf("status with the file key speaks of the keyring:\n%s", r.stderr)
	}

	// Lookups use it, and say so.
	r = runCoview(t, env, "", "--json", "--base-url", srv.URL, "200")
	if r.code != 4 || !strings.Contains(r.stderr, "plain text") {
		t.Fatalf("lookup with the file key: exit %d: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "keyring") {
		t.Fatalf("a lookup with the file key speaks of the keyring:\n%s", r.stderr)
	}

	r = runCoview(t, env, "", "auth", "logout", "--base-url", srv.URL)
	if r.code != 0 || !strings.Contains(r.stderr, "removed the key") {
		t.Fatalf("logout: exit %d: %s", r.code, r.stderr)
	}
	r = runCoview(t, env, "", "auth", "status", "--offline", "--base-url", srv.URL)
	if r.code != 3 || !strings.Contains(r.stdout, "key:       none") {
		t.Fatalf("status after logout: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	noSecret(t, r, goodKey)
}

func TestAuthLoginRefusesBadKeysAndStoresNothing(t *testing.T) {
	t.Parallel()
	srv := keyCheckingRegistry(t, goodKey)
	env := cleanEnv(t)
	cases := []struct {
		name, stdin string
		args        []string
		code        int
		msg         string
	}{
		{"a key the registry rejects", badKey + "\n", []string{"--insecure-storage"}, 3, "did not accept the key"},
		{"a key that is not UUID-shaped", "hunter2\n", []string{"--insecure-storage"}, 3, "nothing was stored"}, // issue 20, item 25: an authentication failure
		{"nothing on stdin", "", []string{"--insecure-storage"}, 2, "no key on stdin"},
		{"a key given as an argument", "", []string{goodKey}, 2, "shell history"},
		{"no keyring on this machine", goodKey + "\n", nil, 1, "--insecure-storage"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"auth", "login", "--base-url", srv.URL}, tc.args...)
			r := runCoview(t, env, tc.stdin, args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) {
				t.Fatalf("exit %d, want %d with %q: %s", r.code, tc.code, tc.msg, r.stderr)
			}
			noSecret(t, r, goodKey, badKey)
		})
	}
	if _, err := os.Stat(filepath.Join(strings.TrimPrefix(env[2], "XDG_CONFIG_HOME="), "coview")); !os.IsNotExist(err) {
		t.Fatalf("a refused login wrote to the config directory: %v", err)
	}
}

// Where there is no keyring (no session bus, as over SSH) auth login
// says so at once, with what works instead, and asks the registry
// nothing: it checked the key first, said the registry accepted it, and
// only then failed to keep it.
func TestAuthLoginWithNoKeyringSaysSoBeforeCheckingTheKey(t *testing.T) {
	t.Parallel()
	asked := make(chan string, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- r.URL.Path
		w.WriteHeader(404)
	}))
	t.Cleanup(srv.Close)
	r := runCoview(t, cleanEnv(t), goodKey+"\n", "auth", "login", "--base-url", srv.URL)
	if r.code != 1 || !strings.Contains(r.stderr, "there is no keyring here (no session bus)") ||
		!strings.Contains(r.stderr, "coview auth login --insecure-storage") || strings.Contains(r.stderr, "accepted") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if len(asked) > 0 {
		t.Fatalf("the registry was asked %s before the keyring was found missing", <-asked)
	}
}

// TestAuthWithARealKeyring stores, reads, replaces and deletes a key in a
// real Secret Service through the real binary. CI runs it inside
// .ci/keyring-session.sh, which sets COVIEW_REQUIRE_KEYRING=1 so that a
// missing keyring fails instead of skipping.
func TestAuthWithARealKeyring(t *testing.T) {
	t.Parallel()
	if !keystore.SessionBusAvailable() {
		if os.Getenv("COVIEW_REQUIRE_KEYRING") == "1" {
			t.Fatal("COVIEW_REQUIRE_KEYRING=1 but there is no session bus")
		}
		t.Skip("no session bus: run under bash .ci/keyring-session.sh to use a real keyring")
	}
	srv := keyCheckingRegistry(t, goodKey, secondKey)
	var pass []string
	for _, v := range []string{"DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		if val, ok := os.LookupEnv(v); ok {
			pass = append(pass, v+"="+val)
		}
	}
	env := cleanEnv(t)
	env = append(env[:len(env):len(env)], pass...) // the real bus and keyring, a private home
	base := []string{"--base-url", srv.URL}
	step := func(stdin string, code int, args ...string) result {
		t.Helper()
		r := runCoview(t, env, stdin, append(args, base...)...)
		if r.code != code {
			t.Fatalf("coview %v: exit %d, want %d\n%s\n%s", args, r.code, code, r.stdout, r.stderr)
		}
		noSecret(t, r, goodKey, secondKey)
		return r
	}
	t.Cleanup(func() { runCoview(t, env, "", append([]string{"auth", "logout"}, base...)...) })

	r := step(goodKey+"\n", 0, "auth", "login")
	if !strings.Contains(r.stderr, "in the keyring") {
		t.Fatalf("login did not use the keyring: %s", r.stderr)
	}
	r = step("", 0, "auth", "status")
	if !strings.Contains(r.stdout, "source:    keyring") || !strings.Contains(r.stdout, keystore.Mask(goodKey)) {
		t.Fatalf("status after login:\n%s", r.stdout)
	}
	step(secondKey+"\n", 0, "auth", "login")
	r = step("", 0, "auth", "status")
	if !strings.Contains(r.stdout, keystore.Mask(secondKey)) {
		t.Fatalf("status after replacing the key:\n%s", r.stdout)
	}
	// The environment still wins over the keyring.
	envRun := runCoview(t, append(env[:len(env):len(env)], "COVIEW_API_KEY="+goodKey), "", append([]string{"auth", "status"}, base...)...)
	if !strings.Contains(envRun.stdout, "environment") {
		t.Fatalf("COVIEW_API_KEY did not take precedence:\n%s", envRun.stdout)
	}
	r = step("", 0, "auth", "logout")
	if !strings.Contains(r.stderr, "from the keyring") {
		t.Fatalf("logout: %s", r.stderr)
	}
	step("", 3, "auth", "status", "--offline")
}

func TestServeDemoAnswersLikeTheRegistryAndStopsOnSIGTERM(t *testing.T) {
	t.Parallel()
	served := serveDemo(t, "serve-demo", "--addr", "127.0.0.1:0")
	url := served.registry
	get := func(key string) *http.Response {
		req, _ := http.NewRequest("GET", url+"/company/00006400", nil)
		if key != "" {
			req.SetBasicAuth(key, "")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get(demo.Key); resp.StatusCode != 200 {
		t.Fatalf("with the demo key: %d", resp.StatusCode)
	}
	if resp := get(""); resp.StatusCode != 401 || resp.Header.Get("Registry-Authentication-Error") != "Empty Authorization header" {
		t.Fatalf("without a key: %d %v", resp.StatusCode, resp.Header)
	}
	if err := served.stop(t); err != nil {
		t.Fatalf("serve-demo after SIGTERM: %v", err)
	}
}
