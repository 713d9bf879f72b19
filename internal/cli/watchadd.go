package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/api/demo"
	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

func newWatchAddCommand(env Env) *cobra.Command {
	var officers []string
	cmd := &cobra.Command{
		Use:   "add NUMBER... [--officer ID]...",
		Short: "Watch companies, and people",
		Long: `Put companies on the watch list. NUMBER is a company number in any pasted form
(sc 123456, 6400, "Company No. 01234567"); - reads numbers from stdin, one
or more per line: a first line that is a column heading is skipped, as
coview screen skips it, and the CSV coview screen --csv writes is read by
its number column. Each company's profile is read once, to be sure it
exists and to know its name. A name is refused, with the companies it
matches to choose from; text that could be one number or two ("0123 4567")
is refused with the reason. The first check after adding records what is
there and reports nothing.

--officer ID watches a person: the officer id in the link to their
appointments (/officers/ID/appointments; the link, or the web page's
address, is taken too). Their new appointments, resignations and a new
name are reported, at any company, watched or not. Their appointments
are read once when added (what is there is recorded, nothing reported).

Exit codes: 0 added (or watched already), 1 failure, 2 usage error or a
name given, 3 no key or the key was rejected, 4 no such company or
officer (the others are still added).`,
		Example: `
coview watch add 00006400 SC006405
cut -d, -f1 clients.csv | coview watch add -
coview screen --csv - < suppliers.txt | coview watch add -
coview --demo watch add 00006420 00006421 00006422 00006423 00006424
coview watch add --officer https://find-and-update.company-information.service.gov.uk/officers/AbCdEf123/appointments
coview --demo watch add --officer ` + demo.SerialDirector + ``,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchAdd(cmd.Context(), args, officers, env)
		},
	}
	cmd.Flags().StringArrayVar(&officers, "officer", nil, "watch the officer with this `ID` (or link to their appointments); repeat it for more")
	return cmd
}

func runWatchAdd(ctx context.Context, args, officers []string, env Env) error {
	if len(args) == 0 && len(officers) == 0 {
		return usageError("watch add needs company numbers: coview watch add 00006400 (or - to read them from stdin), or --officer ID")
	}
	ids, err := officerIDs(officers)
	if err != nil {
		return err
	}
	var numbers []api.Number
	var name string
	var skipped error
	if len(args) > 0 {
		if numbers, name, skipped, err = watchNumbers(args, env); err != nil {
			return err
		}
		if name == "" && len(numbers) == 0 {
			return noNumberError("watch add", true)
		}
	}
	reg, store, err := openWatcher(env, false)
	if err != nil {
		return err
	}
	defer reg.close()
	defer store.Close()
	oneShot(reg.client, env)
	if name != "" {
		return refuseName(ctx, reg.client, name, env)
	}
	w := watch.New(store, reg.client, watch.Options{Today: reg.today})
	first := addOfficers(ctx, w, ids, env)
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
	return skipped
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
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("%q is not a company number, and no company is called that: watch add takes numbers", sanitize.Line(shortArg(name)))}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is a name, not a company number; it matches:\n", sanitize.Line(shortArg(name)))
	for _, it := range res.Items {
		fmt.Fprintf(&b, "  %s  %s  %s\n", sanitize.Line(it.CompanyNumber), sanitize.Line(it.Title), sanitize.Line(strings.ReplaceAll(it.CompanyStatus, "-", " ")))
	}
	if t := res.Total(); t > len(res.Items) {
		fmt.Fprintf(&b, "  and %s more (coview search --companies %s)\n", present.Thousands(t-len(res.Items)), query)
	}
	fmt.Fprintf(&b, "Add one by its number: coview watch add %s", sanitize.Line(res.Items[0].CompanyNumber))
	return &exitError{code: exitUsage, msg: b.String()}
}

func newWatchRemoveCommand(env Env) *cobra.Command {
	var officers []string
	cmd := &cobra.Command{
		Use:   "remove NUMBER... [--officer ID]...",
		Short: "Stop watching companies, and people",
		Long: `Take companies off the watch list, with what was kept about them and their
changes. It asks the registry nothing. - reads numbers from stdin.
--officer ID takes a watched person off it.

Exit codes: 0 removed, 2 usage error, 4 a company or person was not
watched (the others are still removed).`,
		Example: `
coview watch remove 00006400
coview watch list --json | jq -r 'select(.status == "dissolved") | .company_number' | coview watch remove -`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchRemove(cmd.Context(), args, officers, env)
		},
	}
	cmd.Flags().StringArrayVar(&officers, "officer", nil, "stop watching the officer with this `ID`; repeat it for more")
	return cmd
}

func runWatchRemove(ctx context.Context, args, officers []string, env Env) error {
	if len(args) == 0 && len(officers) == 0 {
		return usageError("watch remove needs company numbers: coview watch remove 00006400, or --officer ID")
	}
	ids, err := officerIDs(officers)
	if err != nil {
		return err
	}
	var numbers []api.Number
	var name string
	var skipped error
	if len(args) > 0 {
		if numbers, name, skipped, err = watchNumbers(args, env); err != nil {
			return err
		}
	}
	if name != "" {
		return usageError("%q is not a company number: watch remove takes the numbers coview watch list shows", sanitize.Line(shortArg(name)))
	}
	store, err := openStore(env)
	if err != nil {
		return err
	}
	defer store.Close()
	missingPeople := removeOfficers(ctx, store, ids, env)
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
	if missing > 0 || missingPeople != nil {
		return &exitError{code: exitNotFound}
	}
	return skipped
}
