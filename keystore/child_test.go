package keystore

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// go-keyring's provider is a process-wide variable that keyring.MockInit
// replaces and nothing can put back. Tests that need the real provider
// therefore run themselves again, alone, in a fresh process.

const childEnv = "COVIEW_KEYSTORE_TEST_CHILD"

// inChild reports whether this process is the child runInChild started for t.
func inChild(t *testing.T) bool { return os.Getenv(childEnv) == t.Name() }

// runInChild runs t alone in a new test process with extra environment
// (KEY=VALUE, overriding), fails t if the child fails, and skips t if the
// child skipped.
func runInChild(t *testing.T, env ...string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v", "-test.count=1", "-test.timeout=2m")
	cmd.Env = append(append(os.Environ(), childEnv+"="+t.Name()), env...)
	out, err := cmd.CombinedOutput()
	t.Logf("child process:\n%s", out)
	if err != nil {
		t.Fatalf("child process failed: %v", err)
	}
	if bytes.Contains(out, []byte("--- SKIP: "+t.Name())) {
		t.Skip("skipped in the child process (reason above)")
	}
}

// skipOrFail skips, unless COVIEW_REQUIRE_KEYRING=1 says the keyring must be
// there (CI), in which case a skip would hide a broken setup.
func skipOrFail(t *testing.T, reason string) {
	t.Helper()
	if os.Getenv("COVIEW_REQUIRE_KEYRING") == "1" {
		t.Fatal("COVIEW_REQUIRE_KEYRING=1 but " + reason)
	}
	t.Skip(reason)
}
