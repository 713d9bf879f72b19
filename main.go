// Command coview is a terminal browser for the public company registry:
// paste a company number, see its profile in tabbed panes, follow its links
// to officers, filing history and PSC statements, and go back and forth.
// With --json or --plain (or when stdout is not a terminal) it answers a
// lookup in one shot instead.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"coview/present/sanitize"
)

// version is set at build time with -ldflags "-X main.version=..."; the
// module version from the build info is used otherwise.
var version = ""

func programVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	err := run(ctx, os.Args[1:], environ{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv})
	stop()
	os.Exit(report(os.Stderr, err))
}

// environ is what a command may touch, so tests can run commands in-process.
type environ struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// report prints an error (sanitised: it may quote the registry) and gives
// the exit code.
func report(stderr io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "coview: "+sanitize.Text(ee.msg))
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "coview: "+sanitize.Text(err.Error()))
	return exitCode(err)
}

func run(ctx context.Context, args []string, env environ) error {
	cmd, rest := splitCommand(args)
	switch cmd {
	case "auth":
		return runAuth(ctx, rest, env)
	case "serve-demo":
		return runServeDemo(ctx, rest, env)
	case "help":
		if len(rest) > 0 {
			return run(ctx, append(rest, "--help"), env)
		}
		return run(ctx, []string{"--help"}, env)
	}
	return runLookup(ctx, args, env)
}

// valueFlags are the flags, of any command, that take a separate value.
var valueFlags = map[string]bool{"base-url": true, "follow": true, "timeout": true, "addr": true}

// splitCommand finds a subcommand given as the first positional argument,
// wherever the flags are: "coview --demo auth status" works too.
func splitCommand(args []string) (string, []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) > 1 && a[0] == '-' {
			if name := strings.TrimLeft(a, "-"); valueFlags[name] {
				i++ // skip the flag's value
			}
			continue
		}
		switch a {
		case "auth", "serve-demo", "help":
			return a, append(append([]string{}, args[:i]...), args[i+1:]...)
		}
		break
	}
	return "", args
}
