package connections

import (
	"cmp"
	"slices"
	"strings"

	"coview/api"
)

// connect finds the companies linked to the root through the ties: a
// person tied to both, or one company owning the other; then, for each
// company expanded, those linked to it that are not linked to the root
// already (depth 2).
func connect(g *gathered, ties []Tie, names companyNames) []Connection {
	byCompany := map[api.Number][]int{}
	for i, t := range ties {
		byCompany[t.Company] = append(byCompany[t.Company], i)
	}
	conns := map[api.Number]*Connection{}
	var order []api.Number
	link := func(n api.Number, depth int, l Link) {
		c := conns[n]
		if c == nil {
			c = &Connection{Company: names.company(n), Depth: depth}
			conns[n] = c
			order = append(order, n)
		}
		if !slices.Contains(c.Via, l.With) {
			c.Via = append(c.Via, l.With)
		}
		c.Links = mergeLink(c.Links, l)
	}

	linkFrom := func(anchor api.Number, depth int, skip func(api.Number) bool) {
		// Who is tied to the anchor, and whether any of their ties there
		// stands.
		at := map[string]bool{}
		var until = map[string]string{}
		for _, i := range byCompany[anchor] {
			t := ties[i]
			if t.Person != "" {
				at[t.Person] = at[t.Person] || t.Current
				until[t.Person] = max(until[t.Person], t.Until)
			}
		}
		for _, t := range ties {
			switch {
			case t.Person != "":
				current, ok := at[t.Person]
				if !ok || t.Company == anchor || skip(t.Company) {
					continue
				}
				l := Link{With: anchor, Kind: ThroughPerson, Person: t.Person, Role: t.Role, Natures: t.Natures, Current: t.Current && current}
				if !l.Current {
					l.Until = t.Until
					if t.Current { // it is their tie to the anchor that ended
						l.Until = until[t.Person]
					}
				}
				link(t.Company, depth, l)
			case t.Company == anchor && !skip(t.Owner):
				link(t.Owner, depth, Link{With: anchor, Kind: Owns, Natures: t.Natures, Current: t.Current, Until: pastOnly(t)})
			case t.Owner == anchor && t.Company != anchor && !skip(t.Company):
				link(t.Company, depth, Link{With: anchor, Kind: OwnedBy, Natures: t.Natures, Current: t.Current, Until: pastOnly(t)})
			}
		}
	}

	linkFrom(g.root, 1, func(n api.Number) bool { return n == g.root })
	first := map[api.Number]bool{}
	for _, n := range order {
		first[n] = true
	}
	for _, e := range g.expanded {
		linkFrom(e, 2, func(n api.Number) bool { return n == g.root || first[n] })
	}

	out := make([]Connection, 0, len(order))
	for _, n := range order {
		c := conns[n]
		people := map[string]bool{}
		for _, l := range c.Links {
			if l.Kind == ThroughPerson {
				people[l.Person] = true
			}
			c.Current = c.Current || l.Current
		}
		c.People = len(people)
		out = append(out, *c)
	}
	Rank(out)
	return out
}

func pastOnly(t Tie) string {
	if t.Current {
		return ""
	}
	return t.Until
}

// mergeLink adds l, or folds it into the link it repeats (the same person
// in the same role, appointed twice): current if either is, ended at the
// later end.
func mergeLink(links []Link, l Link) []Link {
	for i, m := range links {
		if m.With == l.With && m.Kind == l.Kind && m.Person == l.Person && m.Role == l.Role && slices.Equal(m.Natures, l.Natures) {
			links[i].Current = m.Current || l.Current
			if links[i].Current {
				links[i].Until = ""
			} else {
				links[i].Until = max(m.Until, l.Until)
			}
			return links
		}
	}
	return append(links, l)
}

// Rank orders connections by strength: nearer first (depth 1 before 2),
// then more people in common (a company owning the other counts as one),
// then those with a link that still stands before those linked only in
// the past, then by name (a company nothing named last), then number.
func Rank(cs []Connection) {
	strength := make(map[api.Number]int, len(cs))
	for i := range cs {
		strength[cs[i].Number] = cs[i].Strength()
	}
	slices.SortStableFunc(cs, func(a, b Connection) int {
		return cmp.Or(
			cmp.Compare(a.Depth, b.Depth),
			cmp.Compare(strength[b.Number], strength[a.Number]),
			firstIf(a.Current, b.Current),
			firstIf(a.Name != "", b.Name != ""),
			cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)),
			cmp.Compare(a.Number, b.Number),
		)
	})
}

// firstIf orders a before b when only a has the property.
func firstIf(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}
