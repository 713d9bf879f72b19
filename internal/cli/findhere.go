package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/register"
)

// A search of companies answered from the register's index on this
// machine: the registry's pages, shapes and words, with no request, no
// cap on how deep it goes, a postcode, and a count alone.

// hereSearch is a search the index answers, as the command line asks it.
type hereSearch struct {
	res   api.Resource   // the registry's resource it stands for
	q     register.Query // for an advanced search
	all   bool
	count bool
	out   output
	lacks string // what the answer leaves out, said on stderr
}

// findHere prints a search of companies from the index: its first page,
// every page with all, or the number alone with count. Nothing found is
// exit 4.
func findHere(ctx context.Context, ix *register.Index, s hereSearch, env Env) error {
	sayWhere(env, ix.Meta(), s.lacks)
	if s.res.Kind == api.ResAlphabeticalSearch {
		return alphabeticalHere(ctx, ix, s, env)
	}
	if s.count {
		n, err := ix.Count(ctx, s.q)
		if err != nil {
			return hereError(err)
		}
		fmt.Fprintln(env.Stdout, n)
		return nil
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	var rows *present.CSV
	if s.out == asCSV {
		rows = present.NewCSV(w)
		defer rows.Flush()
	}
	if !s.all {
		f, err := ix.Search(ctx, s.q, api.Page{ItemsPerPage: pageSize})
		if err != nil {
			return hereError(err)
		}
		if f.Empty != "" {
			return nothingHere(s)
		}
		writeHere(w, rows, s, f, true)
		if left := f.Total() - len(f.Items); left > 0 {
			w.Flush()
			fmt.Fprintf(env.Stderr, "coview: %s more after these %s (of %s); --all prints them all\n",
				present.Thousands(left), present.Thousands(len(f.Items)), present.Thousands(f.Total()))
		}
		return nil
	}
	first := true
	err := ix.Pages(ctx, s.q, api.MaxAdvancedPageSize, func(f *api.FoundCompanies) error {
		if f.Empty != "" {
			return nothingHere(s)
		}
		writeHere(w, rows, s, f, first)
		first = false
		return w.Flush()
	})
	return hereError(err)
}

// alphabeticalHere prints the companies filed either side of a name.
func alphabeticalHere(ctx context.Context, ix *register.Index, s hereSearch, env Env) error {
	name, _, _, err := api.AlphabeticalQuery(s.res.Link)
	if err != nil {
		return usageError("%s", err.Error())
	}
	f, err := ix.Alphabetical(ctx, name, "", "", api.AdvancedPageSize)
	if err != nil {
		return hereError(err)
	}
	if f.Empty != "" {
		return nothingHere(s)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	var rows *present.CSV
	if s.out == asCSV {
		rows = present.NewCSV(w)
		defer rows.Flush()
	}
	writeHere(w, rows, s, f, true)
	return nil
}

// writeHere prints a page as a page of the registry's is printed; in
// words, the postcode, which is no parameter of the registry's, is said
// with the rest of what was asked.
func writeHere(w *bufio.Writer, rows *present.CSV, s hereSearch, f *api.FoundCompanies, first bool) {
	a := api.NewAnswer(s.res, f.Raw, f)
	if s.out != asPlain || s.q.Postcode == "" {
		writeFound(w, rows, a, f, first, s.all, s.out)
		return
	}
	pg := present.Show(a, nil)
	pg.Summary = present.Plural(f.Total(), "company", "companies") + ": " + describeHere(s)
	present.WritePage(w, pg, first)
}

// describeHere says in words what a search looks for, its postcode too.
func describeHere(s hereSearch) string {
	what := present.DescribeSearch(s.res)
	if s.q.Postcode == "" {
		return what
	}
	if what != "" {
		what += ", "
	}
	return what + "postcode " + sanitize.Line(strings.ToUpper(s.q.Postcode))
}

// nothingHere is a search the index finds nothing for: exit 4.
func nothingHere(s hereSearch) error {
	return &exitError{code: exitNotFound, msg: "no companies on the register match: " + describeHere(s)}
}

// hereError is what the index could not answer, as the command ends with
// it: what the file lacks is exit 8, a postcode that is none a usage
// error.
func hereError(err error) error {
	var pe *register.PostcodeError
	var qe *api.QueryError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return usageError("--postcode %q is not a postcode, a district or an area: give one as LS1 4AB, LS1 4, LS1 or LS", sanitize.Line(pe.Value))
	case errors.As(err, &qe):
		return usageError("%s", queryProblem(qe))
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return lacksError(err)
}
