package register

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// A search while the live overlay has rows answers as the register now
// is: the file's companies it finds, less those the overlay says no
// longer match or were taken off the register (or dissolved), with
// those of the file it did not find that the overlay says now match, in
// the file's order, each with the overlay's values; then the companies
// new since the file that match, in the order of the alphabetical index
// (the file's order is the registry's, by name, which they have no place
// in). The count agrees with the rows.

// liveAdjust is how the overlay changes a query's answer.
type liveAdjust struct {
	dropped map[uint32]bool // the file's companies found, on the register, that no longer match
	added   ids             // the file's companies not found that now match, in order
	gone    int             // how many of the file's companies found were taken off the register
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
	if a.gone, err = ix.countGone(ctx, db, a); err != nil {
		return nil, liveError(ix, err)
	}
	if a.extras, err = ix.countExtras(ctx, db, a); err != nil {
		return nil, liveError(ix, err)
	}
	if len(a.dropped) == 0 && len(a.added) == 0 && a.gone == 0 && a.extras == 0 {
		return nil, nil
	}
	return a, nil
}

func liveError(ix *Index, err error) error {
	return fmt.Errorf("the live overlay %s cannot be read: %w", LivePath(ix.path), err)
}

// changed finds the file's companies on the register whose answer the
// overlay changes: among those with a term of the query gained or lost,
// the ones that matched and no longer do, and the other way.
func (ix *Index) changed(ctx context.Context, db *sql.DB, a *liveAdjust) error {
	set, args := a.lq.changedSQL()
	if set == "" {
		return nil
	}
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

// countGone is how many of the companies of the file taken off the
// register since the query finds in the file.
func (ix *Index) countGone(ctx context.Context, db *sql.DB, a *liveAdjust) (int, error) {
	return ix.countOn(ctx, db, a, sideGone)
}

// countExtras is how many companies not in the file the query finds.
func (ix *Index) countExtras(ctx context.Context, db *sql.DB, a *liveAdjust) (int, error) {
	if !a.lq.exact {
		n := 0
		err := ix.extras(ctx, db, a, 0, -1, func(*Company) bool { n++; return true })
		return n, err
	}
	return ix.countOn(ctx, db, a, sideNew)
}

// countOn is how many companies of a side (sideGone: those of the file
// taken off the register, as the file has them; sideNew: those new
// since the file) the query finds; of sideNew only when the query is
// exact. The counts of the side's terms say it for a query of one
// group, or of the status and one group; a group every company of the
// side has asks nothing (new companies were all incorporated this year,
// and are nearly all active). Else the companies of the side that have
// a term of the query's rarest group are looked at, and their terms
// (their rows in the file, when the terms find more than the query) say
// whether the query finds them.
func (ix *Index) countOn(ctx context.Context, db *sql.DB, a *liveAdjust, side int) (int, error) {
	lq := &a.lq
	count := func(q string, args []any) (int, error) {
		var n int
		err := db.QueryRowContext(ctx, q, args...).Scan(&n)
		return n, err
	}
	all, err := count(sumSQL(side, []termRange{oneTerm(termAll)}))
	if err != nil || all == 0 {
		return 0, err
	}
	var ask []int // the groups not every company of the side has
	counts := map[int]int{}
	for i, g := range lq.groups {
		n, err := count(sumSQL(side, g))
		if err != nil || n == 0 {
			return 0, err
		}
		counts[i] = n
		if !lq.oneEach(i) || n != all {
			ask = append(ask, i)
		}
	}
	if lq.exact {
		switch {
		case len(ask) == 0 && len(lq.exclude) == 0:
			return all, nil
		case len(ask) == 0:
			var args []any
			excluded, err := count(`SELECT count(*) FROM (`+selectTerms(side, termsOf(lq.exclude), &args)+`)`, args)
			return all - excluded, err
		case len(lq.exclude) > 0:
		case len(ask) == 1 && lq.oneEach(ask[0]):
			return counts[ask[0]], nil
		case len(ask) == 2 && lq.status >= 0 && slices.Contains(ask, lq.status):
			other := ask[0]
			if other == lq.status {
				other = ask[1]
			}
			if lq.oneEach(lq.status) && lq.oneEach(other) {
				return count(sumSQL(pairSide(side), lq.pairRanges(other)))
			}
		}
	}
	if len(ask) == 0 {
		ask = []int{0} // an inexact query's groups, every one had by every company: look at them all
	}
	// The companies of the rarest group, narrowed by each group of not
	// many more, read whole and met in memory: a few reads of an index
	// each, where asking of each company would be a read of its own.
	slices.SortFunc(ask, func(x, y int) int { return counts[x] - counts[y] })
	numbers := func(g []termRange) (map[string]bool, error) {
		var args []any
		rs, err := db.QueryContext(ctx, selectTerms(side, g, &args), args...)
		if err != nil {
			return nil, err
		}
		defer rs.Close()
		set := map[string]bool{}
		for rs.Next() {
			var n string
			if err := rs.Scan(&n); err != nil {
				return nil, err
			}
			set[n] = true
		}
		return set, rs.Err()
	}
	found, err := numbers(lq.groups[ask[0]])
	if err != nil {
		return 0, err
	}
	asked := !lq.exact // the groups left make the companies found be looked at one by one
	for _, i := range ask[1:] {
		if counts[i] > setsOver*len(found) {
			asked = true
			continue
		}
		in, err := numbers(lq.groups[i])
		if err != nil {
			return 0, err
		}
		maps.DeleteFunc(found, func(n string, _ bool) bool { return !in[n] })
		if len(found) == 0 {
			return 0, nil
		}
	}
	if len(lq.exclude) > 0 {
		out, err := numbers(termsOf(lq.exclude)) // names' words, not many each
		if err != nil {
			return 0, err
		}
		maps.DeleteFunc(found, func(n string, _ bool) bool { return out[n] })
	}
	if !asked {
		return len(found), nil
	}
	// Each company found, asked of its terms (of its row in the file, when
	// the terms find more than the query), a batch at a time.
	n := 0
	var check ids
	batch := make([]any, 0, 500)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		rs, err := db.QueryContext(ctx, `SELECT coalesce(fileid, 0), terms FROM live WHERE number IN (`+
			strings.TrimSuffix(strings.Repeat("?,", len(batch)), ",")+`)`, batch...)
		batch = batch[:0]
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var packed string
			var id int64
			if err := rs.Scan(&id, &packed); err != nil {
				return err
			}
			switch {
			case !lq.termsMatch(side, unpackTerms(packed)):
			case lq.exact:
				n++
			default:
				check = append(check, uint32(id))
			}
		}
		return rs.Err()
	}
	for number := range found {
		if batch = append(batch, number); len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	if len(check) == 0 || side != sideGone {
		return n, nil
	}
	slices.Sort(check)
	err = ix.readRows(ctx, check, false, func(s *scanned) bool {
		if a.m.matches(ix.unpack(s)) {
			n++
		}
		return true
	})
	return n, err
}

// setsOver is how many times as many companies as those found so far a
// group must have for them to be asked of it one by one rather than its
// companies read whole.
const setsOver = 8

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
func (a *liveAdjust) inFile(base int) int { return base - len(a.dropped) - a.gone + len(a.added) }

// walk calls fn with the ids of the file's companies the query now finds,
// in order, until fn returns false.
func (ix *Index) walk(ctx context.Context, p *plan, a *liveAdjust, fn func(uint32) bool) error {
	added := a.added
	stopped := false
	var gone *goneIDs
	if a.gone > 0 {
		db, err := ix.liveDB()
		if db == nil || err != nil {
			return err
		}
		if gone, err = newGoneIDs(ctx, db); err != nil {
			return liveError(ix, err)
		}
		defer gone.close()
	}
	emit := func(id uint32) bool {
		for len(added) > 0 && added[0] < id {
			if !fn(added[0]) {
				stopped = true
				return false
			}
			added = added[1:]
		}
		if a.dropped[id] || gone != nil && gone.has(id) {
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
	if err == nil && gone != nil {
		err = gone.err
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

// goneIDs tells a walk which of the file's ids are of companies taken
// off the register, the ids coming in order: it asks the overlay for the
// first such id at or after the one asked about, which answers for every
// id up to it. A page near the start asks a few times; a walk of the
// whole file once for each company taken off, not once for each row.
type goneIDs struct {
	ctx        context.Context
	st         *sql.Stmt
	from, next int64 // next: the first id at or after from taken off; math.MaxInt64 for none
	err        error
}

func newGoneIDs(ctx context.Context, db *sql.DB) (*goneIDs, error) {
	st, err := db.PrepareContext(ctx, `SELECT fileid FROM live WHERE onreg = 0 AND fileid IS NOT NULL AND fileid >= ? ORDER BY fileid LIMIT 1`)
	if err != nil {
		return nil, err
	}
	return &goneIDs{ctx: ctx, st: st, from: -1, next: -1}, nil
}

func (g *goneIDs) has(id uint32) bool {
	n := int64(id)
	if g.err != nil {
		return false
	}
	if n < g.from || n > g.next {
		g.from = n
		err := g.st.QueryRowContext(g.ctx, n).Scan(&g.next)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			g.next = math.MaxInt64
		case err != nil:
			g.err = err
			return false
		}
	}
	return n == g.next
}

func (g *goneIDs) close() { g.st.Close() }
