package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"time"

	"coview/api"
	"coview/present"
	"coview/register"
)

// lookupHere prints companies as the register's file on this machine
// holds them (coview --offline NUMBER...), in input order: a number the
// file does not hold, or a part of the input that is no number, is
// reported as its turn comes, and the exit code is that of the first.
func lookupHere(ctx context.Context, ix *register.Index, items []api.Reading, out output, env Env) error {
	m := ix.Meta()
	sayWhere(env, m, "what its file holds of each company, not the live profile")
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	today := time.Now()
	var first error
	printed := false
	for _, it := range items {
		var err error
		if it.Number == "" {
			err = notANumber(it.Ignored, len(items) == 1)
		}
		var p *api.Profile
		if err == nil {
			p, err = ix.Profile(ctx, it.Number)
		}
		if errors.Is(err, register.ErrTakenOff) {
			err = &exitError{code: exitNotFound, msg: fmt.Sprintf("%s: the registry's streams said this company was taken off the register since the file of %s (a follow wrote it beside the index on this machine)",
				it.Number, registerDate(m.FileDate))}
		} else if errors.Is(err, register.ErrNotInFile) {
			err = &exitError{code: exitNotFound, msg: fmt.Sprintf("%s: the register of %s on this machine has no company with this number: its file holds no dissolved companies (without --offline, the registry is asked)",
				it.Number, registerDate(m.FileDate))}
		}
		if err != nil {
			if len(items) == 1 {
				return err
			}
			if first == nil {
				first = err
			}
			w.Flush()
			report(env.Stderr, err)
			continue
		}
		switch out {
		case asJSON:
			writeJSON(w, p.Raw, len(items) > 1)
		default:
			if printed {
				w.WriteString("\n")
			}
			present.WriteFileProfile(w, p, today, whereWords(m))
		}
		printed = true
	}
	if first != nil {
		return &exitError{code: exitCode(first)}
	}
	return nil
}

// unasked is the registry of a browser that asks it nothing (--offline):
// a client with no key that no request goes through, and no document
// API; the demo is not started.
func (r *registryFlags) unasked(env Env) (*registry, error) {
	now, err := r.clock(env)
	if err != nil {
		return nil, err
	}
	c, err := api.New(api.Options{UserAgent: userAgent(), Timeout: r.timeout})
	if err != nil {
		return nil, err
	}
	host := "the registry"
	if r.demo {
		host = "the demo registry"
	}
	return &registry{client: c, host: host, demo: r.demo, close: func() {}, now: now}, nil
}
