package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"coview/api"
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
// order as soon as each one's turn comes. A failure is reported as it
// comes, among the others' output; with a single number it is the answer,
// and Main shows it. An authentication failure stops the rest: every later
// request would fail the same way.
func lookupAll(ctx context.Context, c *api.Client, numbers []api.Number, out output, env Env) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan lookupResult, len(numbers))
	for i := range results {
		results[i] = make(chan lookupResult, 1)
	}
	sem := make(chan struct{}, inFlight)
	var wg sync.WaitGroup
	go func() {
		for i, n := range numbers {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				results[i] <- lookupResult{err: ctx.Err()}
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				p, err := c.Company(ctx, n)
				results[i] <- lookupResult{p, err}
			}()
		}
	}()
	defer wg.Wait()

	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	today := time.Now()
	var first error
	for i := range numbers {
		r := <-results[i]
		if r.err != nil {
			if first == nil {
				first = r.err
			}
			if ctx.Err() != nil {
				continue // stopped: by a signal, or after an authentication failure already reported
			}
			if len(numbers) == 1 {
				return withHint(r.err) // the error is the whole answer: Main shows it
			}
			w.Flush()
			report(env.Stderr, withHint(r.err))
			if authHint(r.err) != "" {
				cancel() // every later request would be refused the same way
			}
			continue
		}
		if r.profile.NumberMismatch() {
			fmt.Fprintf(env.Stderr, "coview: asked for %s but the registry answered with %s\n", r.profile.Requested, sanitize.Line(r.profile.CompanyNumber))
		}
		switch out {
		case asJSON:
			writeJSON(w, r.profile.Raw, len(numbers) > 1)
		case asPlain:
			if i > 0 {
				w.WriteString("\n")
			}
			present.WriteProfile(w, r.profile, today)
		}
		if len(numbers) > 1 {
			w.Flush() // show progress on long lists
		}
	}
	if first != nil {
		return &exitError{code: exitCode(first)}
	}
	return nil
}

// writeJSON prints a body exactly as received; oneLine compacts it onto
// one line (only whitespace changes) so that several make JSON Lines.
func writeJSON(w io.Writer, body []byte, oneLine bool) {
	if oneLine {
		var b bytes.Buffer
		if json.Compact(&b, body) == nil {
			body = b.Bytes()
		}
	}
	w.Write(body)
	if len(body) == 0 || body[len(body)-1] != '\n' {
		w.Write([]byte("\n"))
	}
}
