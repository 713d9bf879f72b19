// Command coview is a terminal browser for the public company registry:
// paste a company number, see its profile in tabbed panes, follow its links
// to officers, filing history and PSC statements, and go back and forth.
// With --json or --plain (or when stdout is not a terminal) it answers a
// lookup in one shot instead. The command line is package internal/cli.
package main

import (
	"context"
	"os"
	"syscall"

	"coview/internal/cli"
)

func main() {
	// The signals are not released before exiting: signal.Stop waits until
	// the runtime's signal goroutine is idle, which every one-shot lookup
	// would pay for at its end, for nothing.
	ctx, _ := cli.NotifySignals(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	os.Exit(cli.Main(ctx, os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
}
