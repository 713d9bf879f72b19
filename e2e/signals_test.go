package e2e

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"syscall"
	"testing"
)

// Issue 11, item 23: a one-shot command waiting on a slow registry ends on
// SIGTERM, SIGHUP and SIGINT with 128 plus the signal, as shells expect,
// and says nothing of the request it gave up. (The browser's side is
// TestEndToEndSignalsLeaveTheTerminalRestored.)
func TestOneShotExitsWith128PlusTheSignal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}, {syscall.SIGINT, 130}}
	for _, tc := range cases {
		t.Run(tc.sig.String(), func(t *testing.T) {
			t.Parallel()
			arrived := make(chan struct{}, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				arrived <- struct{}{}
				<-r.Context().Done() // a registry that never answers
			}))
			t.Cleanup(srv.Close)
			cmd := command(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "--json", "--timeout", "1m", "--base-url", srv.URL, "00006400")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			startOnceAsked(t, cmd, arrived, "the request")
			err := signalAndWait(t, cmd, tc.sig)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != tc.code {
				t.Fatalf("after %v: %v (exit %d), want exit %d\nstderr: %s", tc.sig, err, cmd.ProcessState.ExitCode(), tc.code, stderr.String())
			}
			if stdout.Len() > 0 || stderr.Len() > 0 {
				t.Fatalf("after %v it printed:\nstdout: %s\nstderr: %s", tc.sig, stdout.String(), stderr.String())
			}
		})
	}
}
