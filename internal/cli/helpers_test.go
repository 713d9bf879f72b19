package cli

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/internal/testkit"
)

// ran is what one in-process run of coview printed and how it ended.
type ran struct {
	stdout, stderr string
	code           int
}

// run runs coview in-process, as main does, with stdin and an
// environment of its own: never the user's key, keyring or files.
func run(t *testing.T, stdin string, env map[string]string, args ...string) ran {
	t.Helper()
	return runWith(t, stdin, env, nil, args...)
}

// testEnv is env as a command reads it, with a home of its own for the
// test: HOME and the XDG configuration and state directories under it.
func testEnv(t *testing.T, env map[string]string) func(string) string {
	home := t.TempDir()
	return func(name string) string {
		if v, ok := env[name]; ok {
			return v
		}
		switch name {
		case "HOME":
			return home
		case "XDG_CONFIG_HOME", "XDG_STATE_HOME":
			return home + "/" + strings.ToLower(name)
		}
		return ""
	}
}

// runWith is run with the Env changed by change first (nil: as it is).
func runWith(t *testing.T, stdin string, env map[string]string, change func(*Env), args ...string) ran {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := testEnv(t, env)
	e := Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: getenv}
	if change != nil {
		change(&e)
	}
	code := Main(context.Background(), args, e)
	return ran{stdout: out.String(), stderr: errb.String(), code: code}
}

// demoRegistry serves the demo registry over loopback for one test.
func demoRegistry(t *testing.T) *testkit.Server {
	t.Helper()
	return testkit.Demo(t, demo.Options{})
}

// demoEnv points coview at a registry with the demo key, as a user of
// serve-demo would: one of testkit's, or a test's own httptest server.
func demoEnv[S *testkit.Server | *httptest.Server](srv S) map[string]string {
	url := ""
	switch s := any(srv).(type) {
	case *testkit.Server:
		url = s.URL
	case *httptest.Server:
		url = s.URL
	}
	return map[string]string{"COVIEW_BASE_URL": url, "COVIEW_API_KEY": demo.Key}
}
