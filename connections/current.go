package connections

import (
	"slices"

	"coview/api"
)

// CurrentOnly is the result with the past left out: the links that still
// stand, the companies that keep one (at depth 2, through a company still
// linked), the standing ties among those companies, and the people who
// keep a tie, ranked again. What was not checked stays listed.
func (r *Result) CurrentOnly() *Result {
	out := *r
	out.Companies = nil
	// A company at depth 2 is linked through one at depth 1, which must
	// itself still be linked.
	near := map[api.Number]bool{r.Company.Number: true}
	for _, c := range r.Companies {
		if c.Depth == 1 && c.Current {
			near[c.Number] = true
		}
	}
	for _, c := range r.Companies {
		var links []Link
		people := map[string]bool{}
		for _, l := range c.Links {
			if l.Current && near[l.With] {
				links = append(links, l)
				if l.Kind == ThroughPerson {
					people[l.Person] = true
				}
			}
		}
		if len(links) == 0 {
			continue
		}
		c.Links, c.People, c.Current = links, len(people), true
		c.Via = nil
		for _, l := range links {
			if !slices.Contains(c.Via, l.With) {
				c.Via = append(c.Via, l.With)
			}
		}
		out.Companies = append(out.Companies, c)
	}
	Rank(out.Companies)
	kept := map[api.Number]bool{r.Company.Number: true}
	for _, c := range out.Companies {
		kept[c.Number] = true
	}
	out.Ties = nil
	tied := map[string]bool{}
	for _, t := range r.Ties {
		if t.Current && kept[t.Company] && (t.Owner == "" || kept[t.Owner]) {
			out.Ties = append(out.Ties, t)
			tied[t.Person] = true
		}
	}
	out.People = nil
	for _, p := range r.People {
		if tied[p.ID] {
			out.People = append(out.People, p)
		}
	}
	return &out
}
