package api

import "context"

// CompanyRaw is Company for a caller that passes the profile on as the
// registry sent it (coview --json): the same request, and the same
// checks of the answer (a JSON object, and which company it is), but of
// its members only company_number is read. The Profile it returns holds
// Raw, Requested and CompanyNumber; every other field is zero.
//
// Decoding the whole profile is most of what a one-shot --json lookup
// would otherwise compute beyond its request: the first decoding of a
// type as large as Profile costs its reflection, about 80 kB of
// allocations in a program that runs once.
func (c *Client) CompanyRaw(ctx context.Context, n Number) (*Profile, error) {
	if _, ok := exactNumber(string(n)); !ok {
		return c.Company(ctx, n) // the same refusal, before any request
	}
	resp, err := c.get(ctx, "company "+n.String(), CompanyPath(n), nil)
	if err != nil {
		return nil, err
	}
	var head struct {
		CompanyNumber string `json:"company_number"`
	}
	if _, err := decodeLenient(resp.Body, &head); err != nil {
		return nil, &Error{Kind: KindBadResponse, Subject: "company " + n.String(), Status: 200, Reason: err.Error()}
	}
	return &Profile{CompanyNumber: head.CompanyNumber, Raw: resp.Body, Requested: n}, nil
}
