package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit/testmain"
	"coview/internal/testkit/testtime"
)

// asCoview is set in the environment of a copy of the test binary that is
// to run as coview itself (see TestMain): watch checks are tested as the
// separate processes that a cron job and a browser are.
const asCoview = "COVIEW_TEST_RUN_AS_COVIEW"

func TestMain(m *testing.M) {
	if os.Getenv(asCoview) == "1" {
		ctx, stop := NotifySignals(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		code := Main(ctx, os.Args[1:], Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
		stop()
		os.Exit(code)
	}
	testmain.Run(m)
}

// coviewProcess starts coview as a process of its own, in the world's
// environment and nothing of the user's.
func (w *watchWorld) coviewProcess(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append([]string{asCoview + "=1", "HOME=" + w.data, "PATH=" + os.Getenv("PATH")}, testmain.Env()...)
	for k, v := range w.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, &out, &errb
}

// livingAndQuiet are the companies of the process tests: the five that
// change with the clock, and some that never change.
func livingAndQuiet(quiet int) string {
	numbers := append([]string{"00006400"}, demo.LivingNumbers()...)
	for i := range quiet {
		numbers = append(numbers, fmt.Sprintf("%08d", 7100+i))
	}
	return strings.Join(numbers, "\n")
}

// settledWorld is a world whose list (the living companies and quiet
// ones) was checked once, after which its clock moved on 20 minutes;
// and what one check alone would now report, sorted.
func settledWorld(t *testing.T, latency time.Duration, quiet int) (*watchWorld, []string) {
	t.Helper()
	start := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	w := newWatchWorld(t, start, demo.Options{Latency: latency})
	if r := w.run(t, livingAndQuiet(quiet), "watch", "add", "-"); r.code != 0 {
		t.Fatalf("watch add: %d %q", r.code, r.stderr)
	}
	w.run(t, "", "watch", "check")
	w.clock.set(start.Add(20 * time.Minute))
	return w, w.expectedChanges(t)
}

// expectedChanges is what one check alone reports after the world's
// clock moved: the same check, run in-process on a copy of the list.
func (w *watchWorld) expectedChanges(t *testing.T) []string {
	t.Helper()
	copyDir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(w.data, "coview", "watch.db*"))
	os.MkdirAll(filepath.Join(copyDir, "coview"), 0o700)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(copyDir, "coview", filepath.Base(f)), b, 0o600)
	}
	env := map[string]string{}
	for k, v := range w.env {
		env[k] = v
	}
	env["XDG_DATA_HOME"] = copyDir
	r := run(t, "", env, "watch", "check")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("the reference check: exit %d, %q", r.code, r.stderr)
	}
	want := lines(r.stdout)
	if len(want) < 10 {
		t.Fatalf("the reference check found only %d changes: %q", len(want), r.stdout)
	}
	slices.Sort(want)
	return want
}

// Two watch checks at once, as two processes: every change is printed by
// one of them, once, and recorded once; neither says anything on stderr
// (no "database is locked").
func TestTwoChecksAtOnceReportEachChangeOnceBetweenThem(t *testing.T) {
	t.Parallel()
	w, want := settledWorld(t, 30*time.Millisecond, 60)

	a, outA, errA := w.coviewProcess(t, "watch", "check")
	b, outB, errB := w.coviewProcess(t, "watch", "check")
	errs := []error{a.Wait(), b.Wait()}
	for i, err := range errs {
		if err != nil {
			t.Errorf("check %d: %v; stderr %q", i+1, err, []string{errA.String(), errB.String()}[i])
		}
	}
	if errA.Len() > 0 || errB.Len() > 0 {
		t.Errorf("the checks said on stderr: %q and %q", errA, errB)
	}
	got := append(lines(outA.String()), lines(outB.String())...)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("between them the two checks printed\n%s\nwant each of these once\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(lines(outA.String())) == 0 || len(lines(outB.String())) == 0 {
		t.Logf("one check found all the changes (it was faster): %d and %d lines", len(lines(outA.String())), len(lines(outB.String())))
	}
	log := lines(w.run(t, "", "watch", "changes").stdout)
	slices.Sort(log)
	if !slices.Equal(log, want) {
		t.Fatalf("the log holds\n%s\nwant each change once", strings.Join(log, "\n"))
	}
}

// A check killed with SIGKILL halfway loses nothing and records nothing
// twice: what it recorded stays, the next check records the rest, and
// the next check says nothing on stderr.
func TestACheckKilledHalfwayLosesNothingAndRecordsNothingTwice(t *testing.T) {
	t.Parallel()
	w, want := settledWorld(t, 25*time.Millisecond, 40)

	// Kill it when it has sent a third of the requests a check needs.
	halfway := make(chan struct{})
	from := w.hits.Load()
	w.onHit(func(n int64) {
		if n == from+18 {
			close(halfway)
		}
	})
	killed, out, _ := w.coviewProcess(t, "watch", "check")
	select {
	case <-halfway:
	case <-testtime.Bound(t):
		t.Fatal("the check never got halfway")
	}
	killed.Process.Signal(syscall.SIGKILL)
	killed.Wait()
	w.onHit(nil)
	printed := lines(out.String())

	r := w.run(t, "", "watch", "check")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("the check after the killed one: exit %d, stderr %q", r.code, r.stderr)
	}
	// What the two printed is among the changes, none more often than it
	// happened (two filings can read alike), and the log has them all.
	left := map[string]int{}
	for _, l := range want {
		left[l]++
	}
	for _, l := range append(slices.Clone(printed), lines(r.stdout)...) {
		if left[l]--; left[l] < 0 {
			t.Errorf("printed %q more often than it happened", l)
		}
	}
	log := lines(w.run(t, "", "watch", "changes").stdout)
	slices.Sort(log)
	if !slices.Equal(log, want) {
		t.Fatalf("after the kill the log holds\n%s\nwant each change once\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if len(printed) == 0 && len(lines(r.stdout)) == len(want) {
		t.Logf("the killed check had printed nothing yet")
	}
}
