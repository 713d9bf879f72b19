package present

import (
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"coview/api"
	"coview/connections"
	"coview/present/labels"
)

// The words of a connections walk (package connections): the companies
// linked, the people who link them, and what was not checked. The browser
// styles these pages and --plain prints them, so the two say the same.

// ConnectionsHeading names the company walked from: "Connections of
// GOOSEBERRY FOOL DAIRIES LIMITED (00006412)".
func ConnectionsHeading(r *connections.Result) string {
	number := clean(string(r.Company.Number))
	if name := clean(r.Company.Name); name != "" {
		return "Connections of " + name + " (" + number + ")"
	}
	return "Connections of " + number
}

// ConnectionsSummary is the line under the heading: how many companies are
// linked, how many of them still are, how far the walk got and what it
// cost. "3 companies linked (2 current, 1 past only) · officers checked 9
// of 9 · 14 requests, 486 left in budget"
func ConnectionsSummary(r *connections.Result) string {
	current := 0
	for _, c := range r.Companies {
		if c.Current {
			current++
		}
	}
	linked := counted(len(r.Companies), "company linked", "companies linked")
	if len(r.Companies) > 0 {
		var parts []string
		if current > 0 {
			parts = append(parts, Thousands(current)+" current")
		}
		if past := len(r.Companies) - current; past > 0 {
			parts = append(parts, Thousands(past)+" past only")
		}
		linked += " (" + strings.Join(parts, ", ") + ")"
	}
	if len(r.Expanded) > 0 {
		linked += " · " + counted(len(r.Expanded), "company", "companies") + " walked from too"
	}
	return strings.Join([]string{linked, checkedWords(r), costWords(r)}, " · ")
}

// ConnectionsProgress is a walk under way in a line, for a status line or
// stderr: "officers checked 37 of 130 · 40 requests, 460 left in budget ·
// 12 companies found". It says nothing from the network. What is left is
// of the walk's own budget, not of the registry's quota.
func ConnectionsProgress(r *connections.Result) string {
	return strings.Join([]string{checkedWords(r), costWords(r), counted(len(r.Companies), "company", "companies") + " found"}, " · ")
}

func checkedWords(r *connections.Result) string {
	return fmt.Sprintf("officers checked %s of %s", Thousands(r.OfficersChecked), Thousands(r.Officers))
}

func costWords(r *connections.Result) string {
	s := counted(r.Requests, "request", "requests") + ", " + Thousands(r.Left()) + " left in budget"
	if r.Requests == 0 {
		s = "no requests, " + Thousands(r.Left()) + " left in budget"
	}
	if r.Reused > 0 {
		s += " (" + counted(r.Reused, "answer", "answers") + " already known)"
	}
	return s
}

// Connections is the companies linked, strongest first, as a list: name,
// number, status, whether the link still stands, and who or what links
// them. Enter opens the company. A company linked only in the past is
// quiet.
func Connections(r *connections.Result) *Page {
	pg := &Page{
		Heading: ConnectionsHeading(r),
		Summary: ConnectionsSummary(r),
		Caveat:  notCheckedCaveat(r),
		Total:   len(r.Companies),
		Columns: []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status", Brief: true}, {Title: "When"}, {Title: "Linked by", Flex: true}},
		Past:    "linked only in the past",
	}
	if len(r.Companies) == 0 {
		pg.Empty = "No other company is linked to it through its officers or its owners."
		if !r.Complete() {
			pg.Empty = "No other company is linked to it through what was checked."
		}
	}
	for _, c := range r.Companies {
		pg.Items = append(pg.Items, connectionItem(r, c))
	}
	return pg
}

func connectionItem(r *connections.Result, c connections.Connection) Item {
	name := clean(c.Name)
	status := clean(labels.Status(c.Status))
	if c.Status == "" {
		status = ""
	}
	when := "past"
	if c.Current {
		when = "current"
	}
	it := Item{
		Cells: []string{name, clean(string(c.Number)), status, when, LinkWords(r, c)},
		Quiet: !c.Current,
		Title: companyWords(name, clean(string(c.Number))),
	}
	if c.Number != "" {
		it.Link = api.CompanyPath(c.Number)
	}
	if status != "" {
		it.Accents = append(it.Accents, statusAccent(c.Status, 2, status))
	}
	return it
}

// LinkWords says what links a company: "3 directors in common: A, B, C",
// "owns this company: 75–100% of shares", then the past links: "past: 1
// director in common: D". At depth 2 the company it is linked through is
// named: "1 director in common with X: A".
func LinkWords(r *connections.Result, c connections.Connection) string {
	var now, past []string
	for _, with := range c.Via {
		other := "this company"
		inCommon := "in common"
		if with != r.Company.Number {
			other = companyWords(clean(r.Name(with)), clean(string(with)))
			inCommon = "in common with " + other
		}
		for _, current := range []bool{true, false} {
			var words []string
			for _, l := range c.Links {
				if l.With == with && l.Current == current && l.Kind != connections.ThroughPerson {
					words = append(words, ownershipWords(l, other))
				}
			}
			words = append(words, peopleWords(r, c.Links, with, current, inCommon)...)
			if current {
				now = append(now, words...)
			} else {
				past = append(past, words...)
			}
		}
	}
	for i, p := range past {
		past[i] = "past: " + p
	}
	return strings.Join(append(now, past...), "; ")
}

// ownershipWords: "owns this company: 75–100% of shares", "owned by X:
// 75–100% of shares", "controls this company: can appoint or remove
// directors"; in the past tense with when it ended.
func ownershipWords(l connections.Link, other string) string {
	key, words := mainNature(l.Natures)
	shares := strings.HasPrefix(key, "ownership-of-shares")
	if shares {
		words = strings.TrimPrefix(words, "owns ")
	}
	var verb string
	switch {
	case l.Kind == connections.Owns && shares && l.Current:
		verb = "owns"
	case l.Kind == connections.Owns && shares:
		verb = "owned"
	case l.Kind == connections.Owns && l.Current:
		verb = "controls"
	case l.Kind == connections.Owns:
		verb = "controlled"
	case shares:
		verb = "owned by"
	default:
		verb = "controlled by"
	}
	s := verb + " " + other
	if words != "" {
		s += ": " + words
	}
	if !l.Current && l.Until != "" {
		s += " (until " + clean(labels.Date(l.Until)) + ")"
	}
	return s
}

// mainNature is the nature of control that says most: a share of the
// shares, else of the votes, else the first; in words.
func mainNature(natures []string) (key, words string) {
	if len(natures) == 0 {
		return "", ""
	}
	key = natures[0]
	for _, prefix := range []string{"ownership-of-shares", "voting-rights"} {
		if i := slices.IndexFunc(natures, func(n string) bool { return strings.HasPrefix(strings.ToLower(n), prefix) }); i >= 0 {
			key = natures[i]
			break
		}
	}
	return strings.ToLower(key), clean(labels.NatureOfControl(key))
}

// peopleWords groups the people linking a company through with, current
// or past, by their role there: "2 directors in common: A, B"; people who
// control it: "1 person with significant control in common: C (owns
// 50–75% of shares)". Bigger groups first.
func peopleWords(r *connections.Result, links []connections.Link, with api.Number, current bool, inCommon string) []string {
	byRole := map[string][]string{}
	var roles []string
	for _, l := range links {
		if l.With != with || l.Current != current || l.Kind != connections.ThroughPerson {
			continue
		}
		name := PersonLabel(r.Person(l.Person))
		if l.Role == "" {
			if _, words := mainNature(l.Natures); words != "" {
				name += " (" + words + ")"
			}
		}
		if _, ok := byRole[l.Role]; !ok {
			roles = append(roles, l.Role)
		}
		if !slices.Contains(byRole[l.Role], name) {
			byRole[l.Role] = append(byRole[l.Role], name)
		}
	}
	slices.SortStableFunc(roles, func(a, b string) int { return len(byRole[b]) - len(byRole[a]) })
	var out []string
	for _, role := range roles {
		names := byRole[role]
		out = append(out, fmt.Sprintf("%d %s %s: %s", len(names), roleNoun(role, len(names)), inCommon, strings.Join(names, ", ")))
	}
	return out
}

// roleNoun is an officer role as a noun for n people: "director",
// "secretaries", "LLP members"; "" (control) is "person with significant
// control".
func roleNoun(role string, n int) string {
	if role == "" {
		if n == 1 {
			return "person with significant control"
		}
		return "people with significant control"
	}
	l := clean(labels.OfficerRole(role))
	if w, _, _ := strings.Cut(l, " "); strings.ToUpper(w) != w || len(w) < 2 {
		// The first letter, not the first byte: a role from the network
		// may start with any character.
		first, size := utf8.DecodeRuneInString(l)
		l = string(unicode.ToLower(first)) + l[size:]
	}
	if n == 1 {
		if strings.HasPrefix(l, "authorised ") {
			return "person " + l
		}
		return l
	}
	if strings.HasPrefix(l, "authorised ") {
		return "people " + l
	}
	parts := strings.Split(l, " and ")
	for i, p := range parts {
		parts[i] = pluralNoun(p)
	}
	return strings.Join(parts, " and ")
}

// pluralNoun puts the last word of a noun phrase in the plural.
func pluralNoun(s string) string {
	switch {
	case strings.HasSuffix(s, "ary"), strings.HasSuffix(s, "ory"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"):
		return s
	}
	return s + "s"
}

// PersonLabel is how a person is named in words: "SPROCKETT, Wilhelmina
// Joan" turned to "Wilhelmina Joan Sprockett"; a corporate body as
// written; a protected person as such.
func PersonLabel(p *connections.Person) string {
	if p == nil {
		return "someone"
	}
	if strings.TrimSpace(p.Name) == "" {
		return "a protected person (details withheld)"
	}
	if p.Corporate {
		return clean(p.Name)
	}
	return PersonName(p.Name)
}

// PersonName turns a natural person's name as officer lists write it,
// "SPROCKETT, Wilhelmina Joan", into reading order, "Wilhelmina Joan
// Sprockett"; a surname in capitals is put in title case. A name without
// a comma is as written.
func PersonName(raw string) string {
	surname, forenames, ok := strings.Cut(clean(raw), ",")
	if !ok {
		return clean(raw)
	}
	surname = strings.TrimSpace(surname)
	if strings.ToUpper(surname) == surname {
		surname = titleCase(surname)
	}
	return strings.TrimSpace(strings.TrimSpace(forenames) + " " + surname)
}

// titleCase capitalises each part of a name in capitals: "MCTAVISH-DROON"
// is "Mctavish-Droon", "O'BRIEN" is "O'Brien".
func titleCase(s string) string {
	var b strings.Builder
	start := true
	for _, r := range s {
		if start {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		start = !unicode.IsLetter(r)
	}
	return b.String()
}

// ConnectionPeople are the people who link companies in the result:
// who, born when, how many of the companies they are tied to, and which
// records are theirs: "probably the same person: officer ids X, Y" when
// records were put together by name and birth, and the namesakes kept
// apart, with why. Enter opens their appointments.
func ConnectionPeople(r *connections.Result) *Page {
	linking := map[string]int{}
	for _, c := range r.Companies {
		for _, l := range c.Links {
			if l.Kind == connections.ThroughPerson {
				linking[l.Person]++
			}
		}
	}
	companies := map[string]map[api.Number]bool{}
	for _, t := range r.Ties {
		if t.Person != "" {
			if companies[t.Person] == nil {
				companies[t.Person] = map[api.Number]bool{}
			}
			companies[t.Person][t.Company] = true
		}
	}
	pg := &Page{
		Heading: "People in common",
		Total:   -1,
		Columns: []Column{{Title: "Person", Flex: true}, {Title: "Born"}, {Title: "Companies"}, {Title: "Records", Flex: true}},
	}
	var people []connections.Person
	for _, p := range r.People {
		if linking[p.ID] > 0 {
			people = append(people, p)
		}
	}
	slices.SortStableFunc(people, func(a, b connections.Person) int { return len(companies[b.ID]) - len(companies[a.ID]) })
	for _, p := range people {
		pg.Items = append(pg.Items, PersonItem(&p, len(companies[p.ID])))
	}
	pg.Total = len(pg.Items)
	pg.Summary = counted(len(pg.Items), "person links", "people link") + " these companies"
	if len(pg.Items) == 1 {
		pg.Summary = "1 person links these companies"
	}
	return pg
}

// PersonItem is a person as a row: name, born, the number of companies
// they are tied to, and their records in words.
func PersonItem(p *connections.Person, companies int) Item {
	name := PersonLabel(p)
	it := Item{
		Cells: []string{name, Born(p.Born), Thousands(companies), PersonRecords(p)},
		Title: name,
	}
	if ids := p.OfficerIDs(); len(ids) > 0 {
		if res, err := api.Route("/officers/" + url.PathEscape(ids[0]) + "/appointments"); err == nil && res.Kind == api.ResAppointments {
			it.Link = res.Link
		}
	}
	return it
}

// PersonRecords says which records a person stands for: "officer id X";
// "probably the same person: officer ids X, Y" (and "and a PSC record"
// when a person with significant control was matched too); then each
// namesake kept apart: "not the same as Wilhelmina Joan Sprockett, born
// Aug 1972: born in another month or year".
func PersonRecords(p *connections.Person) string {
	ids := p.OfficerIDs()
	others := len(p.Records) - len(ids)
	var s string
	switch {
	case len(ids) == 1 && others == 0:
		s = "officer id " + clean(ids[0])
	case len(ids) == 0 && others == 1:
		s = "a person with significant control"
	default:
		s = "probably the same person: "
		var parts []string
		switch len(ids) {
		case 0:
		case 1:
			parts = append(parts, "officer id "+clean(ids[0]))
		default:
			cleaned := make([]string, len(ids))
			for i, id := range ids {
				cleaned[i] = clean(id)
			}
			parts = append(parts, "officer ids "+strings.Join(cleaned, ", "))
		}
		if others > 0 {
			parts = append(parts, counted(others, "PSC record", "PSC records"))
		}
		s += strings.Join(parts, " and ")
	}
	for _, n := range p.Namesakes {
		other := PersonName(n.Name)
		if b := Born(n.Born); b != "" {
			other += ", born " + b
		}
		s += "; not the same as " + other + ": " + ApartWords(n.Why)
	}
	return s
}

// ApartWords says why two records of one name are not taken for one
// person.
func ApartWords(why connections.Apart) string {
	switch why {
	case connections.ApartBirth:
		return "born in another month or year"
	case connections.ApartNoBirth:
		return "no date of birth to compare"
	case connections.ApartCorporate:
		return "a corporate body is the same only under one officer id"
	case connections.ApartName:
		return "another name"
	}
	return "probably the same person"
}

// companyWords names a company by its name, or by its number when nothing
// named it.
func companyWords(name, number string) string {
	switch {
	case name != "":
		return name
	case number != "":
		return "company " + number
	}
	return "a company"
}

// Born is a month and year of birth in words, "May 1972", or "".
func Born(b connections.Birth) string {
	if !b.Known() {
		return ""
	}
	return fmt.Sprintf("%s %d", monthAbbr[b.Month-1], b.Year)
}

// notCheckedCaveat says, above the list, that it is not the whole
// picture.
func notCheckedCaveat(r *connections.Result) string {
	if len(r.NotChecked) == 0 {
		return ""
	}
	why := map[connections.Reason]bool{}
	for _, nc := range r.NotChecked {
		why[nc.Why] = true
	}
	var reasons []string
	if why[connections.ReasonBudget] {
		reasons = append(reasons, "the request budget ran out")
	}
	if why[connections.ReasonStopped] {
		reasons = append(reasons, "the walk was stopped")
	}
	if why[connections.ReasonFailed] {
		reasons = append(reasons, "the registry answered with errors")
	}
	return fmt.Sprintf("Not the whole picture: %s not checked (%s); see the list under Not checked.",
		counted(len(r.NotChecked), "thing was", "things were"), strings.Join(reasons, ", "))
}

// NotChecked lists what the walk did not read, each with why: the
// budget, the walk stopped, or the registry's error. Enter opens it.
func NotChecked(r *connections.Result) *Page {
	pg := &Page{
		Heading: "Not checked",
		Total:   len(r.NotChecked),
		Summary: counted(len(r.NotChecked), "thing was not checked", "things were not checked"),
		Columns: []Column{{Title: "What", Flex: true}, {Title: "Why", Flex: true}},
	}
	for _, nc := range r.NotChecked {
		it := Item{Cells: []string{notCheckedWhat(r, nc), notCheckedWhy(nc)}, Title: notCheckedWhat(r, nc)}
		switch nc.What {
		case connections.UncheckedAppointments:
			if res, err := api.Route(nc.Link); err == nil && res.Kind == api.ResAppointments {
				it.Link = res.Link
			}
		default:
			if nc.Company.Number != "" {
				it.Link = api.CompanyPath(nc.Company.Number)
			}
		}
		pg.Items = append(pg.Items, it)
	}
	return pg
}

func notCheckedWhat(r *connections.Result, nc connections.NotChecked) string {
	name := r.Name(nc.Company.Number)
	if name == "" {
		name = nc.Company.Name
	}
	company := companyWords(clean(name), clean(string(nc.Company.Number)))
	part := func(what string) string {
		switch {
		case nc.From > 0 && nc.Total > nc.From:
			return fmt.Sprintf("%s %s to %s of", what, Thousands(nc.From+1), Thousands(nc.Total))
		case nc.From > 0:
			return fmt.Sprintf("%s after the first %s of", what, Thousands(nc.From))
		}
		return what + " of"
	}
	switch nc.What {
	case connections.UncheckedAppointments:
		who := PersonName(nc.Officer)
		if who == "" {
			who = "an officer"
		}
		if nc.Company.Number == r.Company.Number {
			return part("appointments") + " " + who
		}
		return part("appointments") + " " + who + " (officer of " + company + ")"
	case connections.UncheckedOfficers:
		return part("officers") + " " + company
	case connections.UncheckedPSCs:
		return part("persons with significant control") + " " + company
	}
	return "the connections of " + company
}

func notCheckedWhy(nc connections.NotChecked) string {
	switch nc.Why {
	case connections.ReasonBudget:
		return "the request budget was spent"
	case connections.ReasonStopped:
		return "stopped before it was read"
	}
	if nc.Err == nil {
		return "the registry's answer could not be read"
	}
	return clean(nc.Err.Error())
}

// SameAsLines say which other officer records are probably the same
// person as the officer of an appointments page, and which namesakes are
// not: "also appears as Wilhelmina Joan Sprockett (officer id X, born May
// 1972) with 1 more appointment: probably the same person", "not the same
// as Wilhelmina Joan Sprockett (officer id Y, born Aug 1972): born in
// another month or year".
func SameAsLines(s *connections.SameAs) []string {
	var out []string
	for _, r := range s.Same {
		line := "also appears as " + recordWords(r)
		if r.Appointments >= 0 {
			line += " with " + counted(r.Appointments, "more appointment", "more appointments")
		}
		out = append(out, line+": probably the same person")
	}
	for _, k := range s.Apart {
		out = append(out, "not the same as "+recordWords(k.Record)+": "+ApartWords(k.Why))
	}
	return out
}

func recordWords(r connections.Record) string {
	name := clean(r.Name)
	if !r.Corporate {
		name = PersonName(r.Name)
	}
	detail := []string{}
	if r.OfficerID != "" {
		detail = append(detail, "officer id "+clean(r.OfficerID))
	}
	if b := Born(r.Born); b != "" {
		detail = append(detail, "born "+b)
	}
	if len(detail) == 0 {
		return name
	}
	return name + " (" + strings.Join(detail, ", ") + ")"
}

// DepthNote says, for a walk that went one step only, what it could not
// see and that the counts are of what it saw; further says how to see
// more ("--depth 2 reads them"). It is "" when there is nothing to say.
func DepthNote(r *connections.Result, further string) string {
	if r.Depth != 1 || len(r.Companies) == 0 {
		return ""
	}
	return "Seen from this company only: its officers' other appointments and its owners. The linked companies' own " +
		"officers and owners are not read, so the companies it owns, and people listed there under another officer id, " +
		"are not shown, and there may be more in common than counted here; " + further + "."
}

// WriteConnections prints a walk as text: the heading and summary, the
// companies linked, the people who link them, and what was not checked,
// the rows the browser shows; a walk of one step says what --depth 2
// would add.
func WriteConnections(w io.Writer, r *connections.Result) {
	pg := Connections(r)
	if note := DepthNote(r, "--depth 2 reads them"); note != "" {
		pg.Caveat = strings.TrimSpace(pg.Caveat + "\n" + note)
	}
	WritePage(w, pg, true) // with its Empty line when nothing is linked
	for _, sub := range []*Page{ConnectionPeople(r), NotChecked(r)} {
		if len(sub.Items) == 0 {
			continue
		}
		io.WriteString(w, "\n")
		WritePage(w, sub, true)
	}
}

// TieWords says what one tie is, for an edge of a graph: "director",
// "secretary", "owns 75–100% of shares".
func TieWords(t connections.Tie) string {
	if t.Role != "" {
		return roleNoun(t.Role, 1)
	}
	_, words := mainNature(t.Natures)
	return words
}
