package cli

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

// changeJSON is one change of watch check --json and watch changes
// --json: the change as logged, and its words.
type changeJSON struct {
	watch.Change
	Words string `json:"words"`
	Seen  bool   `json:"seen"`
}

func newWatchCheckCommand(env Env) *cobra.Command {
	var asJSON bool
	var budget int
	var quota string
	cmd := &cobra.Command{
		Use:   "check [--json] [--budget N]",
		Short: "Ask the registry what changed at the watched companies",
		Long: `Ask the registry about every watched company and print what changed since the
last check, one line each:

  00006420  TICKTOCK TEA ROOMS LTD  2026-11-24  filed: full accounts made up to 31 March 2026 (AA)
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
stderr; elsewhere (cron) nothing is, unless something goes wrong. cron
reaches no keyring where there is no session bus: keep the key for it
with coview auth login --insecure-storage (read by a check from cron
without a word), or set COVIEW_API_KEY in the crontab.

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
			if cmd.Flags().Changed("budget") && budget < 1 {
				// 0 would read as "no bound", which is not what it says.
				return usageError("--budget is the most requests to send, at least 1, not %d", budget)
			}
			if b := settingsOf(cmd, env).Budgets.WatchCheck; !cmd.Flags().Changed("budget") && b > 0 {
				budget = b
			}
			return runWatchCheck(cmd.Context(), asJSON, budget, quota, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per change")
	fs.IntVar(&budget, "budget", 0, "the most requests to send (default: the settings' budgets.watch_check, else as many as the quota allows)")
	fs.StringVar(&quota, "quota", "", "the registry's quota, requests per window (default "+strconv.Itoa(watch.LiveQuota.Limit)+"/5m, the live registry's)")
	return cmd
}

func runWatchCheck(ctx context.Context, asJSON bool, budget int, quotaFlag string, env Env) error {
	q := watch.LiveQuota
	if quotaFlag != "" {
		var err error
		if q, err = watch.ParseQuota(quotaFlag); err != nil {
			return usageError("--quota: %v", err)
		}
	}
	// A check from cron (stderr no terminal) says nothing unless there is
	// news or something went wrong: not that the key came from the file
	// the user chose to keep it in.
	reg, store, err := openWatcher(env, !isTerminal(env.Stderr))
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
		opts.Progress = func(p watch.Progress) { line.Set("coview: " + present.WatchProgress(p, time.Now())) }
	}
	rep, err := watch.New(store, reg.client, watch.Options{Quota: q, Today: reg.today, Documents: reg.docs}).Check(ctx, opts)
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
	if rep.LostHolds > 0 {
		fmt.Fprintf(env.Stderr, "coview: the check could not renew its hold on the companies it was reading %s (%s); another check may have read them too, which costs requests but records nothing twice\n",
			present.Plural(rep.LostHolds, "time", "times"), sanitize.Line(rep.LostHoldErr.Error()))
	}
	return notCheckedReport(rep, budget, env)
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
			numbers = append(numbers, notCheckedName(nc))
		}
		switch why {
		case watch.ReasonFailed:
			for _, nc := range list {
				fmt.Fprintf(env.Stderr, "coview: %s not checked: %s\n", notCheckedName(nc), sanitize.Line(nc.Err.Error()))
				if first == nil {
					first = nc.Err
				}
			}
			continue
		case watch.ReasonBudget:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the budget of %s requests was spent; the next check starts with them (--budget raises it): %s\n",
				present.Plural(len(list), "company", "companies"), present.Thousands(budget), strings.Join(numbers, " "))
		case watch.ReasonQuota:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the registry refused more requests (429); the next check starts with them: %s\n",
				present.Plural(len(list), "company", "companies"), strings.Join(numbers, " "))
		case watch.ReasonStopped:
			fmt.Fprintf(env.Stderr, "coview: %s not checked: the check was stopped: %s\n",
				present.Plural(len(list), "company", "companies"), strings.Join(numbers, " "))
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

// notCheckedName is what a check did not check: a company's number, or
// "officer ID".
func notCheckedName(nc watch.NotChecked) string {
	if nc.Officer != "" {
		return "officer " + nc.Officer
	}
	return string(nc.Number)
}
