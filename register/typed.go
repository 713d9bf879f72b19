package register

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"coview/api"
)

// typedLook is how many names with the whole words typed are read for
// each one shown: a bound on what a key costs.
const typedLook = 10

// Typed is what a search box shows while a name is typed: the companies
// filed under a name that begins with what is typed, in the order of the
// registry's alphabetical index, and, when fewer than n do, some of those
// with every word typed in their names, the last as the start of a word,
// in the file's order. Its cost is bounded whatever is typed.
//
// While the live overlay has rows, a company is as it says: one renamed
// or incorporated since the file is filed under its new name, one taken
// off the register or dissolved since is left out.
func (ix *Index) Typed(ctx context.Context, text string, n int) ([]api.FoundCompany, error) {
	n = max(n, 1)
	snap, err := ix.liveNow(ctx)
	if err != nil {
		return nil, err
	}
	var out []api.FoundCompany
	seen := map[string]bool{}
	if key := alphaKey(text); key != "" && snap != nil && len(snap.rows) > 0 {
		filed, err := ix.typedLive(ctx, snap, key, n)
		if err != nil {
			return nil, err
		}
		for _, c := range filed {
			seen[c.Number] = true
			out = append(out, c.Found())
		}
	} else if key != "" {
		st, err := ix.stmt(ctx, "typed", `SELECT `+companyColumnsSQL+` FROM companies c WHERE coview_alpha(c.name) >= ? AND coview_alpha(c.name) < ? ORDER BY coview_alpha(c.name), c.number LIMIT ?`)
		if err != nil {
			return nil, err
		}
		rs, err := st.QueryContext(ctx, key, key+"\U0010FFFF", n)
		if err != nil {
			return nil, err
		}
		for rs.Next() {
			var s scanned
			if err := rs.Scan(s.dest()...); err != nil {
				rs.Close()
				return nil, err
			}
			c := ix.company(&s)
			seen[c.Number] = true
			out = append(out, c.Found())
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return nil, err
		}
	}
	ws := words(text)
	if len(out) >= n || len(ws) == 0 {
		return out, nil
	}
	// Then the names with the words typed whole, the last, which may be
	// cut short, as the start of one of the name's words: the index is
	// asked for whole words only, as a word's start would have it read
	// every word that begins so. One word typed is asked for whole.
	last := ws[len(ws)-1]
	match := quoted(ws[:max(len(ws)-1, 1)], " ")
	st, err := ix.stmt(ctx, "typedWords", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.id IN (SELECT rowid FROM names WHERE names MATCH ? LIMIT ?) ORDER BY c.id`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, match, typedLook*n)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() && len(out) < n {
		var s scanned
		if err := rs.Scan(s.dest()...); err != nil {
			return nil, err
		}
		if seen[s.number] {
			continue
		}
		if r := ix.liveRowOf(s.number); r != nil && !r.onRegister() {
			continue
		}
		c := ix.company(&s)
		if !slices.ContainsFunc(words(c.Name), func(w string) bool { return strings.HasPrefix(w, last) }) {
			continue
		}
		out = append(out, c.Found())
	}
	return out, rs.Err()
}

// typedLive are the first n companies filed under a name that begins
// with key, the live overlay's in their places: the file's, less those
// the overlay renamed away from key or took off the register, and the
// overlay's filed under key, in the order of the alphabetical index.
func (ix *Index) typedLive(ctx context.Context, snap *liveSnap, key string, n int) ([]*Company, error) {
	type filed struct {
		key string
		c   *Company
	}
	var all []filed
	for _, r := range snap.rows {
		if r.onRegister() {
			if k := alphaKey(r.company.Name); strings.HasPrefix(k, key) {
				all = append(all, filed{k, r.company})
			}
		}
	}
	st, err := ix.stmt(ctx, "typed", `SELECT `+companyColumnsSQL+` FROM companies c WHERE coview_alpha(c.name) >= ? AND coview_alpha(c.name) < ? ORDER BY coview_alpha(c.name), c.number LIMIT ?`)
	if err != nil {
		return nil, err
	}
	// Those the overlay takes away leave room: as many more are read.
	rs, err := st.QueryContext(ctx, key, key+"\U0010FFFF", n+min(len(snap.rows), typedLook*n))
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		var s scanned
		if err := rs.Scan(s.dest()...); err != nil {
			return nil, err
		}
		if snap.rows[s.number] == nil {
			all = append(all, filed{alphaKey(s.name), ix.unpack(&s)})
		}
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(all, func(a, b filed) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.c.Number, b.c.Number)) })
	out := make([]*Company, 0, n)
	for _, f := range all[:min(n, len(all))] {
		c := *f.c
		out = append(out, &c)
	}
	return out, nil
}
