package present

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
)

func officers(d *api.Officers, g given) *Page {
	closed, now := g.closed, g.now
	pg := &Page{
		Total:   d.Total(),
		Empty:   d.Empty,
		Columns: []Column{{Title: "Name", Flex: true}, {Title: "Role", Brief: true}, {Title: "Appointed"}, {Title: "Resigned"}, {Title: "Identity", Optional: true}},
		Summary: officerSummary(d),
		Past:    "resigned",
	}
	// A company whose officers are all inactive has ceased, whatever its
	// profile (if known) says.
	if d.ActiveCount != nil && *d.ActiveCount == 0 && d.InactiveCount != nil && *d.InactiveCount > 0 {
		closed = true
	}
	if closed {
		pg.Caveat = "The company has ceased: no officer is current. Those without a resignation date stopped when it was dissolved."
	}
	for _, o := range d.Items {
		pg.Items = append(pg.Items, officerItem(o, closed, now))
	}
	return pg.orEmpty()
}

func officerItem(o api.Officer, closed bool, now time.Time) Item {
	appointed := labels.Date(o.AppointedOn)
	if appointed == "" && o.AppointedBefore != "" {
		appointed = "before " + labels.Date(o.AppointedBefore)
	}
	resigned := labels.Date(o.ResignedOn)
	if resigned == "" && closed {
		resigned = "dissolved"
	}
	name := clean(o.Name)
	identity, accent := identityCell(o.IdentityVerification, now)
	it := Item{
		Cells: []string{name, clean(labels.OfficerRole(o.OfficerRole)), clean(appointed), clean(resigned), identity},
		Quiet: o.ResignedOn != "" || closed,
		Link:  officerLink(o.Links),
		Title: name,
	}
	if accent != 0 {
		it.Accents = []Accent{{Cell: 4, Start: 0, End: len(identity), Kind: accent}}
	}
	return it
}

func officerSummary(d *api.Officers) string {
	s := counted(d.Total(), "officer", "officers")
	var parts []string
	for _, c := range []struct {
		n    *int
		what string
	}{{d.ActiveCount, "active"}, {d.ResignedCount, "resigned"}, {d.InactiveCount, "inactive"}} {
		// "0 active" says no one is current; "0 inactive" says nothing.
		if c.n != nil && (*c.n > 0 || c.what == "active") {
			parts = append(parts, Thousands(*c.n)+" "+c.what)
		}
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

func filings(d *api.FilingHistory, _ given) *Page {
	pg := &Page{
		Total: d.Total(),
		Empty: d.Empty,
		// The category and the pages (issue 25) are drawn when there is
		// room, and saved; --plain prints the columns before them.
		// The pages go with the document; the category, the wider and
		// the less needed (the description says it), is left out first.
		Columns: []Column{{Title: "Date"}, {Title: "Type"}, {Title: "Doc"}, {Title: "Pages", Optional: true, ScreenOnly: true},
			{Title: "Description", Flex: true, Yields: true}, {Title: "Category", Optional: true, ScreenOnly: true, Max: filingCategoryMax}},
	}
	if pg.Total != 0 {
		pg.Summary = counted(pg.Total, "filing", "filings")
	}
	if len(d.Items) == 0 {
		if why := clean(labels.FilingHistoryStatus(d.FilingHistoryStatus)); why != "" {
			pg.Empty, pg.Summary = why, ""
		}
	}
	for _, f := range d.Items {
		// Whether the filing has a document to save (d, coview
		// document): paper-filed and older filings often have none.
		doc := "yes"
		if f.Links.DocumentMetadata == "" {
			doc = ""
		}
		text, bold := filingDescription(&f)
		pages := ""
		if f.Pages != nil {
			pages = strconv.Itoa(*f.Pages)
		}
		it := Item{
			Cells:      []string{clean(labels.Date(f.Date)), clean(f.Type), doc, pages, text, clean(labels.FilingCategory(f.Category))},
			Link:       f.Links.Self,
			Title:      "Filing " + clean(f.Type),
			NoDocument: f.Links.DocumentMetadata == "",
		}
		for _, b := range bold {
			it.Accents = append(it.Accents, Accent{Cell: 4, Start: b.Start, End: b.End, Kind: Emphasis})
		}
		pg.Items = append(pg.Items, it)
	}
	return pg.orEmpty()
}

// filingCategoryMax is the most cells a filing's category is given on
// screen: "People with significant control" gives way to the
// description.
const filingCategoryMax = 22

func pscStatements(d *api.PSCStatements, _ given) *Page {
	pg := &Page{
		Total:   d.Total(),
		Empty:   d.Empty,
		Columns: []Column{{Title: "Notified"}, {Title: "Ceased"}, {Title: "Statement", Flex: true}},
		Summary: counted(d.Total(), "statement", "statements"),
		Past:    "ceased",
	}
	var parts []string
	if d.ActiveCount != nil {
		parts = append(parts, Thousands(*d.ActiveCount)+" active")
	}
	if d.CeasedCount != nil {
		parts = append(parts, Thousands(*d.CeasedCount)+" ceased")
	}
	if len(parts) > 0 {
		pg.Summary += ": " + strings.Join(parts, ", ")
	}
	for _, s := range d.Items {
		pg.Items = append(pg.Items, Item{
			Cells: []string{clean(labels.Date(s.NotifiedOn)), clean(labels.Date(s.CeasedOn)), clean(labels.PSCStatement(s.Statement, s.LinkedPSCName))},
			Quiet: s.CeasedOn != "",
			Link:  s.Links.Self,
			Title: "Statement",
		})
	}
	return pg.orEmpty()
}

func appointments(d *api.Appointments, _ given) *Page {
	pg := &Page{
		Total:   d.Total(),
		Empty:   d.Empty,
		Heading: clean(d.Name),
		Columns: []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Role", Brief: true}, {Title: "Appointed"}, {Title: "Resigned"}},
		Summary: counted(d.Total(), "appointment", "appointments"),
		Past:    "resigned",
	}
	if b := Birth(d.DateOfBirth); b != "" {
		pg.Summary += " · born " + b
	}
	for _, a := range d.Items {
		pg.Items = append(pg.Items, appointmentItem(a))
	}
	return pg.orEmpty()
}

func appointmentItem(a api.Appointment) Item {
	to := a.AppointedTo
	name := clean(to.CompanyName)
	company := name
	if api.StatusClassOf(to.CompanyStatus) != api.ClassActive && to.CompanyStatus != "" {
		company += " (" + strings.ToLower(clean(labels.Status(to.CompanyStatus))) + ")"
	}
	link := a.Links.Company
	if link == "" {
		if n, err := api.ParseNumber(to.CompanyNumber); err == nil {
			link = api.CompanyPath(n)
		}
	}
	return Item{
		Cells: []string{company, clean(to.CompanyNumber), clean(labels.OfficerRole(a.OfficerRole)),
			clean(labels.Date(a.AppointedOn)), clean(labels.Date(a.ResignedOn))},
		Quiet: a.ResignedOn != "",
		Link:  link,
		Title: name,
	}
}

// orEmpty says why nothing is listed where the counts would go.
func (pg *Page) orEmpty() *Page {
	if pg.Summary == "" && pg.Empty != "" {
		pg.Summary = clean(pg.Empty)
	}
	return pg
}

// Birth is a month and year of birth as "Mar 1961", or the year alone, or
// "" when not given.
func Birth(d *api.PartialDate) string {
	if d == nil {
		return ""
	}
	m, okM := d.Month.Int()
	y, okY := d.Year.Int()
	if !okY {
		return ""
	}
	if okM && m >= 1 && m <= 12 {
		return fmt.Sprintf("%s %d", monthAbbr[m-1], y)
	}
	return strconv.Itoa(y)
}

var monthAbbr = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// officerLink is where an officer's row leads: the appointment in full,
// which leads on to all their appointments; or straight there when the
// registry gave no link to the appointment itself.
func officerLink(l api.OfficerLinks) string {
	if l.Self != "" {
		return l.Self
	}
	return l.Appointments()
}
