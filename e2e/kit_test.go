package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testmain"
	"coview/internal/testkit/testtime"
)

// binary is the real coview, built once for the tests that run it as a
// process, the way a user or a script does.
var binary string

func TestMain(m *testing.M) {
	testmain.Quiet()
	// These tests mostly wait: for the binary, the terminal and the quota
	// windows of registries of their own.
	testkit.Parallel(8)
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
	build := exec.Command("go", "build", "-ldflags=-s -w", "-o", binary, "coview")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building coview:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	builtHere = true
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// builtHere says the binary under test was built by TestMain, from the
// module as it is now.
var builtHere bool

// These tests run a binary built by another process, from packages their
// own test binary need not link, so go test's cache would hand back an
// earlier pass after any of those changed (it did, for a change in
// present). What a test reads while it runs is part of its cached
// result's key: this test reads every file the binary is built from, so
// that a change anywhere in the module runs them all again. It holds the
// binary built here to being newer than each of them.
func TestTheBinaryIsBuiltFromTheModuleAsItIs(t *testing.T) {
	info, err := os.Stat(binary)
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	err = filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != ".." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case d.IsDir() || !d.Type().IsRegular() || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		if _, err := os.ReadFile(path); err != nil {
			return err
		}
		read++
		if src, err := d.Info(); err == nil && builtHere && src.ModTime().After(info.ModTime()) {
			t.Errorf("%s changed after the binary under test was built", path)
		}
		return nil
	})
	if err != nil || read == 0 {
		t.Fatalf("read %d of the module's files: %v", read, err)
	}
}

// The exit codes the README documents; the tests hold the binary to them.
const (
	exitUsage    = 2
	exitAuth     = 3
	exitNotFound = 4
)

const (
	goodKey = "4c2a8f3e-1b7d-4e9a-8c61-2f0d9b7e5a13"
	badKey  = "9d1e7b2c-3f4a-4b8e-a1c6-7e5d0f2a9b48"
	// secondKey replaces goodKey in the keyring tests.
	secondKey = "7b3e9a1d-5c2f-4d8b-9e6a-1f0c8d2b4a57"
)

// testKeys are the keys tests hand to coview; none may ever be printed.
var testKeys = []string{goodKey, badKey, secondKey}

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
func cleanEnv(t testing.TB, extra ...string) []string {
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

// getenv is the value of name in env, the last if it is there twice, as
// a process sees it.
func getenv(env []string, name string) string {
	v := ""
	for _, e := range env {
		if k, val, _ := strings.Cut(e, "="); k == name {
			v = val
		}
	}
	return v
}

// command is coview with args, in env, ready to start; it is killed if
// the test ends with it still running.
func command(t testing.TB, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = env
	t.Cleanup(func() {
		if cmd.Process != nil && cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd
}

// startOnceAsked starts cmd and waits, until the test's deadline, for arrived: the
// server has the request cmd was to send. If it never comes the test
// fails, saying what did not happen, and cmd is killed.
func startOnceAsked(t *testing.T, cmd *exec.Cmd, arrived <-chan struct{}, what string) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-testtime.Bound(t):
		cmd.Process.Kill()
		t.Fatal(what + " never arrived")
	}
}

// signalAndWait sends cmd sig and waits, until the test's deadline, for it to end; if it
// does not, the test fails and cmd is killed.
func signalAndWait(t testing.TB, cmd *exec.Cmd, sig syscall.Signal) error {
	t.Helper()
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-testtime.Bound(t):
		cmd.Process.Kill()
		t.Fatalf("%v did not end coview", sig)
	}
	return nil
}

func runCoview(t testing.TB, env []string, stdin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), testtime.Deadline(t))
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

// noSecret fails the test if a key shows up anywhere the user can see.
func noSecret(t testing.TB, r result, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(r.stdout, s) || strings.Contains(r.stderr, s) {
			t.Fatalf("the key %s… appeared in the output:\nstdout: %s\nstderr: %s", s[:4], r.stdout, r.stderr)
		}
	}
}

// demoServer is the demo registry on loopback for one test, metered.
func demoServer(t *testing.T) *testkit.Server {
	t.Helper()
	return testkit.Demo(t, demo.Options{})
}

// told is a line of stderr and when it arrived.
type told struct {
	text string
	at   time.Time
}

// startStderr starts cmd with its stderr read a line at a time, each line
// stamped with when it came; the channel closes when stderr does.
func startStderr(t *testing.T, cmd *exec.Cmd) <-chan told {
	t.Helper()
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan told, 100)
	go func() {
		defer close(lines)
		s := bufio.NewScanner(pipe)
		for s.Scan() {
			lines <- told{s.Text(), time.Now()}
		}
	}()
	return lines
}

// served is a coview serve-demo running as a process of its own: where
// it says its three servers listen, and how it ended.
type served struct {
	registry, documents, storage string
	cmd                          *exec.Cmd
	drained                      chan struct{} // closed when its stderr is
}

// serveDemo runs coview with args (a serve-demo, its flags anywhere) and
// reads from its stderr where it listens. It is stopped, if still
// running, when the test ends.
func serveDemo(t *testing.T, args ...string) *served {
	t.Helper()
	cmd := command(t, cleanEnv(t), args...)
	lines := startStderr(t, cmd)
	s := &served{cmd: cmd, drained: make(chan struct{})}
	deadline := testtime.Bound(t)
	for s.registry == "" || s.documents == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("coview %v did not say where it listens", args)
			}
			if _, rest, ok := strings.Cut(l.text, "demo registry on "); ok {
				s.registry, _, _ = strings.Cut(rest, " ")
			}
			if _, rest, ok := strings.Cut(l.text, "its document API on "); ok {
				s.documents, s.storage, _ = strings.Cut(rest, ", and document storage on ")
			}
		case <-deadline:
			t.Fatalf("coview %v did not say where it listens by the test's deadline", args)
		}
	}
	go func() {
		defer close(s.drained)
		for range lines {
		}
	}()
	return s
}

// stop sends SIGTERM and waits, until the test's deadline, for the
// process to end, and returns how it ended.
func (s *served) stop(t *testing.T) error {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { <-s.drained; done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-testtime.Bound(t):
		s.cmd.Process.Kill()
		<-done
		t.Fatal("serve-demo did not stop on SIGTERM")
		return nil
	}
}

// demoBehindKey is the demo registry, metered, asking for key as the
// live one asks for its users' keys.
func demoBehindKey(t testing.TB, key string, opts demo.Options) *testkit.Server {
	t.Helper()
	h := demo.NewHandler(opts)
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if user, _, ok := r.BasicAuth(); !ok || user != key {
			w.Header().Set("Registry-Authentication-Error", "Invalid Authorization")
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		r.SetBasicAuth(demo.Key, "")
		h.ServeHTTP(w, r)
	}))
}
