package e2e

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit/testtime"
)

// waitLine is a wait for the quota as a one-shot command says it on
// stderr (issue 11, items 6 and 8): what is held back, why, how long and
// until when.
var waitLine = regexp.MustCompile(`^coview: (company \d{8}): (rate limit reached(?: \(429\))?); next request in ([0-9hms]+) \(at (\d\d:\d\d:\d\d)\)$`)

// clockTime is the time of day in a wait line, on the day of near (UTC).
func clockTime(t *testing.T, hms string, near time.Time) time.Time {
	t.Helper()
	c, err := time.Parse("15:04:05", hms)
	if err != nil {
		t.Fatal(err)
	}
	near = near.UTC()
	at := time.Date(near.Year(), near.Month(), near.Day(), c.Hour(), c.Minute(), c.Second(), 0, time.UTC)
	if at.Sub(near) < -12*time.Hour {
		at = at.Add(24 * time.Hour) // past midnight
	}
	return at
}

// Three lookups on a quota of two: the third waits for the window to
// reset, says so on stderr once, with the time it will go out, and then
// succeeds. The time is true: the wait ends when the line says, and the
// lookups finish after it.
func TestAOneShotWaitForTheQuotaIsOneLineWithATrueTime(t *testing.T) {
	const window = 3 * time.Second
	srv, m := meteredDemo(t, demo.Options{Limit: 2, Window: window})
	ctx, cancel := context.WithDeadline(context.Background(), testtime.Deadline(t))
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "--json", "--base-url", srv.URL, "00006400", "00006401", "00006402")
	cmd.Env = cleanEnv(t, "COVIEW_API_KEY="+demo.Key, "TZ=UTC")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	start := time.Now()
	lines := startStderr(t, cmd)
	var said []told
	var stderr []string
	for l := range lines {
		said, stderr = append(said, l), append(stderr, l.text)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v; stderr: %q", err, stderr)
	}
	end := time.Now()
	checkJSONLines(t, stdout.String(), []string{"00006400", "00006401", "00006402"})
	if len(said) != 1 {
		t.Fatalf("want one line on stderr, got %d: %q", len(said), stderr)
	}
	parts := waitLine.FindStringSubmatch(said[0].text)
	if parts == nil {
		t.Fatalf("not a wait line: %q", said[0].text)
	}
	in, err := time.ParseDuration(parts[3])
	if err != nil {
		t.Fatal(err)
	}
	at := clockTime(t, parts[4], said[0].at)
	t.Logf("%q told %s after the start; the lookups ended %s after it", said[0].text, said[0].at.Sub(start).Round(time.Millisecond), end.Sub(start).Round(time.Millisecond))
	if d := at.Sub(said[0].at.Add(in)); d < -2*time.Second || d > 2*time.Second {
		t.Errorf("the line says next request in %s, at %s, but it was told at %s", in, parts[4], said[0].at.UTC().Format("15:04:05.000"))
	}
	// The registry sends its reset in whole seconds, so it is at most a
	// second past the window's end; the client waits 100 ms more, and the
	// line counts a part second as a second (api's Wait.Message). A wait
	// told at the start can then say no more than this:
	longest := (window + time.Second + 100*time.Millisecond + time.Second - 1).Truncate(time.Second)
	if in > longest || at.After(start.Add(window+2*time.Second)) {
		t.Errorf("a wait of %s (until %s) for a window of %s: want at most %s", in, parts[4], window, longest)
	}
	// And what it says is what happened: the last lookup came once the
	// wait said, not a second or more before it, nor long after.
	if next := said[0].at.Add(in); end.Before(next.Add(-time.Second)) || end.After(next.Add(2*time.Second)) {
		t.Errorf("the line said the next request would go in %s, at %s; the lookups ended at %s",
			in, next.UTC().Format("15:04:05.000"), end.UTC().Format("15:04:05.000"))
	}
	if end.Before(at) {
		t.Errorf("the lookups ended at %s, before the announced %s", end.UTC().Format("15:04:05.000"), parts[4])
	}
	if end.Sub(at) > 5*time.Second {
		t.Errorf("the lookups ended at %s, long after the announced %s", end.UTC().Format("15:04:05.000"), parts[4])
	}
	if c := m.Counts(); c.Requests-c.TooMany != 3 || c.TooMany > 1 {
		t.Errorf("%d requests, %d answered 429, for three lookups", c.Requests, c.TooMany)
	}
}

// SIGTERM while a one-shot command waits for the quota ends it at once,
// with 143, having said nothing more than the wait.
func TestSIGTERMDuringAWaitForTheQuotaEndsAtOnceWith143(t *testing.T) {
	const window = time.Minute
	srv, _ := meteredDemo(t, demo.Options{Limit: 1, Window: window})
	// Spend the quota of the window: the lookup below waits until it ends.
	waitEnds := time.Now().Add(window)
	req, _ := http.NewRequestWithContext(context.Background(), "GET", srv.URL+"/company/00006400", nil)
	req.SetBasicAuth(demo.Key, "")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	cmd := exec.Command(binary, "--json", "--base-url", srv.URL, "00006401")
	cmd.Env = cleanEnv(t, "COVIEW_API_KEY="+demo.Key)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	lines := startStderr(t, cmd)
	select {
	case l := <-lines:
		if !waitLine.MatchString(l.text) {
			cmd.Process.Kill()
			t.Fatalf("not a wait line: %q", l.text)
		}
	case <-testtime.Bound(t):
		cmd.Process.Kill()
		t.Fatal("no wait was said")
	}
	signalled := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	// stderr closes when the process ends.
	var more []string
	deadline := testtime.Bound(t)
	for open := true; open; {
		select {
		case l, ok := <-lines:
			if open = ok; ok {
				more = append(more, l.text)
			}
		case <-deadline:
			cmd.Process.Kill()
			t.Fatal("SIGTERM did not end the wait")
		}
	}
	took := time.Since(signalled)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 143 {
		t.Fatalf("after SIGTERM: %v, want exit 143", err)
	}
	// The wait lasts until the window ends; SIGTERM cuts it short, on a
	// machine however busy, so the process ends before the window does.
	if ended := signalled.Add(took); !ended.Before(waitEnds) {
		t.Errorf("SIGTERM took %s to end the wait: it ended only with the quota's window", took)
	}
	if stdout.Len() > 0 || len(more) > 0 {
		t.Errorf("after SIGTERM it printed:\nstdout: %s\nstderr: %s", stdout.String(), strings.Join(more, "\n"))
	}
}
