package api

import (
	"context"
	"strings"
)

// PSCList is a page of a company's persons with significant control (its
// owners and controllers). The counts come from a separate service on the
// registry and are absent when that service fails, so they are pointers.
type PSCList struct {
	ListInfo
	TotalResults *int         `json:"total_results"`
	ActiveCount  *int         `json:"active_count"`
	CeasedCount  *int         `json:"ceased_count"`
	Links        PSCListLinks `json:"links"`
	Items        []PSC        `json:"items"`
}

// PSCListLinks: Exemptions is there only while the company has an active
// exemption from keeping a PSC register, which is why a listed company's
// list is empty.
type PSCListLinks struct {
	Self       string `json:"self"`
	Exemptions string `json:"exemptions"`
}

// Total is the number of PSCs in the whole list, or -1 if not said.
func (l *PSCList) Total() int { return intOr(l.TotalResults, -1) }

// PSC is one person with significant control, in the list or fetched at
// its self link. Kind is one of the eight PSCKind values or anything the
// registry adds later; read it through Category. A super-secure PSC has no
// name, address or date of birth, only Description.
type PSC struct {
	Kind                   string        `json:"kind"`
	Name                   string        `json:"name"`
	NameElements           *NameElements `json:"name_elements"`
	Description            string        `json:"description"`
	Address                *Address      `json:"address"`
	PrincipalOfficeAddress *Address      `json:"principal_office_address"`
	NaturesOfControl       []string      `json:"natures_of_control"`
	NotifiedOn             string        `json:"notified_on"`
	CeasedOn               string        `json:"ceased_on"`
	Ceased                 *FlexBool     `json:"ceased"`
	Nationality            string        `json:"nationality"`
	CountryOfResidence     string        `json:"country_of_residence"`
	DateOfBirth            *PartialDate  `json:"date_of_birth"`
	Identification         *PSCIdentity  `json:"identification"`
	IsSanctioned           *FlexBool     `json:"is_sanctioned"`
	// IdentityVerification is the person's identity verification, when
	// the registry says anything of it.
	IdentityVerification *IdentityVerification `json:"identity_verification_details"`
	Etag                 string                `json:"etag"`
	Links                PSCLinks              `json:"links"`
}

// NameElements are the parts of an individual's name.
type NameElements struct {
	Title      string `json:"title"`
	Forename   string `json:"forename"`
	MiddleName string `json:"middle_name"`
	Surname    string `json:"surname"`
}

// PSCIdentity says where a corporate or legal-person PSC is registered.
// All of it is free text as the company filed it.
type PSCIdentity struct {
	LegalAuthority     string `json:"legal_authority"`
	LegalForm          string `json:"legal_form"`
	PlaceRegistered    string `json:"place_registered"`
	RegistrationNumber string `json:"registration_number"`
	CountryRegistered  string `json:"country_registered"`
}

// PSCLinks point to the PSC itself and, for one named in a statement, to
// that statement. PersonsWithSignificantControl holds the 2026
// notifications link, which the registry sends only behind a feature flag.
type PSCLinks struct {
	Self                          string `json:"self"`
	Statement                     string `json:"statement"`
	PersonsWithSignificantControl *struct {
		Notifications string `json:"notifications"`
	} `json:"persons_with_significant_control"`
}

// The eight PSC kinds: four sorts of person, each either a PSC of a UK
// company or a beneficial owner of a registered overseas entity.
const (
	PSCKindIndividual                 = "individual-person-with-significant-control"
	PSCKindCorporateEntity            = "corporate-entity-person-with-significant-control"
	PSCKindLegalPerson                = "legal-person-person-with-significant-control"
	PSCKindSuperSecure                = "super-secure-person-with-significant-control"
	PSCKindIndividualBeneficialOwner  = "individual-beneficial-owner"
	PSCKindCorporateBeneficialOwner   = "corporate-entity-beneficial-owner"
	PSCKindLegalPersonBeneficialOwner = "legal-person-beneficial-owner"
	PSCKindSuperSecureBeneficialOwner = "super-secure-beneficial-owner"
)

// PSCCategory is the sort of person a PSC is, whatever the suffix of its
// kind.
type PSCCategory int

const (
	PSCUnknown         PSCCategory = iota // a kind coview does not know, or none (the list sends null for kinds it cannot map)
	PSCIndividual                         // a natural person
	PSCCorporateEntity                    // a company or other body that keeps its own register
	PSCLegalPerson                        // a body with legal personality that does not (a government, a trust company)
	PSCSuperSecure                        // a person whose details are protected: no name, address or birth date
)

// Category reads the kind's prefix, so that the beneficial-owner variants
// and the PSC variants of a sort are dispatched alike.
func (p *PSC) Category() PSCCategory {
	switch k := strings.ToLower(strings.TrimSpace(p.Kind)); {
	case strings.HasPrefix(k, "individual-"):
		return PSCIndividual
	case strings.HasPrefix(k, "corporate-entity-"):
		return PSCCorporateEntity
	case strings.HasPrefix(k, "legal-person-"):
		return PSCLegalPerson
	case strings.HasPrefix(k, "super-secure-"):
		return PSCSuperSecure
	}
	return PSCUnknown
}

// IsBeneficialOwner reports whether the PSC is a beneficial owner of a
// registered overseas entity rather than a PSC of a UK company.
func (p *PSC) IsBeneficialOwner() bool {
	return strings.HasSuffix(strings.ToLower(strings.TrimSpace(p.Kind)), "-beneficial-owner")
}

// IsCeased reports whether the PSC no longer has significant control. The
// list derives "ceased" from ceased_on; a super-secure PSC has only the flag.
func (p *PSC) IsCeased() bool {
	return p.CeasedOn != "" || (p.Ceased != nil && bool(*p.Ceased))
}

// RegisteredCompany is the company number of a corporate PSC registered
// in this registry, so that an ownership chain can be walked to that
// company. The registration details are free text, so the number must
// read as a company number and the place, country or legal authority must
// name the UK register; a body registered anywhere else gives false, even
// when its number happens to look like one of ours.
func (p *PSC) RegisteredCompany() (Number, bool) {
	id := p.Identification
	if id == nil || p.Category() != PSCCorporateEntity || strings.TrimSpace(id.RegistrationNumber) == "" {
		return "", false
	}
	n, err := ParseNumber(id.RegistrationNumber)
	if err != nil {
		return "", false
	}
	where := strings.ToLower(strings.TrimSpace(id.PlaceRegistered + " " + id.CountryRegistered))
	for _, w := range ukRegisterWords {
		if strings.Contains(where, w) {
			return n, true
		}
	}
	// With no place at all, a UK company still names the Act it is
	// registered under.
	if where == "" && strings.Contains(strings.ToLower(id.LegalAuthority), "companies act") {
		return n, true
	}
	return "", false
}

// ukRegisterWords are how companies name the UK register in a corporate
// PSC's place or country of registration.
var ukRegisterWords = []string{
	"companies house", "registrar of companies", "register of companies",
	"england", "wales", "scotland", "northern ireland", "united kingdom", "great britain",
}

// pscsSettle says why a PSC list with nothing in it has nothing when the
// company is exempt from keeping a register of them.
func pscsSettle(p *PSCList, _ Page) {
	if p.Empty != "" && p.Raw != nil && p.Links.Exemptions != "" {
		p.Empty = "No persons with significant control are listed: the company is exempt from keeping a register of them."
	}
}

// PSCs fetches a page of the PSC list a profile links to. The registry
// answers a company without PSCs with 200 and an empty list (older versions
// of the service answered 404); both are an answer with Empty set.
func (c *Client) PSCs(ctx context.Context, link string, page Page) (*PSCList, error) {
	return fetchAs[*PSCList](ctx, c, ResPSCs, link, page)
}

// PSC fetches one person with significant control at its self link.
func (c *Client) PSC(ctx context.Context, link string) (*PSC, error) {
	return fetchAs[*PSC](ctx, c, ResPSC, link, Page{})
}
