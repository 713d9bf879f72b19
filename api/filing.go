package api

import "context"

// Filing fetches one filing-history item at its self link (a charge's
// transaction leads to one), in the same shape as an item of the list.
func (c *Client) Filing(ctx context.Context, link string) (*FilingItem, error) {
	return fetchAs[*FilingItem](ctx, c, ResFiling, link, Page{})
}

// ReadFiling reads a filing from a body the registry sent: the filing
// itself (GET .../filing-history/{id}), or a page of a filing history that
// holds it, found by its transaction id. A browser keeps bodies it has
// shown, and a filing's document link and the name to save it under are
// in them: nothing needs asking again. ok is false when the body does not
// hold the filing.
func ReadFiling(body []byte, id string) (f *FilingItem, ok bool) {
	if id == "" {
		return nil, false
	}
	var page FilingHistory
	if _, err := decodeLenient(body, &page); err == nil && page.Items != nil {
		for i := range page.Items {
			if page.Items[i].TransactionID == id {
				return &page.Items[i], true
			}
		}
		return nil, false
	}
	var one FilingItem
	if _, err := decodeLenient(body, &one); err != nil || one.TransactionID != id {
		return nil, false
	}
	return &one, true
}
