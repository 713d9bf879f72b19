package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/connections"
	"coview/present"
)

const connectionsLong = `Find the companies around a company: the other companies its officers hold
or held office in, and the companies that own it, each with who links them
("2 directors in common: ..."), its status, and whether the link still
stands. Strongest first: the most people in common (a company owning the
other counts as one), current before past, then by name.

The walk reads the company's officers, each officer's appointments and its
list of persons with significant control: about one request per officer.
Nothing is asked twice, requests are paced within the registry's quota,
and --budget bounds how many a run may send (by default 500, or what is
left of the quota less a margin). Whatever was not read (the budget ran
out, the registry answered with an error) is listed under "Not checked",
never left out silently. With --depth 2 the connected companies are walked
from too, strongest first, for as long as the budget lasts.

The registry opens a new officer record whenever details differ slightly.
Records with the same name and the same month and year of birth are shown
as one person, "probably the same person", with the ids behind it; records
whose month or year differs, that lack a date of birth, or of corporate
bodies are never merged.

--plain (the default) prints the rows the browser shows; --json one
document with the companies, the people (grouped, with their officer ids),
the links between them, what was not checked and the requests spent;
--dot a Graphviz graph (current links solid, past ones dashed). On a
terminal, progress is shown on stderr as the walk goes.

Exit codes: 0 done (anything the budget left out is listed), 1 something
could not be read because of an error (it is listed), 2 usage error, 3 no
key or the key was rejected, 4 no such company.`

const connectionsExample = `
coview connections 00006412
coview connections --depth 2 --current 00006412
coview connections --json 00006413 | jq '.people[] | select(.probably_same_person)'
coview connections --dot --depth 2 00006412 | dot -Tsvg > gooseberry.svg
coview --demo connections 00006401 --budget 50
`

// connectionsFlags are the flags of "coview connections".
type connectionsFlags struct {
	depth, budget    int
	budgetGiven      bool // --budget was on the line: 0 is then a mistake, not the default
	current          bool
	json, plain, dot bool
}

// newConnectionsCommand is "coview connections": a company's network,
// printed in one shot.
func newConnectionsCommand(env Env) *cobra.Command {
	var f connectionsFlags
	cmd := &cobra.Command{
		Use:     "connections [--depth N] [--current] [--budget N] [--plain|--json|--dot] NUMBER",
		Short:   "The companies and people around a company",
		Long:    connectionsLong,
		Example: connectionsExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f.budgetGiven = cmd.Flags().Changed("budget")
			if b := settingsOf(cmd, env).Budgets.Connections; !f.budgetGiven && b > 0 {
				f.budget = b
			}
			return runConnections(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&f.depth, "depth", 1, fmt.Sprintf("1: the companies linked to it; 2: and those linked to them (at most %d)", connections.MaxDepth))
	fs.BoolVar(&f.current, "current", false, "only links that still stand")
	fs.IntVar(&f.budget, "budget", 0, fmt.Sprintf("the most requests to send (default: the settings' budgets.connections, else %d, or what is left of the quota less a margin)", connections.FreshBudget))
	fs.BoolVar(&f.plain, "plain", false, "print the rows the browser shows (the default)")
	fs.BoolVar(&f.json, "json", false, "print one JSON document: companies, people, links, not checked, requests")
	fs.BoolVar(&f.dot, "dot", false, "print a Graphviz graph of the companies and people")
	return cmd
}

// runConnections checks the command line before anything is opened, then
// walks.
func runConnections(ctx context.Context, args []string, f *connectionsFlags, env Env) error {
	outputs := 0
	for _, on := range []bool{f.json, f.plain, f.dot} {
		if on {
			outputs++
		}
	}
	switch {
	case outputs > 1:
		return usageError("--plain, --json and --dot cannot be used together")
	case len(args) != 1:
		return usageError("connections takes one company number: coview connections 00006412")
	case f.depth < 1 || f.depth > connections.MaxDepth:
		return usageError("--depth is 1 or %d, not %d", connections.MaxDepth, f.depth)
	case f.budget < 0 || (f.budgetGiven && f.budget == 0):
		return usageError("--budget is a number of requests, at least 1, not %d; leave it out for the default (%d, or what is left of the quota less a margin)", f.budget, connections.FreshBudget)
	}
	number, err := oneNumber(args[0])
	if err != nil {
		return err
	}

	reg, err := openWithKey(env)
	if err != nil {
		return err
	}
	defer reg.close()

	opts := connections.Options{Depth: f.depth, Budget: f.budget}
	var line *statusLine
	if isTerminal(env.Stderr) {
		line = newStatusLine(env.Stderr)
		reg.client.SetWaitNotice(waitLines(line))
		opts.Progress = func(r *connections.Result) { line.Set("coview: " + present.ConnectionsProgress(r)) }
	}
	res, err := connections.NewWalker(reg.client).Walk(ctx, number, opts)
	if line != nil {
		line.Clear()
	}
	switch {
	case errors.Is(err, api.ErrNotFound):
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s not found", number)}
	case err != nil:
		return withHint(err)
	}
	if f.current {
		res = res.CurrentOnly()
	}

	w := bufio.NewWriter(env.Stdout)
	switch {
	case f.json:
		writeConnectionsJSON(w, res, f.current)
	case f.dot:
		writeConnectionsDOT(w, res)
	default:
		present.WriteConnections(w, res)
	}
	w.Flush()
	return notCheckedStatus(res, env)
}

// notCheckedStatus says on stderr what the walk left out, and ends with
// the exit code of the first error among it; what the budget left out is
// not a failure, and a walk stopped by a signal says nothing (the shell
// does).
func notCheckedStatus(r *connections.Result, env Env) error {
	var budget, failed int
	var first error
	for _, nc := range r.NotChecked {
		switch nc.Why {
		case connections.ReasonBudget:
			budget++
		case connections.ReasonFailed:
			failed++
			if first == nil {
				first = nc.Err
			}
		}
	}
	if budget > 0 {
		fmt.Fprintf(env.Stderr, "coview: %s not checked: the budget of %s was spent; --budget raises it\n",
			present.Thousands(budget), requestsWord(r.Budget))
	}
	if failed == 0 {
		return nil
	}
	report(env.Stderr, fmt.Errorf("%s not checked because of errors; the first: %w", present.Thousands(failed), first))
	// A refused key is still exit 3; anything else is a failure, not
	// "no such company".
	if code := exitCode(first); code == exitAuth {
		return &exitError{code: code}
	}
	return &exitError{code: exitFailure}
}

// requestsWord is "1 request" or "500 requests".
func requestsWord(n int) string {
	if n == 1 {
		return "1 request"
	}
	return present.Thousands(n) + " requests"
}
