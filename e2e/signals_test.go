package e2e

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"syscall"
	"testing"
	"time"
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
			cmd := exec.Command(binary, "--json", "--timeout", "1m", "--base-url", srv.URL, "00006400")
			cmd.Env = cleanEnv(t, "COVIEW_API_KEY="+goodKey)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			select {
			case <-arrived:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatal("the request never arrived")
			}
			cmd.Process.Signal(tc.sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("%v did not end the lookup", tc.sig)
			}
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
