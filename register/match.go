package register

import (
	"slices"
	"strings"
)

// matcher is a query as a test of one company, in Go: what the index's
// plan finds, asked of a company that is not in the file as it is (one
// the streams have changed, or a new one). It is the plan's rules written
// once more, and tested against the plan on the same companies
// (match_test.go). The query is one plan has accepted, normalised.
type matcher struct {
	q        Query
	postcode postcodeQuery
	include  []string
	exclude  []string
	location []string
}

func newMatcher(q Query) (*matcher, error) {
	q.CompanyQuery = q.CompanyQuery.Normal()
	m := &matcher{q: q, include: words(q.NameIncludes), exclude: words(q.NameExcludes), location: words(q.Location)}
	if strings.TrimSpace(q.Postcode) != "" {
		pq, err := readPostcode(q.Postcode)
		if err != nil {
			return nil, err
		}
		m.postcode = pq
	}
	return m, nil
}

// matches reports whether the query finds c.
func (m *matcher) matches(c *Company) bool {
	q := m.q
	if len(q.Statuses) > 0 && !slices.Contains(q.Statuses, c.Status) {
		return false
	}
	if len(q.Types) > 0 && !slices.Contains(q.Types, c.Type) {
		// A community interest company of no type in the file is either.
		cic := c.Type == "" && c.Subtype == CommunityInterestCompany &&
			slices.ContainsFunc(q.Types, func(t string) bool { return slices.Contains(cicTypes, t) })
		if !cic {
			return false
		}
	}
	if len(q.Subtypes) > 0 && !slices.Contains(q.Subtypes, c.Subtype) {
		return false
	}
	if len(q.SICCodes) > 0 && !slices.ContainsFunc(c.SIC, func(s SIC) bool { return slices.Contains(q.SICCodes, s.Code) }) {
		return false
	}
	if m.postcode.term != "" && !m.postcodeMatches(Postcode(c.Address.PostalCode)) {
		return false
	}
	if q.IncorporatedFrom != "" || q.IncorporatedTo != "" {
		d := c.Incorporated
		if d == "" || q.IncorporatedFrom != "" && d < q.IncorporatedFrom || q.IncorporatedTo != "" && d > q.IncorporatedTo {
			return false
		}
	}
	if len(m.location) > 0 {
		a := c.Address
		have := words(strings.Join([]string{a.POBox, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode}, " "))
		if !hasWords(have, m.location, nil) {
			return false
		}
	}
	if len(m.include) > 0 || len(m.exclude) > 0 {
		if !hasWords(words(c.Name), m.include, m.exclude) {
			return false
		}
	}
	return true
}

// postcodeMatches reports whether a postcode as Postcode writes it is in
// the district or area asked for, and begins as the postcode or sector
// asked for does.
func (m *matcher) postcodeMatches(pc string) bool {
	if pc == "" {
		return false
	}
	term := m.postcode.term
	switch {
	case strings.HasPrefix(term, termDistrict):
		if postcodeDistrict(pc) != strings.TrimPrefix(term, termDistrict) {
			return false
		}
	case strings.HasPrefix(term, termArea):
		if postcodeArea(pc) != strings.TrimPrefix(term, termArea) {
			return false
		}
	}
	return strings.HasPrefix(pc, m.postcode.check)
}
