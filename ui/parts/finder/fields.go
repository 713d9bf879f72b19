package finder

import (
	"errors"
	"fmt"
	"strings"

	"coview/api"
	"coview/present"
	"coview/present/labels"
)

// field is one line of the form: an input for one of the advanced
// search's parameters.
type field struct {
	key, title, placeholder string
	param                   string
	vocab                   func() labels.Vocabulary // the registry's list its values come from; nil for words and dates
	date                    int                      // fromDate or toDate for a date; 0 otherwise
}

const (
	fromDate = 1 + iota
	toDate
)

// fields are the form's lines, in order.
var fields = [lines]field{
	{key: "name", title: "Name has", param: api.ParamNameIncludes, placeholder: "every word of these in the name"},
	{key: "exclude", title: "Name lacks", param: api.ParamNameExcludes, placeholder: "no word of these in the name"},
	{key: "status", title: "Status", param: api.ParamStatus, vocab: labels.SearchStatuses, placeholder: "active, dissolved, liquidation…"},
	{key: "type", title: "Type", param: api.ParamType, vocab: labels.CompanyTypes, placeholder: "ltd, plc, llp…"},
	{key: "sic", title: "SIC codes", param: api.ParamSICCodes, vocab: labels.SICCodes, placeholder: "62020, 62012… or a word: software"},
	{key: "location", title: "Location", param: api.ParamLocation, placeholder: "every word in the address: a town, a postcode"},
	{key: "incFrom", title: "Incorporated from", param: api.ParamIncorporatedFrom, date: fromDate, placeholder: "2024-01-31, 31/01/2024 or 2024"},
	{key: "incTo", title: "Incorporated to", param: api.ParamIncorporatedTo, date: toDate, placeholder: "a day, or a year: its last day"},
	{key: "dissFrom", title: "Dissolved from", param: api.ParamDissolvedFrom, date: fromDate},
	{key: "dissTo", title: "Dissolved to", param: api.ParamDissolvedTo, date: toDate},
}

// titleWidth is the widest title: the inputs line up after it.
func titleWidth() int {
	n := 0
	for _, f := range fields {
		n = max(n, len(f.title))
	}
	return n
}

// lines is how many fields the form has.
const lines = 10

// values are what is typed in each field, in the order of fields.
type values [lines]string

// query is the advanced search the values ask for, as typed: lists split
// at commas, dates as typed (the form's link keeps them so, to be put
// back as they were).
func (v *values) query() api.CompanyQuery {
	var q api.CompanyQuery
	for i, f := range fields {
		*target(&q, f.param) = strings.TrimSpace(v[i])
	}
	return q
}

// target is where a parameter's text goes in a query; a list's is put in
// by query's caller (list).
func target(q *api.CompanyQuery, param string) *string {
	switch param {
	case api.ParamNameIncludes:
		return &q.NameIncludes
	case api.ParamNameExcludes:
		return &q.NameExcludes
	case api.ParamLocation:
		return &q.Location
	case api.ParamIncorporatedFrom:
		return &q.IncorporatedFrom
	case api.ParamIncorporatedTo:
		return &q.IncorporatedTo
	case api.ParamDissolvedFrom:
		return &q.DissolvedFrom
	case api.ParamDissolvedTo:
		return &q.DissolvedTo
	}
	return new(string)
}

// list is where a list parameter's values go in a query, or nil.
func list(q *api.CompanyQuery, param string) *[]string {
	switch param {
	case api.ParamStatus:
		return &q.Statuses
	case api.ParamType:
		return &q.Types
	case api.ParamSubtype:
		return &q.Subtypes
	case api.ParamSICCodes:
		return &q.SICCodes
	}
	return nil
}

// typed is the query of the values, lists included, dates as typed.
func (v *values) typed() api.CompanyQuery {
	q := v.query()
	for i, f := range fields {
		if l := list(&q, f.param); l != nil {
			*l = []string{v[i]}
		}
	}
	return q
}

// fromQuery puts a query's values back in the form.
func fromQuery(q api.CompanyQuery) values {
	var v values
	for i, f := range fields {
		if l := list(&q, f.param); l != nil {
			v[i] = strings.Join(*l, ", ")
			continue
		}
		v[i] = *target(&q, f.param)
	}
	return v
}

// search is the advanced search the values ask for, its dates read and
// every value checked as the command line checks them; the field at
// fault when one is not right.
func (v *values) search(check func(api.CompanyQuery) (api.CompanyQuery, error)) (api.CompanyQuery, int, string) {
	q := v.typed()
	for i, f := range fields {
		if f.date == 0 {
			continue
		}
		day, err := api.ParseDate(v[i], f.date == toDate)
		if err != nil {
			return q, i, f.title + ": " + err.Error()
		}
		*target(&q, f.param) = day
	}
	if q.IsZero() {
		return q, 0, "Fill in at least one line: a name, a status, a type, a SIC code, a place or a date."
	}
	q, err := check(q)
	if err != nil {
		var at int
		msg := err.Error()
		if qe, ok := err.(*api.QueryError); ok {
			for i, f := range fields {
				if f.param == qe.Param {
					at = i
					msg = f.title + ": " + strings.TrimPrefix(msg, qe.Param+" ")
				}
			}
		}
		return q, at, msg
	}
	return q.Normal(), -1, ""
}

// hint is what the field at i says of what is typed in it: the words of
// each code or key given, and what the last one may be as it is typed.
func (v *values) hint(i int) string {
	f := fields[i]
	text := strings.TrimSpace(v[i])
	switch {
	case f.date != 0:
		if text == "" {
			return "A day as 2024-01-31 or 31/01/2024, or a year (the whole year); both ends are included."
		}
		day, err := api.ParseDate(text, f.date == toDate)
		if err != nil {
			return err.Error()
		}
		return f.title + " " + labels.Date(day) + "."
	case f.vocab == nil:
		return "Words are matched whole, in any case."
	}
	vocab := f.vocab()
	parts := strings.Split(text, ",")
	var said []string
	for j, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if t, ok := vocab.Lookup(p); ok {
			said = append(said, t.Key+" "+t.Words)
			continue
		}
		if f.param == api.ParamSICCodes && present.IsSICWords(p) {
			said = append(said, sicWords(p))
			continue
		}
		if j == len(parts)-1 {
			var may []string
			for _, t := range vocab.Matching(p, 3) {
				may = append(may, t.Key+" "+t.Words)
			}
			if len(may) > 0 {
				said = append(said, p+"? "+strings.Join(may, " · "))
				continue
			}
		}
		said = append(said, p+": not a "+vocab.What)
	}
	if len(said) == 0 {
		return "One or more, separated by commas: any of them matches."
	}
	return strings.Join(said, "; ")
}

// sicWords says which SIC codes words stand for: the first two in full
// and the numbers of the rest, or why they stand for none.
func sicWords(words string) string {
	terms, err := present.SICCodesIn(words)
	var qe *api.QueryError
	if errors.As(err, &qe) {
		s := words + ": " + qe.Reason
		if qe.Nearest != "" {
			s += "; did you mean " + qe.Nearest + " " + qe.Words + "?"
		}
		return s
	}
	if len(terms) == 1 {
		return words + ": " + terms[0].Key + " " + terms[0].Words
	}
	s := fmt.Sprintf("%s: %d codes, ", words, len(terms))
	for i, t := range terms {
		switch {
		case i < 2:
			s += t.Key + " " + t.Words + " · "
		case i == 2:
			s += "and " + t.Key
		case i < 12:
			s += ", " + t.Key
		default:
			return s + "…"
		}
	}
	return strings.TrimSuffix(s, " · ")
}
