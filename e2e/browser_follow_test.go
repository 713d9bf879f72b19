package e2e

import (
	"bytes"
	"strings"
	"syscall"
	"testing"
	"time"
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
	w := newFollowWorld(t, number)
	at, clk, env := w.at, w.clk, w.env

	follow := command(t, env, "--base-url", w.url, "watch", "follow")
	var out, errb bytes.Buffer
	follow.Stdout, follow.Stderr = &out, &errb
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	w.connected(t)

	s := startTmux(t, 120, 40, env, "--base-url", w.url)
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
