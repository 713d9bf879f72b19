package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/ui/labels"
	"coview/ui/sanitize"
)

// listPage is a list on screen: its rows as they will be drawn, built once
// when each page arrives so that drawing costs only the visible rows.
type listPage struct {
	rows    []row
	total   int  // items in the whole list; -1 when the registry did not say
	loaded  int  // items received so far: where the next page starts
	done    bool // nothing more to fetch
	empty   string
	summary string // counts, under the breadcrumb
	caveat  string // a warning about reading the list (dissolved companies)
	heading string // whose list it is, when that is not a company (an officer)
	widest  []int  // the widest cell of each column so far, kept as rows arrive
}

// row is one item of a list, in cells, and where Enter takes the user.
type row struct {
	cells []string
	quiet bool   // resigned, ceased: drawn dim
	link  string // what Enter opens; "" for nothing
	title string // the breadcrumb title of what it opens
}

// column is a column of a list: at most width cells wide (as wide as its
// widest cell), or, with width 0, the one that takes the rest of the line.
type column struct {
	title string
	width int
}

const dateWidth = 11 // "31 Mar 2026"

func columnsOf(kind pageKind) []column {
	switch kind {
	case kindOfficers:
		return []column{{"Name", 0}, {"Role", 22}, {"Appointed", dateWidth}, {"Resigned", dateWidth}}
	case kindFilings:
		return []column{{"Date", dateWidth}, {"Type", 11}, {"Description", 0}}
	case kindPSC:
		return []column{{"Notified", dateWidth}, {"Ceased", dateWidth}, {"Statement", 0}}
	case kindAppointments:
		return []column{{"Company", 0}, {"Number", 8}, {"Role", 18}, {"Appointed", dateWidth}, {"Resigned", dateWidth}}
	}
	return nil
}

// addPage adds one answer of the registry to the list: its rows, and what
// it says about the whole list. dissolved says the company has ceased, so
// officers without a resignation date are not current.
func (l *listPage) addPage(data any, dissolved bool) {
	before := len(l.rows)
	switch d := data.(type) {
	case *api.Officers:
		l.total, l.empty = d.Total(), d.Empty
		if d.ActiveCount != nil && *d.ActiveCount == 0 && d.InactiveCount != nil && *d.InactiveCount > 0 {
			dissolved = true
		}
		l.summary = officerSummary(d)
		if dissolved {
			l.caveat = "The company has ceased: no officer is current. Those without a resignation date stopped when it was dissolved."
		}
		for _, o := range d.Items {
			l.rows = append(l.rows, officerRow(o, dissolved))
		}
	case *api.FilingHistory:
		l.total, l.empty = d.Total(), d.Empty
		if l.total != 0 {
			l.summary = counted(l.total, "filing", "filings")
		}
		for _, f := range d.Items {
			l.rows = append(l.rows, filingRow(f))
		}
	case *api.PSCStatements:
		l.total, l.empty = d.Total(), d.Empty
		l.summary = pscSummary(d)
		for _, s := range d.Items {
			l.rows = append(l.rows, pscRow(s))
		}
	case *api.Appointments:
		l.total, l.empty = d.Total(), d.Empty
		l.heading = line(d.Name)
		l.summary = counted(l.total, "appointment", "appointments")
		if b := birth(d.DateOfBirth); b != "" {
			l.summary += " · born " + b
		}
		for _, a := range d.Items {
			l.rows = append(l.rows, appointmentRow(a))
		}
	}
	for _, r := range l.rows[before:] {
		for i, c := range r.cells {
			if i >= len(l.widest) {
				l.widest = append(l.widest, 0)
			}
			l.widest[i] = max(l.widest[i], ansi.StringWidth(c))
		}
	}
	got := len(l.rows) - before
	l.loaded += got
	l.done = got == 0 || (l.total >= 0 && l.loaded >= l.total)
	if l.summary == "" && l.empty != "" {
		l.summary = line(l.empty)
	}
}

func officerRow(o api.Officer, dissolved bool) row {
	appointed := labels.Date(o.AppointedOn)
	if appointed == "" && o.AppointedBefore != "" {
		appointed = "before " + labels.Date(o.AppointedBefore)
	}
	resigned := labels.Date(o.ResignedOn)
	if resigned == "" && dissolved {
		resigned = "dissolved"
	}
	name := line(o.Name)
	return row{
		cells: []string{name, line(labels.OfficerRole(o.OfficerRole)), line(appointed), line(resigned)},
		quiet: o.ResignedOn != "" || dissolved,
		link:  o.Links.Appointments(),
		title: name,
	}
}

func officerSummary(d *api.Officers) string {
	s := counted(d.Total(), "officer", "officers")
	var parts []string
	for _, c := range []struct {
		n    *int
		what string
	}{{d.ActiveCount, "active"}, {d.ResignedCount, "resigned"}, {d.InactiveCount, "inactive"}} {
		if c.n != nil {
			parts = append(parts, thousands(*c.n)+" "+c.what)
		}
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

func filingRow(f api.FilingItem) row {
	return row{
		cells: []string{line(labels.Date(f.Date)), line(f.Type), line(labels.FilingDescription(f.Description, f.Values()))},
		link:  f.Links.Self,
		title: "Filing " + line(f.Type),
	}
}

func pscRow(s api.PSCStatement) row {
	return row{
		cells: []string{line(labels.Date(s.NotifiedOn)), line(labels.Date(s.CeasedOn)), line(labels.PSCStatement(s.Statement, s.LinkedPSCName))},
		quiet: s.CeasedOn != "",
		link:  s.Links.Self,
		title: "Statement",
	}
}

func pscSummary(d *api.PSCStatements) string {
	s := counted(d.Total(), "statement", "statements")
	var parts []string
	if d.ActiveCount != nil {
		parts = append(parts, thousands(*d.ActiveCount)+" active")
	}
	if d.CeasedCount != nil {
		parts = append(parts, thousands(*d.CeasedCount)+" ceased")
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

func appointmentRow(a api.Appointment) row {
	to := a.AppointedTo
	name := line(to.CompanyName)
	company := name
	if labels.StatusClassOf(to.CompanyStatus) != labels.ClassActive && to.CompanyStatus != "" {
		company += " (" + strings.ToLower(line(labels.Status(to.CompanyStatus))) + ")"
	}
	link := a.Links.Company
	if link == "" && to.CompanyNumber != "" {
		link = "/company/" + to.CompanyNumber
	}
	return row{
		cells: []string{company, line(to.CompanyNumber), line(labels.OfficerRole(a.OfficerRole)),
			line(labels.Date(a.AppointedOn)), line(labels.Date(a.ResignedOn))},
		quiet: a.ResignedOn != "",
		link:  link,
		title: name,
	}
}

func birth(d *api.PartialDate) string {
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

// counted is "1 filing", "5,000 filings", or "" when the total is unknown.
func counted(n int, one, many string) string {
	switch {
	case n < 0:
		return ""
	case n == 1:
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// thousands writes 5000 as "5,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// line is a value from the network made safe to draw on one line.
func line(s string) string { return sanitize.Line(strings.TrimSpace(s)) }
