package api

import "context"

// Filing fetches one filing-history item at its self link (a charge's
// transaction leads to one), in the same shape as an item of the list.
func (c *Client) Filing(ctx context.Context, link string) (*FilingItem, error) {
	out := &FilingItem{}
	if _, _, err := c.getItem(ctx, link, out); err != nil {
		return nil, err
	}
	return out, nil
}
