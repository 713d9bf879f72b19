package register

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"

	"coview/api"
)

// companyColumnsSQL are the columns a company is read back from.
const companyColumnsSQL = `c.id, c.number, c.name, c.address, c.rest`

// scanned is a company as read from the index, before unpacking.
type scanned struct {
	id                          int64
	number, name, address, rest string
	live                        *liveCompany // the live overlay's company, when it has this one (liveOver)
}

func (s *scanned) dest() []any {
	return []any{&s.id, &s.number, &s.name, &s.address, &s.rest}
}

// company is a row as the register now has it: the live overlay's
// company in its place when a follow has written one (a company taken
// off the register since is shown as the file has it: the searches
// leave it out, Company says so).
func (ix *Index) company(s *scanned) *Company {
	if s.live != nil && s.live.c != nil {
		c := *s.live.c
		return &c
	}
	return ix.unpack(s)
}

// unpack unpacks a row into a Company, as the file has it.
func (ix *Index) unpack(s *scanned) *Company {
	c := &Company{Name: s.name, Number: s.number, Address: unpackAddress(s.address)}
	unpackRest(s.rest, c, ix.sicWords)
	return c
}

// foundItem is a company as the registry's searches serve it, with its
// members the registry leaves out when they are empty left out, so that
// JSON written from an offline answer reads as one received.
type foundItem struct {
	CompanyName             string         `json:"company_name,omitempty"`
	CompanyNumber           string         `json:"company_number,omitempty"`
	CompanyStatus           string         `json:"company_status,omitempty"`
	CompanyType             string         `json:"company_type,omitempty"`
	CompanySubtype          string         `json:"company_subtype,omitempty"`
	OrderedAlphaKeyWithID   string         `json:"ordered_alpha_key_with_id,omitempty"`
	Kind                    string         `json:"kind,omitempty"`
	Links                   *profileLink   `json:"links,omitempty"`
	DateOfCessation         string         `json:"date_of_cessation,omitempty"`
	DateOfCreation          string         `json:"date_of_creation,omitempty"`
	RegisteredOfficeAddress *searchAddress `json:"registered_office_address,omitempty"`
	SICCodes                []string       `json:"sic_codes,omitempty"`
}

type profileLink struct {
	CompanyProfile string `json:"company_profile"`
}

// searchAddress is an address as search items carry it.
type searchAddress struct {
	AddressLine1 string `json:"address_line_1,omitempty"`
	AddressLine2 string `json:"address_line_2,omitempty"`
	Locality     string `json:"locality,omitempty"`
	Region       string `json:"region,omitempty"`
	PostalCode   string `json:"postal_code,omitempty"`
	Country      string `json:"country,omitempty"`
}

type foundList struct {
	Etag   string      `json:"etag"`
	TopHit *foundItem  `json:"top_hit,omitempty"`
	Items  []foundItem `json:"items"`
	Kind   string      `json:"kind"`
	Hits   *int        `json:"hits,omitempty"`
}

// rawFound is the page as the registry would have sent it, for Raw: what
// --json prints.
func rawFound(page *api.FoundCompanies) []byte {
	l := foundList{Kind: page.Kind, Hits: page.Hits, Items: make([]foundItem, len(page.Items))}
	for i := range page.Items {
		l.Items[i] = itemOf(&page.Items[i])
	}
	if page.TopHit != nil {
		top := itemOf(page.TopHit)
		l.TopHit = &top
	}
	b, err := json.Marshal(l)
	if err != nil {
		panic("register: encoding a page: " + err.Error())
	}
	// The registry tags every answer; this one's tag is of what it holds.
	sum := sha1.Sum(b)
	l.Etag = hex.EncodeToString(sum[:])
	page.Etag = l.Etag
	b, _ = json.Marshal(l)
	return b
}

func itemOf(f *api.FoundCompany) foundItem {
	it := foundItem{CompanyName: f.CompanyName, CompanyNumber: f.CompanyNumber, CompanyStatus: f.CompanyStatus,
		CompanyType: f.CompanyType, CompanySubtype: f.CompanySubtype, OrderedAlphaKeyWithID: f.OrderedAlphaKeyWithID,
		Kind: f.Kind, DateOfCessation: f.DateOfCessation, DateOfCreation: f.DateOfCreation, SICCodes: f.SICCodes}
	if f.Links.CompanyProfile != "" {
		it.Links = &profileLink{CompanyProfile: f.Links.CompanyProfile}
	}
	if a := f.RegisteredOfficeAddress; a != nil {
		it.RegisteredOfficeAddress = &searchAddress{AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2,
			Locality: a.Locality, Region: a.Region, PostalCode: a.PostalCode, Country: a.Country}
	}
	return it
}
