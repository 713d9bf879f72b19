package cli

import (
	"context"
	"syscall"
	"testing"
)

// Issue 11, item 23: a signal ends the program with 128 plus its number,
// as shells expect, not 0.
// Not parallel: it signals the whole process, and a command another test
// runs in-process meanwhile could take the signal for its own.
func TestASignalGivesTheExitStatusShellsExpect(t *testing.T) {
	cases := []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGHUP, 129}, {syscall.SIGINT, 130}, {syscall.SIGTERM, 143}}
	for _, tc := range cases {
		ctx, stop := NotifySignals(context.Background(), tc.sig)
		if err := syscall.Kill(syscall.Getpid(), tc.sig); err != nil {
			t.Fatal(err)
		}
		<-ctx.Done()
		if got := exitStatus(ctx, nil, false); got != tc.want {
			t.Errorf("%v: exit %d, want %d", tc.sig, got, tc.want)
		}
		if got := exitStatus(ctx, nil, true); got != 0 {
			t.Errorf("%v ending a command it stops: exit %d, want 0", tc.sig, got)
		}
		stop()
	}
	ctx, stop := NotifySignals(context.Background(), syscall.SIGTERM)
	stop()
	if got := exitStatus(ctx, nil, false); got != 0 {
		t.Errorf("stopped without a signal: exit %d, want 0", got)
	}
}
