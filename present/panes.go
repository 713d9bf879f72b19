package present

import (
	"fmt"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/present/sanitize"
)

// Tone says how a row should stand out.
type Tone int

const (
	Normal  Tone = iota
	Quiet        // a dash for a missing value
	Warning      // overdue, unreadable members, a different company than asked
	Good
)

// Row is one label and value. A row with an empty Label continues the one
// above (a second SIC code, the next address line).
type Row struct {
	Label string
	Value string
	Tone  Tone
	// Link is the registry link the row opens (an officer's
	// appointments, a charge's filing, the company a PSC is), or "".
	Link string
	// Open is what the breadcrumb calls the page Link opens.
	Open string
}

// Pane is a titled list of rows.
type Pane struct {
	Name  string // short tab name: overview, address, accounts, confirmation, links
	Title string
	Rows  []Row
}

// PaneNames are the panes in tab order.
var PaneNames = []string{"overview", "address", "accounts", "confirmation", "links"}

// Panes builds the five panes of a profile (overview, address, accounts,
// confirmation statement, links), with countdowns from today. Rows are
// data first: the browser styles them and --plain prints them, so the two
// always show the same thing.
func Panes(p *api.Profile, today time.Time) []Pane {
	return []Pane{
		{Name: "overview", Title: "Overview", Rows: Overview(p)},
		{Name: "address", Title: "Registered office address", Rows: Address(p)},
		{Name: "accounts", Title: "Accounts", Rows: Accounts(p, today)},
		{Name: "confirmation", Title: "Confirmation statement", Rows: Confirmation(p, today)},
		{Name: "links", Title: "Links", Rows: LinkRows(ProfileLinks(p))},
	}
}

const dash = "—"

func clean(s string) string { return sanitize.Line(strings.TrimSpace(s)) }

func add(rows []Row, label, value string) []Row {
	if v := clean(value); v != "" {
		return append(rows, Row{Label: label, Value: v})
	}
	return rows
}

func isTrue(b *bool) bool  { return b != nil && *b }
func isFalse(b *bool) bool { return b != nil && !*b }

// Closed reports whether the company has ceased (dissolved, removed,
// closed): its stale overdue flags must not be shown as overdue.
func Closed(p *api.Profile) bool {
	return api.StatusClassOf(p.CompanyStatus) == api.ClassDissolved
}

// Overview is the company at a glance.
func Overview(p *api.Profile) []Row {
	var rows []Row
	if p.NumberMismatch() {
		rows = append(rows, Row{Label: "Warning", Tone: Warning,
			Value: fmt.Sprintf("asked for %s but the registry answered with %s", p.Requested, orDash(clean(p.CompanyNumber)))})
	}
	// The name is the title of every view of a profile; a row would say
	// it a second time.
	rows = add(rows, "Number", p.CompanyNumber)
	status := labels.Status(p.CompanyStatus)
	if d := labels.StatusDetail(p.CompanyStatusDetail); d != "" {
		status = strings.TrimSpace(status + " — " + d)
	}
	rows = add(rows, "Status", status)
	if p.DateOfCessation != "" {
		rows = add(rows, labels.CessationLabel(p.CompanyStatus), labels.Date(p.DateOfCessation))
	}
	rows = add(rows, "Type", labels.CompanyType(p.Type))
	// The subtype continues the type on a line of its own: in brackets
	// after it, its own "(CIC)" nested.
	sub := labels.Subtype(p.Subtype)
	if sub == "" && isTrue(p.IsCommunityInterestCompany) {
		sub = labels.Subtype("community-interest-company")
	}
	rows = add(rows, "", sub)
	rows = add(rows, "Jurisdiction", labels.Jurisdiction(p.Jurisdiction))
	rows = add(rows, labels.BirthLabel(p.Type), labels.Date(p.DateOfCreation))
	for i, code := range p.SICCodes {
		label := ""
		if i == 0 {
			label = "Nature of business"
		}
		v := clean(code)
		if d := labels.SIC(code); d != "" {
			v += " " + d
		}
		rows = append(rows, Row{Label: label, Value: v})
	}
	for i, n := range p.PreviousCompanyNames {
		label := ""
		if i == 0 {
			label = "Previous names"
		}
		v := clean(n.Name)
		if from, to := labels.Date(n.EffectiveFrom), labels.Date(n.CeasedOn); from != "" || to != "" {
			v += fmt.Sprintf(" (%s – %s)", orDash(from), orDash(to))
		}
		rows = append(rows, Row{Label: label, Value: v})
	}
	if p.PartialDataAvailable != "" {
		rows = add(rows, "Partial data", labels.PartialData(p.PartialDataAvailable))
	}
	rows = append(rows, flags(p)...)
	rows = append(rows, foreign(p)...)
	if b := p.BranchCompanyDetails; b != nil {
		rows = add(rows, "Type of business", b.BusinessActivity)
		parent := clean(b.ParentCompanyName)
		if n := clean(b.ParentCompanyNumber); n != "" {
			parent = strings.TrimSpace(parent + " (" + n + ")")
		}
		rows = add(rows, "Parent company", parent)
	}
	for _, a := range p.CorporateAnnotation {
		rows = add(rows, "Notice", strings.TrimSpace(labels.CorporateAnnotation(a.Type)+" "+clean(a.Description)+" "+labels.Date(a.CreatedOn)))
	}
	if len(p.Unreadable) > 0 {
		rows = append(rows, Row{Label: "Unreadable", Tone: Warning,
			Value: "the registry sent these in an unexpected form: " + clean(strings.Join(p.Unreadable, ", "))})
	}
	return rows
}

// flags are shown only when they say something: a true warning flag, or
// can_file being false. Problems with the registered office stand out.
func flags(p *api.Profile) []Row {
	says := []struct {
		when bool
		text string
		tone Tone
	}{
		{isTrue(p.HasBeenLiquidated), "Has been liquidated", Normal},
		{isTrue(p.HasInsolvencyHistory), "Has insolvency history", Normal},
		{isTrue(p.HasCharges), "Has charges registered", Normal},
		{isTrue(p.HasSuperSecurePSCs), "Has super-secure persons with significant control", Normal},
		{isFalse(p.CanFile), "Cannot file online", Normal},
		{isTrue(p.RegisteredOfficeIsInDispute), "Registered office is in dispute", Warning},
		{isTrue(p.UndeliverableRegisteredOfficeAddress), "Post to the registered office is undeliverable", Warning},
	}
	var rows []Row
	for _, f := range says {
		if !f.when {
			continue
		}
		label := ""
		if len(rows) == 0 {
			label = "Notes"
		}
		rows = append(rows, Row{Label: label, Value: f.text, Tone: f.tone})
	}
	return rows
}

func foreign(p *api.Profile) []Row {
	f := p.ForeignCompanyDetails
	var rows []Row
	rows = add(rows, "External number", p.ExternalRegistrationNumber)
	if f == nil {
		return rows
	}
	if r := f.OriginatingRegistry; r != nil {
		rows = add(rows, "Incorporated in", r.Country)
		rows = add(rows, "Parent registry", r.Name)
	}
	rows = add(rows, "Registration number", f.RegistrationNumber)
	rows = add(rows, "Legal form", f.LegalForm)
	rows = add(rows, "Governing law", f.GovernedBy)
	rows = add(rows, "Business", f.BusinessActivity)
	if isTrue(f.IsACreditFinancialInstitution) || isTrue(f.IsACreditFinanceInstitution) {
		rows = append(rows, Row{Label: "Notes", Value: "A credit or financial institution"})
	}
	return rows
}

// Address is the registered office as a postal address is written, one
// line a row.
func Address(p *api.Profile) []Row {
	lines := AddressLines(p.RegisteredOfficeAddress)
	if len(lines) == 0 {
		return []Row{{Label: "Address", Value: "no registered office address on record", Tone: Quiet}}
	}
	rows := make([]Row, len(lines))
	for i, l := range lines {
		rows[i] = Row{Value: l}
	}
	rows[0].Label = "Address"
	return rows
}

// AddressLines writes an address as lines: care of, PO box, premises with
// the first line ("12 High Street"), then the rest.
func AddressLines(a *api.Address) []string {
	if a == nil {
		return nil
	}
	var lines []string
	push := func(s string) {
		if s = clean(s); s != "" {
			lines = append(lines, s)
		}
	}
	if c := clean(a.CareOf); c != "" {
		push("c/o " + c)
	}
	if b := clean(a.POBox); b != "" {
		if !strings.HasPrefix(strings.ToUpper(b), "PO BOX") && !strings.HasPrefix(strings.ToUpper(b), "P.O.") {
			b = "PO Box " + b
		}
		push(b)
	}
	premises, first := clean(a.Premises), clean(a.AddressLine1)
	switch {
	case premises != "" && first != "" && len(premises) <= 6:
		push(premises + " " + first) // a house number joins its street
	default:
		push(premises)
		push(first)
	}
	push(a.AddressLine2)
	push(a.Locality)
	push(a.Region)
	push(a.PostalCode)
	push(a.Country)
	return lines
}

func orDash(s string) string {
	if s == "" {
		return dash
	}
	return s
}
