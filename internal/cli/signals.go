package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stopped is why a context ended when a signal ended it.
type stopped struct{ sig os.Signal }

func (s *stopped) Error() string { return "stopped by " + s.sig.String() }

// NotifySignals returns a context that ends when one of sigs arrives. Main
// then exits with 128 plus the signal's number, as shells expect (130 for
// SIGINT, 143 for SIGTERM, 129 for SIGHUP), once the browser has restored
// the terminal. Only the first signal is caught: should shutting down
// hang, a second one ends the program the default way. stop releases the
// signals.
func NotifySignals(parent context.Context, sigs ...os.Signal) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			cancel(&stopped{s})
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}

// signalled is the exit status for the signal that ended ctx, or 0 when
// none did.
func signalled(ctx context.Context) int {
	var s *stopped
	if !errors.As(context.Cause(ctx), &s) {
		return 0
	}
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 128 + int(syscall.SIGINT) // os.Interrupt on a system without numbers
}
