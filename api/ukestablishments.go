package api

import "context"

// UKEstablishments are an overseas company's establishments in the UK,
// each a company of its own on the register. The list is not paged.
type UKEstablishments struct {
	DocumentInfo
	Links struct {
		Self string `json:"self"`
	} `json:"links"`
	Items []UKEstablishment `json:"items"`
}

// UKEstablishment is one establishment.
type UKEstablishment struct {
	CompanyNumber string `json:"company_number"`
	CompanyName   string `json:"company_name"`
	CompanyStatus string `json:"company_status"`
	Locality      string `json:"locality"`
	Links         struct {
		Company string `json:"company"`
	} `json:"links"`
}

// Company is the establishment's own company, to open. The spec leaves
// the item's links undefined, so the number is what is relied on; the
// link is the fallback when the number cannot be read.
func (u UKEstablishment) Company() (Resource, bool) {
	if n, err := ParseNumber(u.CompanyNumber); err == nil {
		return CompanyResource(n), true
	}
	if r, err := Route(u.Links.Company); err == nil && r.Kind == ResCompany {
		return r, true
	}
	return Resource{}, false
}

// UKEstablishments fetches the UK establishments an overseas company's
// profile links to. None (an empty list, or a 404) is an answer with
// Empty set.
func (c *Client) UKEstablishments(ctx context.Context, link string) (*UKEstablishments, error) {
	return fetchAs[*UKEstablishments](ctx, c, ResUKEstablishments, link, Page{})
}
