package api

import "context"

// DocumentInfo is what every answer that comes whole rather than a page at
// a time (insolvency, exemptions, registers, UK establishments) says about
// itself, as ListInfo is for lists.
type DocumentInfo struct {
	Etag string `json:"etag"`
	Kind string `json:"kind"`

	// Empty, when set, says why there is nothing there: these resources
	// answer 404 when a company has none, which is an answer, not an error.
	Empty string `json:"-"`
	// Raw is the body as received (nil when the answer was a 404);
	// Unreadable as for Profile.
	Raw        []byte   `json:"-"`
	Unreadable []string `json:"-"`
}

// getItem fetches one resource at link (an item at its self link, or a
// resource that is not paged) and decodes it leniently into out. It returns
// the body as received and the members that could not be read.
func (c *Client) getItem(ctx context.Context, link string, out any) ([]byte, []string, error) {
	resp, err := c.get(ctx, link, link, nil)
	if err != nil {
		return nil, nil, err
	}
	bad, err := decodeLenient(resp.Body, out)
	if err != nil {
		return nil, nil, &Error{Kind: KindBadResponse, Subject: link, Status: resp.Status, Reason: err.Error()}
	}
	return resp.Body, bad, nil
}
