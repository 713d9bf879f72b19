package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/keystore"
	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

const watchLong = `Keep a list of companies and find out what changed since you last looked:
new filings, a new status or name, officers appointed or resigned, owners
notified or ceased, charges created or satisfied, deadlines missed; and
what falls due.

coview watch add puts companies on the list; coview watch check asks the
registry about each and prints what changed, one line each, and nothing
when nothing did, so that a cron line mails you only news:

  17 * * * *  coview watch check

An unchanged company costs one request a check; a check keeps within 80%
of the registry's quota (the rest is yours for browsing meanwhile), and
--budget bounds it further. The first check of a newly added company
records what is there and reports nothing. Every change goes into a log
that coview watch changes reads without asking the registry anything.

The list is kept in $XDG_DATA_HOME/coview/watch.db (default
~/.local/share/coview/watch.db), one list per registry; the API key never
goes into it. A browser and a cron job may use it at once.`

// newWatchCommand is "coview watch" and its sub-commands.
func newWatchCommand(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "A watch list: what changed at your companies, and what falls due",
		Long:  watchLong,
		Example: `
coview watch add 00006400 SC006405
coview watch check
coview watch changes --unseen
coview watch deadlines --within 30d`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newWatchAddCommand(env), newWatchRemoveCommand(env), newWatchListCommand(env),
		newWatchCheckCommand(env), newWatchChangesCommand(env), newWatchDeadlinesCommand(env))
	return cmd
}

// watchFlags choose the registry whose list it is, like every command's.
type watchFlags struct {
	registry registryFlags
}

// registryName is the name a registry's list is kept under, without
// starting or asking anything: "demo" for the built-in demo, else the
// registry's host.
func (r *registryFlags) registryName(env Env) (string, error) {
	if r.demo {
		return "demo", nil
	}
	base := r.baseURL
	if base == "" {
		base = env.Getenv("COVIEW_BASE_URL")
	}
	u, err := api.ParseBaseURL(base)
	if err != nil {
		return "", usageError("%v", err)
	}
	return u.Host, nil
}

// openStore opens the watch list of the registry the flags choose.
func openStore(env Env, r *registryFlags) (*watch.Store, error) {
	name, err := r.registryName(env)
	if err != nil {
		return nil, err
	}
	path, err := watch.DefaultPath(env.Getenv)
	if err != nil {
		return nil, err
	}
	s, err := watch.Open(path, name)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// openWatcher opens the registry, finds its key, and opens its list.
func openWatcher(env Env, r *registryFlags) (*registry, *watch.Store, error) {
	reg, err := r.open(env)
	if err != nil {
		return nil, nil, err
	}
	key, err := keys{reg: reg, env: env}.find()
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		reg.close()
		return nil, nil, noKeyError(reg.host)
	case err != nil:
		reg.close()
		return nil, nil, &exitError{code: exitAuth, msg: err.Error()}
	}
	reg.client.SetKey(key.Value)
	store, err := openStore(env, r)
	if err != nil {
		reg.close()
		return nil, nil, err
	}
	return reg, store, nil
}

// watchNumbers reads company numbers from the arguments in any pasted
// form, and from stdin for "-". Words that are not numbers are a name,
// returned for the caller to refuse with the matches.
func watchNumbers(args []string, env Env) ([]api.Number, string, error) {
	var out []api.Number
	var words []string
	for _, a := range args {
		if a == "-" {
			nums, err := readNumbers([]string{"-"}, env)
			if err != nil {
				return nil, "", err
			}
			out = append(out, nums...)
			continue
		}
		words = append(words, a)
	}
	if text := strings.Join(words, " "); text != "" {
		if !api.ReadsAsNumbers(text) {
			return nil, text, nil
		}
		nums, ignored := api.ExtractNumbers(text)
		for _, ig := range ignored {
			return nil, "", usageError("%q: %s", sanitize.Line(truncate(ig.Text, 60)), sanitize.Line(ig.Why))
		}
		out = append(out, nums...)
	}
	return dedupe(out), "", nil
}

func dedupe(ns []api.Number) []api.Number {
	seen := map[api.Number]bool{}
	var out []api.Number
	for _, n := range ns {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// --- watch add ----------------------------------------------------------------

func newWatchAddCommand(env Env) *cobra.Command {
	var f watchFlags
	cmd := &cobra.Command{
		Use:   "add NUMBER...",
		Short: "Watch companies",
		Long: `Put companies on the watch list. NUMBER is a company number in any pasted form
(sc 123456, 6400, "Company No. 01234567"); - reads numbers from stdin, one
or more per line. Each company's profile is read once, to be sure it exists
and to know its name. A name is refused, with the companies it matches to
choose from. The first check after adding records what is there and reports
nothing.

Exit codes: 0 added (or watched already), 1 failure, 2 usage error or a
name given, 3 no key or the key was rejected, 4 no such company (the
others are still added).`,
		Example: `
coview watch add 00006400 SC006405
cut -d, -f1 clients.csv | coview watch add -
coview --demo watch add 00006420 00006421 00006422 00006423 00006424`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchAdd(cmd.Context(), args, &f, env)
		},
	}
	f.registry.register(cmd.Flags())
	return cmd
}

func runWatchAdd(ctx context.Context, args []string, f *watchFlags, env Env) error {
	if len(args) == 0 {
		return usageError("watch add needs company numbers: coview watch add 00006400 (or - to read them from stdin)")
	}
	numbers, name, err := watchNumbers(args, env)
	if err != nil {
		return err
	}
	if name == "" && len(numbers) == 0 {
		return usageError("no company numbers found on stdin")
	}
	reg, store, err := openWatcher(env, &f.registry)
	if err != nil {
		return err
	}
	defer reg.close()
	defer store.Close()
	oneShot(reg.client, env)
	if name != "" {
		return refuseName(ctx, reg.client, name, env)
	}
	w := watch.New(store, reg.client, watch.Options{})
	// A few at once, as lookups are; said in the order given.
	type added struct {
		p   *api.Profile
		new bool
		err error
	}
	results := make([]chan added, len(numbers))
	sem := make(chan struct{}, inFlight)
	for i, n := range numbers {
		results[i] = make(chan added, 1)
		go func() {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				results[i] <- added{err: ctx.Err()}
				return
			}
			defer func() { <-sem }()
			p, isNew, err := w.Add(ctx, n)
			results[i] <- added{p, isNew, err}
		}()
	}
	var first error
	for i, n := range numbers {
		r := <-results[i]
		if err := r.err; err != nil {
			if ctx.Err() != nil {
				return err
			}
			if errors.Is(err, api.ErrNotFound) {
				err = &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s not found (404): check the number; not added", n)}
			}
			if first == nil {
				first = err
			}
			report(env.Stderr, withHint(err))
			continue
		}
		what := "now watching"
		if !r.new {
			what = "already watching"
		}
		fmt.Fprintf(env.Stderr, "coview: %s %s %s\n", what, n, sanitize.Line(r.p.CompanyName))
	}
	if first != nil {
		return &exitError{code: exitCode(first)}
	}
	return nil
}

// refuseName answers a name given for a number with the companies it
// matches.
func refuseName(ctx context.Context, c *api.Client, name string, env Env) error {
	query := api.CleanQuery(name)
	res, err := c.Search(ctx, api.ResSearchCompanies, query, api.Page{ItemsPerPage: 10})
	if err != nil {
		return withHint(err)
	}
	if len(res.Items) == 0 {
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("%q is not a company number, and no company is called that: watch add takes numbers", sanitize.Line(truncate(name, 60)))}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is a name, not a company number; it matches:\n", sanitize.Line(truncate(name, 60)))
	for _, it := range res.Items {
		fmt.Fprintf(&b, "  %s  %s  %s\n", sanitize.Line(it.CompanyNumber), sanitize.Line(it.Title), sanitize.Line(strings.ReplaceAll(it.CompanyStatus, "-", " ")))
	}
	if t := res.Total(); t > len(res.Items) {
		fmt.Fprintf(&b, "  and %s more (coview search --companies %s)\n", present.Thousands(t-len(res.Items)), query)
	}
	fmt.Fprintf(&b, "Add one by its number: coview watch add %s", sanitize.Line(res.Items[0].CompanyNumber))
	return &exitError{code: exitUsage, msg: b.String()}
}

// --- watch remove -------------------------------------------------------------

func newWatchRemoveCommand(env Env) *cobra.Command {
	var f watchFlags
	cmd := &cobra.Command{
		Use:   "remove NUMBER...",
		Short: "Stop watching companies",
		Long: `Take companies off the watch list, with what was kept about them and their
changes. It asks the registry nothing. - reads numbers from stdin.

Exit codes: 0 removed, 2 usage error, 4 a company was not watched (the
others are still removed).`,
		Example: `
coview watch remove 00006400
coview watch list --json | jq -r 'select(.status == "dissolved") | .company_number' | coview watch remove -`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchRemove(cmd.Context(), args, &f, env)
		},
	}
	f.registry.register(cmd.Flags())
	return cmd
}

func runWatchRemove(ctx context.Context, args []string, f *watchFlags, env Env) error {
	if len(args) == 0 {
		return usageError("watch remove needs company numbers: coview watch remove 00006400")
	}
	numbers, name, err := watchNumbers(args, env)
	if err != nil {
		return err
	}
	if name != "" {
		return usageError("%q is not a company number: watch remove takes the numbers coview watch list shows", sanitize.Line(truncate(name, 60)))
	}
	store, err := openStore(env, &f.registry)
	if err != nil {
		return err
	}
	defer store.Close()
	removed, err := store.Remove(ctx, numbers...)
	if err != nil {
		return err
	}
	gone := map[api.Number]bool{}
	for _, n := range removed {
		gone[n] = true
		fmt.Fprintf(env.Stderr, "coview: no longer watching %s\n", n)
	}
	missing := 0
	for _, n := range numbers {
		if !gone[n] {
			missing++
			fmt.Fprintf(env.Stderr, "coview: %s was not watched\n", n)
		}
	}
	if missing > 0 {
		return &exitError{code: exitNotFound}
	}
	return nil
}

// --- watch list ---------------------------------------------------------------

// watchedJSON is one company of watch list --json.
type watchedJSON struct {
	Number              string `json:"company_number"`
	Name                string `json:"company_name"`
	Status              string `json:"status,omitempty"`
	StatusDetail        string `json:"status_detail,omitempty"`
	AccountsDue         string `json:"accounts_due,omitempty"`
	AccountsOverdue     bool   `json:"accounts_overdue"`
	ConfirmationDue     string `json:"confirmation_statement_due,omitempty"`
	ConfirmationOverdue bool   `json:"confirmation_statement_overdue"`
	AddedAt             string `json:"added_at"`
	CheckedAt           string `json:"last_checked,omitempty"`
	Unseen              int    `json:"unseen_changes"`
}

func newWatchListCommand(env Env) *cobra.Command {
	var f watchFlags
	var asJSON, plain bool
	cmd := &cobra.Command{
		Use:   "list [--plain|--json]",
		Short: "The watched companies",
		Long: `List the watched companies: number, name, status, when accounts and the
confirmation statement are next due, when each was last checked, and how
many of its changes are not seen yet. It asks the registry nothing: the
status and dates are as the last check read them. --json writes one
object per company.`,
		Example: `
coview watch list
coview watch list --json | jq -r 'select(.unseen_changes > 0) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			store, err := openStore(env, &f.registry)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
				for _, c := range companies {
					p := c.Profile
					writeJSONValue(w, watchedJSON{
						Number: string(c.Number), Name: c.Name, Status: p.Status, StatusDetail: p.StatusDetail,
						AccountsDue: p.AccountsDue, AccountsOverdue: p.AccountsOverdue,
						ConfirmationDue: p.ConfirmationDue, ConfirmationOverdue: p.ConfirmationOverdue,
						AddedAt: stamp(c.AddedAt), CheckedAt: stamp(c.CheckedAt), Unseen: c.Unseen,
					})
				}
				return nil
			}
			present.WritePage(w, present.WatchList(companies, time.Now()), true)
			return nil
		},
	}
	fs := cmd.Flags()
	fs.BoolVar(&plain, "plain", false, "print one company per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per company")
	f.registry.register(fs)
	return cmd
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// --- watch check --------------------------------------------------------------

// changeJSON is one change of watch check --json and watch changes
// --json: the change as logged, and its words.
type changeJSON struct {
	watch.Change
	Words string `json:"words"`
	Seen  bool   `json:"seen"`
}

func newWatchCheckCommand(env Env) *cobra.Command {
	var f watchFlags
	var asJSON bool
	var budget int
	var quota string
	cmd := &cobra.Command{
		Use:   "check [--json] [--budget N]",
		Short: "Ask the registry what changed at the watched companies",
		Long: `Ask the registry about every watched company and print what changed since the
last check, one line each:

  00006420  TICKTOCK TEA ROOMS LTD  2026-11-24  filed: full accounts made up to 31 Mar 2026 (AA)
  00006421  WEATHERVANE WINDOWS LTD  2026-11-24  status: active -> liquidation

It prints nothing when nothing changed, so that a cron line mails only
news. --json writes one object per change: company_number, company_name,
kind, date, words, and what the kind has (transaction_id, form_type,
field, before, after, name, role, charge). The first check of a newly
added company records what is there and reports nothing.

An unchanged company costs one request: its newest filing. A new filing
makes it read what the filing is about (the officers for an officers'
filing, the charges for a charge's); the profile is also read once a day,
every 6 hours within 14 days of a deadline, and every 30 days once
dissolved. Requests keep within 80% of the quota in any window (--quota,
default the live registry's 600/5m; the registry's headers only ever lower
it) and --budget bounds them further. Companies are checked least
recently checked first, so a check cut short is carried on by the next.
Checks may run at once (a cron job and the browser): each company is
checked by one of them, and each change reported once.

On a terminal, progress and an estimate of the time left are shown on
stderr; elsewhere (cron) nothing is, unless something goes wrong.

Exit codes: 0 checked (changes or not), 1 a company could not be checked
(an error, the budget or the quota; they are listed on stderr), 2 usage
error, 3 no key or the key was rejected.`,
		Example: `
coview watch check
coview watch check --budget 100
coview watch check --json | jq -r 'select(.kind | startswith("status/")) | .words'
# every hour, at 17 minutes past: mail only news
17 * * * *  coview watch check`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchCheck(cmd.Context(), &f, asJSON, budget, quota, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per change")
	fs.IntVar(&budget, "budget", 0, "the most requests to send (default: as many as the quota allows)")
	fs.StringVar(&quota, "quota", "", "the registry's quota, requests per window (default "+strconv.Itoa(watch.LiveQuota.Limit)+"/5m, the live registry's)")
	f.registry.register(fs)
	return cmd
}

func runWatchCheck(ctx context.Context, f *watchFlags, asJSON bool, budget int, quotaFlag string, env Env) error {
	if budget < 0 {
		return usageError("--budget is a number of requests, not %d", budget)
	}
	q := watch.LiveQuota
	if quotaFlag != "" {
		var err error
		if q, err = watch.ParseQuota(quotaFlag); err != nil {
			return usageError("--quota: %v", err)
		}
	}
	reg, store, err := openWatcher(env, &f.registry)
	if err != nil {
		return err
	}
	defer reg.close()
	defer store.Close()
	reg.client.SetRateLimitWait(func(string, time.Time) bool { return true })

	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	opts := watch.CheckOptions{Budget: budget, Found: func(changes []watch.Change) {
		for _, c := range changes {
			if asJSON {
				writeJSONValue(out, changeJSON{Change: c, Words: present.WatchChange(c)})
			} else {
				fmt.Fprintln(out, present.WatchChangeLine(c))
			}
		}
		out.Flush()
	}}
	var line *statusLine
	if isTerminal(env.Stderr) {
		line = newStatusLine(env.Stderr)
		reg.client.SetWaitNotice(waitLines(line))
		opts.Progress = func(p watch.Progress) { line.Set("coview: " + checkProgress(p, time.Now())) }
	}
	rep, err := watch.New(store, reg.client, watch.Options{Quota: q}).Check(ctx, opts)
	if line != nil {
		line.Clear()
	}
	if err != nil && rep == nil {
		return err
	}
	out.Flush()
	if err != nil {
		if code := exitCode(err); code == exitAuth {
			return withHint(err)
		}
		report(env.Stderr, err)
	}
	return notCheckedReport(rep, budget, env)
}

// checkProgress is a check's progress in words, for a terminal's status
// line.
func checkProgress(p watch.Progress, now time.Time) string {
	s := fmt.Sprintf("checking %s: %s done", plural(p.Total, "company", "companies"), present.Thousands(p.Done))
	if p.Changes > 0 {
		s += ", " + plural(p.Changes, "change", "changes")
	}
	if p.Waiting != "" && p.Until.After(now) {
		return s + fmt.Sprintf("; waiting until %s, %s", p.Until.Local().Format("15:04:05"), p.Waiting)
	}
	if p.Left > time.Second {
		s += "; about " + p.Left.Round(time.Second).String() + " left"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return present.Thousands(n) + " " + many
}

// notCheckedReport lists on stderr the companies a check left out, and
// is the exit status: a check cut short is a failure, so that a cron job
// says so; companies another check had are not.
func notCheckedReport(rep *watch.Report, budget int, env Env) error {
	byWhy := map[watch.Reason][]watch.NotChecked{}
	for _, nc := range rep.NotChecked {
		byWhy[nc.Why] = append(byWhy[nc.Why], nc)
	}
	var first error
	for _, why := range []watch.Reason{watch.ReasonFailed, watch.ReasonBudget, watch.ReasonQuota, watch.ReasonStopped} {
		list := byWhy[why]
		if len(list) == 0 {
			continue
		}
		var numbers []string
		for _, nc := range list {
			numbers = append(numbers, string(nc.Number))
		}
		switch why {
		case watch.ReasonFailed:
			for _, nc := range list {
				fmt.Fprintf(env.Stderr, "coview: %s not checked: %s\n", nc.Number, sanitize.Line(nc.Err.Error()))
				if first == nil {
					first = nc.Err
				}
			}
			continue
		case watch.ReasonBudget:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the budget of %s requests was spent; the next check starts with them (--budget raises it): %s\n",
				plural(len(list), "company", "companies"), present.Thousands(budget), strings.Join(numbers, " "))
		case watch.ReasonQuota:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the registry refused more requests (429); the next check starts with them: %s\n",
				plural(len(list), "company", "companies"), strings.Join(numbers, " "))
		case watch.ReasonStopped:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the check was stopped: %s\n",
				plural(len(list), "company", "companies"), strings.Join(numbers, " "))
		}
		if first == nil {
			first = &exitError{code: exitFailure}
		}
	}
	if first == nil {
		return nil
	}
	if code := exitCode(first); code == exitAuth {
		return &exitError{code: code}
	}
	return &exitError{code: exitFailure}
}

// --- watch changes ------------------------------------------------------------

func newWatchChangesCommand(env Env) *cobra.Command {
	var f watchFlags
	var asJSON, unseen, markSeen bool
	var since string
	cmd := &cobra.Command{
		Use:   "changes [--since DATE] [--unseen] [--json] [NUMBER...]",
		Short: "The changes the checks found",
		Long: `Print the change log: every change the checks recorded, oldest first, one line
each as watch check prints them (--json: one object each, with "seen"). It
reads the log and asks the registry nothing.

--since DATE (YYYY-MM-DD, or a duration back from now such as 7d or 12h)
keeps those recorded since then; --unseen those not marked seen; NUMBER
those of some companies. --mark-seen marks what it printed seen, as the
browser does when you open a company.`,
		Example: `
coview watch changes --since 7d
coview watch changes --unseen --mark-seen
coview watch changes --json 00006400 | jq -r .words`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			filter := watch.Filter{Unseen: unseen}
			if since != "" {
				t, err := parseSince(since, time.Now())
				if err != nil {
					return err
				}
				filter.Since = t
			}
			if len(args) > 0 {
				numbers, name, err := watchNumbers(args, env)
				if err != nil {
					return err
				}
				if name != "" {
					return usageError("%q is not a company number", sanitize.Line(truncate(name, 60)))
				}
				filter.Numbers = numbers
			}
			store, err := openStore(env, &f.registry)
			if err != nil {
				return err
			}
			defer store.Close()
			changes, err := store.Changes(cmd.Context(), filter)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(env.Stdout)
			for _, c := range changes {
				if asJSON {
					writeJSONValue(w, changeJSON{Change: c, Words: present.WatchChange(c), Seen: c.Seen()})
				} else {
					fmt.Fprintln(w, present.WatchChangeLine(c))
				}
			}
			if err := w.Flush(); err != nil {
				return err
			}
			if markSeen && len(changes) > 0 {
				seen := map[api.Number]bool{}
				var numbers []api.Number
				for _, c := range changes {
					if !seen[c.Number] {
						seen[c.Number] = true
						numbers = append(numbers, c.Number)
					}
				}
				if _, err := store.MarkSeen(cmd.Context(), numbers...); err != nil {
					return err
				}
			}
			return nil
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&since, "since", "", "only changes recorded since DATE (2026-11-01) or since a time ago (7d, 12h)")
	fs.BoolVar(&unseen, "unseen", false, "only changes not marked seen")
	fs.BoolVar(&markSeen, "mark-seen", false, "mark the changes printed seen")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per change")
	f.registry.register(fs)
	return cmd
}

// parseSince reads a date (the start of that day, local time) or a
// duration back from now in days, weeks, hours or minutes.
func parseSince(s string, now time.Time) (time.Time, error) {
	if t, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(s), time.Local); err == nil {
		return t, nil
	}
	if d, err := parseSpan(s); err == nil {
		return now.Add(-d), nil
	}
	return time.Time{}, usageError("--since %q: give a date (2026-11-01) or a time ago (7d, 12h)", s)
}

// parseSpan reads 30d, 2w, 12h, 90m, or anything time.ParseDuration does.
func parseSpan(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	for suffix, unit := range map[string]time.Duration{"d": 24 * time.Hour, "w": 7 * 24 * time.Hour} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 {
				return 0, fmt.Errorf("%q is not a span", s)
			}
			return time.Duration(v) * unit, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a span", s)
	}
	return d, nil
}

// --- watch deadlines ----------------------------------------------------------

// deadlineJSON is one deadline of watch deadlines --json.
type deadlineJSON struct {
	Number  string `json:"company_number"`
	Name    string `json:"company_name"`
	What    string `json:"what"`
	Due     string `json:"due"`
	Days    int    `json:"days"`
	Overdue bool   `json:"overdue"`
}

func newWatchDeadlinesCommand(env Env) *cobra.Command {
	var f watchFlags
	var asJSON, plain bool
	var within string
	cmd := &cobra.Command{
		Use:   "deadlines [--within 30d] [--json]",
		Short: "What the watched companies have due, overdue first",
		Long: `List every watched company's accounts and confirmation statement due dates:
overdue first (the longest overdue first), then the soonest. --within keeps
those due within that time (30d, 2w) and every overdue one. The dates are
as the last check read them; it asks the registry nothing. Dissolved
companies have none. --json writes one object per deadline, with days
(negative once overdue).`,
		Example: `
coview watch deadlines --within 30d
coview watch deadlines --json | jq -r 'select(.overdue) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			var span time.Duration
			if within != "" {
				var err error
				if span, err = parseSpan(within); err != nil || span == 0 {
					return usageError("--within %q: give a span such as 30d, 2w or 48h", within)
				}
			}
			store, err := openStore(env, &f.registry)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			now := time.Now()
			deadlines := watch.Deadlines(companies, now, span)
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
				for _, d := range deadlines {
					writeJSONValue(w, deadlineJSON{Number: string(d.Number), Name: d.Name, What: d.What, Due: d.Due, Days: d.Days, Overdue: d.Overdue})
				}
				return nil
			}
			present.WritePage(w, present.WatchDeadlines(deadlines, now), true)
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&within, "within", "", "only deadlines within this span (30d, 2w) and those overdue")
	fs.BoolVar(&plain, "plain", false, "print one deadline per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per deadline")
	f.registry.register(fs)
	return cmd
}

// writeJSONValue writes v as one line of JSON, with "->" and "&" as
// they are rather than escaped for HTML.
func writeJSONValue(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
