package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/figures"
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
	defaultAccountsYears = 3
	maxAccountsYears     = 20
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
	got, err := readAccounts(ctx, reg, number, f.years)
	if err != nil {
		return err
	}
	for _, line := range got.notes() {
		fmt.Fprintln(env.Stderr, "coview: "+sanitize.Line(line))
	}
	cols := got.columns()
	if len(cols) == 0 {
		return got.nothing()
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

// filedAccounts is one accounts filing and what its document gave.
type filedAccounts struct {
	filing   api.FilingItem
	madeUpTo time.Time
	report   *figures.Report // nil when there are no figures
	why      string          // why there are none: filed on paper, unreadable...
	paper    bool            // no inline XBRL at all, as against one that could not be read
}

// companyAccounts are a company's last accounts, newest first.
type companyAccounts struct {
	number api.Number
	filed  []*filedAccounts
}

// readAccounts asks for the company's accounts filings once, then for
// each its document's metadata and, when it comes as inline XBRL, its
// content, and reads the figures out of it. A document that cannot be
// had or read is said and passed over; a refused key or the end of the
// quota stops everything.
func readAccounts(ctx context.Context, reg *registry, number api.Number, years int) (*companyAccounts, error) {
	link := api.FilingHistoryLink("/company/"+string(number)+"/filing-history", []string{"accounts"})
	history, err := reg.client.FilingHistory(ctx, link, api.Page{ItemsPerPage: 100})
	if err != nil {
		return nil, withHint(err)
	}
	got := &companyAccounts{number: number}
	for _, f := range annualAccounts(history.Items, years) {
		fa := &filedAccounts{filing: f}
		fa.madeUpTo, _ = time.Parse(time.DateOnly, f.Values()["made_up_date"])
		if err := readFiled(ctx, reg, fa); err != nil {
			return nil, withHint(err)
		}
		got.filed = append(got.filed, fa)
	}
	return got, nil
}

// annualAccounts are the last n annual accounts of a filing history's
// accounts category (not changes of accounting reference date), the
// newest of any made up to the same date (amended accounts replace the
// original).
func annualAccounts(items []api.FilingItem, n int) []api.FilingItem {
	var out []api.FilingItem
	seen := map[string]bool{}
	for _, f := range items {
		d := f.Description
		if !strings.HasPrefix(d, "accounts-with-") && !strings.HasPrefix(d, "accounts-amended-with-") {
			continue
		}
		madeUp := f.Values()["made_up_date"]
		if seen[madeUp] {
			continue
		}
		seen[madeUp] = true
		out = append(out, f)
		if len(out) == n {
			break
		}
	}
	return out
}

// readFiled fetches and reads one filing's accounts. Only what stops
// everything is returned; anything else is why this one has no figures.
func readFiled(ctx context.Context, reg *registry, fa *filedAccounts) error {
	if fa.filing.Links.DocumentMetadata == "" {
		fa.why, fa.paper = "the registry holds no document for them", true
		return nil
	}
	meta, err := reg.docs.Metadata(ctx, fa.filing.Links.DocumentMetadata)
	if err != nil {
		return passOver(fa, err)
	}
	if !meta.Has(api.FormatXHTML) {
		fa.why, fa.paper = "they were filed on paper or as a PDF only, so they have no figures", true
		return nil
	}
	doc, err := reg.docs.Content(ctx, meta, api.FormatXHTML, figures.DefaultMaxBytes)
	if err != nil {
		return passOver(fa, err)
	}
	fa.report, err = figures.Read(doc, figures.Options{})
	if err != nil {
		fa.why = err.Error()
	}
	return nil
}

// passOver keeps an error that concerns one document as why it has no
// figures, and returns one that stops everything: a key refused, the
// quota spent, or the run given up.
func passOver(fa *filedAccounts, err error) error {
	for _, stop := range []error{api.ErrInvalidKey, api.ErrMissingKey, api.ErrForbidden, api.ErrRateLimited, api.ErrCanceled} {
		if errors.Is(err, stop) {
			return err
		}
	}
	fa.why = "their document could not be fetched: " + err.Error()
	return nil
}

// name is what the accounts are called in a line: "the accounts made up
// to 31 March 2025".
func (fa *filedAccounts) name() string {
	if fa.madeUpTo.IsZero() {
		return "the accounts filed on " + fa.filing.Date
	}
	return "the accounts made up to " + fa.madeUpTo.Format("2 January 2006")
}

// notes are the lines for stderr: accounts without figures and why, and
// what could not be read in those with some.
func (c *companyAccounts) notes() []string {
	var out []string
	for _, fa := range c.filed {
		if fa.report == nil {
			out = append(out, fmt.Sprintf("%s: %s", fa.name(), fa.why))
			continue
		}
		for _, p := range fa.report.Problems {
			out = append(out, fmt.Sprintf("%s: %s", fa.name(), p.Error()))
		}
		if len(fa.report.Years) == 0 && len(fa.report.Problems) == 0 {
			out = append(out, fa.name()+": no figures are tagged in them")
		}
	}
	return out
}

// nothing is the error when no figure at all could be read: exit 4 when
// there was nothing to read, 1 when what there was could not be read.
func (c *companyAccounts) nothing() error {
	if len(c.filed) == 0 {
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s has no accounts listed (or there is no such company): coview %s shows its profile", c.number, c.number)}
	}
	for _, fa := range c.filed {
		if !fa.paper {
			return &exitError{code: exitFailure, msg: fmt.Sprintf("no figure could be read from company %s's last %s (each says why above)", c.number, plural(len(c.filed), "accounts", "accounts"))}
		}
	}
	return &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s's last %s were filed on paper or as a PDF only: no figures", c.number, plural(len(c.filed), "accounts", "accounts"))}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// accountsColumn is one year's figures as shown, and the accounts they
// came from.
type accountsColumn struct {
	year  figures.Year
	filed *filedAccounts
}

// columns are the years the accounts give, newest first, the group's
// before the company's; each year from the accounts whose own year it is
// (as filed, not as restated a year on), else from the newest that
// gives it as its comparative.
func (c *companyAccounts) columns() []accountsColumn {
	var out []accountsColumn
	for _, current := range []bool{true, false} {
		for _, fa := range c.filed {
			if fa.report == nil {
				continue
			}
			for _, y := range fa.report.Years {
				dup := slices.ContainsFunc(out, func(o accountsColumn) bool {
					return o.year.End.Equal(y.End) && o.year.Consolidated == y.Consolidated
				})
				if y.Current == current && !dup {
					out = append(out, accountsColumn{year: y, filed: fa})
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b accountsColumn) int {
		if c := b.year.End.Compare(a.year.End); c != 0 {
			return c
		}
		switch {
		case a.year.Consolidated == b.year.Consolidated:
			return 0
		case a.year.Consolidated:
			return -1
		}
		return 1
	})
	return out
}

// name is the company's name as its newest accounts give it, cleaned.
func (c *companyAccounts) name() string {
	for _, fa := range c.filed {
		if fa.report != nil && fa.report.Name != "" {
			return sanitize.Line(fa.report.Name)
		}
	}
	return ""
}
