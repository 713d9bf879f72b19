package register

import (
	"cmp"
	"context"
	"database/sql"
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
	defer ix.use()()
	n = max(n, 1)
	st, err := ix.liveNow(ctx)
	if err != nil {
		return nil, err
	}
	var out []api.FoundCompany
	seen := map[string]bool{}
	if key := alphaKey(text); key != "" {
		filed, err := ix.typedFiled(ctx, st, key, n)
		if err != nil {
			return nil, err
		}
		for _, c := range filed {
			seen[c.Number] = true
			out = append(out, c.Found())
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
	stmt, err := ix.stmt(ctx, "typedWords", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.id IN (SELECT rowid FROM names WHERE names MATCH ? LIMIT ?) ORDER BY c.id`)
	if err != nil {
		return nil, err
	}
	rows, err := scanAll(stmt.QueryContext(ctx, match, typedLook*n))
	if err != nil {
		return nil, err
	}
	if err := ix.liveOver(ctx, rows); err != nil {
		return nil, liveError(ix, err)
	}
	for _, s := range rows {
		if len(out) >= n {
			break
		}
		if seen[s.number] || s.live != nil && !s.live.onRegister() {
			continue
		}
		c := ix.company(s)
		if !slices.ContainsFunc(words(c.Name), func(w string) bool { return strings.HasPrefix(w, last) }) {
			continue
		}
		out = append(out, c.Found())
	}
	return out, nil
}

// scanAll reads every row of a query of companies.
func scanAll(rs *sql.Rows, err error) ([]*scanned, error) {
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []*scanned
	for rs.Next() {
		s := &scanned{}
		if err := rs.Scan(s.dest()...); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rs.Err()
}

// typedFiled are the first n companies filed under a name that begins
// with key, the live overlay's (st, nil for none) in their places: the
// file's, less those the overlay has (renamed away from key, taken off
// the register, or still under it and read from the overlay), and the
// overlay's filed under key, in the order of the alphabetical index.
func (ix *Index) typedFiled(ctx context.Context, st *liveState, key string, n int) ([]*Company, error) {
	type filed struct {
		key string
		c   *Company
	}
	var all []filed
	if st != nil {
		db, err := ix.liveDB()
		if err != nil {
			return nil, err
		}
		if db != nil {
			rs, err := db.QueryContext(ctx, `SELECT `+liveColumns+`, l.alpha FROM live l WHERE l.onreg = 1 AND l.alpha >= ? AND l.alpha < ? ORDER BY l.alpha, l.number LIMIT ?`,
				key, key+maxTerm, n)
			if err != nil {
				return nil, liveError(ix, err)
			}
			for rs.Next() {
				var alpha string
				r, err := ix.scanLive(rs, &alpha)
				if err != nil {
					rs.Close()
					return nil, err
				}
				all = append(all, filed{alpha, r.c})
			}
			rs.Close()
			if err := rs.Err(); err != nil {
				return nil, liveError(ix, err)
			}
		}
	}
	stmt, err := ix.stmt(ctx, "typed", `SELECT `+companyColumnsSQL+` FROM companies c WHERE coview_alpha(c.name) >= ? AND coview_alpha(c.name) < ? ORDER BY coview_alpha(c.name), c.number LIMIT ? OFFSET ?`)
	if err != nil {
		return nil, err
	}
	// The file's first n not in the overlay: those the overlay has (read
	// from it above, or taken away) leave room, and as many more are
	// read after them, up to typedLook times n in all.
	kept, read := 0, 0
	for want := n; want > 0 && read < typedLook*n; want = n - kept {
		rows, err := scanAll(stmt.QueryContext(ctx, key, key+"\U0010FFFF", want, read))
		if err != nil {
			return nil, err
		}
		if err := ix.liveOver(ctx, rows); err != nil {
			return nil, liveError(ix, err)
		}
		for _, s := range rows {
			if s.live == nil {
				all = append(all, filed{alphaKey(s.name), ix.unpack(s)})
				kept++
			}
		}
		read += len(rows)
		if len(rows) < want {
			break
		}
	}
	slices.SortFunc(all, func(a, b filed) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.c.Number, b.c.Number)) })
	out := make([]*Company, 0, n)
	for _, f := range all[:min(n, len(all))] {
		out = append(out, f.c)
	}
	return out, nil
}
