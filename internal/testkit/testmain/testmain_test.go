package testmain

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestMain(m *testing.M) { Run(m) }

// Under -race the tests run in the process started again with the
// detector's exit sleep set to nothing, and Env hands the setting on to
// processes a test starts.
func TestTheTestsRunWithoutTheRaceDetectorsSleepAtExit(t *testing.T) {
	t.Parallel()
	gorace, set := os.LookupEnv("GORACE")
	if raceEnabled && !strings.Contains(gorace, "atexit_sleep_ms=0") {
		t.Fatalf("GORACE is %q: the process was not started again without the sleep", gorace)
	}
	want := []string(nil)
	if set {
		want = []string{"GORACE=" + gorace}
	}
	if got := Env(); !slices.Equal(got, want) {
		t.Errorf("Env() = %q, want %q", got, want)
	}
}

// A GORACE the user set keeps its settings, with the sleep's added under
// -race; one that sets the sleep itself, or any without -race, is left
// as it is.
func TestAUsersGORACEIsKept(t *testing.T) {
	t.Parallel()
	for given, want := range map[string]string{
		"halt_on_error=1":    "halt_on_error=1 atexit_sleep_ms=0",
		"atexit_sleep_ms=50": "atexit_sleep_ms=50",
	} {
		if !raceEnabled {
			want = given
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestPrintGORACE$", "-test.count=1")
		cmd.Env = append(os.Environ(), "GORACE="+given, "TESTMAIN_PRINT=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("GORACE=%s: %v", given, err)
		}
		if got, _, _ := strings.Cut(string(out), "\n"); got != want {
			t.Errorf("GORACE=%s: the tests ran with GORACE=%q, want %q", given, got, want)
		}
	}
}

// TestPrintGORACE prints GORACE, for TestAUsersGORACEIsKept's process.
func TestPrintGORACE(t *testing.T) {
	if os.Getenv("TESTMAIN_PRINT") == "1" {
		os.Stdout.WriteString(os.Getenv("GORACE") + "\n")
	}
}
