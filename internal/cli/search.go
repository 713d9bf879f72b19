package cli

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/register"
)

const searchLong = `Find companies and officers by name. The words after the flags are the
query: coview search marzipan mountain. Without --companies, --officers or
--disqualified, all three kinds are found.

It prints one match per line with the columns the browser shows, with
--json each page of the registry's JSON as received, or with --csv one row
a match under a header (kind, name, company number, status, type, dates,
date of birth, appointments, address, link). Without --all the
first 100 matches are printed and stderr says how many more there are;
with --all every page, up to the first 1,000 or so matches, which is as
deep as the registry's search goes (stderr then says so).

--disqualified searches the register of disqualified directors; each line
ends with the record (natural/ID or corporate/ID) that coview disqualified
prints in full.

With the register's index on this machine (coview index update), companies
are found in it with no request, and stderr says so: a name search finds the
companies with every word in their names (officers are not in the register's
file: --officers asks the registry), in the advanced search's columns and
JSON, --all prints every match with no cap, and --count prints the number
alone. --live asks the registry instead; --offline never does and needs no
key.

Exit codes: 0 matches were found, 1 failure, 2 usage error, 3 no key or the
key was rejected, 4 nothing matches, 8 --offline with no index, or asked what
the register's file does not hold.`

const searchExample = `
coview search marzipan mountain
coview search --officers abernathy-quayle
coview search --officers --all --csv abernathy > officers.csv
coview search --companies --all --json ltd > companies.jsonl
coview search --disqualified grimthorpe
coview --demo search hargreave
coview --offline search --count marzipan
`

// searchFlags are the flags of "coview search".
type searchFlags struct {
	json, plain, csv, all             bool
	companies, officers, disqualified bool
	count                             bool
}

// newSearchCommand is "coview search": a name search, printed in one shot.
func newSearchCommand(env Env) *cobra.Command {
	var f searchFlags
	cmd := &cobra.Command{
		Use:     "search [--companies|--officers|--disqualified] [--all] [--json|--plain] QUERY...",
		Short:   "Find companies, officers and disqualified officers by name",
		Long:    searchLong,
		Example: searchExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSearch(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&f.companies, "companies", false, "find companies only")
	fs.BoolVar(&f.officers, "officers", false, "find officers only")
	fs.BoolVar(&f.disqualified, "disqualified", false, "find disqualified officers only, each with the record coview disqualified prints")
	fs.BoolVar(&f.all, "all", false, "print every page the registry serves, not only the first")
	fs.BoolVar(&f.json, "json", false, "print each page of the registry's JSON as received")
	fs.BoolVar(&f.plain, "plain", false, "print one match per line (the default)")
	fs.BoolVar(&f.csv, "csv", false, "print the matches as CSV, one row each, with a header")
	fs.BoolVar(&f.count, "count", false, "print how many companies are found, the number alone")
	addFindFlags(cmd, &f, env)
	return cmd
}

// runSearch checks the command line before anything is opened, then
// searches.
func runSearch(ctx context.Context, args []string, f *searchFlags, env Env) error {
	switch {
	case countTrue(f.json, f.plain, f.csv) > 1:
		return usageError("--json, --plain and --csv cannot be used together")
	case countTrue(f.companies, f.officers, f.disqualified) > 1:
		return usageError("--companies, --officers and --disqualified cannot be used together; without any of them, all three kinds are found")
	case f.count && (f.all || f.json || f.csv || f.plain):
		return usageError("--count prints the number alone: leave out --all, --json, --csv and --plain")
	}
	raw := strings.Join(args, " ")
	if !utf8.ValidString(raw) {
		return usageError("the query has bytes that are not UTF-8 text: check the terminal's or the script's encoding")
	}
	query := api.CleanQuery(raw)
	if query == "" {
		return usageError("search needs a name to look for: coview search marzipan mountain")
	}
	kind := api.ResSearch
	switch {
	case f.companies:
		kind = api.ResSearchCompanies
	case f.officers:
		kind = api.ResSearchOfficers
	case f.disqualified:
		kind = api.ResSearchDisqualified
	}
	// Only the browser could show anything else, and it does not open on
	// a query: so plain text on a terminal too, as in a pipe.
	out := asPlain
	switch {
	case f.json:
		out = asJSON
	case f.csv:
		out = asCSV
	}

	if kind == api.ResSearch || kind == api.ResSearchCompanies {
		ix, err := localIndex(ctx, env)
		if err != nil {
			return err
		}
		if ix != nil {
			// The register's file holds companies only: the search is the
			// advanced search's for the words in the name, which it answers.
			defer ix.Close()
			q := api.CompanyQuery{NameIncludes: query}
			lacks := "companies with every word in their names; officers are not in the register's file"
			if kind == api.ResSearchCompanies {
				lacks = "companies with every word in their names"
			}
			return findHere(ctx, ix, hereSearch{res: q.Resource(), q: register.Query{CompanyQuery: q}, all: f.all, count: f.count, out: out, lacks: lacks}, env)
		}
	} else if env.registry.offline {
		return &exitError{code: exitOffline, msg: register.Lacks(kind).What}
	}

	reg, err := openWithKey(env)
	if err != nil {
		return err
	}
	defer reg.close()
	res := api.SearchResource(kind, query)
	if f.count {
		return countMatches(ctx, reg.client, res, env)
	}
	return search(ctx, reg.client, res, query, f.all, out, env)
}

// countMatches prints how many matches the registry says a name search
// has, alone.
func countMatches(ctx context.Context, c *api.Client, res api.Resource, env Env) error {
	a, err := c.Fetch(ctx, res, api.Page{ItemsPerPage: 1})
	if err != nil {
		return withHint(err)
	}
	s, ok := api.Value[*api.SearchResults](a)
	if !ok || s.Total() < 0 {
		return fmt.Errorf("the registry's answer to %s does not say how many it finds", res.Link)
	}
	fmt.Fprintln(env.Stdout, s.Total())
	return nil
}

// search prints a name search: its first page, or with all every page up
// to the registry's depth cap, as the browser's rows, as the JSON
// received or as CSV. Nothing found is exit 4, said on stderr.
func search(ctx context.Context, c *api.Client, res api.Resource, query string, all bool, out output, env Env) error {
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	var rows *csv.Writer
	if out == asCSV {
		rows = csv.NewWriter(w)
		defer rows.Flush()
	}
	page := api.Page{StartIndex: 0, ItemsPerPage: pageSize}
	total, loaded := -1, 0
	seen := api.Seen{}
	for n := 0; ; n++ {
		a, err := c.Fetch(ctx, res, page)
		if err != nil {
			w.Flush()
			return withHint(err)
		}
		s, ok := api.Value[*api.SearchResults](a)
		if !ok {
			w.Flush()
			return fmt.Errorf("the registry's answer to %s holds no search results", res.Link)
		}
		if s.Empty != "" && loaded == 0 {
			return &exitError{code: exitNotFound, msg: fmt.Sprintf("no %s match %q", searchedFor(res.Kind), query)}
		}
		if items, fresh := seen.Fresh(a.Raw); items > 0 && fresh == 0 {
			return repeatedPage(n, loaded)
		}
		if t := s.Total(); t >= 0 {
			total = t
		}
		if len(s.Items) > 0 {
			switch out {
			case asJSON:
				writeJSON(w, a.Raw, all)
			case asCSV:
				if n == 0 {
					rows.Write(present.SearchCSVHeader)
				}
				for _, it := range s.Items {
					rows.Write(present.SearchCSVRecord(it))
				}
				rows.Flush()
			default:
				pg := present.Show(a, nil)
				if res.Kind == api.ResSearchDisqualified {
					withRecords(pg)
				}
				present.WritePage(w, pg, n == 0)
			}
			loaded = s.Asked.StartIndex + len(s.Items)
		}
		w.Flush()
		switch {
		case !s.More():
			switch {
			case s.Capped != "" && total > loaded:
				fmt.Fprintf(env.Stderr, "coview: the registry shows the first %s of %s; a narrower query reaches the rest\n",
					present.Thousands(loaded), present.Thousands(total))
			case s.Capped != "" && total < 0:
				fmt.Fprintf(env.Stderr, "coview: the registry shows no more than the first %s or so matches of a search, and did not say how many there are; a narrower query reaches the rest\n",
					present.Thousands(loaded))
			}
			return nil
		case !all:
			fmt.Fprintln(env.Stderr, "coview: "+searchMoreNote(total, loaded))
			return nil
		case n+1 >= maxPages:
			return &exitError{code: exitFailure, msg: fmt.Sprintf("stopped after %s pages: the registry has not said the search ends", present.Thousands(maxPages))}
		}
		page = s.NextPage()
	}
}

// searchedFor names what a search kind looks through, for "nothing
// found".
func searchedFor(kind api.ResourceKind) string {
	switch kind {
	case api.ResSearchCompanies:
		return "company names"
	case api.ResSearchOfficers:
		return "officer names"
	case api.ResSearchDisqualified:
		return "disqualified officer names"
	}
	return "company or officer names"
}

// countTrue is how many of bs are true.
func countTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// searchMoreNote tells that a search goes on past its first page, how far
// the registry lets it be read, and how to print the rest.
func searchMoreNote(total, loaded int) string {
	switch {
	case total < 0:
		return fmt.Sprintf("the first %s matches are shown and there may be more; --all prints every page", present.Thousands(loaded))
	case total > api.SearchDepthCap:
		return fmt.Sprintf("%s more after these %s (of %s; the registry shows the first %s); --all prints them",
			present.Thousands(api.SearchDepthCap-loaded), present.Thousands(loaded), present.Thousands(total), present.Thousands(api.SearchDepthCap))
	}
	return fmt.Sprintf("%s more after these %s (of %s); --all prints them", present.Thousands(total-loaded), present.Thousands(loaded), present.Thousands(total))
}

// repeatedPage ends paging at a page that brings nothing new: the registry
// sent again what was printed already (a page that repeats, or pages
// that never end). What was printed may not be the whole list.
func repeatedPage(n, loaded int) error {
	return &exitError{code: exitFailure, msg: fmt.Sprintf(
		"stopped after %s items: page %s brings nothing new (the registry sent again what it had sent); the list may go on, but its pages do not",
		present.Thousands(loaded), present.Thousands(n+1))}
}
