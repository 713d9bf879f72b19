package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"coview/api"
	"coview/keystore"
	"coview/present"
	"coview/present/sanitize"
	"coview/ui"
)

const lookupUsage = `coview: browse the public company registry in a terminal

Usage:
  coview [flags] [NUMBER...]        open the browser (on NUMBER if given)
  coview --plain NUMBER...          print each company's five panes as text
  coview --json NUMBER...           print each profile's JSON as received
  coview --json --follow LINK NUMBER
                                    print the JSON of one link of the profile
                                    (officers, filing_history,
                                    persons_with_significant_control_statements, ...)
  coview auth login|status|logout   keep the API key in the OS keyring
  coview serve-demo [--addr ADDR]   run the demo registry alone

NUMBER is a company number in any pasted form (sc 123456, 6400, "Company No.
01234567"); "-" reads numbers from stdin, one or more per line. When stdout is
not a terminal and a number is given, --plain is the default. Flags may come
anywhere on the line.

Flags:
%s
Environment:
  COVIEW_API_KEY    the API key (overrides the keyring)
  COVIEW_BASE_URL   the registry (default %s)
  NO_COLOR          no colours in the browser
  XDG_STATE_HOME    where recent numbers are kept (coview/recent)
  XDG_CONFIG_HOME   where a key is kept only after auth login --insecure-storage

Exit codes:
  0  success
  1  other failure (network, server, unreadable response)
  2  usage error or invalid company number
  3  authentication: no key, or the key was rejected
  4  company not found
`

// flagDefaults lists a command's flags GNU-style (--name), as they are
// written in the rest of the help.
func flagDefaults(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if name != "" {
			left += " " + strings.ToUpper(name)
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			usage += " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(&b, "  %-22s %s\n", left, usage)
	})
	return b.String()
}

type outputMode int

const (
	modeBrowser outputMode = iota
	modeJSON
	modePlain
)

func runLookup(ctx context.Context, args []string, env environ) error {
	fs := flag.NewFlagSet("coview", flag.ContinueOnError)
	var rf registryFlags
	rf.register(fs)
	jsonOut := fs.Bool("json", false, "print each profile's JSON exactly as received (one per line when several)")
	plain := fs.Bool("plain", false, "print the five panes as plain text")
	follow := fs.String("follow", "", "print the JSON of this `LINK` of the profile (officers, filing_history, psc)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	positional, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(env.stdout, lookupUsage, flagDefaults(fs), api.DefaultBaseURL)
		return nil
	}
	if err != nil {
		return err
	}
	if *showVersion {
		fmt.Fprintln(env.stdout, "coview "+programVersion())
		return nil
	}

	numbers, err := readNumbers(positional, env)
	if err != nil {
		return err
	}
	mode := modeBrowser
	switch {
	case *jsonOut && *plain:
		return usageError("--json and --plain cannot be used together")
	case *follow != "" && *plain:
		return usageError("--follow prints JSON; use it with --json, not --plain")
	case *jsonOut || *follow != "":
		mode = modeJSON
	case *plain || (len(numbers) > 0 && !isTerminal(env.stdout)):
		mode = modePlain
	}
	if mode != modeBrowser && len(numbers) == 0 {
		return usageError("no company number given; for example: coview --plain 00006400")
	}
	if *follow != "" && len(numbers) != 1 {
		return usageError("--follow takes exactly one company number")
	}
	if mode == modeBrowser && (!isTerminal(env.stdout) || !isTerminal(env.stdin)) {
		return usageError("the browser needs a terminal; give a number with --plain or --json to print instead")
	}

	reg, err := rf.open(env)
	if err != nil {
		return err
	}
	defer reg.close()
	key, keyErr := keyFor(reg, env, env.stderr)
	if keyErr != nil && !errors.Is(keyErr, keystore.ErrNoKey) {
		return &exitError{code: exitAuth, msg: keyErr.Error()}
	}
	reg.client.SetKey(key.Value)

	if mode == modeBrowser {
		return ui.Run(ctx, ui.Options{
			Registry: reg.client,
			Numbers:  numbers,
			NeedKey:  keyErr != nil,
			SaveKey:  saveKeyFunc(reg, env),
			Version:  programVersion(),
		})
	}
	if keyErr != nil {
		return noKeyError(reg.host)
	}
	reg.client.SetRateLimitWait(rateLimitNotice(env.stderr))
	if *follow != "" {
		return followLink(ctx, reg.client, numbers[0], *follow, env)
	}
	return lookupAll(ctx, reg.client, numbers, mode, env)
}

// saveKeyFunc is what the browser's key screen calls: validate, then keep
// the key in the keyring for this registry. A keyring that is not there is
// not fatal: the key is used for this session and the message says so.
func saveKeyFunc(reg *registry, env environ) func(string) (string, error) {
	return func(raw string) (string, error) {
		key, err := keystore.Validate(raw)
		if err != nil {
			return "", err
		}
		store := keystore.New(keystore.Options{Getenv: env.getenv})
		if _, err := store.Save(reg.host, key, false); err != nil {
			return key, fmt.Errorf("using the key for this session only: %w", err)
		}
		return key, nil
	}
}

func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(file.Fd())
}

// readNumbers normalises the numbers on the command line, and those on
// stdin for "-". An invalid number on the command line stops everything
// before any request; lines of stdin without a number are reported.
func readNumbers(args []string, env environ) ([]api.Number, error) {
	var out []api.Number
	for _, a := range args {
		if a == "-" {
			data, err := io.ReadAll(env.stdin)
			if err != nil {
				return nil, fmt.Errorf("reading numbers from stdin: %w", err)
			}
			nums, rejected := api.ExtractNumbers(string(data))
			for _, r := range rejected {
				fmt.Fprintf(env.stderr, "coview: ignoring %q: no company number in it\n", sanitize.Line(truncate(r, 60)))
			}
			if len(nums) == 0 && len(rejected) > 0 {
				return nil, usageError("no company numbers found on stdin")
			}
			out = append(out, nums...)
			continue
		}
		n, err := api.ParseNumber(a)
		if err != nil {
			return nil, &exitError{code: exitUsage, msg: err.Error()}
		}
		out = append(out, n)
	}
	return out, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// inFlight bounds concurrent lookups: a few at a time keeps a long list
// fast without hammering the registry.
const inFlight = 4

type lookupResult struct {
	profile *api.Profile
	err     error
}

// lookupAll fetches the profiles a few at a time and prints them in input
// order as soon as each one's turn comes. An authentication failure stops
// the rest: every later request would fail the same way.
func lookupAll(ctx context.Context, c *api.Client, numbers []api.Number, mode outputMode, env environ) error {
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

	out := bufio.NewWriter(env.stdout)
	defer out.Flush()
	today := time.Now()
	var first error
	for i := range numbers {
		r := <-results[i]
		if r.err != nil {
			if first == nil {
				first = r.err
			}
			if errors.Is(r.err, context.Canceled) && ctx.Err() != nil {
				continue
			}
			out.Flush()
			report(env.stderr, withHint(r.err))
			if authHint(r.err) != "" {
				cancel() // every later request would be refused the same way
			}
			continue
		}
		if r.profile.NumberMismatch() {
			fmt.Fprintf(env.stderr, "coview: asked for %s but the registry answered with %s\n", r.profile.Requested, sanitize.Line(r.profile.CompanyNumber))
		}
		switch mode {
		case modeJSON:
			writeJSON(out, r.profile.Raw, len(numbers) > 1)
		case modePlain:
			if i > 0 {
				out.WriteString("\n")
			}
			present.WriteProfile(out, r.profile, today)
		}
		if len(numbers) > 1 {
			out.Flush() // show progress on long lists
		}
	}
	if first != nil {
		return &exitError{code: exitCode(first)}
	}
	return nil
}

// writeJSON prints a body exactly as received; with several, each is
// compacted onto one line (only whitespace changes) so the output is JSON
// Lines.
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

// followAliases are the short names people type for the usual links.
var followAliases = map[string]string{
	"psc":            api.LinkPSCStatements,
	"psc_statements": api.LinkPSCStatements,
	"statements":     api.LinkPSCStatements,
	"filings":        api.LinkFilingHistory,
	"filing":         api.LinkFilingHistory,
	"history":        api.LinkFilingHistory,
}

// followLink prints the JSON of one link of a company's profile.
func followLink(ctx context.Context, c *api.Client, number api.Number, rel string, env environ) error {
	p, err := c.Company(ctx, number)
	if err != nil {
		return withHint(err)
	}
	want := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(rel)), "-", "_")
	if full, ok := followAliases[want]; ok {
		want = full
	}
	var link string
	var names []string
	for _, l := range p.Links.All() {
		names = append(names, l.Name)
		if l.Name == want {
			link = l.Path
		}
	}
	if link == "" && want == api.LinkPSCStatements {
		// The registry lists this link only when there are statements.
		fmt.Fprintf(env.stderr, "coview: company %s has no PSC statements\n", number)
		return nil
	}
	if link == "" {
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s has no %q link; it has: %s", number, rel, strings.Join(names, ", "))}
	}
	resp, err := c.Get(ctx, link, nil)
	if errors.Is(err, api.ErrNotFound) && want == api.LinkPSCStatements {
		fmt.Fprintf(env.stderr, "coview: company %s has no PSC statements (the registry answered 404)\n", number)
		return nil
	}
	if err != nil {
		return withHint(err)
	}
	writeJSON(env.stdout, resp.Body, false)
	return nil
}

func withHint(err error) error {
	msg := err.Error()
	if hint := authHint(err); hint != "" {
		msg += "\n" + hint
	}
	return &exitError{code: exitCode(err), msg: msg}
}

// rateLimitNotice tells the user, once per wait, that a one-shot lookup is
// waiting for the quota to reset rather than failing.
func rateLimitNotice(stderr io.Writer) func(string, time.Time) bool {
	var mu sync.Mutex
	var last time.Time
	return func(subject string, until time.Time) bool {
		mu.Lock()
		defer mu.Unlock()
		if !until.Equal(last) {
			last = until
			fmt.Fprintf(stderr, "coview: rate limit reached at %s; waiting until %s (%s) to try again\n",
				sanitize.Line(subject), until.Local().Format("15:04:05"), time.Until(until).Round(time.Second))
		}
		return true
	}
}
