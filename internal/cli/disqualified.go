package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
)

const disqualifiedLong = `Print a disqualified officer's record from the register of disqualified
directors: the person or corporate body, each disqualification (from, until,
whether it is in force today, the reason in the registry's words with the act
and its section, the court order or undertaking, the companies named), and
the permissions to act a court gave.

RECORD names one record, as coview search --disqualified NAME prints it in its
last column: natural/ID for a person, corporate/ID for a corporate body. The
record's link (/disqualified-officers/natural/ID, its links.self in --json)
and the address of its page on the registry's web site are read too. No
officer or company links to a disqualification: a record is found by name.

It prints the record as text (the default), or with --json the registry's JSON
as received.

Exit codes: 0 printed, 1 failure, 2 usage error (no RECORD, or not one),
3 no key or the key was rejected, 4 no such record on the register.`

const disqualifiedExample = `
coview search --disqualified grimthorpe
coview disqualified natural/GrImThOrPe0x1b0DeAdBeEf42
coview disqualified --json /disqualified-officers/corporate/CrOoKeDcAnDlEsTiCk0x5a17
# every record a search finds, as JSON Lines
coview search --disqualified --json smith | jq -r '.items[].links.self' |
  xargs -n1 coview disqualified --json
`

// disqualifiedFlags are the flags of "coview disqualified".
type disqualifiedFlags struct {
	json, plain bool
}

// newDisqualifiedCommand is "coview disqualified": one disqualified
// officer's record, printed in one shot.
func newDisqualifiedCommand(env Env) *cobra.Command {
	var f disqualifiedFlags
	cmd := &cobra.Command{
		Use:     "disqualified [--json|--plain] RECORD",
		Short:   "Print a disqualified officer's record (found with search --disqualified)",
		Long:    disqualifiedLong,
		Example: disqualifiedExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDisqualified(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&f.json, "json", false, "print the registry's JSON as received")
	fs.BoolVar(&f.plain, "plain", false, "print the record as text (the default)")
	return cmd
}

// runDisqualified checks the command line before anything is opened, then
// fetches the record and prints it.
func runDisqualified(ctx context.Context, args []string, f *disqualifiedFlags, env Env) error {
	switch {
	case f.json && f.plain:
		return usageError("--json and --plain cannot be used together")
	case len(args) != 1:
		return &exitError{code: exitUsage, help: "coview disqualified",
			msg: "disqualified takes one record, as coview search --disqualified NAME prints it: coview disqualified natural/ID"}
	}
	res, err := api.DisqualifiedResource(args[0])
	if err != nil {
		return usageError("%q is not a disqualified officer's record: %v", sanitize.Line(args[0]), err)
	}
	reg, err := openWithKey(env)
	if err != nil {
		return err
	}
	defer reg.close()

	a, err := reg.client.Fetch(ctx, res, api.Page{})
	switch {
	case errors.Is(err, api.ErrNotFound):
		return &exitError{code: exitNotFound, msg: fmt.Sprintf(
			"the register of disqualified directors has no record %s (404): coview search --disqualified NAME lists those it has", api.DisqualifiedRecord(res))}
	case err != nil:
		return withHint(err)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if f.json {
		writeJSON(w, a.Raw, false)
		return nil
	}
	present.WritePage(w, present.Show(a, nil), true)
	return nil
}

// withRecords adds to a page of the register's search what coview
// disqualified takes to print each row's record: natural/ID or
// corporate/ID, last, where a script finds it (awk '{print $NF}').
func withRecords(pg *present.Page) {
	pg.Columns = append(pg.Columns, present.Column{Title: "Record"})
	for i, it := range pg.Items {
		record := ""
		if res, err := api.Route(it.Link); err == nil {
			record = api.DisqualifiedRecord(res)
		}
		pg.Items[i].Cells = append(it.Cells, sanitize.Line(record))
	}
}
