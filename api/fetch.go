package api

import "context"

// Answer is what the registry said about a resource, decoded by its kind.
// Raw is always the body as received (nil when "nothing there" came as a
// 404, or "no deeper" as a search's 416); of the typed members, the one for the resource's kind is set, and
// none for ResOther.
type Answer struct {
	Resource Resource
	Raw      []byte

	Profile       *Profile
	Officers      *Officers
	Filings       *FilingHistory
	PSCStatements *PSCStatements
	Appointments  *Appointments
	Search        *SearchResults

	PSCs             *PSCList
	PSC              *PSC
	Charges          *Charges
	Charge           *Charge
	Insolvency       *Insolvency
	Filing           *FilingItem
	Officer          *Officer
	Exemptions       *Exemptions
	Registers        *Registers
	UKEstablishments *UKEstablishments

	// Unreadable lists the members of a single item (a PSC, a charge, a
	// filing, an officer) that could not be read; lists and documents
	// carry their own.
	Unreadable []string
}

// Fetch gets a resource, or the page of it that page asks for when it is
// a list, and decodes it by its kind. Each kind's "nothing there" (a 404
// for PSC statements, an empty list for officers) is an answer with the
// list's Empty set, not an error. A single item (a PSC, a charge, a filing,
// an officer) is decoded into the same type as in its list.
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
	case ResSearch, ResSearchCompanies, ResSearchOfficers:
		a.Search, err = c.search(ctx, res, page)
		if err == nil {
			a.Raw = a.Search.Raw
		}
	case ResPSCs:
		a.PSCs, err = c.PSCs(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.PSCs.Raw
		}
	case ResCharges:
		a.Charges, err = c.Charges(ctx, res.Link, page)
		if err == nil {
			a.Raw = a.Charges.Raw
		}
	case ResInsolvency:
		a.Insolvency, err = c.Insolvency(ctx, res.Link)
		if err == nil {
			a.Raw = a.Insolvency.Raw
		}
	case ResExemptions:
		a.Exemptions, err = c.Exemptions(ctx, res.Link)
		if err == nil {
			a.Raw = a.Exemptions.Raw
		}
	case ResRegisters:
		a.Registers, err = c.Registers(ctx, res.Link)
		if err == nil {
			a.Raw = a.Registers.Raw
		}
	case ResUKEstablishments:
		a.UKEstablishments, err = c.UKEstablishments(ctx, res.Link)
		if err == nil {
			a.Raw = a.UKEstablishments.Raw
		}
	case ResPSC:
		a.PSC = &PSC{}
		a.Raw, a.Unreadable, err = c.getItem(ctx, res.Link, a.PSC)
	case ResCharge:
		a.Charge = &Charge{}
		a.Raw, a.Unreadable, err = c.getItem(ctx, res.Link, a.Charge)
	case ResFiling:
		a.Filing = &FilingItem{}
		a.Raw, a.Unreadable, err = c.getItem(ctx, res.Link, a.Filing)
	case ResOfficer:
		a.Officer = &Officer{}
		a.Raw, a.Unreadable, err = c.getItem(ctx, res.Link, a.Officer)
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
