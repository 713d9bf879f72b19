package api

import "context"

// Profile is a company profile: every field of the spec plus those the live
// registry is known to send. Every field may be absent or null (zero here);
// flags are pointers so "false" and "not said" stay apart; enumerated values
// are open strings, shown through labels with a fallback.
type Profile struct {
	CompanyNumber                        string                 `json:"company_number"`
	CompanyName                          string                 `json:"company_name"`
	Type                                 string                 `json:"type"`
	Subtype                              string                 `json:"subtype"`
	Jurisdiction                         string                 `json:"jurisdiction"`
	CompanyStatus                        string                 `json:"company_status"`
	CompanyStatusDetail                  string                 `json:"company_status_detail"`
	Status                               string                 `json:"status"`
	SICCodes                             []string               `json:"sic_codes"`
	DateOfCreation                       string                 `json:"date_of_creation"`
	DateOfCessation                      string                 `json:"date_of_cessation"`
	LastFullMembersListDate              string                 `json:"last_full_members_list_date"`
	Etag                                 string                 `json:"etag"`
	HasBeenLiquidated                    *bool                  `json:"has_been_liquidated"`
	HasInsolvencyHistory                 *bool                  `json:"has_insolvency_history"`
	HasCharges                           *bool                  `json:"has_charges"`
	HasSuperSecurePSCs                   *bool                  `json:"has_super_secure_pscs"`
	CanFile                              *bool                  `json:"can_file"`
	RegisteredOfficeIsInDispute          *bool                  `json:"registered_office_is_in_dispute"`
	UndeliverableRegisteredOfficeAddress *bool                  `json:"undeliverable_registered_office_address"`
	IsCommunityInterestCompany           *bool                  `json:"is_community_interest_company"`
	RegisteredOfficeAddress              *Address               `json:"registered_office_address"`
	ServiceAddress                       *Address               `json:"service_address"`
	Accounts                             *Accounts              `json:"accounts"`
	ConfirmationStatement                *ConfirmationStatement `json:"confirmation_statement"`
	AnnualReturn                         *ConfirmationStatement `json:"annual_return"`
	PreviousCompanyNames                 []PreviousName         `json:"previous_company_names"`
	ForeignCompanyDetails                *ForeignCompanyDetails `json:"foreign_company_details"`
	BranchCompanyDetails                 *BranchCompanyDetails  `json:"branch_company_details"`
	ExternalRegistrationNumber           string                 `json:"external_registration_number"`
	PartialDataAvailable                 string                 `json:"partial_data_available"`
	SuperSecureManagingOfficerCount      *int                   `json:"super_secure_managing_officer_count"`
	CorporateAnnotation                  []CorporateAnnotation  `json:"corporate_annotation"`
	Links                                Links                  `json:"links"`

	// Raw is the body exactly as the registry sent it.
	Raw []byte `json:"-"`
	// Requested is the number that was asked for; the body's
	// company_number should equal it (see NumberMismatch).
	Requested Number `json:"-"`
	// Unreadable lists the members (as JSON paths) whose values had a type
	// other than expected; they are left empty and the rest still shows.
	Unreadable []string `json:"-"`
}

// NumberMismatch reports whether the registry answered with a different
// company than the one asked for.
func (p *Profile) NumberMismatch() bool {
	return p.Requested != "" && p.CompanyNumber != string(p.Requested)
}

// Address is a registered office or service address. All parts are optional.
type Address struct {
	CareOf       string `json:"care_of"`
	POBox        string `json:"po_box"`
	Premises     string `json:"premises"`
	AddressLine1 string `json:"address_line_1"`
	AddressLine2 string `json:"address_line_2"`
	Locality     string `json:"locality"`
	Region       string `json:"region"`
	PostalCode   string `json:"postal_code"`
	Country      string `json:"country"`
}

// Accounts is the accounts section of a profile. NextDue, NextMadeUpTo and
// Overdue are deprecated duplicates of NextAccounts that the live service
// still sends.
type Accounts struct {
	AccountingReferenceDate *DayMonth     `json:"accounting_reference_date"`
	NextAccounts            *NextAccounts `json:"next_accounts"`
	LastAccounts            *LastAccounts `json:"last_accounts"`
	NextDue                 string        `json:"next_due"`
	NextMadeUpTo            string        `json:"next_made_up_to"`
	Overdue                 *bool         `json:"overdue"`
}

// DayMonth is a day and month without a year. The spec says integers; the
// live service sends strings ("31", "02"); both are read.
type DayMonth struct {
	Day   FlexString `json:"day"`
	Month FlexString `json:"month"`
}

// NextAccounts is the period the next accounts cover and when they are due.
type NextAccounts struct {
	PeriodStartOn string `json:"period_start_on"`
	PeriodEndOn   string `json:"period_end_on"`
	DueOn         string `json:"due_on"`
	Overdue       *bool  `json:"overdue"`
}

// LastAccounts is the last accounts filed. Type may be the string "null".
type LastAccounts struct {
	PeriodStartOn string `json:"period_start_on"`
	PeriodEndOn   string `json:"period_end_on"`
	MadeUpTo      string `json:"made_up_to"`
	Type          string `json:"type"`
}

// ConfirmationStatement is the confirmation statement section (also used
// for the older annual return, which has the same members).
type ConfirmationStatement struct {
	NextDue      string `json:"next_due"`
	NextMadeUpTo string `json:"next_made_up_to"`
	LastMadeUpTo string `json:"last_made_up_to"`
	Overdue      *bool  `json:"overdue"`
}

// PreviousName is a name the company had before.
type PreviousName struct {
	Name          string `json:"name"`
	EffectiveFrom string `json:"effective_from"`
	CeasedOn      string `json:"ceased_on"`
}

// ForeignCompanyDetails describe an overseas company in its home country.
type ForeignCompanyDetails struct {
	AccountingRequirement *struct {
		ForeignAccountType        string `json:"foreign_account_type"`
		TermsOfAccountPublication string `json:"terms_of_account_publication"`
	} `json:"accounting_requirement"`
	Accounts *struct {
		AccountPeriodFrom *DayMonth `json:"account_period_from"`
		AccountPeriodTo   *DayMonth `json:"account_period_to"`
		MustFileWithin    *struct {
			Months FlexString `json:"months"`
		} `json:"must_file_within"`
	} `json:"accounts"`
	BusinessActivity string `json:"business_activity"`
	GovernedBy       string `json:"governed_by"`
	// The spec and the live service spell this member differently.
	IsACreditFinancialInstitution *bool `json:"is_a_credit_financial_institution"`
	IsACreditFinanceInstitution   *bool `json:"is_a_credit_finance_institution"`
	OriginatingRegistry           *struct {
		Country string `json:"country"`
		Name    string `json:"name"`
	} `json:"originating_registry"`
	RegistrationNumber string `json:"registration_number"`
	LegalForm          string `json:"legal_form"`
}

// BranchCompanyDetails describe a UK establishment's parent.
type BranchCompanyDetails struct {
	BusinessActivity    string `json:"business_activity"`
	ParentCompanyName   string `json:"parent_company_name"`
	ParentCompanyNumber string `json:"parent_company_number"`
}

// CorporateAnnotation is a notice on the register, such as a strike-off.
type CorporateAnnotation struct {
	CreatedOn   string `json:"created_on"`
	Description string `json:"description"`
	Type        string `json:"type"`
}

// Company fetches the profile of one company. A Number made by conversion
// rather than by ParseNumber is checked, and refused without a request
// unless it is already normalised: the registry answers anything else with
// 404 or even 500.
func (c *Client) Company(ctx context.Context, n Number) (*Profile, error) {
	if _, ok := exactNumber(string(n)); !ok {
		if _, err := ParseNumber(string(n)); err != nil {
			return nil, err
		}
		return nil, numberError(string(n), "it is not written as the registry writes it (8 characters, upper case, zero-padded)")
	}
	resp, err := c.get(ctx, "company "+n.String(), CompanyPath(n), nil)
	if err != nil {
		return nil, err
	}
	return DecodeProfile(resp.Body, n)
}

// DecodeProfile reads a profile body. Members of an unexpected type spoil
// only themselves (see Profile.Unreadable); a body that is not a JSON object
// is an error.
func DecodeProfile(body []byte, requested Number) (*Profile, error) {
	p := &Profile{}
	bad, err := decodeLenient(body, p)
	if err != nil {
		return nil, &Error{Kind: KindBadResponse, Subject: "company " + requested.String(), Status: 200, Reason: err.Error()}
	}
	p.Unreadable = append(bad, p.Links.unreadable...)
	p.Raw = body
	p.Requested = requested
	return p, nil
}
