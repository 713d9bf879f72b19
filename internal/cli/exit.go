package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"coview/api"
	"coview/keystore"
)

// Exit codes, documented in --help and the README. A signal ends the
// program with 128 plus its number (see NotifySignals).
const (
	exitOK       = 0
	exitFailure  = 1 // network, server, unreadable response
	exitUsage    = 2 // usage error or invalid company number
	exitAuth     = 3 // no key, or the key was rejected
	exitNotFound = 4 // company not found, no such link to follow, nothing matches a search, or no such filing or document
	exitBadFile  = 6 // coview index update: the file is not the register's, or is damaged
	exitBusy     = 7 // coview index update: another update of the index is running
)

// exitError carries an exit code up to Main, with a message for stderr;
// an empty message means it was reported already.
type exitError struct {
	code int
	msg  string
	help string // the command whose --help explains the usage, for errors about the command line
}

func (e *exitError) Error() string { return e.msg }

func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

// exitStatus is the program's exit status after a command returned err.
// A signal decides it, unless the signal was how the command is stopped.
func exitStatus(ctx context.Context, err error, signalIsStop bool) int {
	if code := signalled(ctx); code != 0 && !signalIsStop {
		return code
	}
	if err == nil {
		return exitOK
	}
	return exitCode(err)
}

// exitCode maps an error to the documented exit codes: ours carry their
// code, the api layer's say what kind they are, and cobra's own (an
// argument a command refuses) are usage errors.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var qe *api.QueryError
	if errors.As(err, &qe) {
		return exitUsage // a search's value refused before it was sent
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		switch ae.Kind {
		case api.KindInvalidNumber, api.KindBadRequest:
			return exitUsage
		case api.KindInvalidKey, api.KindMissingKey, api.KindForbidden:
			return exitAuth
		case api.KindNotFound, api.KindNoDocument:
			return exitNotFound
		}
		return exitFailure
	}
	if cobraUsageError(err) {
		return exitUsage
	}
	return exitFailure
}

// cobraUsageError recognises cobra's errors about the command line, which
// are plain strings (fang does the same; see spf13/cobra#2266). Flag
// errors never get here: flagError turns them into usage errors.
func cobraUsageError(err error) bool {
	for _, prefix := range []string{"unknown command", "invalid argument", "accepts ", "requires at least", "requires at most"} {
		if strings.HasPrefix(err.Error(), prefix) {
			return true
		}
	}
	return false
}

// authHint is added under auth failures in one-shot output.
func authHint(err error) string {
	if errors.Is(err, api.ErrInvalidKey) || errors.Is(err, api.ErrMissingKey) {
		return fmt.Sprintf("Set %s or run 'coview auth login' with a REST API key for this registry.", keystore.EnvVar)
	}
	return ""
}

// withHint is an api error as an exitError, with what to do about it.
func withHint(err error) error {
	msg := err.Error()
	if hint := authHint(err); hint != "" {
		msg += "\n" + hint
	}
	return &exitError{code: exitCode(err), msg: msg}
}
