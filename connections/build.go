package connections

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"coview/api"
)

// gathered is what a walk has read, copied out of it: build makes a
// Result of it without touching the walk again.
type gathered struct {
	root         api.Number
	companies    []walked      // walked from, in order: the root first
	appointments []officerRead // officer records, in the order met
	expanded     []api.Number
	notChecked   []NotChecked
	profile      *api.Profile // the root's, when it was read for its name

	officers, checked, requests, reused, budget int
	done                                        bool
}

// build turns what was read into a Result: people grouped, ties between
// them and the companies, and the companies linked to the root (and at
// depth 2 to the companies expanded), ranked.
func build(g *gathered) *Result {
	res := &Result{
		Company:         Company{Number: g.root},
		Depth:           1,
		NotChecked:      g.notChecked,
		Officers:        g.officers,
		OfficersChecked: g.checked,
		Requests:        g.requests,
		Reused:          g.reused,
		Budget:          g.budget,
		Done:            g.done,
	}
	names := companyNames{}
	var unread unreadNumbers
	if p := g.profile; p != nil {
		names.learn(g.root, p.CompanyName, p.CompanyStatus)
	}
	for _, o := range g.appointments {
		for _, a := range o.items {
			if n, ok := companyNumber(a.AppointedTo.CompanyNumber); ok {
				names.learn(n, a.AppointedTo.CompanyName, a.AppointedTo.CompanyStatus)
			} else {
				unread.add(a)
			}
		}
	}
	if len(unread) > 0 {
		res.NotChecked = append(slices.Clip(res.NotChecked), unread...)
	}
	for _, c := range g.companies {
		for _, p := range c.pscs {
			if n, ok := p.RegisteredCompany(); ok {
				names.learn(n, p.Name, "")
			}
		}
	}

	records, officerRef, pscRef := gatherRecords(g)
	people := Group(records)
	personOf := map[string]string{} // record ident -> Person.ID
	for _, p := range people {
		for _, r := range p.Records {
			personOf[r.ident()] = p.ID
		}
	}

	var ties tieSet
	for _, o := range g.appointments {
		who := personOf["officer:"+o.id]
		for _, a := range o.items {
			n, ok := companyNumber(a.AppointedTo.CompanyNumber)
			if !ok {
				continue // listed as not checked, above
			}
			ties.add(Tie{Person: who, Company: n, Role: a.OfficerRole, Since: a.AppointedOn, Until: a.ResignedOn,
				Current: a.ResignedOn == "" && !ceased(a.AppointedTo.CompanyStatus)})
		}
	}
	for ci, c := range g.companies {
		n := c.company.Number
		over := c.ceased || ceased(names[n].Status)
		for i, o := range c.officers {
			since := o.AppointedOn
			if since == "" {
				since = o.AppointedBefore
			}
			ties.add(Tie{Person: personOf[officerRef(ci, i)], Company: n, Role: o.OfficerRole, Since: since, Until: o.ResignedOn,
				Current: o.ResignedOn == "" && !over})
		}
		for i, p := range c.pscs {
			t := Tie{Company: n, Natures: p.NaturesOfControl, Since: p.NotifiedOn, Until: p.CeasedOn, Current: !p.IsCeased()}
			if owner, ok := p.RegisteredCompany(); ok {
				if owner == n {
					continue // a company cannot be its own link
				}
				t.Owner = owner
			} else {
				t.Person = personOf[pscRef(ci, i)]
			}
			ties.add(t)
		}
	}
	res.Ties = ties.list

	res.Company = names.company(g.root)
	res.Companies = connect(g, ties.list, names)
	for _, e := range g.expanded {
		if !notWalked(g.notChecked, e) {
			res.Expanded = append(res.Expanded, e)
		}
	}
	if len(res.Expanded) > 0 {
		res.Depth = 2
	}
	res.People = peopleTied(people, ties.list)
	slices.SortStableFunc(res.NotChecked, func(a, b NotChecked) int {
		return cmp.Or(cmp.Compare(a.What, b.What), cmp.Compare(a.Company.Number, b.Company.Number),
			cmp.Compare(a.Officer, b.Officer), cmp.Compare(a.OfficerID, b.OfficerID), cmp.Compare(a.From, b.From))
	})
	return res
}

// gatherRecords makes a Record of every officer record and every PSC met,
// and says how to find the record of company ci's officer item i and of
// its PSC i.
func gatherRecords(g *gathered) (records []Record, officerRef, pscRef func(ci, i int) string) {
	byID := map[string]int{}
	for _, o := range g.appointments {
		r := Record{OfficerID: o.id, Name: o.first.Name, Born: BirthOf(o.first.DateOfBirth), Appointments: -1,
			Corporate: corporateOfficer(o.first)}
		if h := o.header; h != nil {
			if strings.TrimSpace(h.Name) != "" {
				r.Name = h.Name
			}
			if b := BirthOf(h.DateOfBirth); b.Known() {
				r.Born = b
			}
			r.Corporate = r.Corporate || (h.IsCorporateOfficer != nil && *h.IsCorporateOfficer)
			r.Appointments = h.Total()
		}
		byID[o.id] = len(records)
		records = append(records, r)
	}
	officerIdents := map[[2]int]string{}
	pscIdents := map[[2]int]string{}
	for ci, c := range g.companies {
		for i, o := range c.officers {
			if id := c.ids[i]; id != "" {
				if _, ok := byID[id]; ok {
					officerIdents[[2]int{ci, i}] = "officer:" + id
					continue
				}
			}
			// Met only in the list, its appointments not followed (no
			// link): a record of its own.
			ref := o.Links.Self
			if ref == "" {
				ref = api.CompanyPath(c.company.Number) + "/officers#" + strconv.Itoa(i)
			}
			r := Record{Ref: ref, Name: o.Name, Born: BirthOf(o.DateOfBirth), Corporate: corporateOfficer(o), Appointments: -1}
			officerIdents[[2]int{ci, i}] = r.ident()
			records = append(records, r)
		}
		for i, p := range c.pscs {
			if _, ok := p.RegisteredCompany(); ok {
				continue
			}
			ref := p.Links.Self
			if ref == "" {
				ref = api.CompanyPath(c.company.Number) + "/persons-with-significant-control#" + strconv.Itoa(i)
			}
			cat := p.Category()
			r := Record{Ref: ref, Name: pscName(p), Born: BirthOf(p.DateOfBirth), Appointments: -1,
				Corporate: cat == api.PSCCorporateEntity || cat == api.PSCLegalPerson}
			pscIdents[[2]int{ci, i}] = r.ident()
			records = append(records, r)
		}
	}
	officerRef = func(ci, i int) string { return officerIdents[[2]int{ci, i}] }
	pscRef = func(ci, i int) string { return pscIdents[[2]int{ci, i}] }
	return records, officerRef, pscRef
}

// pscName is a PSC's name as the registry writes it, or its parts when
// only those are there; "" for a protected (super-secure) person.
func pscName(p api.PSC) string {
	if strings.TrimSpace(p.Name) != "" || p.NameElements == nil {
		return p.Name
	}
	e := p.NameElements
	return strings.Join(strings.Fields(e.Title+" "+e.Forename+" "+e.MiddleName+" "+e.Surname), " ")
}

// corporateOfficer reports whether an officer item is a corporate body.
func corporateOfficer(o api.Officer) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(o.OfficerRole)), "corporate-") || o.Identification != nil
}

// ceased reports whether a company_status says the company no longer
// exists: its appointments have ended, resigned or not.
func ceased(status string) bool {
	return api.StatusClassOf(status) == api.ClassDissolved
}

// companyNumber reads a number the registry wrote. One that does not
// read as a company number names no company the walk can tell apart or
// open: it is not made a Number, but listed as not checked (unreadNumbers).
func companyNumber(s string) (api.Number, bool) {
	n, err := api.ParseNumber(s)
	return n, err == nil
}

// unreadNumbers are the companies appointments lead to whose numbers are
// not company numbers, once each, as not checked: shown with the name
// the appointment gives, never lost and never a Number.
type unreadNumbers []NotChecked

func (u *unreadNumbers) add(a api.Appointment) {
	written := strings.TrimSpace(a.AppointedTo.CompanyNumber)
	why := fmt.Sprintf("the registry writes its number as %q, which is not a company number", written)
	for _, nc := range *u {
		if nc.Err.Error() == why {
			return
		}
	}
	nc := NotChecked{What: UncheckedCompany, Company: Company{Name: a.AppointedTo.CompanyName, Status: a.AppointedTo.CompanyStatus},
		Total: -1, Why: ReasonFailed, Err: errors.New(why)}
	if api.CheckLink(a.Links.Company) == nil {
		nc.Link = a.Links.Company
	}
	*u = append(*u, nc)
}

// notWalked reports whether a company to expand was not walked at all.
func notWalked(ncs []NotChecked, n api.Number) bool {
	for _, nc := range ncs {
		if nc.What == UncheckedCompany && nc.Company.Number == n {
			return true
		}
	}
	return false
}

// companyNames are the names and statuses the walk learned. An
// appointment's appointed_to is the registry's own record of the company
// and wins over the name a PSC was filed under.
type companyNames map[api.Number]Company

func (m companyNames) learn(n api.Number, name, status string) {
	if n == "" {
		return
	}
	c, ok := m[n]
	if !ok {
		c = Company{Number: n}
	}
	if status != "" || c.Name == "" {
		if strings.TrimSpace(name) != "" {
			c.Name = name
		}
		if status != "" {
			c.Status = status
		}
	}
	m[n] = c
}

func (m companyNames) company(n api.Number) Company {
	if c, ok := m[n]; ok {
		return c
	}
	return Company{Number: n}
}

// tieSet keeps ties once: the same appointment is read from the
// company's officer list and from the officer's appointments. Should the
// two disagree on whether it stands, it is past.
type tieSet struct {
	list  []Tie
	index map[string]int
}

func (s *tieSet) add(t Tie) {
	if t.Company == "" || (t.Person == "" && t.Owner == "") {
		return
	}
	key := strings.Join([]string{t.Person, string(t.Owner), string(t.Company), t.Role, t.Since, t.Until, strings.Join(t.Natures, ",")}, "\x00")
	if s.index == nil {
		s.index = map[string]int{}
	}
	if i, ok := s.index[key]; ok {
		s.list[i].Current = s.list[i].Current && t.Current
		return
	}
	s.index[key] = len(s.list)
	s.list = append(s.list, t)
}

// peopleTied are the people with a tie, by name.
func peopleTied(people []Person, ties []Tie) []Person {
	tied := map[string]bool{}
	for _, t := range ties {
		tied[t.Person] = true
	}
	var out []Person
	for _, p := range people {
		if tied[p.ID] {
			out = append(out, p)
		}
	}
	key := make(map[string]string, len(out))
	for _, p := range out {
		key[p.ID] = NormalName(p.Name)
	}
	slices.SortStableFunc(out, func(a, b Person) int {
		return cmp.Or(cmp.Compare(key[a.ID], key[b.ID]), cmp.Compare(a.ID, b.ID))
	})
	return out
}
