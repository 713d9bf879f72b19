package register

import (
	"context"
	"encoding/json"
	"strings"

	"coview/api"
)

// Profile is the company with the number n as the file holds it, as the
// registry's profile: what the file does not hold is left out (Company's
// Profile says what), and the accounts and the confirmation statement
// are overdue when they fell due before the register's date, as the file
// says of that day. Raw is its JSON as the registry would write it, the
// members the file does not hold left out.
//
// A company a follow has written in the live overlay since is the
// profile the registry's stream sent, whole, as the registry would
// answer now.
func (ix *Index) Profile(ctx context.Context, n api.Number) (*api.Profile, error) {
	defer ix.use()()
	st, err := ix.liveNow(ctx)
	if err != nil {
		return nil, err
	}
	if st != nil {
		p, err := ix.liveProfile(ctx, strings.ToUpper(string(n)))
		if err != nil {
			return nil, liveError(ix, err)
		}
		if p != nil {
			p.Requested = n
			return p, nil
		}
	}
	c, err := ix.Company(ctx, n)
	if err != nil {
		return nil, err
	}
	p := ix.ProfileOf(c)
	p.Requested = n
	return p, nil
}

// ProfileOf is a company of the index as its profile, as Profile says.
func (ix *Index) ProfileOf(c *Company) *api.Profile {
	defer ix.use()()
	p := c.Profile()
	if day := ix.meta.FileDate; day != "" {
		if a := p.Accounts; a != nil && a.NextDue != "" {
			over := a.NextDue < day
			a.Overdue = &over
			if a.NextAccounts != nil {
				a.NextAccounts.Overdue = &over
			}
		}
		if cs := p.ConfirmationStatement; cs != nil && cs.NextDue != "" {
			over := cs.NextDue < day
			cs.Overdue = &over
		}
	}
	p.Raw = rawProfile(p)
	return p
}

// profileJSON is a profile as the registry writes it, with the members
// the file does not hold left out rather than empty.
type profileJSON struct {
	CompanyNumber         string             `json:"company_number"`
	CompanyName           string             `json:"company_name,omitempty"`
	Type                  string             `json:"type,omitempty"`
	Subtype               string             `json:"subtype,omitempty"`
	CompanyStatus         string             `json:"company_status,omitempty"`
	CompanyStatusDetail   string             `json:"company_status_detail,omitempty"`
	SICCodes              []string           `json:"sic_codes,omitempty"`
	DateOfCreation        string             `json:"date_of_creation,omitempty"`
	DateOfCessation       string             `json:"date_of_cessation,omitempty"`
	HasCharges            *bool              `json:"has_charges,omitempty"`
	IsCIC                 *bool              `json:"is_community_interest_company,omitempty"`
	Address               *addressJSON       `json:"registered_office_address,omitempty"`
	Accounts              *accountsJSON      `json:"accounts,omitempty"`
	ConfirmationStatement *statementJSON     `json:"confirmation_statement,omitempty"`
	AnnualReturn          *statementJSON     `json:"annual_return,omitempty"`
	PreviousCompanyNames  []api.PreviousName `json:"previous_company_names,omitempty"`
	Links                 map[string]string  `json:"links"`
}

type addressJSON struct {
	CareOf       string `json:"care_of,omitempty"`
	POBox        string `json:"po_box,omitempty"`
	AddressLine1 string `json:"address_line_1,omitempty"`
	AddressLine2 string `json:"address_line_2,omitempty"`
	Locality     string `json:"locality,omitempty"`
	Region       string `json:"region,omitempty"`
	PostalCode   string `json:"postal_code,omitempty"`
	Country      string `json:"country,omitempty"`
}

type accountsJSON struct {
	AccountingReferenceDate *api.DayMonth `json:"accounting_reference_date,omitempty"`
	NextAccounts            *struct {
		DueOn   string `json:"due_on,omitempty"`
		Overdue *bool  `json:"overdue,omitempty"`
	} `json:"next_accounts,omitempty"`
	LastAccounts *struct {
		MadeUpTo string `json:"made_up_to,omitempty"`
		Type     string `json:"type,omitempty"`
	} `json:"last_accounts,omitempty"`
	NextDue string `json:"next_due,omitempty"`
	Overdue *bool  `json:"overdue,omitempty"`
}

type statementJSON struct {
	NextDue      string `json:"next_due,omitempty"`
	LastMadeUpTo string `json:"last_made_up_to,omitempty"`
	Overdue      *bool  `json:"overdue,omitempty"`
}

// rawProfile is the profile's JSON, as --json prints it.
func rawProfile(p *api.Profile) []byte {
	j := profileJSON{CompanyNumber: p.CompanyNumber, CompanyName: p.CompanyName, Type: p.Type, Subtype: p.Subtype,
		CompanyStatus: p.CompanyStatus, CompanyStatusDetail: p.CompanyStatusDetail, SICCodes: p.SICCodes,
		DateOfCreation: p.DateOfCreation, DateOfCessation: p.DateOfCessation, HasCharges: p.HasCharges,
		IsCIC: p.IsCommunityInterestCompany, PreviousCompanyNames: p.PreviousCompanyNames,
		Links: map[string]string{"self": p.Links.Self}}
	if a := p.RegisteredOfficeAddress; a != nil {
		j.Address = &addressJSON{CareOf: a.CareOf, POBox: a.POBox, AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2,
			Locality: a.Locality, Region: a.Region, PostalCode: a.PostalCode, Country: a.Country}
	}
	if a := p.Accounts; a != nil {
		j.Accounts = &accountsJSON{AccountingReferenceDate: a.AccountingReferenceDate, NextDue: a.NextDue, Overdue: a.Overdue}
		if n := a.NextAccounts; n != nil {
			j.Accounts.NextAccounts = &struct {
				DueOn   string `json:"due_on,omitempty"`
				Overdue *bool  `json:"overdue,omitempty"`
			}{n.DueOn, n.Overdue}
		}
		if l := a.LastAccounts; l != nil {
			j.Accounts.LastAccounts = &struct {
				MadeUpTo string `json:"made_up_to,omitempty"`
				Type     string `json:"type,omitempty"`
			}{l.MadeUpTo, l.Type}
		}
	}
	if c := p.ConfirmationStatement; c != nil {
		j.ConfirmationStatement = &statementJSON{c.NextDue, c.LastMadeUpTo, c.Overdue}
	}
	if c := p.AnnualReturn; c != nil {
		j.AnnualReturn = &statementJSON{c.NextDue, c.LastMadeUpTo, c.Overdue}
	}
	b, err := json.Marshal(j)
	if err != nil {
		panic("register: encoding a profile: " + err.Error())
	}
	return b
}
