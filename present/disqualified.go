package present

import (
	"fmt"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
)

// A disqualified officer's record: who (a person or a corporate body), then
// each disqualification, latest first as the registry sends them, and each
// permission to act a court gave meanwhile. Whether a disqualification is
// in force, and a permission current, is decided by the day against now.

// disqualifiedPerson is a disqualified person's record.
func disqualifiedPerson(p *api.DisqualifiedPerson, g given) *Page {
	name := clean(p.Name())
	var rows []Row
	rows = add(rows, "Name", orDash(name))
	rows = dateRow(rows, "Born", p.DateOfBirth)
	rows = add(rows, "Nationality", p.Nationality)
	rows = add(rows, "Person number", p.PersonNumber)
	return disqualifiedPage(name, Section{Title: "Disqualified person", Rows: rows}, &p.Disqualified, g)
}

// disqualifiedCorporate is a disqualified corporate body's record.
func disqualifiedCorporate(c *api.DisqualifiedCorporate, g given) *Page {
	name := clean(c.Name)
	var rows []Row
	rows = add(rows, "Name", orDash(name))
	rows = add(rows, "Number", c.CompanyNumber)
	rows = add(rows, "Registered in", c.CountryOfRegistration)
	return disqualifiedPage(name, Section{Title: "Disqualified corporate body", Rows: rows}, &c.Disqualified, g)
}

// disqualifiedPage is the page of either record: who, then a section for
// each disqualification and each permission to act.
func disqualifiedPage(name string, who Section, d *api.Disqualified, g given) *Page {
	today := g.now.Format(time.DateOnly)
	who.Rows = unreadable(who.Rows, g.answer.Unreadable)
	sections := []Section{who}
	inForce := 0
	for i, q := range d.Disqualifications {
		rows, on := disqualificationRows(q, today)
		if on {
			inForce++
		}
		sections = append(sections, Section{Title: numbered("Disqualification", i, len(d.Disqualifications)), Rows: rows})
	}
	for i, pa := range d.PermissionsToAct {
		sections = append(sections, Section{Title: numbered("Permission to act", i, len(d.PermissionsToAct)), Rows: permissionRows(pa, today)})
	}
	pg := sectioned("", sections...)
	pg.Heading = name
	n := len(d.Disqualifications)
	switch {
	case n == 0:
		pg.Summary = "The record lists no disqualification."
	case inForce == 0:
		pg.Summary = counted(n, "disqualification", "disqualifications") + ", none in force"
	default:
		pg.Summary = withParts(counted(n, "disqualification", "disqualifications"), []string{Thousands(inForce) + " in force"})
	}
	return pg
}

// numbered is a section's title, with its place when there are several:
// "Disqualification 1 of 2".
func numbered(title string, i, n int) string {
	if n < 2 {
		return title
	}
	return fmt.Sprintf("%s %d of %d", title, i+1, n)
}

// disqualificationRows are one disqualification in words: from and until
// when, whether it is in force today, why (the reason in the registry's
// words, the act and its section or article), what made it (a court
// order, an undertaking, a sanction) and when, the companies named, and
// the address the disqualifying authority gave. on reports whether it is
// in force today.
func disqualificationRows(q api.Disqualification, today string) (rows []Row, on bool) {
	from, until := isoDay(q.DisqualifiedFrom), isoDay(q.DisqualifiedUntil)
	rows = dateRow(rows, "From", q.DisqualifiedFrom)
	if strings.TrimSpace(q.DisqualifiedUntil) == "" {
		rows = append(rows, Row{Label: "Until", Value: "no end date given", Tone: Quiet})
	} else {
		rows = dateRow(rows, "Until", q.DisqualifiedUntil)
	}
	switch {
	case from != "" && today < from:
		rows = append(rows, Row{Label: "Status", Value: "not yet in force"})
	case until != "" && until < today:
		rows = append(rows, Row{Label: "Status", Value: "ended", Tone: Quiet})
	case from != "":
		rows = append(rows, Row{Label: "Status", Value: "in force", Tone: Warning})
		on = true
	}
	if r := q.Reason.DescriptionIdentifier; strings.TrimSpace(r) != "" {
		rows = add(rows, "Reason", labels.DisqualificationReason(r))
	}
	rows = add(rows, "Under", disqualificationAct(q.Reason))
	if t := strings.TrimSpace(q.DisqualificationType); t != "" {
		rows = add(rows, "Made by", labels.DisqualificationType(t))
	}
	rows = add(rows, "Court", q.CourtName)
	rows = dateRow(rows, "Heard on", q.HeardOn)
	rows = dateRow(rows, "Undertaken on", q.UndertakenOn)
	rows = add(rows, "Case", q.CaseIdentifier)
	for _, v := range q.LastVariation {
		rows = add(rows, "Varied", variation(v))
	}
	rows = rowsOf(rows, "Companies", q.CompanyNames)
	rows = rowsOf(rows, "Address", AddressLines(q.Address.Lines()))
	return rows, on
}

// disqualificationAct is the act a disqualification was made under, with
// its section (the 1986 act) or article (the Northern Ireland order):
// "Company Directors Disqualification Act 1986, section 6".
func disqualificationAct(r api.DisqualificationReason) string {
	act := ""
	if strings.TrimSpace(r.Act) != "" {
		act = labels.DisqualificationAct(r.Act)
	}
	var parts []string
	if s := strings.TrimSpace(r.Section); s != "" {
		parts = append(parts, "section "+s)
	}
	if a := strings.TrimSpace(r.Article); a != "" {
		parts = append(parts, "article "+a)
	}
	if act == "" && len(parts) > 0 {
		act = "the act"
	}
	return strings.Join(append([]string{act}, parts...), ", ")
}

// variation is a court's change to a disqualification: "on 1 Jan 2021 by
// the High Court, case V1".
func variation(v api.Variation) string {
	var parts []string
	if d := strings.TrimSpace(v.VariedOn); d != "" {
		parts = append(parts, "on "+labels.Date(d))
	}
	if c := strings.TrimSpace(v.CourtName); c != "" {
		parts = append(parts, "by "+c)
	}
	s := strings.Join(parts, " ")
	if c := strings.TrimSpace(v.CaseIdentifier); c != "" {
		s = strings.TrimPrefix(s+", case "+c, ", ")
	}
	return s
}

// permissionRows are a permission to act: when it was granted and by
// which court, until when and whether that has passed, and the companies
// it is for.
func permissionRows(p api.PermissionToAct, today string) []Row {
	var rows []Row
	rows = dateRow(rows, "Granted", p.GrantedOn)
	rows = add(rows, "Court", p.CourtName)
	if exp := isoDay(p.ExpiresOn); exp != "" && exp < today {
		rows = append(rows, Row{Label: "Expires", Value: clean(labels.Date(p.ExpiresOn) + " (expired)"), Tone: Quiet})
	} else {
		rows = dateRow(rows, "Expires", p.ExpiresOn)
	}
	return rowsOf(rows, "For", p.CompanyNames)
}

// isoDay is the day of an ISO date ("2031-03-14"), "" when s is not one,
// for comparing with another.
func isoDay(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 10 || !isISODay(s[:10]) {
		return ""
	}
	return s[:10]
}
