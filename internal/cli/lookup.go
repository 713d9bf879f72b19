package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"time"

	"coview/api"
	"coview/fanout"
	"coview/present"
	"coview/present/sanitize"
)

// output is how a one-shot command prints what it found.
type output int

const (
	toBrowser output = iota // no one-shot: open the browser
	asJSON                  // the registry's JSON as received
	asPlain                 // the rows the browser shows, as text
)

// inFlight bounds concurrent lookups: a few at a time keeps a long list
// fast without hammering the registry.
const inFlight = 4

type lookupResult struct {
	profile *api.Profile
	err     error
}

// lookupAll fetches the profiles a few at a time and prints them in input
// order as soon as each one's turn comes. Each item is tried: a failure,
// or a part of the input that is no number, is reported as its turn
// comes, among the others' output, and the exit code is that of the first
// failure in input order. With a single item the failure is the answer,
// and Main shows it. An authentication failure stops the rest: every
// later request would fail the same way.
func lookupAll(ctx context.Context, c *api.Client, items []api.Reading, out output, env Env) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan lookupResult, len(items))
	for i := range results {
		results[i] = make(chan lookupResult, 1)
	}
	lookup := c.Company
	if out == asJSON {
		lookup = c.CompanyRaw // printed as received: no need to decode it
	}
	run := fanout.New(ctx, inFlight, fanout.NoBound)
	ask := func() {
		for i, it := range items {
			if it.Number == "" {
				results[i] <- lookupResult{err: notANumber(it.Ignored, len(items) == 1)}
				continue
			}
			started := run.Go(func() {
				if err := run.Spend(); err != nil {
					results[i] <- lookupResult{err: notAsked{err}}
					return
				}
				p, err := lookup(ctx, it.Number)
				results[i] <- lookupResult{p, run.Note(err)}
			})
			if !started {
				results[i] <- lookupResult{err: notAsked{run.Stopped()}}
			}
		}
	}
	if len(items) == 1 && items[0].Number != "" {
		// One number is asked for here, without the goroutines that keep
		// several in flight: each hand-over between them costs a one-shot
		// lookup a wake-up of another thread.
		p, err := lookup(ctx, items[0].Number)
		results[0] <- lookupResult{p, err}
	} else {
		go ask()
	}
	defer run.Wait()

	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	today := time.Now()
	var first error
	printed := false
	for i := range items {
		r := <-results[i]
		if r.err != nil {
			if first == nil {
				first = r.err
			}
			var na notAsked
			if ctx.Err() != nil || errors.As(r.err, &na) {
				continue // stopped: by a signal, or after a failure already reported
			}
			if len(items) == 1 {
				return withHint(r.err) // the error is the whole answer: Main shows it
			}
			w.Flush()
			report(env.Stderr, withHint(r.err))
			if api.Halts(r.err) {
				cancel() // every later request would be refused the same way
			}
			continue
		}
		if r.profile.NumberMismatch() {
			fmt.Fprintf(env.Stderr, "coview: asked for %s but the registry answered with %s\n", r.profile.Requested, sanitize.Line(r.profile.CompanyNumber))
		}
		switch out {
		case asJSON:
			writeJSON(w, r.profile.Raw, len(items) > 1)
		case asPlain:
			if printed {
				w.WriteString("\n")
			}
			present.WriteProfile(w, r.profile, today)
		}
		printed = true
		if len(items) > 1 {
			w.Flush() // show progress on long lists
		}
	}
	if first != nil {
		return &exitError{code: exitCode(first)}
	}
	return nil
}

// notAsked is the result of a number never asked for: the lookup had
// stopped, by a signal or at a failure every request would meet, which
// an earlier number's result reports.
type notAsked struct{ cause error }

func (e notAsked) Error() string { return e.cause.Error() }
func (e notAsked) Unwrap() error { return e.cause }
