package api

import "context"

// Answer is what the registry said about a resource, decoded by its kind.
// Raw is always the body as received (nil when "nothing there" came as a
// 404); of the typed members, the one for the resource's kind is set, and
// none for ResOther.
type Answer struct {
	Resource Resource
	Raw      []byte

	Profile       *Profile
	Officers      *Officers
	Filings       *FilingHistory
	PSCStatements *PSCStatements
	Appointments  *Appointments
}

// Fetch gets a resource, or the page of it that page asks for when it is
// a list, and decodes it by its kind. Each kind's "nothing there" (a 404
// for PSC statements, an empty list for officers) is an answer with the
// list's Empty set, not an error.
func (c *Client) Fetch(ctx context.Context, res Resource, page Page) (*Answer, error) {
	a := &Answer{Resource: res}
	var err error
	switch res.Kind {
	case ResCompany:
		a.Profile, err = c.Company(ctx, res.Number)
		if err == nil {
			a.Raw = a.Profile.Raw
		}
	case ResOfficers:
		a.Officers, err = c.Officers(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.Officers.Raw
		}
	case ResFilings:
		a.Filings, err = c.FilingHistory(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.Filings.Raw
		}
	case ResPSCStatements:
		a.PSCStatements, err = c.PSCStatements(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.PSCStatements.Raw
		}
	case ResAppointments:
		a.Appointments, err = c.Appointments(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.Appointments.Raw
		}
	default:
		var resp *Response
		resp, err = c.Get(ctx, res.Link, nil)
		if err == nil {
			a.Raw = resp.Body
		}
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

// Paged reports whether a kind is a list read a page at a time.
func (k ResourceKind) Paged() bool {
	switch k {
	case ResOfficers, ResFilings, ResPSCs, ResPSCStatements, ResCharges, ResAppointments,
		ResSearch, ResSearchCompanies, ResSearchOfficers:
		return true
	}
	return false
}
