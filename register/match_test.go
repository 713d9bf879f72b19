package register

import (
	"context"
	"slices"
	"testing"

	"coview/api"
)

// matcherQueries are searches of every kind the index answers, for the
// matcher to agree with the index on.
var matcherQueries = []Query{
	{CompanyQuery: api.CompanyQuery{NameIncludes: "software"}},
	{CompanyQuery: api.CompanyQuery{NameIncludes: "soft"}},
	{CompanyQuery: api.CompanyQuery{NameIncludes: "Software  LTD"}},
	{CompanyQuery: api.CompanyQuery{NameIncludes: "software", NameExcludes: "beta solutions"}},
	{CompanyQuery: api.CompanyQuery{NameExcludes: "software", Statuses: []string{"active"}}},
	{CompanyQuery: api.CompanyQuery{NameIncludes: "c i c"}},
	{CompanyQuery: api.CompanyQuery{Statuses: []string{"liquidation"}}},
	{CompanyQuery: api.CompanyQuery{Statuses: []string{"Active"}}},
	{CompanyQuery: api.CompanyQuery{Types: []string{"plc", "llp"}}},
	{CompanyQuery: api.CompanyQuery{Types: []string{"ltd"}}},
	{CompanyQuery: api.CompanyQuery{Types: []string{"private-limited-guarant-nsc"}}},
	{CompanyQuery: api.CompanyQuery{Subtypes: []string{"community-interest-company"}}},
	{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62012", "70229"}}},
	{CompanyQuery: api.CompanyQuery{Location: "leeds"}},
	{CompanyQuery: api.CompanyQuery{Location: "12 leeds road"}},
	{CompanyQuery: api.CompanyQuery{Location: "13 leeds"}},
	{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2023-12-31", IncorporatedTo: "2024-03-01"}},
	{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2024-01-01"}},
	{CompanyQuery: api.CompanyQuery{IncorporatedTo: "2024-01-01"}},
	{Postcode: "ls1"},
	{Postcode: "M"},
	{Postcode: "ME"},
	{Postcode: "ls14ab"},
	{Postcode: "LS1 4"},
	{Postcode: "BD1 2AB", CompanyQuery: api.CompanyQuery{Location: "bradford"}},
	{CompanyQuery: api.CompanyQuery{NameIncludes: "software", Statuses: []string{"active"}, SICCodes: []string{"62020"}, Location: "leeds"}, Postcode: "LS"},
}

func TestTheMatcherFindsExactlyWhatTheIndexFindsOfTheSameCompanies(t *testing.T) {
	ctx := context.Background()
	for _, ix := range []*Index{town(t), townWith(t, UpdateOptions{nameListsOver: 1})} {
		var all []*Company
		for _, n := range []api.Number{"00000001", "00000002", "00000003", "00000004", "00000005", "OC000006", "SC000007"} {
			c, err := ix.Company(ctx, n)
			if err != nil {
				t.Fatal(n, err)
			}
			all = append(all, c)
		}
		for _, q := range matcherQueries {
			found := numbers(t, ix, q)
			m, err := newMatcher(q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			for _, c := range all {
				if got, want := m.matches(c), slices.Contains(found, c.Number); got != want {
					t.Errorf("%+v of %s %q: the matcher says %v, the index %v", q, c.Number, c.Name, got, want)
				}
			}
		}
	}
}

func TestACompanyReadBackFromItsProfileIsTheSameCompany(t *testing.T) {
	ix := town(t)
	for _, n := range []api.Number{"00000001", "00000003", "00000005", "OC000006"} {
		c, err := ix.Company(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		c.Charges = Charges{Total: map[bool]int{true: 1}[c.Charges.Total > 0]}
		c.Partners, c.CountryOfOrigin = Partners{}, ""
		for i := range c.SIC {
			c.SIC[i].Text = ""
		}
		back := CompanyOf(c.Profile())
		if !sameCompany(&back, c) {
			t.Errorf("%s: read back as\n%+v\nwant\n%+v", n, back, *c)
		}
	}
	premises := CompanyOf(&api.Profile{CompanyNumber: "ab000001", RegisteredOfficeAddress: &api.Address{Premises: "12", AddressLine1: "High Street"}})
	if premises.Number != "AB000001" || premises.Address.AddressLine1 != "12 High Street" || premises.Address.Premises != "" {
		t.Errorf("premises: %+v", premises)
	}
}

func sameCompany(a, b *Company) bool {
	return a.Name == b.Name && a.Number == b.Number && a.Address == b.Address && a.Status == b.Status &&
		a.StatusDetail == b.StatusDetail && a.Type == b.Type && a.Subtype == b.Subtype &&
		a.Incorporated == b.Incorporated && a.Dissolved == b.Dissolved && a.Accounts == b.Accounts &&
		a.Returns == b.Returns && a.Confirmation == b.Confirmation && a.Charges == b.Charges &&
		slices.Equal(a.SIC, b.SIC) && slices.Equal(a.PreviousNames, b.PreviousNames)
}
