package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/register"
	"coview/screen"
)

const screenLong = `Screen a list of companies: a column of customers, suppliers or a deal's
counterparties, pasted from a spreadsheet or an e-mail. Each entry is a
company number in any pasted form (sc 123456, 6400, "Company No. 01234567")
or a company name, as an argument or one a line on stdin (-); --column N
takes the Nth field of CSV or TSV on stdin instead, and a heading row
("Company number", "Name") is recognised and skipped.

Every entry gets exactly one row, in the order given, with the entry as
given (one that cannot be read, such as a line of a binary file or one
over 64 KiB, is quoted as its first 60 characters): number, name, status, type, incorporated, accounts and confirmation
statement next due (and whether overdue), the company's flags (in
liquidation, strike-off proposed, accounts overdue, registered office in
dispute, insolvency history, dormant accounts, recently incorporated...),
and a result:

  ok            the company was found and read
  not_found     no company has the number (an answer, not a failure)
  invalid       neither a company number nor a name; why says what is wrong
  unresolved    a name no company has exactly, or several do; why names up
                to three of them (a name matches when it is the same once
                case, punctuation, accents, "&"/AND, CO/COMPANY, a leading
                THE and the spelling of the legal form are set aside:
                LTD/LIMITED, PLC/PUBLIC LIMITED COMPANY, LLP, CIC, Cyf)
  not_screened  the budget, the quota or a failure left it unread; why says
                which

A number is asked for once however often and in whatever form it appears,
a name is searched for once: one request a company, and one more a name.
Requests are paced within the registry's quota (a wait is said on stderr),
and --budget bounds them. --deep also reads each company's charges,
insolvency cases, PSC statements (no registrable person identified),
officers (active directors, and directors appointed and resigned in the
last 12 months) and the figures of its latest accounts (negative net
assets, net current liabilities, net assets fallen by more than half
from the year before): up to 7 more requests a company, said before it
starts.

The rows are an aligned table. On a terminal it fits the width: the
type, dates and what --deep read are left out first (said above the
table), then names and reasons narrowed; when even so it would cut more,
each row is a block of its own. Piped, every column is printed whole.
--csv prints a header and one record a row, quoted where needed; --json one
object a row with the same fields as the CSV: the counts (charges,
directors) as numbers, null where a row has none, every other value a
string.

With the register's index on this machine (coview index update), each
company is read from it and each name matched against it, with no request
however long the list: status, the accounts and the confirmation statement
due and overdue, outstanding charges and the flags the register's file
carries. A number it does not hold (a company dissolved, or incorporated
since) is asked of the registry; --deep and --live ask the registry for
everything. --offline asks it nothing, needs no key, and such a number is
not_found.

Exit codes: 0 every entry got its row, whatever its result; 5 some rows
were not screened (the budget, the quota or a failure; each says why); 2
usage error; 3 no key, or the key was rejected; 8 --offline with no index,
or with --deep.`

const screenExample = `
coview screen 6400 sc6405 "Grumble & Sons Plumbing Ltd"
pbpaste | coview screen -
coview screen --column 2 --csv - < suppliers.csv > screened.csv
coview screen --deep --json - < numbers.txt | jq 'select(.flags != "")'
coview --demo screen 6400 6402 6403 SC006405 6407 99999999 "Gooseberry Fool"
`

// screenFlags are the flags of "coview screen".
type screenFlags struct {
	column, budget   int
	columnGiven      bool // --column 0 is a mistake, not whole lines
	deep             bool
	json, plain, csv bool
}

// newScreenCommand is "coview screen": a list screened in one shot.
func newScreenCommand(env Env) *cobra.Command {
	var f screenFlags
	cmd := &cobra.Command{
		Use:     "screen [--column N] [--deep] [--budget N] [--plain|--csv|--json] ENTRY... | -",
		Short:   "Screen a list of company numbers and names: one row each, with red flags",
		Long:    screenLong,
		Example: screenExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f.columnGiven = cmd.Flags().Changed("column")
			return runScreen(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&f.column, "column", 0, "read the Nth field (from 1) of CSV or TSV on stdin, not whole lines")
	fs.BoolVar(&f.deep, "deep", false, "also read charges, insolvency, PSC statements, officers and the latest accounts' figures (up to 7 more requests a company)")
	fs.IntVar(&f.budget, "budget", 0, fmt.Sprintf("the most requests to send (default %s)", present.Thousands(screen.DefaultBudget)))
	fs.BoolVar(&f.plain, "plain", false, "print an aligned table without colour (the default when piped)")
	fs.BoolVar(&f.csv, "csv", false, "print CSV: a header, then one record a row")
	fs.BoolVar(&f.json, "json", false, "print one JSON object a row, with the CSV's fields")
	return cmd
}

// exitNotScreened is screen's exit code when some rows were not screened.
const exitNotScreened = 5

// screenOutput is how screen prints its rows.
type screenOutput int

const (
	screenTable screenOutput = iota // aligned, at the end
	screenCSV                       // streamed in input order
	screenJSON                      // streamed in input order
)

// runScreen checks the command line and reads the list before anything is
// opened, then screens it.
func runScreen(ctx context.Context, args []string, f *screenFlags, env Env) error {
	outputs := 0
	for _, on := range []bool{f.json, f.plain, f.csv} {
		if on {
			outputs++
		}
	}
	stdin := false
	for _, a := range args {
		stdin = stdin || a == "-"
	}
	switch {
	case outputs > 1:
		return usageError("--plain, --csv and --json cannot be used together")
	case f.column < 0 || f.columnGiven && f.column == 0:
		return usageError("--column is a field's place, counted from 1, not %d", f.column)
	case f.column > 0 && !stdin:
		return usageError("--column reads a field of CSV or TSV on stdin: give - (coview screen --column 2 - < list.csv)")
	case f.budget < 0:
		return usageError("--budget is a number of requests, not %d", f.budget)
	}
	inputs, err := screenInputs(ctx, args, f.column, env)
	if err != nil {
		return err
	}
	if len(inputs) == 0 {
		return usageError("nothing to screen: give company numbers or names (coview screen 6400 \"Marzipan Mountain Software Ltd\"), or - to read them from stdin")
	}
	out := screenTable
	switch {
	case f.csv:
		out = screenCSV
	case f.json:
		out = screenJSON
	}

	if f.deep && env.registry.offline {
		return &exitError{code: exitOffline, msg: "--deep reads charges, insolvency cases, PSC statements and officers, which the register's file does not hold: leave --offline out"}
	}
	var ix *register.Index
	if !f.deep {
		if ix, err = localIndex(ctx, env); err != nil {
			return err
		}
		if ix != nil {
			defer ix.Close()
		}
	}
	var client screen.Registry = unaskedRegistry{}
	var reg *registry
	if !env.registry.offline {
		if reg, err = openWithKey(env); err != nil {
			return err
		}
		defer reg.close()
		client = reg.client
	}

	budget := f.budget
	if budget == 0 {
		budget = screen.DefaultBudget
	}
	var line *statusLine
	if isTerminal(env.Stderr) {
		line = newStatusLine(env.Stderr)
		if reg != nil {
			reg.client.SetWaitNotice(waitLines(line))
		}
	}
	if ix != nil {
		sayWhere(env, ix.Meta(), screenLacks(env.registry.offline))
	} else {
		sayPlan(screen.PlanFor(inputs, f.deep), budget, f.deep || line != nil, env)
	}

	today := time.Now()
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	rows := newRowPrinter(w, out, f.deep, today, len(inputs))
	opts := screen.Options{Deep: f.deep, Budget: budget, Today: today, OnRow: rows.add, Offline: env.registry.offline}
	if ix != nil {
		opts.Register = screen.FromIndex(ix, "the register of "+registerDate(ix.Meta().FileDate))
	}
	if line != nil {
		opts.OnProgress = func(p screen.Progress) { line.Set("coview: " + present.ScreenProgress(p)) }
	}
	screener := screen.New(client)
	if reg != nil {
		screener = screener.WithDocuments(reg.docs)
	}
	rep := screener.Screen(ctx, inputs, opts)
	if line != nil {
		line.Clear()
	}
	if out == screenTable {
		present.FitPage(w, present.ScreenPage(rep.Rows, f.deep, today), true, tableWidth(env))
	}
	w.Flush()
	return notScreenedStatus(rep, env)
}

// sayPlan says what a screening may cost before it starts, and when that
// may be more than its budget.
func sayPlan(plan screen.Plan, budget int, say bool, env Env) {
	if say {
		fmt.Fprintln(env.Stderr, "coview: "+present.ScreenPlan(plan))
	}
	if plan.MaxRequests() > budget {
		fmt.Fprintf(env.Stderr, "coview: that may be more than the budget of %s requests; rows it does not reach are not screened, and --budget raises it\n",
			present.Thousands(budget))
	}
}

// screenLacks is what a screening from the register's file does not
// read, said before it starts.
func screenLacks(offline bool) string {
	if offline {
		return "names matched exactly against it; a number it does not hold (dissolved) is not_found; --deep asks the registry"
	}
	return "names matched exactly against it; a number it does not hold (dissolved) is asked of the registry; --deep asks the registry"
}

// unaskedRegistry is the registry of an offline screening, which asks it
// nothing: a request would be a mistake, and fails.
type unaskedRegistry struct{}

func (unaskedRegistry) Fetch(context.Context, api.Resource, api.Page) (*api.Answer, error) {
	return nil, errors.New("offline: the registry is not asked")
}

// screenInputs reads the list: each argument an entry, and for "-" the
// lines of stdin, or with column that field of its CSV or TSV. A heading
// skipped is said on stderr, so that no line vanishes unexplained. A
// signal ends the reading of a stdin that never ends.
func screenInputs(ctx context.Context, args []string, column int, env Env) ([]screen.Input, error) {
	var inputs []screen.Input
	for i, a := range args {
		if a != "-" {
			inputs = append(inputs, screen.Argument(i+1, a))
			continue
		}
		got, header, err := readStdinList(ctx, column, env.Stdin)
		if err != nil {
			return nil, err
		}
		if header != "" {
			fmt.Fprintf(env.Stderr, "coview: the first line of stdin, %q, is a heading, not an entry: skipped\n", sanitize.Line(shortArg(header)))
		}
		inputs = append(inputs, got...)
	}
	return inputs, nil
}

// readStdinList reads the list on stdin (its lines, or with column that
// field of its CSV or TSV) until it ends, or until ctx does: a read
// cannot be interrupted, so it goes on, unheeded, while the command
// exits.
func readStdinList(ctx context.Context, column int, stdin io.Reader) ([]screen.Input, string, error) {
	type list struct {
		inputs []screen.Input
		header string
		err    error
	}
	read := make(chan list, 1)
	go func() {
		var l list
		if column > 0 {
			l.inputs, l.header, l.err = screen.ReadCSV(stdin, column)
			if l.err != nil {
				l.err = usageError("reading column %d of stdin: %v", column, l.err)
			}
		} else if l.inputs, l.header, l.err = screen.ReadLines(stdin); l.err != nil {
			l.err = fmt.Errorf("reading stdin: %w", l.err)
		}
		read <- l
	}()
	select {
	case l := <-read:
		return l.inputs, l.header, l.err
	case <-ctx.Done():
		return nil, "", context.Cause(ctx)
	}
}

// notScreenedStatus says on stderr why rows were not screened, once for
// each reason, and ends with the exit code for it: 3 when the key was
// refused, else 5. Rows a signal stopped are not told (the shell tells
// the signal, and the exit status is its).
func notScreenedStatus(rep *screen.Report, env Env) error {
	var reasons []string
	seen := map[string]int{}
	auth, stopped := false, false
	for _, r := range rep.Rows {
		if r.Result != screen.NotScreened {
			continue
		}
		if errors.Is(r.Err, screen.ErrStopped) || errors.Is(r.Err, api.ErrCanceled) {
			stopped = true
			continue
		}
		if errors.Is(r.Err, api.ErrInvalidKey) || errors.Is(r.Err, api.ErrMissingKey) || errors.Is(r.Err, api.ErrForbidden) {
			auth = true
		}
		why := r.Why
		if errors.Is(r.Err, screen.ErrBudget) {
			why += "; --budget raises it"
		}
		if _, ok := seen[why]; !ok {
			reasons = append(reasons, why)
		}
		seen[why]++
	}
	if len(reasons) == 0 && !stopped {
		return nil
	}
	for _, why := range reasons {
		fmt.Fprintf(env.Stderr, "coview: %s not screened: %s\n", rowsCounted(seen[why]), sanitize.Line(why))
	}
	if auth {
		fmt.Fprintln(env.Stderr, "coview: "+authHint(api.ErrInvalidKey))
		return &exitError{code: exitAuth}
	}
	return &exitError{code: exitNotScreened}
}

func rowsCounted(n int) string {
	if n == 1 {
		return "1 row"
	}
	return present.Thousands(n) + " rows"
}

// rowPrinter prints rows as they come, in input order: each row as soon
// as every row before it is printed. A table is printed whole at the end
// instead, since its columns are as wide as their widest cell.
type rowPrinter struct {
	mu     sync.Mutex
	w      *bufio.Writer
	out    screenOutput
	deep   bool
	today  time.Time
	csv    *present.CSV
	rows   []*screen.Row
	next   int
	header bool
}

func newRowPrinter(w *bufio.Writer, out screenOutput, deep bool, today time.Time, n int) *rowPrinter {
	return &rowPrinter{w: w, out: out, deep: deep, today: today, csv: present.NewCSV(w), rows: make([]*screen.Row, n)}
}

// add takes a final row (on the screening's goroutines, one at a time).
func (p *rowPrinter) add(row screen.Row) {
	if p.out == screenTable {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rows[row.Index] = &row
	if !p.header && p.out == screenCSV {
		p.csv.Write(present.ScreenFields(p.deep))
		p.header = true
	}
	printed := false
	for p.next < len(p.rows) && p.rows[p.next] != nil {
		record := present.ScreenRecord(*p.rows[p.next], p.deep, p.today)
		if p.out == screenCSV {
			p.csv.Write(record)
		} else {
			writeJSON(p.w, jsonObject(present.ScreenFields(p.deep), record, present.ScreenCount), false)
		}
		p.rows[p.next] = nil
		p.next++
		printed = true
	}
	if printed {
		p.csv.Flush()
		p.w.Flush() // show progress on long lists
	}
}

// jsonObject is one JSON object on one line, with the fields in order and
// "&", "<" and ">" as themselves: each value a string, but a count's
// (count says which) a number, or null when it is empty.
func jsonObject(fields, values []string, count func(field string) bool) []byte {
	var out bytes.Buffer
	out.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			out.WriteByte(',')
		}
		out.Write(bytes.TrimSuffix(encodeJSON(f, ""), []byte("\n")))
		out.WriteByte(':')
		switch n, err := strconv.Atoi(values[i]); {
		case !count(f):
			out.Write(bytes.TrimSuffix(encodeJSON(values[i], ""), []byte("\n")))
		case err == nil:
			out.WriteString(strconv.Itoa(n))
		default:
			out.WriteString("null")
		}
	}
	out.WriteString("}\n")
	return out.Bytes()
}
