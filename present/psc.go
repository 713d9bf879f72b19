package present

import (
	"strings"

	"coview/api"
	"coview/present/labels"
)

// protectedName stands in the list for a super-secure PSC, who has no
// name on the register.
const protectedName = "Protected: details withheld"

// pscs is the list of a company's persons with significant control (or
// an overseas entity's beneficial owners): who, what kind, since when,
// and what control they have. Every row opens that person's own page.
func pscs(d *api.PSCList, g given) *Page {
	now := g.now
	one, many := "person with significant control", "people with significant control"
	for _, p := range d.Items {
		if p.IsBeneficialOwner() {
			one, many = "beneficial owner", "beneficial owners"
			break
		}
	}
	pg := &Page{
		Total:   d.Total(),
		Empty:   d.Empty,
		Columns: []Column{{Title: "Name", Flex: true}, {Title: "Kind", Brief: true}, {Title: "Notified"}, {Title: "Ceased"}, {Title: "Identity", Optional: true}, {Title: "Control", Flex: true}},
		Caveat:  unreadableCaveat(d.Unreadable),
		Past:    "ceased",
	}
	pg.Summary = pscSummary(d, pg, one, many)
	if d.Links.Exemptions != "" && len(d.Items) > 0 {
		pg.Caveat = strings.TrimSpace("The company is exempt from keeping a register of people with significant control: see its exemptions. " + pg.Caveat)
	}
	for _, p := range d.Items {
		name := pscName(&p)
		title := name
		if p.Category() == api.PSCSuperSecure {
			title = "Protected person"
		}
		ceased := labels.Date(p.CeasedOn)
		if ceased == "" && p.IsCeased() {
			ceased = "ceased"
		}
		identity, accent := identityCell(p.IdentityVerification, now)
		it := Item{
			Cells: []string{name, clean(labels.PSCKindShort(p.Kind)), clean(labels.Date(p.NotifiedOn)), clean(ceased), identity, clean(natures(p.NaturesOfControl, "; "))},
			Quiet: p.IsCeased(),
			Link:  p.Links.Self,
			Title: title,
		}
		if accent != 0 {
			it.Accents = []Accent{{Cell: 4, Start: 0, End: len(identity), Kind: accent}}
		}
		pg.Items = append(pg.Items, it)
	}
	return pg.orEmpty()
}

// pscSummary counts the list: from the registry's counts when it sent
// them, else from the items loaded, and says so on the page. The counts
// come from a separate service on the registry and are missing when it
// fails. A list counted here that is whole has a total after all.
func pscSummary(d *api.PSCList, pg *Page, one, many string) string {
	if len(d.Items) == 0 && d.Empty != "" {
		return "" // the reason says more than "0 people"
	}
	if d.TotalResults != nil {
		var parts []string
		if d.ActiveCount != nil {
			parts = append(parts, Thousands(*d.ActiveCount)+" active")
		}
		if d.CeasedCount != nil {
			parts = append(parts, Thousands(*d.CeasedCount)+" ceased")
		}
		return withParts(counted(*d.TotalResults, one, many), parts)
	}
	if len(d.Items) == 0 {
		return ""
	}
	whole := wholeList(d.StartIndex, d.ItemsPerPage, len(d.Items))
	if whole {
		pg.Total = len(d.Items)
	}
	active := 0
	for _, p := range d.Items {
		if !p.IsCeased() {
			active++
		}
	}
	pg.Caveat = strings.TrimSpace("The registry sent no counts: these are counted from the list as loaded. " + pg.Caveat)
	return withParts(countedHere(len(d.Items), one, many, whole),
		[]string{Thousands(active) + " active", Thousands(len(d.Items)-active) + " ceased"})
}

// psc is one person with significant control, in full. A corporate PSC
// registered in this registry opens that company, first among the rows
// that open something, so that an ownership chain can be walked: company,
// its PSCs, a corporate PSC, that company's PSCs.
func psc(p *api.PSC, g given) *Page {
	bad, now := g.answer.Unreadable, g.now
	title := "Person with significant control"
	if p.IsBeneficialOwner() {
		title = "Beneficial owner"
	}
	var rows []Row
	rows = add(rows, "Name", pscName(p))
	rows = add(rows, "Kind", labels.PSCKind(p.Kind))
	if n, ok := p.RegisteredCompany(); ok {
		open := strings.TrimSpace(string(n) + " " + clean(p.Name))
		rows = linkRow(rows, "Company", open, api.CompanyPath(n), open)
	} else if p.Category() == api.PSCCorporateEntity {
		rows = append(rows, Row{Label: "Company", Value: "not on this register, so it cannot be followed", Tone: Quiet})
	}
	if p.Category() == api.PSCSuperSecure {
		rows = add(rows, "Protected", labels.SuperSecure(p.Description))
	}
	for i, n := range p.NaturesOfControl {
		label := ""
		if i == 0 {
			label = "Control"
		}
		rows = add(rows, label, natureOfControl(n))
	}
	rows = dateRow(rows, "Notified", p.NotifiedOn)
	switch {
	case p.CeasedOn != "":
		rows = dateRow(rows, "Ceased", p.CeasedOn)
	case p.IsCeased():
		rows = add(rows, "Ceased", "yes (no date given)")
	}
	rows = add(rows, "Nationality", p.Nationality)
	rows = add(rows, "Resident in", p.CountryOfResidence)
	rows = add(rows, "Born", Birth(p.DateOfBirth))
	if p.IsSanctioned != nil {
		if *p.IsSanctioned {
			rows = append(rows, Row{Label: "Sanctioned", Value: "yes: the registry marks this owner as subject to sanctions", Tone: Warning})
		} else {
			rows = add(rows, "Sanctioned", "no")
		}
	}
	rows = append(rows, identityRows(p.IdentityVerification, now)...)
	rows = rowsOf(rows, "Address", AddressLines(p.Address))
	rows = rowsOf(rows, "Principal office", AddressLines(p.PrincipalOfficeAddress))
	rows = linkRow(rows, "Statement", "the company's statement about this person", p.Links.Statement, "Statement")
	if n := p.Links.PersonsWithSignificantControl; n != nil {
		rows = linkRow(rows, "Notifications", "changes notified about this person", n.Notifications, "Notifications")
	}
	rows = unreadable(rows, bad)
	var statute []string
	for _, n := range p.NaturesOfControl {
		statute = append(statute, labels.NatureOfControlInFull(n))
	}
	return sectioned("", Section{Title: title, Rows: rows}, Section{Title: "Registered as", Rows: pscIdentity(p.Identification)},
		Section{Title: "Control, in the registry's words", Rows: rowsOf(nil, "", statute)})
}

// pscIdentity says where a corporate or legal-person PSC is registered,
// as the company filed it.
func pscIdentity(id *api.PSCIdentity) []Row {
	if id == nil {
		return nil
	}
	var rows []Row
	rows = add(rows, "Legal form", id.LegalForm)
	rows = add(rows, "Governing law", id.LegalAuthority)
	rows = add(rows, "Register", id.PlaceRegistered)
	rows = add(rows, "Country", id.CountryRegistered)
	rows = add(rows, "Number", id.RegistrationNumber)
	return rows
}

// pscName is a PSC's name: as sent, else from its parts, else a
// placeholder that says there is none. A protected PSC has none.
func pscName(p *api.PSC) string {
	if p.Category() == api.PSCSuperSecure {
		return protectedName
	}
	if n := clean(p.Name); n != "" {
		return n
	}
	if e := p.NameElements; e != nil {
		if n := clean(strings.Join(strings.Fields(e.Title+" "+e.Forename+" "+e.MiddleName+" "+e.Surname), " ")); n != "" {
			return n
		}
	}
	return "(no name given)"
}

// natures are natures of control in words, joined.
func natures(keys []string, sep string) string {
	words := make([]string, 0, len(keys))
	for _, k := range keys {
		if w := natureOfControl(k); w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, sep)
}

func natureOfControl(key string) string { return clean(labels.NatureOfControl(key)) }
