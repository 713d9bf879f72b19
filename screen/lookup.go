package screen

import (
	"errors"
	"fmt"
	"strings"

	"coview/accounts"
	"coview/api"
)

// outcome is what a query came to, for every row that asked it.
type outcome struct {
	result     Result
	why        string
	number     api.Number
	profile    *api.Profile
	deep       *Deep
	candidates []Candidate
	err        error
}

// applyTo fills in a row. A number read out of other words is checked
// against them: when the company's name shares none of them, the line
// may mean another company, and the row is unresolved, naming the one
// the number is.
func (o outcome) applyTo(row *Row) {
	row.Result, row.Why, row.Number, row.Profile, row.Deep, row.Err = o.result, o.why, o.number, o.profile, o.deep, o.err
	row.Candidates = o.candidates
	if !row.Query.InText || o.profile == nil {
		return
	}
	if shares, has := sharesAWord(row.Input.Text, o.profile.CompanyName); has && !shares {
		p := o.profile
		*row = Row{Index: row.Index, Input: row.Input, Query: row.Query, Result: Unresolved,
			Candidates: []Candidate{{Number: o.number, Name: p.CompanyName, Status: p.CompanyStatus}},
			Why:        fmt.Sprintf("the number in it, %s, is %s, whose name has none of the other words", o.number, orUnnamed(p.CompanyName))}
	}
}

// lookup answers one query.
func (r *run) lookup(q Query) outcome {
	switch q.Kind {
	case ByNumber:
		return r.company(q.Number)
	case ByName:
		return r.byName(q)
	}
	return outcome{result: Invalid, why: q.Why}
}

// notScreened is the outcome of a request that could not be made or
// failed.
func notScreened(r *run, err error) outcome {
	return outcome{result: NotScreened, why: r.failure(err), err: err}
}

// failure says why a request brought no answer.
func (r *run) failure(err error) string {
	switch {
	case errors.Is(err, ErrBudget):
		return fmt.Sprintf("the budget of %d requests was spent", r.budget)
	case errors.Is(err, ErrStopped), errors.Is(err, api.ErrCanceled):
		return "the screening was stopped before it was read"
	}
	return err.Error()
}

// register is the register's file to read before the registry, if any.
func (r *run) register() Register {
	if r.opts.Deep {
		return nil
	}
	return r.opts.Register
}

// fromRegister reads a company from the register's file; done is false
// when the registry is to be asked instead.
func (r *run) fromRegister(reg Register, n api.Number) (o outcome, done bool) {
	p, charges, err := reg.Company(r.ctx, n)
	switch {
	case err == nil:
		return outcome{result: OK, number: n, profile: p, deep: &Deep{Charges: charges}}, true
	case errors.Is(err, ErrNotInRegister) && r.opts.Offline:
		return outcome{result: NotFound, number: n, why: "no company on " + reg.Where() + " has this number (its file holds no dissolved companies)"}, true
	case errors.Is(err, ErrNotInRegister):
		return outcome{}, false // dissolved, or new since: the registry knows
	}
	o = notScreened(r, err)
	o.number = n
	return o, true
}

// company reads a company's profile, and with Deep the rest.
func (r *run) company(n api.Number) outcome {
	if reg := r.register(); reg != nil {
		if o, done := r.fromRegister(reg, n); done {
			return o
		}
	}
	p, err := getAs[*api.Profile](r, api.CompanyResource(n), api.Page{})
	switch {
	case errors.Is(err, api.ErrNotFound):
		return outcome{result: NotFound, number: n, why: "no company has this number"}
	case err != nil:
		o := notScreened(r, err)
		o.number = n
		return o
	}
	if p.NumberMismatch() {
		return outcome{result: NotScreened, number: n, err: errors.New("a different company"),
			why: fmt.Sprintf("the registry answered with another company (%s) when asked for %s", orUnnamed(p.CompanyNumber), n)}
	}
	o := outcome{result: OK, number: n, profile: p}
	if r.opts.Deep {
		o.deep = r.deep(n, p)
		if len(o.deep.Unread) > 0 {
			o.result, o.err = NotScreened, o.deep.Unread[0].Err
			var parts []string
			for _, u := range o.deep.Unread {
				parts = append(parts, u.Part+": "+u.Why)
			}
			o.why = "not all of it was read: " + strings.Join(parts, "; ")
		}
	}
	return o
}

// byName finds the company a name is registered to, by name search: the
// one whose name is the same once reduced (see companyName). None or
// several is unresolved, naming the closest or the several.
//
// With a register, the name is matched against the companies its file
// holds, with no request: one it does not hold (a dissolved company) is
// unresolved, and says so.
func (r *run) byName(q Query) outcome {
	var found []Candidate
	where := ""
	if reg := r.register(); reg != nil {
		cs, err := reg.Named(r.ctx, q.Name, searchPageSize)
		if err != nil {
			return notScreened(r, err)
		}
		found, where = cs, reg.Where()
	} else {
		s, err := getAs[*api.SearchResults](r, api.SearchResource(api.ResSearchCompanies, q.Name), api.Page{ItemsPerPage: searchPageSize})
		if err != nil {
			return notScreened(r, err)
		}
		for _, it := range s.Items {
			if it.ItemKind() != api.SearchCompany {
				continue
			}
			if n, err := api.ParseNumber(it.CompanyNumber); err == nil {
				found = append(found, Candidate{Number: n, Name: it.Title, Status: it.CompanyStatus})
			}
		}
	}
	o, matched := resolve(q, found)
	switch {
	case o.result == OK:
		return r.company(o.number)
	case where != "" && matched == 0 && len(o.candidates) == 0:
		o.why = "no company on " + where + " has this name, or one like it (its file holds no dissolved companies)"
	case where != "" && matched == 0:
		o.why += " (on " + where + ", whose file holds no dissolved companies)"
	}
	return o
}

// resolve finds the one company of found a name is registered to: the
// one whose name is the same once reduced (see companyName). None or
// several is unresolved, naming the closest or the several; one is OK,
// with its number, to be read. matched is how many have the name.
func resolve(q Query, found []Candidate) (o outcome, matched int) {
	var matches, close []Candidate
	seen := map[api.Number]bool{}
	for _, c := range found {
		if seen[c.Number] {
			continue
		}
		seen[c.Number] = true
		if q.name.matches(parseName(c.Name)) {
			matches = append(matches, c)
		}
		// Only a name with a word of the one asked for is close to it:
		// the search finds names that share only "LIMITED".
		if shares, _ := sharesAWord(q.Name, c.Name); shares {
			close = append(close, c)
		}
	}
	switch {
	case len(matches) == 1:
		return outcome{result: OK, number: matches[0].Number}, 1
	case len(matches) > 1:
		why := fmt.Sprintf("%d companies have this name: %s", len(matches), candidateList(matches))
		if more := len(matches) - MaxCandidates; more > 0 {
			why += fmt.Sprintf(" and %d more", more)
		}
		return outcome{result: Unresolved, candidates: first(matches, MaxCandidates), why: why}, len(matches)
	case len(close) == 0:
		return outcome{result: Unresolved, why: "no company has this name, or one like it"}, 0
	}
	return outcome{result: Unresolved, candidates: first(close, MaxCandidates),
		why: "no company has exactly this name; the closest: " + candidateList(close)}, 0
}

// candidateList names the first MaxCandidates companies.
func candidateList(cs []Candidate) string {
	var parts []string
	for _, c := range first(cs, MaxCandidates) {
		parts = append(parts, fmt.Sprintf("%s (%s)", orUnnamed(c.Name), c.Number))
	}
	return strings.Join(parts, ", ")
}

func first(cs []Candidate, n int) []Candidate {
	return cs[:min(len(cs), n)]
}

func orUnnamed(name string) string {
	if strings.TrimSpace(name) == "" {
		return "a company without a name"
	}
	return name
}

// deep reads what a deep screening adds for the company numbered n, whose
// profile is p: only the lists its links say it has, each from the
// company's own path (a link the registry wrote oddly, as "insolvency",
// is not followed as written).
func (r *run) deep(n api.Number, p *api.Profile) *Deep {
	d := &Deep{}
	base := api.CompanyPath(n)
	unread := func(part string, err error) {
		d.Unread = append(d.Unread, Unread{Part: part, Why: r.failure(err), Err: err})
	}
	route := func(path string) api.Resource {
		res, _ := api.Route(path) // built here from a checked number: always a route
		return res
	}

	d.Charges = &ChargeFacts{Known: true}
	if p.Links.Charges != "" {
		if a, err := getAs[*api.Charges](r, route(base+"/charges"), api.Page{ItemsPerPage: chargesPageSize}); err != nil {
			d.Charges = nil
			unread("charges", err)
		} else {
			d.Charges = ChargeFactsOf(a)
		}
	}

	d.Insolvency = &InsolvencyFacts{}
	if p.Links.Insolvency != "" {
		if a, err := getAs[*api.Insolvency](r, route(base+"/insolvency"), api.Page{}); err != nil {
			d.Insolvency = nil
			unread("insolvency", err)
		} else {
			d.Insolvency = InsolvencyFactsOf(a)
		}
	}

	d.Statements = &StatementFacts{}
	if p.Links.PersonsWithSignificantControlStatements != "" {
		if a, err := getAs[*api.PSCStatements](r, route(base+"/persons-with-significant-control-statements"), api.Page{ItemsPerPage: statementsPageSize}); err != nil {
			d.Statements = nil
			unread("PSC statements", err)
		} else {
			d.Statements = StatementFactsOf(a)
		}
	}

	if p.Links.Officers != "" {
		officers, active, complete, err := r.officers(route(base + "/officers"))
		if err != nil {
			unread("officers", err)
		} else {
			if active == nil && api.StatusClassOf(p.CompanyStatus) == api.ClassDissolved {
				active = new(int) // ceased: no one is in office, whatever the list leaves unsaid
			}
			d.Directors = DirectorFactsOf(officers, active, r.today)
			d.Directors.Complete = complete
		}
	}

	if r.s.accounts != nil && p.Links.FilingHistory != "" {
		if c, err := r.s.accounts.Company(r.ctx, n, 1, r.gate); err != nil {
			unread("accounts", err)
		} else if d.Accounts = c.Latest(); d.Accounts == nil {
			d.Accounts = &accounts.Latest{}
		}
	}
	return d
}

// officers reads every page of an officer list, up to maxOfficerPages:
// the officers, the registry's count of those in office (nil when its
// first page did not say), and whether that was all of the list.
func (r *run) officers(res api.Resource) (all []api.Officer, active *int, complete bool, err error) {
	page := api.Page{ItemsPerPage: officersPageSize}
	for n := range maxOfficerPages {
		o, err := getAs[*api.Officers](r, res, page)
		if err != nil {
			return nil, nil, false, err
		}
		if n == 0 {
			active = o.ActiveCount
		}
		all = append(all, o.Items...)
		total := o.Total()
		if len(o.Items) == 0 || (total >= 0 && len(all) >= total) || (total < 0 && len(o.Items) < page.ItemsPerPage) {
			return all, active, true, nil
		}
		page.StartIndex += len(o.Items)
	}
	return all, active, false, nil
}

// getAs is the answer for res at page read as T, the Go type of its kind
// (*api.Profile for a company...). An answer holding something else (a
// registry other than the client answering oddly) is an error, so the row
// says it was not screened rather than taking nothing for an answer.
func getAs[T any](r *run, res api.Resource, page api.Page) (T, error) {
	a, err := r.get(res, page)
	if err != nil {
		var zero T
		return zero, err
	}
	v, ok := api.Value[T](a)
	if !ok {
		return v, fmt.Errorf("the answer for %s could not be read", res.Link)
	}
	return v, nil
}
