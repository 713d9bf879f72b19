package register

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"coview/api"
)

// Alphabetical is a page of the registry's alphabetical index around a
// name, as its alphabetical search answers: without a cursor, the
// companies filed before the name's best match, the match and those
// after it; with before or after (an item's OrderedAlphaKeyWithID), the
// page either side. The best match is the company filed under the
// name's key, else the first filed under a key that begins with it,
// else with less and less of it.
func (ix *Index) Alphabetical(ctx context.Context, name, before, after string, size int) (*api.FoundCompanies, error) {
	defer ix.use()()
	size = api.NamedPage(api.Page{ItemsPerPage: size}).ItemsPerPage
	if _, err := ix.liveNow(ctx); err != nil { // the overlay's values in place of the file's
		return nil, err
	}
	out := &api.FoundCompanies{Asked: api.Page{ItemsPerPage: size}}
	out.Kind, out.ItemsPerPage = "search#alphabetical-search", size
	key := alphaKey(name)
	top, err := ix.bestFiled(ctx, key)
	if err != nil {
		return nil, err
	}
	if top == nil {
		out.Empty = "No company names are filed near that in the registry's index."
		out.Raw = rawFound(out)
		return out, nil
	}
	var page []*alphaRow
	switch {
	case after != "" && before == "":
		page, err = ix.filed(ctx, after, true, false, size)
	case before != "" && after == "":
		page, err = ix.filed(ctx, before, false, false, size)
	default:
		above, below := size/2, size/2-1
		if size%2 == 1 {
			below = size / 2
		}
		var up, down []*alphaRow
		if up, err = ix.filed(ctx, top.keyWithID(), false, false, above); err == nil {
			down, err = ix.filed(ctx, top.keyWithID(), true, true, below+1)
		}
		page = append(up, down...)
	}
	if err != nil {
		return nil, err
	}
	over := []*scanned{&top.scanned}
	for _, r := range page {
		over = append(over, &r.scanned)
	}
	if err := ix.liveOver(ctx, over); err != nil {
		return nil, liveError(ix, err)
	}
	for _, r := range page {
		out.Items = append(out.Items, r.found(ix))
	}
	best := top.found(ix)
	out.TopHit = &best
	if len(out.Items) == 0 {
		out.Empty = "No company names are filed near that in the registry's index."
	}
	out.Raw = rawFound(out)
	return out, nil
}

// alphaRow is a company with its place in the alphabetical index.
type alphaRow struct {
	scanned
	alpha string
}

func (r *alphaRow) keyWithID() string { return r.alpha + ":" + r.number }

func (r *alphaRow) found(ix *Index) api.FoundCompany {
	c := ix.company(&r.scanned)
	return api.FoundCompany{Kind: "searchresults#alphabetical-search", CompanyName: c.Name, CompanyNumber: c.Number,
		CompanyStatus: c.Status, CompanyType: c.Type, OrderedAlphaKeyWithID: r.keyWithID(),
		Links: struct {
			CompanyProfile string `json:"company_profile"`
		}{CompanyProfile: "/company/" + c.Number}}
}

// bestFiled is the company a key's best match is filed under, or nil.
func (ix *Index) bestFiled(ctx context.Context, key string) (*alphaRow, error) {
	st, err := ix.stmt(ctx, "alphaFirst", `SELECT `+companyColumnsSQL+`, coview_alpha(c.name) FROM companies c WHERE coview_alpha(c.name) >= ? ORDER BY coview_alpha(c.name), c.number LIMIT 1`)
	if err != nil {
		return nil, err
	}
	for n := len(key); n > 0; n-- {
		prefix := key[:n]
		var r alphaRow
		err := st.QueryRowContext(ctx, prefix).Scan(append(r.dest(), &r.alpha)...)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(r.alpha, prefix) {
			return &r, nil
		}
	}
	return nil, nil
}

// filed is up to n companies filed after (or before) a cursor, "KEY:NUMBER",
// in the index's order; with from, the cursor's own company too.
func (ix *Index) filed(ctx context.Context, cursor string, after, from bool, n int) ([]*alphaRow, error) {
	if n <= 0 {
		return nil, nil
	}
	key, number, _ := strings.Cut(cursor, ":")
	var query, name string
	switch {
	case after && from:
		name, query = "alphaFrom", `(coview_alpha(c.name), c.number) >= (?, ?) ORDER BY coview_alpha(c.name), c.number`
	case after:
		name, query = "alphaAfter", `(coview_alpha(c.name), c.number) > (?, ?) ORDER BY coview_alpha(c.name), c.number`
	default:
		name, query = "alphaBefore", `(coview_alpha(c.name), c.number) < (?, ?) ORDER BY coview_alpha(c.name) DESC, c.number DESC`
	}
	st, err := ix.stmt(ctx, name, `SELECT `+companyColumnsSQL+`, coview_alpha(c.name) FROM companies c WHERE `+query+` LIMIT ?`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, key, number, n)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []*alphaRow
	for rs.Next() {
		r := &alphaRow{}
		if err := rs.Scan(append(r.dest(), &r.alpha)...); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	if !after {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out, rs.Err()
}
