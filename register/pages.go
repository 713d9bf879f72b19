package register

import (
	"context"

	"coview/api"
)

// Pages calls fn with every page of size companies the query finds, in
// order, each as Search would answer it, until fn returns an error,
// which Pages returns: so that every match, however many, is printed as
// the registry's pages are. The matches are counted first, as each page
// says how many there are; nothing found is one empty page.
func (ix *Index) Pages(ctx context.Context, q Query, size int, fn func(*api.FoundCompanies) error) error {
	defer ix.use()()
	size = api.AdvancedPage(api.Page{ItemsPerPage: size}).ItemsPerPage
	p, err := ix.plan(ctx, q)
	if err != nil {
		return err
	}
	a, err := ix.adjust(ctx, q)
	if err != nil {
		return err
	}
	hits, err := ix.count(ctx, p)
	if err != nil {
		return err
	}
	if a != nil {
		hits = a.hits(hits)
	}
	page := newFound(api.Page{ItemsPerPage: size})
	if hits == 0 {
		page.finish(0)
		return fn(page.FoundCompanies)
	}
	var ferr error
	send := func() bool {
		page.finish(hits)
		ferr = fn(page.FoundCompanies)
		page = newFound(api.Page{StartIndex: page.Asked.StartIndex + size, ItemsPerPage: size})
		return ferr == nil
	}
	add := func(c *Company) bool {
		page.Items = append(page.Items, c.Found())
		return len(page.Items) < size || send()
	}
	if a != nil {
		err = ix.eachLive(ctx, p, a, add)
	} else {
		err = ix.matches(ctx, p, func(s *scanned) bool { return add(ix.company(s)) })
	}
	if ferr != nil {
		return ferr
	}
	if err == nil && len(page.Items) > 0 {
		send()
	}
	if ferr != nil {
		return ferr
	}
	return err
}
