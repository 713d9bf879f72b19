package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"coview/api/demo"
)

func TestDemoPlainPrintsAllFivePanes(t *testing.T) {
	t.Parallel()
	r := runCoview(t, cleanEnv(t), "", "--demo", "--plain", "00006400")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"Overview", "Registered office address", "Accounts", "Confirmation statement", "Links",
		"00006400", "Active", "Private limited company", "Officers", "/company/00006400/officers"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("plain output lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "\x1b") || strings.Contains(r.stdout, "<nil>") || strings.Contains(r.stdout, "0001-01-01") {
		t.Fatalf("plain output has escapes or zero values:\n%q", r.stdout)
	}
}

func TestEveryDemoCompanyPrintsInPlainAndJSON(t *testing.T) {
	t.Parallel()
	args := append([]string{"--demo", "--json"}, demo.Numbers()...)
	r := runCoview(t, cleanEnv(t), "", args...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != len(demo.Numbers()) {
		t.Fatalf("%d lines of JSON for %d numbers", len(lines), len(demo.Numbers()))
	}
	for i, line := range lines {
		var p struct {
			CompanyNumber string `json:"company_number"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatalf("line %d is not JSON: %v", i, err)
		}
		if p.CompanyNumber != demo.Numbers()[i] {
			t.Fatalf("line %d is %s, want %s: output order must match input order", i, p.CompanyNumber, demo.Numbers()[i])
		}
	}
	args[1] = "--plain"
	r = runCoview(t, cleanEnv(t), "", args...)
	if r.code != 0 || strings.Count(r.stdout, "Registered office address") != len(demo.Numbers()) {
		t.Fatalf("exit %d, plain output:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestJSONIsExactlyWhatTheRegistrySent(t *testing.T) {
	t.Parallel()
	srv := demoServer(t)
	req, _ := http.NewRequest("GET", srv.URL+"/company/00006403", nil)
	req.SetBasicAuth(demo.Key, "")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", "--json", "--base-url", srv.URL, "6403")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if got := strings.TrimSuffix(r.stdout, "\n"); got != strings.TrimSuffix(string(want), "\n") {
		t.Fatalf("--json changed the body:\n got %q\nwant %q", got, want)
	}
	noSecret(t, r, demo.Key)
}

// --plain --follow prints the linked resource's rows, as the browser
// shows them, rather than its JSON.
func TestPlainFollowPrintsRows(t *testing.T) {
	t.Parallel()
	r := runCoview(t, cleanEnv(t), "", "--demo", "--plain", "--follow", "officers", "00006400")
	if r.code != 0 || strings.Contains(r.stdout, "{") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, w := range []string{"8 officers: 5 active, 3 resigned", "Name", "Role", "Appointed", "ABERNATHY-QUAYLE, Rosalind Jane", "Director"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
}

func TestStdinTakesNumbersInAnyPastedForm(t *testing.T) {
	t.Parallel()
	in := "Company No. 00006400\r\nsc 6405, oc6404\n\nnot a number here\n"
	r := runCoview(t, cleanEnv(t), in, "--demo", "--json", "-")
	// The line with no number is tried too, and fails: exit 2 (issue 20, item 2).
	if r.code != 2 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var p struct {
			N string `json:"company_number"`
		}
		json.Unmarshal([]byte(line), &p)
		got = append(got, p.N)
	}
	if strings.Join(got, " ") != "00006400 SC006405 OC006404" {
		t.Fatalf("numbers = %v", got)
	}
	if !strings.Contains(r.stderr, `ignoring "not a number here"`) {
		t.Fatalf("the junk line was not reported: %s", r.stderr)
	}
}

func TestPipedOutputDefaultsToPlain(t *testing.T) {
	t.Parallel()
	r := runCoview(t, cleanEnv(t), "", "--demo", "SC006405")
	if r.code != 0 || !strings.Contains(r.stdout, "Registered office address") || strings.Contains(r.stdout, "\x1b") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

func TestFlagsWorkAnywhereOnTheLine(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"00006400", "--plain", "--demo"},
		{"--demo", "00006400", "--plain"},
		{"--plain", "--timeout", "5s", "00006400", "--demo"},
		{"--timeout=5s", "--demo", "--plain", "--", "00006400"},
	} {
		r := runCoview(t, cleanEnv(t), "", args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Overview") {
			t.Errorf("coview %v: exit %d, %s", args, r.code, r.stderr)
		}
	}
}

// A sub-command's own flags may come before it, and flags after the
// numbers; cobra alone gets these wrong (issue 10).
func TestFlagsMayComeBeforeTheirSubCommand(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"--demo auth status",
		"--offline auth status --demo",
		"auth --demo status",
		"--demo auth --offline status",
	} {
		r := runCoview(t, cleanEnv(t), "", strings.Fields(line)...)
		if r.code != 0 || !strings.Contains(r.stdout, "built into the demo registry") {
			t.Errorf("coview %s: exit %d\n%s%s", line, r.code, r.stdout, r.stderr)
		}
	}
	r := runCoview(t, cleanEnv(t), "6400\n", "--json", "-", "--demo")
	if r.code != 0 || !strings.Contains(r.stdout, `"company_number": "00006400"`) {
		t.Errorf("coview --json - --demo: exit %d: %s", r.code, r.stderr)
	}
	served := serveDemo(t, "--latency", "1ms", "--limit", "50", "serve-demo", "--addr", "127.0.0.1:0")
	defer served.stop(t)
	r = runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", "--base-url", served.registry, "--json", "00006400")
	if r.code != 0 || !strings.Contains(r.stdout, "00006400") {
		t.Errorf("a lookup on serve-demo started with --latency before it: exit %d: %s", r.code, r.stderr)
	}
}

// fang gives shell completions and a man page; they must keep working
// through the argument handling in front of cobra.
func TestCompletionsAndManPage(t *testing.T) {
	t.Parallel()
	cases := []struct{ line, want string }{
		{"completion bash", "bash completion"},
		{"completion zsh", "#compdef coview"},
		{"completion fish", "complete -c coview"},
		{"man", ".TH COVIEW 1"},
		{"__complete --fol", "--follow"},
		{"__complete auth s", "status"},
		{"__complete sea", "search"},
		{"__complete --follow ", "officers"},
	}
	for _, tc := range cases {
		args := strings.Fields(tc.line)
		if strings.HasSuffix(tc.line, " ") {
			args = append(args, "")
		}
		r := runCoview(t, cleanEnv(t), "", args...)
		if r.code != 0 || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("coview %s: exit %d, stdout lacks %q:\n%.300s\n%s", tc.line, r.code, tc.want, r.stdout, r.stderr)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"--help":                   {"USAGE", "coview help environment", "coview help exit-codes", "--json", "--plain", "--follow", "--base-url", "--demo"},
		"help environment":         {"COVIEW_API_KEY", "COVIEW_BASE_URL", "COVIEW_DEMO_NOW", "XDG_DATA_HOME"},
		"help exit-codes":          {"Exit codes:", "143: terminated"},
		"auth --help":              {"coview auth login", "--insecure-storage", "--offline", "keyring"},
		"serve-demo --help":        {"--addr", "00006400"},
		"help auth":                {"coview auth login"},
		"auth login --help":        {"--insecure-storage"},
		"--version":                {"coview "},
		"--demo --help --plain":    {"USAGE"},
		"help":                     {"USAGE", "auth", "serve-demo", "search"},
		"search --help":            {"QUERY", "--companies", "--officers", "--all", "--json", "--plain", "--demo", "Exit codes"},
		"auth login --help --demo": {"--insecure-storage"},
	}
	for line, wants := range cases {
		r := runCoview(t, cleanEnv(t), "", strings.Fields(line)...)
		if r.code != 0 {
			t.Errorf("coview %s: exit %d: %s", line, r.code, r.stderr)
		}
		for _, w := range wants {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("coview %s: stdout lacks %q:\n%s", line, w, r.stdout)
			}
		}
	}
}
