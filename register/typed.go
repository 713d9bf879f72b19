package register

import (
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
func (ix *Index) Typed(ctx context.Context, text string, n int) ([]api.FoundCompany, error) {
	n = max(n, 1)
	if _, err := ix.liveNow(ctx); err != nil { // the overlay's values in place of the file's
		return nil, err
	}
	var out []api.FoundCompany
	seen := map[string]bool{}
	if key := alphaKey(text); key != "" {
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
		if !slices.ContainsFunc(words(s.name), func(w string) bool { return strings.HasPrefix(w, last) }) {
			continue
		}
		out = append(out, ix.company(&s).Found())
	}
	return out, rs.Err()
}
