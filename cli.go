package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit codes, documented in --help and the README.
const (
	exitOK       = 0
	exitFailure  = 1 // network, server, unreadable response
	exitUsage    = 2 // usage error or invalid company number
	exitAuth     = 3 // no key, or the key was rejected
	exitNotFound = 4 // company not found
)

// exitError carries an exit code up to main with a message for stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// parseFlags parses flags that may appear anywhere on the line, before or
// after the positional arguments, as people expect from modern tools. "--"
// ends the flags; "-" alone is a positional (read numbers from stdin).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var flags, positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if a == "-" || !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // reported by fs.Parse below
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if err := fs.Parse(flags); err != nil {
		if err == flag.ErrHelp {
			return nil, err
		}
		msg := err.Error()
		if rest, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			msg = "unknown flag " + rest
		}
		return nil, usageError("%s\nRun '%s --help' for usage.", msg, fs.Name())
	}
	return positional, nil
}
