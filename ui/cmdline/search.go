package cmdline

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"coview/api"
	"coview/present"
	"coview/ui/common"
)

// Filter is a flag of :search, as coview search spells it.
type Filter struct {
	Name, Also string // the short name and the registry's own
	List       bool   // repeatable, or comma-separated
	Param      string // the registry's parameter it sets
}

// Filters are :search's flags, those of coview search's advanced search.
var Filters = []Filter{
	{"status", "company-status", true, api.ParamStatus},
	{"type", "company-type", true, api.ParamType},
	{"subtype", "company-subtype", true, api.ParamSubtype},
	{"sic", "sic-codes", true, api.ParamSICCodes},
	{"location", "", false, api.ParamLocation},
	{"exclude", "company-name-excludes", false, api.ParamNameExcludes},
	{"company-name-includes", "", false, api.ParamNameIncludes},
	{"incorporated-from", "", false, api.ParamIncorporatedFrom},
	{"incorporated-to", "", false, api.ParamIncorporatedTo},
	{"dissolved-from", "", false, api.ParamDissolvedFrom},
	{"dissolved-to", "", false, api.ParamDissolvedTo},
}

// search is :search: a name alone searches everything by name; any
// filter makes it the advanced search, the words its name's, every
// value checked as coview search checks it.
func search(args []string) (Run, error) {
	fs := pflag.NewFlagSet("search", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SetInterspersed(true)
	lists := map[string]*[]string{}
	words := map[string]*string{}
	for _, f := range Filters {
		for _, name := range []string{f.Name, f.Also} {
			switch {
			case name == "":
			case f.List:
				lists[name] = fs.StringSlice(name, nil, "")
			default:
				words[name] = fs.String(name, "", "")
			}
		}
	}
	if err := fs.Parse(args); err != nil {
		return Run{}, flagProblem(err)
	}
	name := api.CleanQuery(strings.Join(fs.Args(), " "))
	if fs.NFlag() == 0 {
		return Run{Search: name}, nil
	}
	q := api.CompanyQuery{
		NameIncludes: strings.TrimSpace(name + " " + *words["company-name-includes"]),
		NameExcludes: strings.TrimSpace(*words["exclude"] + " " + *words["company-name-excludes"]),
		Location:     *words["location"],
		Statuses:     append(*lists["status"], *lists["company-status"]...),
		Types:        append(*lists["type"], *lists["company-type"]...),
		Subtypes:     append(*lists["subtype"], *lists["company-subtype"]...),
		SICCodes:     append(*lists["sic"], *lists["sic-codes"]...),
	}
	if err := dates(&q, words); err != nil {
		return Run{}, err
	}
	if q.IsZero() {
		return Run{}, fmt.Errorf("search needs a name or a filter with a value: search --status active --sic 62020")
	}
	var qe *api.QueryError
	q, err := present.CheckCompanyQuery(q)
	if errors.As(err, &qe) {
		return Run{}, queryProblem(qe)
	} else if err != nil {
		return Run{}, fmt.Errorf("%s", common.Line(err.Error()))
	}
	q = q.Normal()
	return Run{Query: &q}, nil
}

// dates reads the dates as coview search does: a day, or a year.
func dates(q *api.CompanyQuery, words map[string]*string) error {
	for _, d := range []struct {
		flag string
		end  bool
		into *string
	}{
		{"incorporated-from", false, &q.IncorporatedFrom}, {"incorporated-to", true, &q.IncorporatedTo},
		{"dissolved-from", false, &q.DissolvedFrom}, {"dissolved-to", true, &q.DissolvedTo},
	} {
		day, err := api.ParseDate(*words[d.flag], d.end)
		if err != nil {
			return fmt.Errorf("--%s %s", d.flag, common.Line(err.Error()))
		}
		*d.into = day
	}
	return nil
}

// flagProblem says what pflag found wrong, with the nearest filter to
// one mistyped.
func flagProblem(err error) error {
	msg := err.Error()
	if bad, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		for _, f := range Filters {
			names = append(names, f.Name)
		}
		if near := nearest(bad, names); near != "" {
			return fmt.Errorf("search has no filter --%s: did you mean --%s?", common.Line(bad), near)
		}
		return fmt.Errorf("search has no filter --%s; tab after -- lists them", common.Line(bad))
	}
	return fmt.Errorf("search: %s", common.Line(msg))
}

// queryProblem says what is wrong with a value, by the flag that gave it.
func queryProblem(qe *api.QueryError) error {
	flag := ""
	for _, f := range Filters {
		if f.Param == qe.Param {
			flag = "--" + f.Name
		}
	}
	return errors.New(present.QueryProblem(qe, flag))
}
