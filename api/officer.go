package api

import "context"

// Officer fetches one appointment on a company's officer list at its self
// link (/company/{n}/appointments/{id}), in the same shape as an item of
// the list.
func (c *Client) Officer(ctx context.Context, link string) (*Officer, error) {
	out := &Officer{}
	if _, _, err := c.getItem(ctx, link, out); err != nil {
		return nil, err
	}
	return out, nil
}
