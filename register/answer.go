package register

import (
	"context"
	"fmt"
	"slices"

	"coview/api"
)

// Fetcher is what asks the registry: an *api.Client.
type Fetcher interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
}

// Source is where a request for one of the registry's resources is
// answered from when there is an index: the index for the searches of
// companies it can answer (and, offline, a company's profile as the file
// holds it), the registry for the rest.
type Source struct {
	Index *Index
	// Live is the registry; nil offline, when what the index cannot
	// answer is refused with a *LacksError.
	Live Fetcher
}

// Offline says nothing is asked of the registry.
func (s *Source) Offline() bool { return s.Live == nil }

// Answers reports whether res is answered from the index: a search it
// answers (Searchable), and offline a company.
func (s *Source) Answers(res api.Resource) bool {
	return Searchable(res) || res.Kind == api.ResCompany && s.Offline()
}

// Searchable reports whether the index answers a search of companies: an
// advanced search that asks for no dissolved company, or the
// alphabetical index.
func Searchable(res api.Resource) bool {
	switch res.Kind {
	case api.ResAdvancedSearch:
		q, err := api.ParseCompanyQuery(res.Link)
		return err == nil && !asksDissolved(q)
	case api.ResAlphabeticalSearch:
		return true
	}
	return false
}

// Fetch answers res at page from the index, or asks the registry.
func (s *Source) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	if s.Live != nil && !s.Answers(res) {
		return s.Live.Fetch(ctx, res, page)
	}
	return s.Index.Answer(ctx, res, page)
}

// Answer is the index's answer for one of the registry's resources, in
// its types and its JSON: the advanced search, the alphabetical index and
// a company's profile. Anything else is not in the file (*LacksError).
func (ix *Index) Answer(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	defer ix.use()()
	switch res.Kind {
	case api.ResAdvancedSearch:
		q, err := api.ParseCompanyQuery(res.Link)
		if err != nil {
			return nil, err
		}
		f, err := ix.Search(ctx, Query{CompanyQuery: q}, page)
		if err != nil {
			return nil, err
		}
		return api.NewAnswer(res, f.Raw, f), nil
	case api.ResAlphabeticalSearch:
		name, before, after, err := api.AlphabeticalQuery(res.Link)
		if err != nil {
			return nil, err
		}
		f, err := ix.Alphabetical(ctx, name, before, after, page.ItemsPerPage)
		if err != nil {
			return nil, err
		}
		return api.NewAnswer(res, f.Raw, f), nil
	case api.ResCompany:
		p, err := ix.Profile(ctx, res.Number)
		if err != nil {
			return nil, err
		}
		return api.NewAnswer(res, p.Raw, p), nil
	}
	return nil, Lacks(res.Kind)
}

// asksDissolved reports whether a query asks for companies that have
// left the register, which its file does not hold.
func asksDissolved(q api.CompanyQuery) bool {
	return q.DissolvedFrom != "" || q.DissolvedTo != "" || slices.ContainsFunc(q.Statuses, func(s string) bool { return slices.Contains(ceasedStatuses, s) })
}

// Lacks is the error for a kind of resource the register's file does not
// hold.
func Lacks(kind api.ResourceKind) *LacksError {
	what := ""
	switch kind {
	case api.ResSearch, api.ResSearchCompanies:
		return &LacksError{What: "the registry's name search is not answered from the register's file, which finds companies by every word of their names instead (coview search WORDS; ctrl+f in the browser): without --offline, the registry is asked"}
	case api.ResOfficers, api.ResOfficer, api.ResAppointments, api.ResSearchOfficers:
		what = "officers"
	case api.ResFilings, api.ResFiling:
		what = "filings"
	case api.ResPSCs, api.ResPSC, api.ResPSCStatements, api.ResPSCStatement:
		what = "persons with significant control"
	case api.ResCharges, api.ResCharge:
		what = "charges (only their counts)"
	case api.ResInsolvency:
		what = "insolvency cases"
	case api.ResSearchDisqualified, api.ResDisqualifiedNatural, api.ResDisqualifiedCorporate:
		what = "disqualified officers"
	case api.ResDissolvedSearch:
		return errDissolved
	default:
		return &LacksError{What: "the register's file cannot answer this: it holds only what the register says of each company on it; without --offline, the registry is asked"}
	}
	return &LacksError{What: fmt.Sprintf("the register's file holds no %s, only what the register says of each company on it: without --offline, the registry is asked", what)}
}
