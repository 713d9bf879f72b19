package e2e

import (
	"bytes"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testtime"
)

// watch follow beside the browser, as a user runs them (issue 35): the
// follow takes the demo's streams, and a change it records appears on
// the watch page open in the browser, without a key pressed. The
// registry and its streams are the demo's on a clock this test moves, so
// the company changes when told; the streaming key goes to the streams
// only, and neither key reaches the watch list's file.
func TestEndToEndAFollowsChangeAppearsOnTheWatchPage(t *testing.T) {
	t.Parallel()
	const number = "00006420" // files something every 3 minutes
	at := livingEventAfter(number, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	clk := testtime.NewClock(at.Add(-90 * time.Second))
	srv := demoBehindKey(t, goodKey, demo.Options{Now: clk.Now})
	var open atomic.Int64
	opened := make(chan struct{}, 1)
	sh := demo.NewStreamHandler(demo.StreamOptions{Clock: clk, Heartbeat: time.Hour})
	streams := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		open.Add(1)
		defer open.Add(-1)
		select {
		case opened <- struct{}{}:
		default:
		}
		sh.ServeHTTP(w, r)
	}))
	env := cleanEnv(t, "COVIEW_API_KEY="+goodKey, "COVIEW_STREAM_URL="+streams.URL, "COVIEW_STREAM_KEY="+demo.StreamKey)
	for _, args := range [][]string{{"watch", "add", number}, {"watch", "check"}} {
		if r := runCoview(t, env, "", append([]string{"--base-url", srv.URL}, args...)...); r.code != 0 {
			t.Fatalf("coview %v: %d %s", args, r.code, r.stderr)
		}
	}

	follow := command(t, env, "--base-url", srv.URL, "watch", "follow")
	var out, errb bytes.Buffer
	follow.Stdout, follow.Stderr = &out, &errb
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	for open.Load() < 6 {
		select {
		case <-opened:
		case <-testtime.Bound(t):
			t.Fatalf("the follow did not connect to the six streams (%d)", open.Load())
		}
	}

	s := startTmux(t, 120, 40, env, "--base-url", srv.URL)
	s.waitFor("you watch")
	s.keys("Escape") // alone: an escape with a key after it is read as alt and the key
	s.waitForChange()
	s.keys("W")
	s.waitFor("1 company watched", "TICKTOCK TEA ROOMS LTD")
	clk.Set(at.Add(30 * time.Second))
	s.waitFor("1 changed since you last looked", "filed:")
	s.keys("q")
	s.waitFor("coview exited with 0")

	err := signalAndWait(t, follow, syscall.SIGTERM)
	if code := follow.ProcessState.ExitCode(); code != 143 && !strings.Contains(follow.ProcessState.String(), "terminated") {
		t.Errorf("SIGTERM: %v, %s", err, follow.ProcessState)
	}
	if !strings.Contains(out.String(), number+"  TICKTOCK") {
		t.Errorf("the follow printed %q; stderr %q", out.String(), errb.String())
	}
	noSecret(t, result{stdout: out.String(), stderr: errb.String()}, testKeys...)
}
