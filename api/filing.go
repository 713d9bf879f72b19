package api

import (
	"context"
	"net/url"
	"strings"
)

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

// FilingHistoryLink is a filing history's link asking only for the filings
// in the given categories: the registry's category parameter, a comma list
// ("accounts,officers"), which it widens itself (confirmation statements
// bring annual returns, incorporation a company's constitution and name).
// With no categories it asks for every filing (any category in the link
// is taken out). The categories are not
// checked here: the registry answers 404 to one none of the filings are in.
func FilingHistoryLink(link string, categories []string) string {
	var keep []string
	for _, c := range categories {
		if c = strings.TrimSpace(c); c != "" {
			keep = append(keep, c)
		}
	}
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	q := u.Query()
	if len(keep) == 0 {
		if !q.Has("category") {
			return link
		}
		q.Del("category")
	} else {
		q.Set("category", strings.Join(keep, ","))
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// FilingHistoryCategories are the categories a filing history's link
// asks for, as written in it: "" for every filing.
func FilingHistoryCategories(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	return u.Query().Get("category")
}

// categorised reads a filing history that may ask for some categories
// only (FilingHistoryLink): the registry answers 404 to categories none
// of the filings are in, which says that, not that the company has no
// history.
func categorised(f fetcher) fetcher {
	return func(ctx context.Context, c *Client, res Resource, page Page, k *kind) (*Answer, error) {
		asked := FilingHistoryCategories(res.Link)
		if asked == "" {
			return f(ctx, c, res, page, k)
		}
		row := *k
		row.gone = "No filings are listed in the categories asked for (" + strings.ReplaceAll(asked, ",", ", ") + ")."
		return f(ctx, c, res, page, &row)
	}
}
