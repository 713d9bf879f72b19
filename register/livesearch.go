package register

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
)

// A search while the live overlay has rows answers as the register now
// is: the file's companies it finds, less those the overlay says no
// longer match (or were taken off the register, or dissolved), with
// those of the file it did not find that the overlay says now match, in
// the file's order, each with the overlay's values; then the companies
// new since the file that match, in the order of the alphabetical index
// (the file's order is the registry's, by name, which they have no place
// in). The count agrees with the rows.

// liveAdjust is how the overlay changes a query's answer.
type liveAdjust struct {
	dropped map[uint32]bool // the file's companies found that no longer match
	added   ids             // the file's companies not found that now match, in order
	extras  int             // how many companies not in the file match
	m       *matcher
	lq      liveQuery
}

// adjust is how the overlay changes the answer to q; nil when it changes
// nothing. It asks the overlay only about the companies the query's
// terms touch: those of the file that gained or lost one of them, and
// those new since the file that have them.
func (ix *Index) adjust(ctx context.Context, q Query) (*liveAdjust, error) {
	st, err := ix.liveNow(ctx)
	if err != nil || st == nil {
		return nil, err
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return nil, err
	}
	m, err := newMatcher(q)
	if err != nil {
		return nil, err
	}
	a := &liveAdjust{dropped: map[uint32]bool{}, m: m, lq: liveQueryOf(m)}
	if err := ix.changed(ctx, db, a); err != nil {
		return nil, liveError(ix, err)
	}
	if a.extras, err = ix.countExtras(ctx, db, a); err != nil {
		return nil, liveError(ix, err)
	}
	if len(a.dropped) == 0 && len(a.added) == 0 && a.extras == 0 {
		return nil, nil
	}
	return a, nil
}

func liveError(ix *Index, err error) error {
	return fmt.Errorf("the live overlay %s cannot be read: %w", LivePath(ix.path), err)
}

// changed finds the file's companies whose answer the overlay changes:
// among those with a term of the query gained or lost, the ones that
// matched and no longer do, and the other way.
func (ix *Index) changed(ctx context.Context, db *sql.DB, a *liveAdjust) error {
	set, args := a.lq.changedSQL()
	rs, err := db.QueryContext(ctx, `SELECT `+liveColumns+`, l.fileid FROM live l WHERE l.fileid IS NOT NULL AND l.number IN (`+set+`)`, args...)
	if err != nil {
		return err
	}
	now := map[uint32]bool{}
	var files ids
	for rs.Next() {
		var id int64
		r, err := ix.scanLive(rs, &id)
		if err != nil {
			rs.Close()
			return err
		}
		now[uint32(id)] = r.onreg && a.m.matches(r.c)
		files = append(files, uint32(id))
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return err
	}
	slices.Sort(files)
	return ix.readRows(ctx, files, false, func(s *scanned) bool {
		id := uint32(s.id)
		switch was, is := a.m.matches(ix.unpack(s)), now[id]; {
		case was && !is:
			a.dropped[id] = true
		case !was && is:
			a.added = append(a.added, id)
		}
		return true
	})
}

// countExtras is how many companies not in the file the query finds.
func (ix *Index) countExtras(ctx context.Context, db *sql.DB, a *liveAdjust) (int, error) {
	if !a.lq.exact {
		n := 0
		err := ix.extras(ctx, db, a, 0, -1, func(*Company) bool { n++; return true })
		return n, err
	}
	q, args := a.lq.countNewSQL()
	if q == "" {
		var set string
		set, args = a.lq.newSQL()
		q = `SELECT count(*) FROM (` + set + `)`
	}
	var n int
	err := db.QueryRowContext(ctx, q, args...).Scan(&n)
	return n, err
}

// walkOver is how many companies new since the file a query must find
// for its page of them to be found by walking them in order rather than
// by collecting and sorting them all (a variable for tests, which walk
// every time).
var walkOver = 2000

// extras calls fn with the companies not in the file the query finds,
// in the order of the alphabetical index, from the skip-th, until fn
// returns false or limit were (limit < 0: no limit).
func (ix *Index) extras(ctx context.Context, db *sql.DB, a *liveAdjust, skip, limit int, fn func(*Company) bool) error {
	set, args := a.lq.newSQL()
	q := `SELECT ` + liveColumns + ` FROM live l WHERE l.onreg = 1 AND l.number IN (` + set + `) ORDER BY l.alpha, l.number`
	switch {
	case a.extras > walkOver:
		q, args = a.lq.walkNewSQL()
	case a.lq.exact:
		q += ` LIMIT ? OFFSET ?`
		args = append(args, limit, skip)
		skip = 0
	}
	rs, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return liveError(ix, err)
	}
	defer rs.Close()
	for rs.Next() && limit != 0 {
		r, err := ix.scanLive(rs)
		if err != nil {
			return err
		}
		if !a.m.matches(r.c) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if !fn(r.c) {
			return nil
		}
		limit--
	}
	return rs.Err()
}

// hits is how many companies a query finds whose file's answer was base.
func (a *liveAdjust) hits(base int) int { return a.inFile(base) + a.extras }

// inFile is how many of them are in the file.
func (a *liveAdjust) inFile(base int) int { return base - len(a.dropped) + len(a.added) }

// walk calls fn with the ids of the file's companies the query now finds,
// in order, until fn returns false.
func (ix *Index) walk(ctx context.Context, p *plan, a *liveAdjust, fn func(uint32) bool) error {
	added := a.added
	stopped := false
	emit := func(id uint32) bool {
		for len(added) > 0 && added[0] < id {
			if !fn(added[0]) {
				stopped = true
				return false
			}
			added = added[1:]
		}
		if a.dropped[id] {
			return true
		}
		if !fn(id) {
			stopped = true
			return false
		}
		return true
	}
	var err error
	if p.needRow {
		err = ix.matchIDs(ctx, p, func(s *scanned) bool { return emit(uint32(s.id)) })
	} else {
		err = ix.candidates(ctx, p, emit)
	}
	if err != nil || stopped {
		return err
	}
	for _, id := range added {
		if !fn(id) {
			return nil
		}
	}
	return nil
}

// eachLive calls fn with every company the query now finds, in order,
// until fn returns false.
func (ix *Index) eachLive(ctx context.Context, p *plan, a *liveAdjust, fn func(*Company) bool) error {
	batch := make(ids, 0, rowsAtOnce)
	stopped := false
	flush := func() error {
		err := ix.rows(ctx, batch, func(s *scanned) bool {
			if !fn(ix.company(s)) {
				stopped = true
			}
			return !stopped
		})
		batch = batch[:0]
		return err
	}
	var err error
	werr := ix.walk(ctx, p, a, func(id uint32) bool {
		batch = append(batch, id)
		if len(batch) == rowsAtOnce {
			err = flush()
		}
		return err == nil && !stopped
	})
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if len(batch) > 0 {
		if err := flush(); err != nil {
			return err
		}
	}
	if stopped {
		return nil
	}
	db, err := ix.liveDB()
	if db == nil || err != nil {
		return err
	}
	return ix.extras(ctx, db, a, 0, -1, fn)
}

// searchLive is Search's page while the overlay changes the answer.
func (ix *Index) searchLive(ctx context.Context, p *plan, a *liveAdjust, page found) (int, error) {
	base, err := ix.count(ctx, p)
	if err != nil {
		return 0, err
	}
	inFile := a.inFile(base)
	start, end := page.Asked.StartIndex, page.Asked.StartIndex+page.Asked.ItemsPerPage
	if start < inFile {
		var want ids
		i := 0
		err := ix.walk(ctx, p, a, func(id uint32) bool {
			if i >= start {
				want = append(want, id)
			}
			i++
			return i < end
		})
		if err == nil {
			err = ix.rows(ctx, want, func(s *scanned) bool {
				page.Items = append(page.Items, ix.company(s).Found())
				return true
			})
		}
		if err != nil {
			return 0, err
		}
	}
	if want := page.Asked.ItemsPerPage - len(page.Items); want > 0 && a.extras > 0 && end > inFile {
		db, err := ix.liveDB()
		if db == nil || err != nil {
			return 0, err
		}
		err = ix.extras(ctx, db, a, max(start-inFile, 0), want, func(c *Company) bool {
			page.Items = append(page.Items, c.Found())
			return true
		})
		if err != nil {
			return 0, err
		}
	}
	return a.hits(base), nil
}
