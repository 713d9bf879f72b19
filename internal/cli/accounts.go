package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"coview/accounts"
	"coview/present/sanitize"
)

const accountsLong = `Print the figures inside a company's last accounts: turnover, profit, cash,
net assets, employees and the rest, one column a year, newest first, each with
its change from the year before.

Accounts filed electronically come as inline XBRL, their figures tagged; each
document gives its year and the year before, so 3 accounts give up to 4 years.
Accounts filed on paper or as a PDF only have no figures, and are said to have
none. A group's consolidated figures are shown apart from its own company's.

The figures are printed as a table (on a terminal, large amounts shortened to
1.57m or 375k); --plain prints every amount whole, as filed (375,004, -577);
--json one object a year; --csv a header and a row a year. In --json and
--csv each figure is under its name (net_assets, cash, turnover,
average_employees...), with the concept it was read from beside it
(net_assets_concept).

Requests: the filing history's accounts once, then for each accounts filing
its document's metadata and, when it comes as inline XBRL, its content.

Exit codes: 0 figures printed, 1 no figure could be read from the documents
(each says why on stderr), 2 usage error, 3 no key or the key was rejected,
4 no such company, no accounts, or none filed electronically.`

const accountsExample = `
coview accounts 00006400
coview accounts 00006400 --years 5 --plain
coview accounts 00006400 --json | jq '{period_end, net_assets}'
coview accounts 00006411 --csv > gooseberry.csv
`

// Bounds of --years: a page of the filing history holds 100 filings.
const (
	defaultAccountsYears = accounts.DefaultDocuments
	maxAccountsYears     = accounts.MaxDocuments
)

// accountsFlags are the flags of "coview accounts".
type accountsFlags struct {
	years            int
	json, plain, csv bool
}

// newAccountsCommand is "coview accounts": the figures from a company's
// last accounts.
func newAccountsCommand(env Env) *cobra.Command {
	var f accountsFlags
	cmd := &cobra.Command{
		Use:     "accounts NUMBER [--years N] [--plain|--json|--csv]",
		Short:   "Print the figures inside a company's last accounts, year by year",
		Long:    accountsLong,
		Example: accountsExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAccounts(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&f.years, "years", defaultAccountsYears, "how many of the last accounts to read (each also gives the year before)")
	fs.BoolVar(&f.plain, "plain", false, "print every amount whole, as filed")
	fs.BoolVar(&f.json, "json", false, "print one JSON object a year")
	fs.BoolVar(&f.csv, "csv", false, "print CSV: a header, then a row a year")
	return cmd
}

func runAccounts(ctx context.Context, args []string, f *accountsFlags, env Env) error {
	n := 0
	for _, on := range []bool{f.json, f.plain, f.csv} {
		if on {
			n++
		}
	}
	switch {
	case n > 1:
		return usageError("--plain, --json and --csv cannot be used together")
	case f.years < 1 || f.years > maxAccountsYears:
		return usageError("--years must be from 1 to %d", maxAccountsYears)
	case len(args) != 1:
		return &exitError{code: exitUsage, help: "coview accounts", msg: "accounts takes one company number: coview accounts 00006400"}
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
	got, err := accounts.NewReader(reg.client, reg.docs).Company(ctx, number, f.years, nil)
	if err != nil {
		return withHint(err)
	}
	for _, line := range got.Notes() {
		fmt.Fprintln(env.Stderr, "coview: "+sanitize.Line(line))
	}
	cols := got.Columns()
	if len(cols) == 0 {
		return nothingRead(got)
	}
	out := accountsTable
	switch {
	case f.json:
		out = accountsJSON
	case f.csv:
		out = accountsCSV
	case f.plain || !isTerminal(env.Stdout):
		out = accountsPlain
	}
	return writeAccounts(env.Stdout, out, got, cols)
}

// nothingRead is the error when no figure at all could be read: exit 4
// when there was nothing to read, 1 when what there was could not be
// read.
func nothingRead(c *accounts.Company) error {
	switch {
	case len(c.Filed) == 0:
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s has no accounts listed (or there is no such company): coview %s shows its profile", c.Number, c.Number)}
	case c.AllPaper():
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s's last %s were filed on paper or as a PDF only: no figures", c.Number, plural(len(c.Filed), "accounts", "accounts"))}
	}
	return &exitError{code: exitFailure, msg: fmt.Sprintf("no figure could be read from company %s's last %s (each says why above)", c.Number, plural(len(c.Filed), "accounts", "accounts"))}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}
