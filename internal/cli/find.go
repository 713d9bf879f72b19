package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"coview/api"
	"coview/present"
	"coview/present/labels"
	"coview/present/sanitize"
	"coview/register"
)

// coview search finds companies by what they are, too: any filter flag
// makes it the registry's advanced search, the words after the flags
// becoming company_name_includes; --alphabetical and --dissolved choose
// the alphabetical index and the dissolved search.

const findLong = `

Any filter makes it an advanced search of companies by what they are, the
words becoming what the name must include: --status, --type, --subtype,
--sic (each repeatable or comma-separated; any of a list matches; words,
--sic software, stand for every code whose description holds them), --location
(every word in the registered office's address), --exclude (no word of
these in the name; given twice, the words add up), --incorporated-from/
--incorporated-to and --dissolved-from/--dissolved-to (2024-01-31,
31/01/2024, or a year: 2024 is the whole year; a place or a date given
twice is refused). The registry's own names work too: --company-status,
--company-type, --company-subtype, --sic-codes, --company-name-includes,
--company-name-excludes. Every value is checked against the registry's lists
before any request, with the nearest valid one suggested. Without --all the
first 100 companies are printed; --all prints them all, 5,000 a request, up
to the registry's 10,000 (stderr says when that cuts it short: narrow by
date). --csv prints one row per company (number, name, status, type,
subtype, incorporated, dissolved, SIC codes, address), quoted properly.

--alphabetical prints the companies filed either side of a name in the
registry's index. --dissolved finds dissolved companies by name, and with
--previous-names by a name they once had (the registry says this index may
hold only companies dissolved before 2009).

The register's index on this machine answers every filter but the dissolved
ones, and --alphabetical, with no request and no 10,000 cap; it also takes
--postcode: a postcode (LS1 4AB), a sector (LS1 4), a district (LS1, which
is not LS10) or an area (LS: letters only, so M is not ME).`

const findExample = `coview search --sic 62020 --location leeds --incorporated-from 2024 --status active
coview search --all --csv --status active --postcode LS > leeds.csv
coview search --type plc --dissolved-from 2001 --dissolved-to 2008 --csv > plcs.csv
coview search --alphabetical gooseberry fool
coview search --dissolved --previous-names dynamo amber trading
`

// findFlags are the flags of the searches of companies by what they are.
type findFlags struct {
	statuses, types, subtypes, sic    [2][]string // each in its two spellings
	includes, excludes, exclude       wordsValue
	location, postcode                onceValue
	incFrom, incTo, dissFrom, dissTo  onceValue
	alphabetical, dissolved, previous bool
}

// wordsValue is a flag of words whose values add up, given as often as
// wished: the registry reads every word of --exclude and
// --company-name-includes, so "--exclude anvil --exclude beacon" is both.
type wordsValue []string

func (w *wordsValue) Set(v string) error { *w = append(*w, v); return nil }
func (w *wordsValue) String() string     { return strings.TrimSpace(strings.Join(*w, " ")) }
func (w *wordsValue) Type() string       { return "string" }

// onceValue is a flag that takes one value (a place, a date). Every value
// given is kept, so that one given twice is refused by name rather than
// the last silently kept (checkOnce).
type onceValue []string

func (o *onceValue) Set(v string) error { *o = append(*o, v); return nil }
func (o *onceValue) String() string {
	if len(*o) == 0 {
		return ""
	}
	return (*o)[len(*o)-1]
}
func (o *onceValue) Type() string { return "string" }

// checkOnce refuses a flag of one value given more than once, saying what
// it takes instead.
func checkOnce(flag string, o onceValue, takes string) error {
	if len(o) < 2 {
		return nil
	}
	times := "twice"
	if len(o) > 2 {
		times = fmt.Sprintf("%d times", len(o))
	}
	quoted := make([]string, len(o))
	for i, v := range o {
		quoted[i] = fmt.Sprintf("%q", sanitize.Line(v))
	}
	return usageError("%s is given %s (%s): it takes %s", flag, times, labels.JoinAnd(quoted), takes)
}

// addFindFlags gives "coview search" the flags of the searches of
// companies by what they are, and runs one when any is given.
func addFindFlags(cmd *cobra.Command, f *searchFlags, env Env) {
	ff := &findFlags{}
	fs := cmd.Flags()
	lists := []struct {
		short, long string
		into        *[2][]string
		help        string
	}{
		{"status", "company-status", &ff.statuses, "advanced search: companies of this status (active, dissolved, liquidation...)"},
		{"type", "company-type", &ff.types, "advanced search: companies of this type (ltd, plc, llp...)"},
		{"subtype", "company-subtype", &ff.subtypes, "advanced search: community-interest-company or private-fund-limited-partnership"},
		{"sic", "sic-codes", &ff.sic, "advanced search: companies with this SIC code (62020), or any code whose words hold these (software)"},
	}
	for _, l := range lists {
		fs.StringSliceVar(&l.into[0], l.short, nil, l.help+"; repeatable, or comma-separated")
		fs.StringSliceVar(&l.into[1], l.long, nil, "the same as --"+l.short)
	}
	fs.Var(&ff.location, "location", "advanced search: every word in the registered office's address")
	fs.Var(&ff.postcode, "postcode", "from the register's index on this machine: a postcode (LS1 4AB), its sector (LS1 4), district (LS1, not LS10) or area (LS, letters only)")
	fs.Var(&ff.exclude, "exclude", "advanced search: no company with any of these words in its name; repeatable")
	fs.Var(&ff.excludes, "company-name-excludes", "the same as --exclude")
	fs.Var(&ff.includes, "company-name-includes", "advanced search: every word in the name (as the words after the flags); repeatable")
	fs.Var(&ff.incFrom, "incorporated-from", "advanced search: incorporated on or after (2024-01-31, 31/01/2024, 2024)")
	fs.Var(&ff.incTo, "incorporated-to", "advanced search: incorporated on or before")
	fs.Var(&ff.dissFrom, "dissolved-from", "advanced search: dissolved on or after")
	fs.Var(&ff.dissTo, "dissolved-to", "advanced search: dissolved on or before")
	fs.BoolVar(&ff.alphabetical, "alphabetical", false, "the companies filed either side of the name in the registry's index")
	fs.BoolVar(&ff.dissolved, "dissolved", false, "find dissolved companies by name")
	fs.BoolVar(&ff.previous, "previous-names", false, "with --dissolved: by a name they once had")
	cmd.Long += findLong
	cmd.Example += findExample
	byName := cmd.RunE
	cmd.RunE = func(c *cobra.Command, args []string) error {
		if ff.any(c.Flags()) {
			return runFind(c.Context(), args, f, ff, env)
		}
		return byName(c, args)
	}
}

// filterFlags are the flags of the advanced search.
var filterFlags = []string{"status", "company-status", "type", "company-type", "subtype", "company-subtype", "sic", "sic-codes",
	"location", "postcode", "exclude", "company-name-excludes", "company-name-includes", "incorporated-from", "incorporated-to", "dissolved-from", "dissolved-to"}

// any reports whether the command line asks for a search of companies by
// what they are. (--csv does not: it prints whichever search is asked
// for, a name search too.)
func (ff *findFlags) any(fs *pflag.FlagSet) bool {
	return ff.filtered(fs) || ff.alphabetical || ff.dissolved || ff.previous
}

func (ff *findFlags) filtered(fs *pflag.FlagSet) bool {
	for _, name := range filterFlags {
		if fs.Changed(name) {
			return true
		}
	}
	return false
}

// runFind checks the command line and every value before anything is
// opened, then searches: the register's index on this machine when it
// can answer, else the registry.
func runFind(ctx context.Context, args []string, f *searchFlags, ff *findFlags, env Env) error {
	res, err := ff.resource(args, f)
	if err != nil {
		return err
	}
	if err := checkOnce("--postcode", ff.postcode, "one postcode, sector, district or area: --postcode \"LS1 4AB\""); err != nil {
		return err
	}
	postcode := strings.TrimSpace(ff.postcode.String())
	out := asPlain
	switch {
	case f.json:
		out = asJSON
	case f.csv:
		out = asCSV
	}
	switch {
	case f.count && (f.all || f.json || f.csv || f.plain):
		return usageError("--count prints the number alone: leave out --all, --json, --csv and --plain")
	case f.count && ff.alphabetical:
		return usageError("--count counts the companies a search finds; --alphabetical lists those filed either side of a name, which it does not count")
	case postcode != "" && env.registry.live:
		return usageError("--postcode is answered from the register's index on this machine, and --live asks the registry, whose search has no postcode (--location takes one as words)")
	}
	ix, err := localIndex(ctx, env)
	if err != nil {
		return err
	}
	if ix != nil {
		defer ix.Close()
	}
	switch {
	case ix != nil && register.Searchable(res):
		q, _ := api.ParseCompanyQuery(res.Link)
		return findHere(ctx, ix, hereSearch{res: res, q: register.Query{CompanyQuery: q, Postcode: postcode}, all: f.all, count: f.count, out: out}, env)
	case postcode != "" && ix == nil:
		return &exitError{code: exitOffline, msg: "--postcode is answered from the register's index on this machine, and there is none: coview index update makes one (the registry's search has no postcode: --location takes one as words)"}
	case ix != nil && (env.registry.offline || postcode != ""):
		_, err := ix.Answer(ctx, res, api.Page{})
		return lacksError(err)
	}
	reg, err := openWithKey(env)
	if err != nil {
		return err
	}
	defer reg.close()
	if f.count {
		return countFound(ctx, reg.client, res, env)
	}
	return find(ctx, reg.client, res, f.all, out, env)
}

// countFound prints the number of companies the registry says a search
// finds, alone.
func countFound(ctx context.Context, c *api.Client, res api.Resource, env Env) error {
	a, err := c.Fetch(ctx, res, api.Page{ItemsPerPage: 1})
	if err != nil {
		return withHint(err)
	}
	s, ok := api.Value[*api.FoundCompanies](a)
	if !ok || s.Total() < 0 {
		return fmt.Errorf("the registry's answer to %s does not say how many companies it finds", res.Link)
	}
	fmt.Fprintln(env.Stdout, s.Total())
	return nil
}

// resource is the search the command line asks for.
func (ff *findFlags) resource(args []string, f *searchFlags) (api.Resource, error) {
	filtered := ff.anyFilter()
	name := api.CleanQuery(strings.Join(args, " "))
	switch {
	case countTrue(f.json, f.plain, f.csv) > 1:
		return api.Resource{}, usageError("--json, --plain and --csv cannot be used together")
	case f.companies || f.officers || f.disqualified:
		return api.Resource{}, usageError("--companies, --officers and --disqualified are for a name search; a search with filters, --alphabetical or --dissolved finds companies only")
	case ff.previous && !ff.dissolved:
		return api.Resource{}, usageError("--previous-names finds dissolved companies by a name they once had: use it with --dissolved")
	case (ff.alphabetical || ff.dissolved) && filtered:
		return api.Resource{}, usageError("--alphabetical and --dissolved look a name up; the filters (--status, --sic, --location, dates...) are the advanced search's: use one or the other")
	case ff.alphabetical && f.all:
		return api.Resource{}, usageError("the alphabetical index has no end to print: --alphabetical prints the companies either side of the name, without --all")
	case (ff.alphabetical || ff.dissolved) && name == "":
		return api.Resource{}, usageError("--alphabetical and --dissolved need a name to look for: coview search --dissolved snoozewell")
	case ff.dissolved && ff.alphabetical:
		return api.DissolvedResource(name, api.DissolvedAlphabetical, "", ""), nil
	case ff.dissolved && ff.previous:
		return api.DissolvedResource(name, api.DissolvedPreviousNames, "", ""), nil
	case ff.dissolved:
		return api.DissolvedResource(name, api.DissolvedBestMatch, "", ""), nil
	case ff.alphabetical:
		return api.AlphabeticalResource(name, "", ""), nil
	}
	q, err := ff.query(name)
	if err != nil {
		return api.Resource{}, err
	}
	return q.Resource(), nil
}

func (ff *findFlags) anyFilter() bool {
	for _, l := range [][2][]string{ff.statuses, ff.types, ff.subtypes, ff.sic} {
		if len(l[0])+len(l[1]) > 0 {
			return true
		}
	}
	for _, v := range []pflag.Value{&ff.includes, &ff.excludes, &ff.exclude, &ff.location, &ff.postcode, &ff.incFrom, &ff.incTo, &ff.dissFrom, &ff.dissTo} {
		if strings.TrimSpace(v.String()) != "" {
			return true
		}
	}
	return false
}

// query is the advanced search of the flags, every value checked.
func (ff *findFlags) query(name string) (api.CompanyQuery, error) {
	for _, o := range []struct {
		flag  string
		v     onceValue
		takes string
	}{
		{"--location", ff.location, "one place, every word of which must be in the registered office's address: --location \"leeds ls1\""},
		{"--incorporated-from", ff.incFrom, "one date, the start of a range that --incorporated-to ends"},
		{"--incorporated-to", ff.incTo, "one date, the end of a range that --incorporated-from starts"},
		{"--dissolved-from", ff.dissFrom, "one date, the start of a range that --dissolved-to ends"},
		{"--dissolved-to", ff.dissTo, "one date, the end of a range that --dissolved-from starts"},
	} {
		if err := checkOnce(o.flag, o.v, o.takes); err != nil {
			return api.CompanyQuery{}, err
		}
	}
	q := api.CompanyQuery{
		NameIncludes: strings.TrimSpace(name + " " + ff.includes.String()),
		NameExcludes: strings.TrimSpace(ff.exclude.String() + " " + ff.excludes.String()),
		Location:     ff.location.String(),
		Statuses:     append(ff.statuses[0], ff.statuses[1]...),
		Types:        append(ff.types[0], ff.types[1]...),
		Subtypes:     append(ff.subtypes[0], ff.subtypes[1]...),
		SICCodes:     append(ff.sic[0], ff.sic[1]...),
	}
	for _, d := range []struct {
		flag, value string
		end         bool
		into        *string
	}{
		{"--incorporated-from", ff.incFrom.String(), false, &q.IncorporatedFrom}, {"--incorporated-to", ff.incTo.String(), true, &q.IncorporatedTo},
		{"--dissolved-from", ff.dissFrom.String(), false, &q.DissolvedFrom}, {"--dissolved-to", ff.dissTo.String(), true, &q.DissolvedTo},
	} {
		day, err := api.ParseDate(d.value, d.end)
		if err != nil {
			return q, usageError("%s %s", d.flag, err.Error())
		}
		*d.into = day
	}
	if q.IsZero() && strings.TrimSpace(ff.postcode.String()) == "" {
		return q, usageError("an advanced search needs at least one filter with a value: a name, --status, --type, --sic, --location, --postcode or a date")
	}
	var qe *api.QueryError
	q, err := present.CheckCompanyQuery(q)
	if errors.As(err, &qe) {
		return q, usageError("%s", queryProblem(qe))
	} else if err != nil {
		return q, usageError("%s", err.Error())
	}
	return q, nil
}

// flagOf is the flag that sets each of the registry's parameters.
var flagOf = sync.OnceValue(func() map[string]string {
	return map[string]string{
		api.ParamStatus: "--status", api.ParamType: "--type", api.ParamSubtype: "--subtype", api.ParamSICCodes: "--sic",
		api.ParamIncorporatedFrom: "--incorporated-from", api.ParamIncorporatedTo: "--incorporated-to",
		api.ParamDissolvedFrom: "--dissolved-from", api.ParamDissolvedTo: "--dissolved-to",
	}
})

// queryProblem says what is wrong with a value, by the flag that gave it.
func queryProblem(qe *api.QueryError) string {
	return present.QueryProblem(qe, flagOf()[qe.Param])
}

// asCSV prints companies as rows of CSV.
const asCSV output = 100

// find prints a search of companies: its first page, or with all every
// page up to the registry's depth, as the browser's rows, the JSON as
// received (a page a line with all), or CSV. Nothing found is exit 4.
func find(ctx context.Context, c *api.Client, res api.Resource, all bool, out output, env Env) error {
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	var rows *present.CSV
	if out == asCSV {
		rows = present.NewCSV(w)
		defer rows.Flush()
	}
	size := pageSize
	if all {
		size = res.Kind.MaxPage(pageSize)
	}
	if res.Kind == api.ResAlphabeticalSearch || strings.Contains(res.Link, "search_type="+string(api.DissolvedAlphabetical)) {
		size = api.AdvancedPageSize
	}
	page := api.Page{ItemsPerPage: size}
	loaded := 0
	seen := api.Seen{}
	for n := 0; ; n++ {
		a, err := c.Fetch(ctx, res, page)
		if err != nil {
			w.Flush()
			return withHint(err)
		}
		s, ok := api.Value[*api.FoundCompanies](a)
		if !ok {
			return fmt.Errorf("the registry's answer to %s holds no companies", res.Link)
		}
		if s.Empty != "" && loaded == 0 {
			return &exitError{code: exitNotFound, msg: "no companies match: " + present.DescribeSearch(res)}
		}
		if items, fresh := seen.Fresh(a.Raw); items > 0 && fresh == 0 {
			return repeatedPage(n, loaded)
		}
		if n == 0 && res.Kind == api.ResDissolvedSearch && out != asPlain {
			fmt.Fprintln(env.Stderr, "coview: "+present.DissolvedCaveat)
		}
		writeFound(w, rows, a, s, n == 0, all, out)
		loaded = s.Asked.StartIndex + len(s.Items)
		w.Flush()
		switch {
		case s.Capped != "":
			fmt.Fprintf(env.Stderr, "coview: the registry serves the first %s of the %s companies this search finds; narrow it by dates (--incorporated-from, --incorporated-to) to reach the rest\n",
				present.Thousands(api.AdvancedDepthCap), present.Thousands(s.Total()))
			return nil
		case !s.More():
			return nil
		case !all && res.Kind == api.ResAdvancedSearch && s.Total() > api.AdvancedDepthCap:
			fmt.Fprintf(env.Stderr, "coview: %s more after these %s (of %s); --all prints them up to the first %s, as far as the registry serves\n",
				present.Thousands(s.Total()-loaded), present.Thousands(loaded), present.Thousands(s.Total()), present.Thousands(api.AdvancedDepthCap))
			return nil
		case !all:
			fmt.Fprintf(env.Stderr, "coview: %s more after these %s (of %s); --all prints them\n",
				present.Thousands(s.Total()-loaded), present.Thousands(loaded), present.Thousands(s.Total()))
			return nil
		case n+1 >= maxPages:
			return &exitError{code: exitFailure, msg: "stopped: the registry has not said the search ends"}
		}
		page = s.NextPage()
	}
}

// writeFound prints one page of companies found.
func writeFound(w io.Writer, rows *present.CSV, a *api.Answer, s *api.FoundCompanies, first, all bool, out output) {
	switch out {
	case asJSON:
		writeJSON(w, a.Raw, all)
	case asCSV:
		if first {
			rows.Write(present.CSVHeader)
		}
		for _, f := range s.Items {
			rows.Write(present.CSVRecord(f))
		}
		rows.Flush()
	default:
		present.WritePage(w, present.Show(a, nil), first)
	}
}
