package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
)

// binary is the real coview, built once for the tests that run it as a
// process, the way a user or a script does.
var binary string

func TestMain(m *testing.M) {
	if b := os.Getenv("COVIEW_TEST_BINARY"); b != "" {
		// Test a binary built elsewhere (a release build, say).
		binary = b
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "coview-test-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "coview")
	// Without debug information, the build the size budget is stated for
	// (budget_test.go); it behaves exactly like the README's go build.
	build := exec.Command("go", "build", "-ldflags=-s -w", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building coview:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// The exit codes the README documents; the tests hold the binary to them.
const (
	exitUsage    = 2
	exitAuth     = 3
	exitNotFound = 4
)

type result struct {
	stdout, stderr string
	code           int
	took           time.Duration
}

// cleanEnv is a minimal environment with a private home and no session
// bus, so no test touches the real user's files or keyring by accident.
//
// When the test ends, every file coview left under that home is scanned
// for the test keys: only the plain-text key file the user asked for
// with --insecure-storage may hold one.
func cleanEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	home := t.TempDir()
	t.Cleanup(func() {
		filepath.WalkDir(home, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(path, filepath.Join("coview", "keys.json")) {
				return nil
			}
			data, _ := os.ReadFile(path)
			for _, k := range testKeys {
				if strings.Contains(string(data), k) {
					t.Errorf("%s holds a key", path)
				}
			}
			return nil
		})
	})
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(home, "run"),
		"TERM=dumb",
	}
	return append(env, extra...)
}

func runCoview(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running coview %v: %v", args, err)
	}
	noSecret(t, r, testKeys...) // whatever the test, no key is ever printed
	return r
}

// testKeys are the keys tests hand to coview; none may ever be printed.
var testKeys = []string{goodKey, badKey, secondKey}

// noSecret fails the test if a key shows up anywhere the user can see.
func noSecret(t *testing.T, r result, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(r.stdout, s) || strings.Contains(r.stderr, s) {
			t.Fatalf("the key %s… appeared in the output:\nstdout: %s\nstderr: %s", s[:4], r.stdout, r.stderr)
		}
	}
}

func demoServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	t.Cleanup(srv.Close)
	return srv
}

func TestDemoPlainPrintsAllFivePanes(t *testing.T) {
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

func TestFollowPrintsTheLinkedResource(t *testing.T) {
	r := runCoview(t, cleanEnv(t), "", "--follow", "officers", "00006400", "--json", "--demo")
	var list struct {
		Kind  string `json:"kind"`
		Items []any  `json:"items"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &list) != nil || list.Kind != "officer-list" || len(list.Items) == 0 {
		t.Fatalf("exit %d, stdout %.200s, stderr %s", r.code, r.stdout, r.stderr)
	}
	// A link name no profile has is a usage error (issue 11, item 21);
	// one the registry knows but this company lacks is "not found".
	r = runCoview(t, cleanEnv(t), "", "--demo", "--json", "--follow", "charges-and-more", "00006400")
	if r.code != exitUsage || !strings.Contains(r.stderr, "no such link") || !strings.Contains(r.stderr, "officers") {
		t.Fatalf("an unknown link: exit %d, %s", r.code, r.stderr)
	}
	r = runCoview(t, cleanEnv(t), "", "--demo", "--json", "--follow", "", "00006400")
	if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "filing_history, officers") {
		t.Fatalf("--follow '': exit %d, stdout %.100q, stderr %s", r.code, r.stdout, r.stderr)
	}
	r = runCoview(t, cleanEnv(t), "", "--demo", "--json", "--follow", "charges", "00006401")
	if r.code != exitNotFound || !strings.Contains(r.stderr, "has no") {
		t.Fatalf("a missing link: exit %d, %s", r.code, r.stderr)
	}
}

// --plain --follow prints the linked resource's rows, as the browser
// shows them, rather than its JSON.
func TestPlainFollowPrintsRows(t *testing.T) {
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

// Numbers piped in are read only with "-"; the message for a pipe
// without it says so (issue 11, item 22).
func TestPipedNumbersWithoutADashSayHowToReadThem(t *testing.T) {
	r := runCoview(t, cleanEnv(t), "6400\n", "--demo", "--json")
	if r.code != exitUsage || !strings.Contains(r.stderr, "no company number given") || !strings.Contains(r.stderr, "coview --json -") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestPipedOutputDefaultsToPlain(t *testing.T) {
	r := runCoview(t, cleanEnv(t), "", "--demo", "SC006405")
	if r.code != 0 || !strings.Contains(r.stdout, "Registered office address") || strings.Contains(r.stdout, "\x1b") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

func TestFlagsWorkAnywhereOnTheLine(t *testing.T) {
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
	url, stop := startServeDemo(t, "--latency", "1ms", "--limit", "50", "serve-demo", "--addr", "127.0.0.1:0")
	defer stop()
	r = runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", "--base-url", url, "--json", "00006400")
	if r.code != 0 || !strings.Contains(r.stdout, "00006400") {
		t.Errorf("a lookup on serve-demo started with --latency before it: exit %d: %s", r.code, r.stderr)
	}
}

// startServeDemo runs coview with args (a serve-demo) as a process and
// returns the URL it serves on, and how to stop it.
func startServeDemo(t *testing.T, args ...string) (string, func()) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = cleanEnv(t)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var url string
	for lines.Scan() {
		if _, rest, ok := strings.Cut(lines.Text(), "demo registry on "); ok {
			url, _, _ = strings.Cut(rest, " ")
			break
		}
	}
	go func() {
		for lines.Scan() {
		}
	}()
	if url == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("coview %v did not say where it listens", args)
	}
	return url, func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}
}

// fang gives shell completions and a man page; they must keep working
// through the argument handling in front of cobra.
func TestCompletionsAndManPage(t *testing.T) {
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
	cases := map[string][]string{
		"--help":                   {"USAGE", "Exit codes:", "COVIEW_API_KEY", "COVIEW_BASE_URL", "--json", "--plain", "--follow", "--base-url", "--demo"},
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
