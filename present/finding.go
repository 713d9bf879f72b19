package present

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"coview/api"
	"coview/present/labels"
	"coview/present/sanitize"
)

// DissolvedCaveat is said wherever the dissolved search's results are
// shown: its index is not the whole register.
const DissolvedCaveat = "The registry says this index may hold only companies dissolved before 2009: it is not every dissolved company."

// found is a page of the advanced, alphabetical or dissolved search: the
// usual rows of companies, with the columns that search has.
func found(d *api.FoundCompanies, g given) *Page {
	res := g.answer.Resource
	pg := &Page{Total: d.Total(), Empty: d.Empty}
	switch res.Kind {
	case api.ResAlphabeticalSearch:
		pg.Columns = []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status"}, {Title: "Type"}}
		pg.Before, pg.After = d.Before(), d.After()
	case api.ResDissolvedSearch:
		pg.Columns = []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Incorporated"}, {Title: "Dissolved"}, {Title: "Locality"}, {Title: "Once named", Flex: true}}
		pg.Caveat = DissolvedCaveat
	default:
		// The name, the number, the status and the dates are what a row is
		// about; the rest gives way to them on a narrow screen, the SIC
		// codes first (left out, or kept to a few words, their whole text
		// under the list), then where, then the type.
		pg.Columns = []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status", Brief: true}, {Title: "Type", Optional: true},
			{Title: "Incorporated"}, {Title: "Dissolved"}, {Title: "Locality", Optional: true}, {Title: "SIC", Flex: true, Optional: true, Max: sicColumnMax}}
	}
	top := ""
	if d.TopHit != nil {
		top = d.TopHit.CompanyNumber
	}
	for _, f := range d.Items {
		pg.Items = append(pg.Items, foundItem(f, res.Kind, res.Kind == api.ResAlphabeticalSearch && f.CompanyNumber == top))
	}
	pg.Summary = foundSummary(d, res)
	if d.Capped != "" {
		pg.Total = d.Asked.StartIndex + len(d.Items)
	}
	return pg
}

// foundSummary counts what a search found, and says what it looked for.
func foundSummary(d *api.FoundCompanies, res api.Resource) string {
	what := DescribeSearch(res)
	switch {
	case d.Empty != "":
		return clean(d.Empty)
	case res.Kind == api.ResAlphabeticalSearch:
		return "Companies filed near " + what + " in the registry's index"
	case d.Total() < 0:
		return "Companies: " + what
	}
	s := counted(d.Total(), "company", "companies") + ": " + what
	if d.Capped != "" {
		s += "; the registry serves the first " + Thousands(api.AdvancedDepthCap) + ": narrow by dates for the rest"
	}
	return s
}

// DescribeSearch says in words what a search of companies looks for:
// `named "leeds"`, "active, SIC 62020, in leeds, incorporated 2024-01-01
// to 2024-12-31".
func DescribeSearch(res api.Resource) string {
	switch res.Kind {
	case api.ResAlphabeticalSearch, api.ResDissolvedSearch:
		q := api.SearchQuery(res.Link)
		if strings.Contains(res.Link, "search_type="+string(api.DissolvedPreviousNames)) {
			return fmt.Sprintf("once named %q", clean(q))
		}
		return fmt.Sprintf("%q", clean(q))
	case api.ResAdvancedSearch:
		q, err := api.ParseCompanyQuery(res.Link)
		if err != nil {
			return "(a search coview cannot read)"
		}
		return clean(describeQuery(q))
	}
	return ""
}

func describeQuery(q api.CompanyQuery) string {
	var parts []string
	add := func(s string) { parts = append(parts, s) }
	if q.NameIncludes != "" {
		add(fmt.Sprintf("named %q", q.NameIncludes))
	}
	if q.NameExcludes != "" {
		add(fmt.Sprintf("not %q", q.NameExcludes))
	}
	for _, l := range []struct {
		label string
		vs    []string
	}{{"", q.Statuses}, {"type ", q.Types}, {"subtype ", q.Subtypes}, {"SIC ", q.SICCodes}} {
		if len(l.vs) > 0 {
			add(l.label + strings.Join(l.vs, " or "))
		}
	}
	if q.Location != "" {
		add("in " + q.Location)
	}
	for _, r := range []struct{ what, from, to string }{
		{"incorporated", q.IncorporatedFrom, q.IncorporatedTo},
		{"dissolved", q.DissolvedFrom, q.DissolvedTo},
	} {
		switch {
		case r.from != "" && r.to != "":
			add(fmt.Sprintf("%s %s to %s", r.what, labels.Date(r.from), labels.Date(r.to)))
		case r.from != "":
			add(fmt.Sprintf("%s since %s", r.what, labels.Date(r.from)))
		case r.to != "":
			add(fmt.Sprintf("%s by %s", r.what, labels.Date(r.to)))
		}
	}
	return strings.Join(parts, ", ")
}

func foundItem(f api.FoundCompany, kind api.ResourceKind, top bool) Item {
	name := clean(f.CompanyName)
	number := clean(f.CompanyNumber)
	status := clean(labels.Status(f.CompanyStatus))
	var it Item
	switch kind {
	case api.ResAlphabeticalSearch:
		it.Cells = []string{name, number, status, clean(ShortType(f.CompanyType))}
	case api.ResDissolvedSearch:
		it.Cells = []string{name, number, clean(labels.Date(f.DateOfCreation)), clean(labels.Date(f.DateOfCessation)), locality(f.RegisteredOfficeAddress), onceNamed(f.MatchedPreviousCompanyName)}
		status = ""
	default:
		it.Cells = []string{name, number, status, clean(ShortType(f.CompanyType)), clean(labels.Date(f.DateOfCreation)), clean(labels.Date(f.DateOfCessation)),
			locality(f.RegisteredOfficeAddress), sicWords(f.SICCodes)}
	}
	if status != "" && f.CompanyStatus != "" {
		it.Accents = append(it.Accents, statusAccent(f.CompanyStatus, 2, status))
	}
	if top && name != "" {
		it.Accents = append(it.Accents, Accent{Cell: 0, End: len(name), Kind: Match})
	}
	it.Quiet = api.StatusClassOf(f.CompanyStatus) == api.ClassDissolved
	if res, ok := f.Resource(); ok {
		it.Link, it.Title = res.Link, name
	}
	return it
}

// sicColumnMax is the most the browser gives the SIC codes of the
// companies found: a code and its first words, the whole under the list.
// More, and on a 120-column screen they would be left out to keep names
// whole.
const sicColumnMax = 24

// locality is where a company's registered office is, in a word or two:
// its town, else its region or country.
func locality(a *api.Address) string {
	if a == nil {
		return ""
	}
	for _, s := range []string{a.Locality, a.Region, a.Country} {
		if s = clean(s); s != "" {
			return s
		}
	}
	return ""
}

// sicWords are a company's SIC codes, each with its words: the column
// is the last and flexible, so the selected row shows them whole.
func sicWords(codes []string) string {
	var parts []string
	for _, c := range codes {
		c = clean(c)
		if c == "" {
			continue
		}
		if w := labels.SIC(c); w != "" {
			c += " " + w
		}
		parts = append(parts, c)
	}
	return strings.Join(parts, "; ")
}

// onceNamed is the previous name a previous-name search matched, with
// when the company had it.
func onceNamed(p *api.PreviousName) string {
	if p == nil {
		return ""
	}
	s := clean(p.Name)
	from, to := labels.Date(p.EffectiveFrom), labels.Date(p.CeasedOn)
	if from != "" || to != "" {
		s += " (" + clean(strings.TrimSpace(from+" to "+to)) + ")"
	}
	return s
}

// shortTypes are the usual company types in a word or two, for a column.
var shortTypes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"ltd":                         "Ltd",
		"plc":                         "PLC",
		"llp":                         "LLP",
		"private-limited-guarant-nsc": "By guarantee",
		"private-limited-guarant-nsc-limited-exemption": "By guarantee",
		"private-unlimited":                             "Unlimited",
		"private-unlimited-nsc":                         "Unlimited",
		"limited-partnership":                           "Partnership",
		"oversea-company":                               "Overseas",
		"uk-establishment":                              "UK establishment",
		"registered-overseas-entity":                    "Overseas entity",
		"charitable-incorporated-organisation":          "CIO",
		"scottish-charitable-incorporated-organisation": "SCIO",
	}
})

// ShortType is a company type in a word or two: its short form, else the
// registry's words.
func ShortType(t string) string {
	if s, ok := shortTypes()[strings.ToLower(strings.TrimSpace(t))]; ok {
		return s
	}
	return labels.CompanyType(t)
}

// CheckCompanyQuery reads an advanced search as the registry will be
// asked it and finds what it would refuse or misread, before any request.
// A SIC code given in words ("software", "retail of books") stands for
// every code whose words hold them (labels.Vocabulary.Holding), as on the
// registry's own form, where a code is picked by its words. Then come the
// forms of its values (api.CompanyQuery.Check), then each status, type,
// subtype and SIC code against the registry's own lists, with the nearest
// valid one suggested. The query returned has codes for words; the error
// is an *api.QueryError.
func CheckCompanyQuery(q api.CompanyQuery) (api.CompanyQuery, error) {
	codes, err := sicCodesOf(q.SICCodes)
	if err != nil {
		return q, err
	}
	q.SICCodes = codes
	if err := q.Check(); err != nil {
		return q, err
	}
	n := q.Normal()
	for _, l := range []struct {
		param string
		vocab labels.Vocabulary
		vs    []string
	}{
		{api.ParamStatus, labels.SearchStatuses(), n.Statuses},
		{api.ParamType, labels.CompanyTypes(), n.Types},
		{api.ParamSubtype, labels.SearchSubtypes(), n.Subtypes},
		{api.ParamSICCodes, labels.SICCodes(), n.SICCodes},
	} {
		for _, v := range l.vs {
			if _, ok := l.vocab.Lookup(v); ok {
				continue
			}
			e := &api.QueryError{Param: l.param, Value: v, Reason: "is not a " + l.vocab.What + " the advanced search takes"}
			if near, ok := l.vocab.Nearest(v); ok {
				e.Nearest, e.Words = near.Key, near.Words
			}
			return q, e
		}
	}
	return q, nil
}

// QueryProblem says what is wrong with a value of a search, by the flag
// that gave it (the registry's parameter when flag is empty), with the
// nearest valid value when there is one: --status "actve" is not a
// company status the advanced search takes; did you mean active?
func QueryProblem(qe *api.QueryError, flag string) string {
	if flag == "" {
		flag = qe.Param
	}
	s := fmt.Sprintf("%s %q %s", flag, sanitize.Line(qe.Value), qe.Reason)
	if qe.Nearest != "" {
		s += "; did you mean " + qe.Nearest
		if qe.Words != "" && !strings.EqualFold(qe.Words, qe.Nearest) {
			s += " (" + qe.Words + ")"
		}
		s += "?"
	}
	return s
}

// MaxSICWords is the most SIC codes words may stand for in one search:
// beyond it they say too little of what is wanted (manufacture is in the
// words of hundreds of codes) for a request that long.
const MaxSICWords = 100

// sicCodesOf are the SIC codes of a search's values, comma-separated
// lists among them, each given as a code or in words.
func sicCodesOf(values []string) ([]string, error) {
	var out []string
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if !IsSICWords(part) {
				out = append(out, part)
				continue
			}
			terms, err := SICCodesIn(part)
			if err != nil {
				return nil, err
			}
			for _, t := range terms {
				out = append(out, t.Key)
			}
		}
	}
	return out, nil
}

// IsSICWords reports whether a SIC value is given in words (it has a
// letter), not as a code: SICCodesIn reads it.
func IsSICWords(v string) bool { return strings.ContainsFunc(v, unicode.IsLetter) }

// SICCodesIn are the SIC codes whose words hold those given, or an
// *api.QueryError saying there are none (with the nearest code) or too
// many to ask for.
func SICCodesIn(words string) ([]labels.Term, error) {
	terms := labels.SICCodes().Holding(words)
	switch {
	case len(terms) == 0:
		e := &api.QueryError{Param: api.ParamSICCodes, Value: words, Reason: "is neither a SIC code nor words of one: give a code (62020) or words of its description (software)"}
		if near, ok := labels.SICCodes().Nearest(words); ok {
			e.Nearest, e.Words = near.Key, near.Words
		}
		return nil, e
	case len(terms) > MaxSICWords:
		return nil, &api.QueryError{Param: api.ParamSICCodes, Value: words, Reason: fmt.Sprintf(
			"is in the words of %d SIC codes, more than the %d one search may ask for: add a word, or give the codes", len(terms), MaxSICWords)}
	}
	return terms, nil
}

// CSVHeader and CSVRecord are a company found as a row of CSV: the
// registry's keys and dates as it sends them, the SIC codes joined by
// spaces and the address on one line. The cells are made harmless to
// print on a terminal, keeping the line breaks a name may hold (a CSV
// writer quotes them).
var CSVHeader = []string{"company_number", "company_name", "company_status", "company_type", "company_subtype", "date_of_creation", "date_of_cessation", "sic_codes", "registered_office_address"}

func CSVRecord(f api.FoundCompany) []string {
	cells := []string{f.CompanyNumber, f.CompanyName, f.CompanyStatus, f.CompanyType, f.CompanySubtype,
		f.DateOfCreation, f.DateOfCessation, strings.Join(f.SICCodes, " "), strings.Join(AddressLines(f.RegisteredOfficeAddress), ", ")}
	for i, c := range cells {
		cells[i] = sanitize.Text(strings.TrimSpace(c))
	}
	return cells
}

// SearchCSVHeader and SearchCSVRecord are a match of a name search as a
// row of CSV, whatever it matched: a company, an officer or a
// disqualified officer (kind, the part of the registry's kind after
// "#"), each with what the registry sends of it. As CSVRecord: the
// registry's keys and dates as it sends them (an officer's birth as its
// year and month, 1968-04), the address on one line, the link the row
// leads to, cells made harmless to print.
var SearchCSVHeader = []string{"kind", "name", "company_number", "company_status", "company_type", "date_of_creation", "date_of_cessation", "date_of_birth", "appointment_count", "address", "link"}

func SearchCSVRecord(it api.SearchItem) []string {
	_, kind, _ := strings.Cut(it.Kind, "#")
	born := ""
	if b := it.DateOfBirth; b != nil {
		born = b.Full
		if m := string(b.Month); born == "" && b.Year != "" && m != "" {
			born = string(b.Year) + "-" + strings.Repeat("0", max(2-len(m), 0)) + m
		}
	}
	count := ""
	if it.AppointmentCount != nil {
		count = fmt.Sprint(*it.AppointmentCount)
	}
	address := it.AddressSnippet
	if address == "" {
		address = strings.Join(AddressLines(it.Address), ", ")
	}
	cells := []string{kind, it.Title, it.CompanyNumber, it.CompanyStatus, it.CompanyType, it.DateOfCreation, it.DateOfCessation,
		born, count, address, it.Links.Self}
	for i, c := range cells {
		cells[i] = sanitize.Text(strings.TrimSpace(c))
	}
	return cells
}
