package api

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CompanyQuery is an advanced search (/advanced-search/companies): the
// registry's parameters, typed. The registry silently ignores a parameter
// it does not know, so that a misspelt filter returns every company:
// coview builds the query only from these fields, and reads a link back
// (ParseCompanyQuery) refusing anything else. All criteria are ANDed;
// a list matches any of its values.
type CompanyQuery struct {
	NameIncludes string   // company_name_includes: every word must be in the name
	NameExcludes string   // company_name_excludes: any word excludes a company
	Location     string   // location: every word must be in the registered office's address
	Statuses     []string // company_status
	Types        []string // company_type
	Subtypes     []string // company_subtype
	SICCodes     []string // sic_codes: exact codes

	// The dates are yyyy-mm-dd and inclusive (ParseDate reads the forms
	// people type).
	IncorporatedFrom, IncorporatedTo string
	DissolvedFrom, DissolvedTo       string
}

// The registry's names of the advanced search's parameters, in the order
// a query is described.
const (
	ParamNameIncludes     = "company_name_includes"
	ParamNameExcludes     = "company_name_excludes"
	ParamStatus           = "company_status"
	ParamType             = "company_type"
	ParamSubtype          = "company_subtype"
	ParamSICCodes         = "sic_codes"
	ParamLocation         = "location"
	ParamIncorporatedFrom = "incorporated_from"
	ParamIncorporatedTo   = "incorporated_to"
	ParamDissolvedFrom    = "dissolved_from"
	ParamDissolvedTo      = "dissolved_to"
)

// Paging of the advanced search.
const (
	// AdvancedPageSize is the registry's own default page.
	AdvancedPageSize = 20
	// MaxAdvancedPageSize is the most one request may ask for: size=5000.
	MaxAdvancedPageSize = 5000
	// AdvancedDepthCap is as deep as the search engine behind the
	// advanced search serves (its default result window): with 5,000 a
	// request, two requests reach the most there is; past it, a query
	// narrowed by dates reaches the rest.
	AdvancedDepthCap = 10000
)

// field is one parameter of the query: where it is kept.
type field struct {
	param string
	text  func(q *CompanyQuery) *string
	list  func(q *CompanyQuery) *[]string
}

var companyQueryFields = []field{
	{param: ParamNameIncludes, text: func(q *CompanyQuery) *string { return &q.NameIncludes }},
	{param: ParamNameExcludes, text: func(q *CompanyQuery) *string { return &q.NameExcludes }},
	{param: ParamStatus, list: func(q *CompanyQuery) *[]string { return &q.Statuses }},
	{param: ParamType, list: func(q *CompanyQuery) *[]string { return &q.Types }},
	{param: ParamSubtype, list: func(q *CompanyQuery) *[]string { return &q.Subtypes }},
	{param: ParamSICCodes, list: func(q *CompanyQuery) *[]string { return &q.SICCodes }},
	{param: ParamLocation, text: func(q *CompanyQuery) *string { return &q.Location }},
	{param: ParamIncorporatedFrom, text: func(q *CompanyQuery) *string { return &q.IncorporatedFrom }},
	{param: ParamIncorporatedTo, text: func(q *CompanyQuery) *string { return &q.IncorporatedTo }},
	{param: ParamDissolvedFrom, text: func(q *CompanyQuery) *string { return &q.DissolvedFrom }},
	{param: ParamDissolvedTo, text: func(q *CompanyQuery) *string { return &q.DissolvedTo }},
}

// Normal is the query as it is sent: words cleaned as a name search's
// are (CleanQuery), list values lower-cased, trimmed, split at commas,
// without repeats and in order, so that the same search typed twice is
// the same link, and the same cache entry.
func (q CompanyQuery) Normal() CompanyQuery {
	out := q
	for _, f := range companyQueryFields {
		if f.text != nil {
			*f.text(&out) = CleanQuery(*f.text(&q))
			continue
		}
		*f.list(&out) = normalList(*f.list(&q))
	}
	return out
}

func normalList(vs []string) []string {
	var out []string
	for _, v := range vs {
		for _, part := range strings.Split(v, ",") {
			if part = strings.ToLower(CleanQuery(part)); part != "" && !slices.Contains(out, part) {
				out = append(out, part)
			}
		}
	}
	slices.Sort(out)
	return out
}

// IsZero reports whether the query asks for nothing: the registry would
// answer with every company.
func (q CompanyQuery) IsZero() bool {
	return len(q.Values()) == 0
}

// Values are the query's parameters, normalised, without paging: only
// the registry's own names, and only those with a value. A list is sent
// comma-separated, which the registry reads as the key repeated.
func (q CompanyQuery) Values() url.Values {
	q = q.Normal()
	v := url.Values{}
	for _, f := range companyQueryFields {
		switch {
		case f.text != nil && *f.text(&q) != "":
			v.Set(f.param, *f.text(&q))
		case f.list != nil && len(*f.list(&q)) > 0:
			v.Set(f.param, strings.Join(*f.list(&q), ","))
		}
	}
	return v
}

// Resource is the advanced search as a Resource: Route reads its link
// back as the same search, and Fetch asks for it.
func (q CompanyQuery) Resource() Resource {
	link := ResAdvancedSearch.row().path
	if v := q.Values(); len(v) > 0 {
		link += "?" + v.Encode()
	}
	return Resource{Kind: ResAdvancedSearch, Link: link}
}

// Check finds what the registry would refuse (400) before it is asked:
// a date that is not a day, a range that ends before it starts, a SIC
// code that is not four or five digits. Whether a status, type or
// subtype is one of the registry's is the vocabulary's to say
// (present/labels).
func (q CompanyQuery) Check() error {
	q = q.Normal()
	for _, f := range companyQueryFields {
		if f.text == nil || !strings.HasSuffix(f.param, "_from") && !strings.HasSuffix(f.param, "_to") {
			continue
		}
		if d := *f.text(&q); d != "" {
			if _, err := time.Parse(time.DateOnly, d); err != nil {
				return &QueryError{Param: f.param, Value: d, Reason: "is not a date: give one as 2024-01-31, 31/01/2024 or 2024 (a year)"}
			}
		}
	}
	for _, r := range [][3]string{
		{ParamIncorporatedFrom, q.IncorporatedFrom, q.IncorporatedTo},
		{ParamDissolvedFrom, q.DissolvedFrom, q.DissolvedTo},
	} {
		if r[1] != "" && r[2] != "" && r[1] > r[2] {
			return &QueryError{Param: r[0], Value: r[1], Reason: "is after the end of the range (" + r[2] + "): nothing could match"}
		}
	}
	for _, code := range q.SICCodes {
		if _, err := strconv.Atoi(code); err != nil || len(code) < 4 || len(code) > 5 {
			return &QueryError{Param: ParamSICCodes, Value: code, Reason: "is not a SIC code (five digits, such as 62020)"}
		}
	}
	return nil
}

// QueryError is a value of a search that the registry would refuse or
// misread, found before any request: nothing was sent.
type QueryError struct {
	Param   string // the registry's parameter: company_status, incorporated_from...
	Value   string // as given
	Reason  string // what is wrong with it, after the value
	Nearest string // a valid value close to it, when there is one
	Words   string // what Nearest means, when it is a key
}

func (e *QueryError) Error() string {
	s := fmt.Sprintf("%s %q %s", e.Param, e.Value, e.Reason)
	if e.Nearest != "" {
		s += "; did you mean " + e.Nearest
		if e.Words != "" {
			s += " (" + e.Words + ")"
		}
		s += "?"
	}
	return s
}

// ParseCompanyQuery reads an advanced search's link back into the query:
// a parameter the registry repeats or separates by commas both read as a
// list. Any parameter that is not one of the query's is refused, and so
// are paging parameters: the page is Fetch's to say.
func ParseCompanyQuery(link string) (CompanyQuery, error) {
	var q CompanyQuery
	u, err := url.Parse(link)
	if err != nil {
		return q, &QueryError{Param: "link", Value: shorten(link, 80), Reason: "cannot be read"}
	}
	values := u.Query()
	for name, vs := range values {
		i := slices.IndexFunc(companyQueryFields, func(f field) bool { return f.param == name })
		if i < 0 {
			return q, &QueryError{Param: name, Value: strings.Join(vs, ","), Reason: "is not a parameter of the advanced search: the registry would ignore it and answer with every company"}
		}
		f := companyQueryFields[i]
		if f.text != nil {
			*f.text(&q) = strings.Join(vs, " ")
		} else {
			*f.list(&q) = vs
		}
	}
	return q.Normal(), nil
}

// ParseDate reads a date as people type it into the registry's
// yyyy-mm-dd: "2024-01-31", "31/01/2024" (the registry's own bulk files
// write dates so), or a year, "2024", which is the whole year: its first
// day where a range starts (end false), its last where it ends.
func ParseDate(s string, end bool) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if len(s) == 4 {
		y, err := strconv.Atoi(s)
		if err == nil && y >= 1000 {
			if end {
				return s + "-12-31", nil
			}
			return s + "-01-01", nil
		}
	}
	for _, layout := range []string{time.DateOnly, "02/01/2006", "2/1/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	return "", fmt.Errorf("%q is not a date: give one as 2024-01-31, 31/01/2024 or 2024 (a year)", s)
}
