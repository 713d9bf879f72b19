package present

import (
	"fmt"
	"strings"

	"coview/api"
	"coview/present/labels"
	"coview/present/sanitize"
)

// search is a page of name search results: companies with their number,
// status, incorporation date and address; officers with their month and
// year of birth, number of appointments and address; disqualified
// officers with their date of birth and address; each row opening the
// company, the officer's appointments or the disqualified officer's
// record. Where the query matched a name is accented.
func search(d *api.SearchResults, g given) *Page {
	kind := g.answer.Resource.Kind
	pg := &Page{Total: d.Total(), Empty: d.Empty, Past: "dissolved"}
	switch kind {
	case api.ResSearchCompanies:
		pg.Columns = []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status", Brief: true}, {Title: "Incorporated"}, {Title: "Address", Flex: true}}
	case api.ResSearchOfficers:
		pg.Columns = []Column{{Title: "Officer", Flex: true}, {Title: "Born"}, {Title: "Appointments"}, {Title: "Address", Flex: true}}
	case api.ResSearchDisqualified:
		pg.Columns = []Column{{Title: "Disqualified officer", Flex: true}, {Title: "Born"}, {Title: "Address", Flex: true}}
	default:
		pg.Columns = []Column{{Title: "Name", Flex: true}, {Title: "What"}, {Title: "Details", Flex: true}, {Title: "Address", Flex: true}}
	}
	for _, it := range d.Items {
		pg.Items = append(pg.Items, searchItem(it, kind))
	}
	total := d.Total()
	reached := d.Asked.StartIndex + len(d.Items)
	if len(d.Items) > 0 && total >= 0 && total < reached {
		// The items are trusted over a count that cannot be right
		// (total_results 0 with 3 items): the total is not known.
		total, pg.Total = -1, -1
	}
	switch {
	case d.Empty != "" && len(d.Items) == 0:
		pg.Summary = clean(d.Empty)
	case len(d.Items) > 0 && d.Empty != "":
		// Matches sent as if there were none: shown for what they are.
		pg.Empty = ""
		pg.Summary = counted(reached, "match", "matches") + forQuery(d.Query)
	case d.Capped != "":
		// The registry serves no deeper: the list ends here, whatever it
		// counts.
		pg.Total = reached
		pg.Summary = counted(max(total, reached), "match", "matches") + forQuery(d.Query)
		if total > reached {
			pg.Summary += "; the registry shows the first " + Thousands(reached)
		}
	case total < 0:
		pg.Summary = counted(reached, "match", "matches") + forQuery(d.Query)
	default:
		pg.Summary = counted(total, "match", "matches") + forQuery(d.Query)
	}
	if d.Empty != "" && d.Query != "" && len(d.Items) == 0 {
		pg.Summary = "Nothing found" + forQuery(d.Query)
	}
	return pg
}

func searchItem(it api.SearchItem, kind api.ResourceKind) Item {
	var out Item
	name, marks := matched(it.Title, it.Matches.Title)
	address := clean(it.AddressSnippet)
	if address == "" {
		address = strings.Join(AddressLines(it.Address), ", ")
	}
	switch it.ItemKind() {
	case api.SearchCompany:
		status := clean(labels.Status(it.CompanyStatus))
		since := clean(labels.Date(it.DateOfCreation))
		number := clean(it.CompanyNumber)
		if kind == api.ResSearchCompanies {
			out.Cells = []string{name, number, status, since, address}
		} else {
			details := status
			if since != "" {
				details = strings.TrimPrefix(details+", since "+since, ", ")
			}
			out.Cells = []string{name, strings.TrimSpace("company " + number), details, address}
		}
		if status != "" {
			out.Accents = append(out.Accents, statusAccent(it.CompanyStatus, 2, status))
		}
		out.Quiet = api.StatusClassOf(it.CompanyStatus) == api.ClassDissolved
	case api.SearchOfficer, api.SearchDisqualifiedOfficer:
		born := ""
		if b := it.DateOfBirth; b != nil && isoDay(b.Full) != "" {
			born = clean(labels.Date(b.Full)) // a disqualified officer's, in full
		} else if b != nil {
			born = Birth(&b.PartialDate)
		}
		count := ""
		if it.AppointmentCount != nil {
			count = Thousands(*it.AppointmentCount)
		}
		what := "officer"
		if it.ItemKind() == api.SearchDisqualifiedOfficer {
			what = "disqualified officer"
		}
		switch kind {
		case api.ResSearchOfficers:
			out.Cells = []string{name, born, count, address}
		case api.ResSearchDisqualified:
			out.Cells = []string{name, born, address}
		default:
			var details []string
			if born != "" {
				details = append(details, "born "+born)
			}
			if count != "" {
				details = append(details, counted(*it.AppointmentCount, "appointment", "appointments"))
			}
			out.Cells = []string{name, what, strings.Join(details, ", "), address}
		}
	default:
		switch kind {
		case api.ResSearchCompanies:
			out.Cells = make([]string, 5)
		case api.ResSearchDisqualified:
			out.Cells = make([]string, 3)
		default:
			out.Cells = make([]string, 4)
		}
		out.Cells[0] = name
		out.Cells[1] = clean(labels.Humanize(it.Kind))
	}
	for _, m := range marks {
		out.Accents = append(out.Accents, Accent{Cell: 0, Start: m[0], End: m[1], Kind: Match})
	}
	if res, ok := it.Resource(); ok {
		out.Link, out.Title = res.Link, name
	}
	return out
}

// matched is a name made safe to show, with where the query matched it:
// the registry's offsets count characters of the name as sent, so the name
// is cut at them first and each piece sanitised on its own.
func matched(text string, offsets []int) (string, [][2]int) {
	var b strings.Builder
	var marks [][2]int
	for _, seg := range api.MatchSegments(strings.TrimSpace(text), offsets) {
		start := b.Len()
		b.WriteString(sanitize.Line(seg.Text)) // not trimmed: the spaces between pieces are the name's
		if seg.Match && b.Len() > start {
			marks = append(marks, [2]int{start, b.Len()})
		}
	}
	return b.String(), marks
}

// statusAccent colours a status cell as the header colours a status.
func statusAccent(status string, cell int, shown string) Accent {
	a := Accent{Cell: cell, End: len(shown), Kind: StatusOther}
	switch api.StatusClassOf(status) {
	case api.ClassActive:
		a.Kind = StatusActive
	case api.ClassDissolved:
		a.Kind = StatusClosed
	case api.ClassInsolvency:
		a.Kind = StatusInsolvent
	}
	return a
}

func forQuery(q string) string {
	if q == "" {
		return ""
	}
	return fmt.Sprintf(" for %q", clean(q))
}
