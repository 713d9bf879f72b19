package register

import (
	"strconv"
	"strings"

	"coview/api"
)

// Company is what the register's file holds of one company, read: keys
// where the file has words, dates as yyyy-mm-dd, numbers as numbers.
// Text (names, the address) is as the file has it.
type Company struct {
	Name    string
	Number  string
	Address api.Address // no premises: the file's first line holds the house number

	Status, StatusDetail string // the registry's keys (detail: active-proposal-to-strike-off)
	Type, Subtype        string // the registry's keys; Type is "" for a community interest company
	CountryOfOrigin      string
	Incorporated         string
	Dissolved            string

	Accounts     Accounts
	Returns      Due // the annual return, before confirmation statements
	Confirmation Due
	Charges      Charges
	SIC          []SIC
	Partners     Partners
	// PreviousNames are the names it had, the latest first, each with the
	// day it ceased and the day it began (the day the one before ceased,
	// or the incorporation).
	PreviousNames []api.PreviousName
}

// Accounts are the accounting reference date and the accounts' dates.
type Accounts struct {
	RefDay, RefMonth int    // 0 when not said
	NextDue          string // when the next accounts are due
	LastMadeUpTo     string
	Type             string // the registry's account type key; "" for none filed
}

// Due is a yearly filing's dates: when the next is due, and the day the
// last was made up to.
type Due struct {
	NextDue, LastMadeUpTo string
}

// Charges are the counts of the company's charges (mortgages).
type Charges struct {
	Total, Outstanding, PartSatisfied, Satisfied int
}

// Partners are a limited partnership's counts of partners.
type Partners struct {
	General, Limited int
}

// SIC is a nature of business: its code and the file's words for it.
type SIC struct {
	Code, Text string
}

// SICCodes are the company's SIC codes.
func (c *Company) SICCodes() []string {
	out := make([]string, len(c.SIC))
	for i, s := range c.SIC {
		out[i] = s.Code
	}
	return out
}

// ceasedStatuses are the statuses of a company that has ended: only
// they carry a date of cessation in the registry's search results.
func ceased(status string) bool {
	switch status {
	case "dissolved", "closed", "converted-closed", "removed":
		return true
	}
	return false
}

// Found is the company as the registry's advanced search serves it.
func (c *Company) Found() api.FoundCompany {
	f := api.FoundCompany{
		Kind: "searchresults#company", CompanyName: c.Name, CompanyNumber: c.Number,
		CompanyStatus: c.Status, CompanyType: c.Type, CompanySubtype: c.Subtype,
		DateOfCreation: c.Incorporated, SICCodes: c.SICCodes(),
	}
	f.Links.CompanyProfile = "/company/" + c.Number
	if ceased(c.Status) {
		f.DateOfCessation = c.Dissolved
	}
	if a := c.Address; a != (api.Address{}) {
		a.CareOf, a.POBox = "", ""
		if a != (api.Address{}) {
			f.RegisteredOfficeAddress = &a
		}
	}
	return f
}

// Profile is the company's profile as far as the file holds it: no
// officers, filings, charges' details or links to them, no jurisdiction,
// no flags the file does not carry (an office in dispute, insolvency
// history). HasCharges is said, from the counts.
func (c *Company) Profile() *api.Profile {
	p := &api.Profile{
		CompanyNumber: c.Number, CompanyName: c.Name, Type: c.Type, Subtype: c.Subtype,
		CompanyStatus: c.Status, CompanyStatusDetail: c.StatusDetail, SICCodes: c.SICCodes(),
		DateOfCreation: c.Incorporated, DateOfCessation: c.Dissolved, PreviousCompanyNames: c.PreviousNames,
	}
	if c.Address != (api.Address{}) {
		a := c.Address
		p.RegisteredOfficeAddress = &a
	}
	charges := c.Charges.Total > 0
	p.HasCharges = &charges
	if c.Subtype == CommunityInterestCompany {
		cic := true
		p.IsCommunityInterestCompany = &cic
	}
	acc := c.Accounts
	if acc != (Accounts{}) {
		p.Accounts = &api.Accounts{NextDue: acc.NextDue}
		if acc.RefDay > 0 && acc.RefMonth > 0 {
			p.Accounts.AccountingReferenceDate = &api.DayMonth{Day: api.FlexString(strconv.Itoa(acc.RefDay)), Month: api.FlexString(strconv.Itoa(acc.RefMonth))}
		}
		if acc.NextDue != "" {
			p.Accounts.NextAccounts = &api.NextAccounts{DueOn: acc.NextDue}
		}
		if acc.LastMadeUpTo != "" || acc.Type != "" {
			p.Accounts.LastAccounts = &api.LastAccounts{MadeUpTo: acc.LastMadeUpTo, Type: acc.Type}
		}
	}
	if c.Confirmation != (Due{}) {
		p.ConfirmationStatement = &api.ConfirmationStatement{NextDue: c.Confirmation.NextDue, LastMadeUpTo: c.Confirmation.LastMadeUpTo}
	}
	if c.Returns != (Due{}) {
		p.AnnualReturn = &api.ConfirmationStatement{NextDue: c.Returns.NextDue, LastMadeUpTo: c.Returns.LastMadeUpTo}
	}
	p.Links.Self = "/company/" + c.Number
	return p
}

// CompanyOf is a company as its profile says it: the inverse of Profile,
// so that a profile the streams send can stand in for the file's row. A
// profile holds no counts of charges (only whether there are any: one is
// counted then), of partners, no country of origin and no words for the
// SIC codes: those are left empty, and Overlay takes them from the
// file's row where there is one. The premises go at the start of the
// first line, where the file writes them.
func CompanyOf(p *api.Profile) Company {
	c := Company{Name: p.CompanyName, Number: strings.ToUpper(p.CompanyNumber), Type: p.Type, Subtype: p.Subtype,
		Status: p.CompanyStatus, StatusDetail: p.CompanyStatusDetail, Incorporated: p.DateOfCreation,
		Dissolved: p.DateOfCessation, PreviousNames: p.PreviousCompanyNames}
	for _, code := range p.SICCodes {
		c.SIC = append(c.SIC, SIC{Code: code})
	}
	if a := p.RegisteredOfficeAddress; a != nil {
		c.Address = *a
		if pr := strings.TrimSpace(a.Premises); pr != "" {
			c.Address.AddressLine1 = strings.TrimSpace(pr + " " + a.AddressLine1)
		}
		c.Address.Premises = ""
	}
	if p.HasCharges != nil && *p.HasCharges {
		c.Charges.Total = 1
	}
	if a := p.Accounts; a != nil {
		c.Accounts.NextDue = a.NextDue
		if n := a.NextAccounts; n != nil && n.DueOn != "" {
			c.Accounts.NextDue = n.DueOn
		}
		if r := a.AccountingReferenceDate; r != nil {
			c.Accounts.RefDay, _ = r.Day.Int()
			c.Accounts.RefMonth, _ = r.Month.Int()
		}
		if l := a.LastAccounts; l != nil {
			c.Accounts.LastMadeUpTo = l.MadeUpTo
			if l.Type != "null" {
				c.Accounts.Type = l.Type
			}
		}
	}
	if s := p.ConfirmationStatement; s != nil {
		c.Confirmation = Due{NextDue: s.NextDue, LastMadeUpTo: s.LastMadeUpTo}
	}
	if s := p.AnnualReturn; s != nil {
		c.Returns = Due{NextDue: s.NextDue, LastMadeUpTo: s.LastMadeUpTo}
	}
	return c
}

// fillFrom takes from the file's row of the same company what a profile
// does not hold (CompanyOf): the counts of charges (while the profile
// agrees there are any), of partners, the country of origin and the SIC
// codes' words.
func (c *Company) fillFrom(file *Company) {
	if (c.Charges.Total > 0) == (file.Charges.Total > 0) {
		c.Charges = file.Charges
	}
	c.Partners, c.CountryOfOrigin = file.Partners, file.CountryOfOrigin
	for i := range c.SIC {
		for _, s := range file.SIC {
			if s.Code == c.SIC[i].Code {
				c.SIC[i].Text = s.Text
			}
		}
	}
}
