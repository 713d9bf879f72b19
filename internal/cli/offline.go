package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"coview/present/sanitize"
	"coview/register"
)

// Where a command's answers come from: the register's index on this
// machine, when there is one of the right kind (the demo's with --demo,
// and only then), for what it can answer; the registry for the rest.
// --live asks the registry for everything; --offline never does, needs
// no key, and says what the index cannot answer.

// exitOffline is the exit code when the register's index on this machine
// is needed (--offline, --postcode) and there is none, or it cannot
// answer what was asked (dissolved companies, officers, filings...).
const exitOffline = 8

// checkSource refuses --offline with --live.
func (r *registryFlags) checkSource() error {
	if r.offline && r.live {
		return usageError("--offline answers from the register's index on this machine and --live asks the registry: give one or the other")
	}
	return nil
}

// localIndex is the register's index a command answers from, or nil:
// with --live, or when there is none (with --offline, that is an error
// that says how to make one). An index that cannot be read is said on
// stderr, and the registry asked instead.
func localIndex(ctx context.Context, env Env, opts ...register.OpenOption) (*register.Index, error) {
	r := env.registry
	if err := r.checkSource(); err != nil || r.live {
		return nil, err
	}
	path, err := register.DefaultPath(env.Getenv, r.demo)
	if err != nil {
		return nil, offlineOr(r, err.Error(), env)
	}
	ix, err := register.Open(ctx, path, append(opts, register.Of(r.demo))...)
	switch {
	case errors.Is(err, register.ErrNoIndex):
		if r.offline {
			return nil, noIndexError(r.demo)
		}
		return nil, nil
	case err != nil:
		return nil, offlineOr(r, err.Error(), env)
	}
	return ix, nil
}

// offlineOr is an index that cannot be used: with --offline the end of
// the command, else said, and the registry asked instead.
func offlineOr(r *registryFlags, why string, env Env) error {
	if r.offline {
		return &exitError{code: exitOffline, msg: sanitize.Line(why)}
	}
	fmt.Fprintf(env.Stderr, "coview: %s; asking the registry\n", sanitize.Line(why))
	return nil
}

// noIndexError is --offline with no index to answer from.
func noIndexError(demo bool) error {
	if demo {
		return &exitError{code: exitOffline, msg: "there is no index of the demo's file on this machine, and --offline asks nothing of the registry: coview --demo index update makes one"}
	}
	return &exitError{code: exitOffline, msg: "there is no index of the register on this machine, and --offline asks nothing of the registry: coview index update makes one (about 500 MB to download, a few minutes)"}
}

// whereWords is where an index's answers come from, in words: "the
// register of 1 Nov 2026, on this machine".
func whereWords(m register.Meta) string {
	return "the register of " + registerDate(m.FileDate) + ", on this machine"
}

// sayWhere tells on stderr that a one-shot answers from the index, how
// old its answers are, and what is not in it.
func sayWhere(env Env, m register.Meta, lacks string) {
	line := "coview: from " + whereWords(m) + ", with no request"
	if lacks != "" {
		line += "; " + lacks
	}
	if !env.registry.offline {
		line += "; --live asks the registry"
	}
	if register.NewerMonth(m.FileDate, time.Now()) {
		line += "; a newer month should be out by now: coview index update"
	}
	fmt.Fprintln(env.Stderr, line)
}

// lacksError is what the index cannot answer, as a command ends with it.
func lacksError(err error) error {
	var le *register.LacksError
	if errors.As(err, &le) {
		return &exitError{code: exitOffline, msg: sanitize.Line(le.What)}
	}
	return err
}
