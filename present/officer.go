package present

import (
	"strings"

	"coview/api"
	"coview/present/labels"
)

// officer is one appointment on a company's officer list, in full: who,
// in what role, from when to when, and the rest of what the register
// says of them, with a row that opens all their appointments. closed says
// the company has ceased, so that an appointment without a resignation
// is not read as current.
func officer(o *api.Officer, g given) *Page {
	closed, bad, now := g.closed, g.answer.Unreadable, g.now
	name := clean(o.Name)
	var rows []Row
	rows = add(rows, "Name", orDash(name))
	rows = add(rows, "Role", labels.OfficerRole(o.OfficerRole))
	appointed := labels.Date(o.AppointedOn)
	if appointed == "" && o.AppointedBefore != "" {
		appointed = "before " + labels.Date(o.AppointedBefore)
	}
	rows = add(rows, "Appointed", appointed)
	switch {
	case o.ResignedOn != "":
		rows = dateRow(rows, "Resigned", o.ResignedOn)
	case closed:
		rows = append(rows, Row{Label: "Resigned", Value: "not recorded: the company has ceased, so the appointment has ended", Tone: Quiet})
	}
	// What an officer's page leads to comes before the rest of what the
	// register says, so that it is on the first screen, where the cursor
	// starts.
	who, open := name, name
	if name == "" {
		who, open = "this officer", "Appointments"
	}
	rows = linkRow(rows, "Appointments", "every appointment of "+who, o.Links.Appointments(), open)
	rows = add(rows, "Nationality", o.Nationality)
	rows = add(rows, "Occupation", o.Occupation)
	rows = add(rows, "Resident in", o.CountryOfResidence)
	rows = add(rows, "Born", Birth(o.DateOfBirth))
	rows = append(rows, identityRows(o.IdentityVerification, now)...)
	var former []string
	for _, f := range o.FormerNames {
		former = append(former, strings.Join(strings.Fields(f.Forenames+" "+f.Surname), " "))
	}
	rows = rowsOf(rows, "Former names", former)
	rows = rowsOf(rows, "Address", AddressLines(o.Address))
	rows = unreadable(rows, bad)
	return sectioned("", Section{Title: "Appointment", Rows: rows}, Section{Title: "Registered as", Rows: officerIdentity(o)})
}

// officerIdentity says where a corporate officer is registered; a UK
// limited company opens its own record.
func officerIdentity(o *api.Officer) []Row {
	id := o.Identification
	if id == nil {
		return nil
	}
	var rows []Row
	rows = add(rows, "Kind", labels.IdentificationType(id.IdentificationType))
	rows = add(rows, "Legal form", id.LegalForm)
	rows = add(rows, "Governing law", id.LegalAuthority)
	rows = add(rows, "Register", id.PlaceRegistered)
	rows = add(rows, "Number", id.RegistrationNumber)
	if n, err := api.ParseNumber(id.RegistrationNumber); err == nil && strings.EqualFold(strings.TrimSpace(id.IdentificationType), "uk-limited-company") {
		open := strings.TrimSpace(string(n) + " " + clean(o.Name))
		rows = linkRow(rows, "Company", open, api.CompanyPath(n), open)
	}
	return rows
}
