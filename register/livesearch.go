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
// is: the file's companies it finds, less those taken off the register
// (or dissolved) since and those whose terms have changed, with those
// whose terms have changed that it finds now, in the file's order, each
// with the overlay's values; then the companies new since the file that
// match, in the order of the alphabetical index (the file's order is the
// registry's, by name, which they have no place in). The count agrees
// with the rows. How many of each there are comes from the counts of
// their terms (liveterms.go), whatever their number; which they are is
// asked of the overlay only for the rows a page shows.

// liveAdjust is how the overlay changes a query's answer.
type liveAdjust struct {
	gone   int // how many of the file's companies found were taken off the register
	was    int // how many of the file's companies found have changed terms
	now    int // how many of those with changed terms the query finds now
	extras int // how many companies not in the file match
	m      *matcher
	lq     liveQuery
}

// adjust is how the overlay changes the answer to q; nil when it changes
// nothing.
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
	a := &liveAdjust{m: m, lq: liveQueryOf(m)}
	for _, c := range []struct {
		to   *int
		side int
	}{{&a.gone, sideGone}, {&a.was, sideWas}, {&a.now, sideNow}} {
		if *c.to, err = ix.countOn(ctx, db, a, c.side, nil); err != nil {
			return nil, liveError(ix, err)
		}
	}
	if a.extras, err = ix.countExtras(ctx, db, a); err != nil {
		return nil, liveError(ix, err)
	}
	if a.gone == 0 && a.was == 0 && a.now == 0 && a.extras == 0 {
		return nil, nil
	}
	return a, nil
}

func liveError(ix *Index, err error) error {
	return fmt.Errorf("the live overlay %s cannot be read: %w", LivePath(ix.path), err)
}

// countExtras is how many companies not in the file the query finds.
func (ix *Index) countExtras(ctx context.Context, db *sql.DB, a *liveAdjust) (int, error) {
	if !a.lq.exact {
		n := 0
		err := ix.extras(ctx, db, a, 0, -1, func(*Company) bool { n++; return true })
		return n, err
	}
	return ix.countOn(ctx, db, a, sideNew, nil)
}

// countOn is how many companies of a side the query finds: sideGone,
// the file's taken off the register, as the file has them; sideWas and
// sideNow, the file's on the register whose terms have changed, as the
// file has them and as they are now; sideNew, those new since the file,
// only when the query is exact. With collect, each it finds is given to
// it: its number and its file id (0 for none).
//
// The counts of the side's terms say how many for a query of one group,
// or of the status and one group; a group every company of the side has
// asks nothing (new companies were all incorporated this year, and are
// nearly all active). Else the companies of the side that have a term
// of the query's rarest group are read, narrowed by each group of not
// many more, and those left are asked of their terms (of their rows in
// the file, or their values now, when the terms find more than the
// query).
func (ix *Index) countOn(ctx context.Context, db *sql.DB, a *liveAdjust, side int, collect func(number string, id uint32)) (int, error) {
	lq := &a.lq
	all, err := countTerms(ctx, db, side, []termRange{oneTerm(termAll)})
	if err != nil || all == 0 {
		return 0, err
	}
	var ask [][]termRange   // the groups not every company of the side has
	var sizes, index []int  // how many rows of terms each has; its place in the query
	status, other := -1, -1 // of ask: the status group's, and the one other
	for i, g := range lq.groups {
		n, err := countTerms(ctx, db, side, g)
		if err != nil || n == 0 {
			return 0, err
		}
		if lq.oneEach(i) && n == all {
			continue
		}
		if i == lq.status {
			status = len(ask)
		} else {
			other = len(ask)
		}
		ask, sizes, index = append(ask, g), append(sizes, n), append(index, i)
	}
	if lq.exact && collect == nil {
		switch {
		case len(ask) == 0 && len(lq.exclude) == 0:
			return all, nil
		case len(ask) == 0:
			var args []any
			var excluded int
			err := db.QueryRowContext(ctx, `SELECT count(*) FROM (`+selectTerms(side, termsOf(lq.exclude), &args)+`)`, args...).Scan(&excluded)
			return all - excluded, err
		case len(lq.exclude) > 0:
		case len(ask) == 1 && lq.oneEach(index[0]):
			return sizes[0], nil
		case len(ask) == 2 && status >= 0 && lq.oneEach(lq.status) && lq.oneEach(index[other]):
			var pairs []termRange
			for _, st := range ask[status] {
				for _, r := range ask[other] {
					pairs = append(pairs, termRange{pairTerm(st.lo, r.lo), pairTerm(st.lo, r.hi)})
				}
			}
			return countTerms(ctx, db, pairSide(side), pairs)
		}
	}
	if len(ask) == 0 {
		ask, sizes = [][]termRange{{oneTerm(termAll)}}, []int{all}
	}
	order := make([]int, len(ask))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return sizes[x] - sizes[y] })
	// The companies of the rarest group, narrowed by each group of not
	// many more, read whole and met in memory: a few reads of an index
	// each, where asking of each company would be a read of its own.
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
	found, err := numbers(ask[order[0]])
	if err != nil {
		return 0, err
	}
	// asked: the companies found are to be asked one by one, of the
	// groups left or of their rows.
	asked := !lq.exact || collect != nil && side != sideNew
	for _, i := range order[1:] {
		if sizes[i] > ix.overlay.tuning().setsOver*len(found) {
			asked = true
			continue
		}
		in, err := numbers(ask[i])
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
		if collect != nil {
			for number := range found {
				collect(number, 0)
			}
		}
		return len(found), nil
	}
	// Each company found, asked of its terms (and of its row in the file,
	// or its values now, when the terms find more than the query), a batch
	// at a time.
	n := 0
	var check ids // of the file's rows to match
	batch := make([]any, 0, 500)
	columns := `l.number, coalesce(l.fileid, 0), l.terms`
	if !lq.exact && side == sideNow {
		columns += `, ` + liveColumns
	}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		rs, err := db.QueryContext(ctx, `SELECT `+columns+` FROM live l WHERE l.number IN (`+
			strings.TrimSuffix(strings.Repeat("?,", len(batch)), ",")+`)`, batch...)
		batch = batch[:0]
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var number, packed string
			var id int64
			var c *Company
			if !lq.exact && side == sideNow {
				var name, address, rest string
				var gone, onreg bool
				if err := rs.Scan(&number, &id, &packed, &number, &gone, &onreg, &name, &address, &rest); err != nil {
					return err
				}
				c = ix.unpack(&scanned{number: number, name: name, address: address, rest: rest})
			} else if err := rs.Scan(&number, &id, &packed); err != nil {
				return err
			}
			switch {
			case !lq.termsMatch(side, unpackTerms(packed)):
			case c != nil && !a.m.matches(c):
			case lq.exact || c != nil:
				n++
				if collect != nil {
					collect(number, uint32(id))
				}
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
	if len(check) == 0 {
		return n, nil
	}
	slices.Sort(check)
	err = ix.readRows(ctx, check, false, func(s *scanned) bool {
		if a.m.matches(ix.unpack(s)) {
			n++
			if collect != nil {
				collect(s.number, uint32(s.id))
			}
		}
		return true
	})
	return n, err
}

// liveTune is how a search reads the overlay where there are two ways:
// walkOver is how many companies new since the file a query must find
// for its page of them to be found by walking them in order rather than
// by collecting and sorting them all; backChunk how many companies with
// changed terms are read at a time, in order; backInOrder makes every
// walk read those in order; setsOver is how many times as many
// companies as a count has found so far a group must have for them to
// be asked of it one by one rather than its companies read whole. Tests
// set them on an index of their own, to try both ways.
type liveTune struct {
	walkOver, backChunk, setsOver int
	backInOrder                   bool
}

var defaultTune = liveTune{walkOver: 2000, backChunk: 128, setsOver: 8}

func (v *liveView) tuning() liveTune {
	if v.tune != nil {
		return *v.tune
	}
	return defaultTune
}

// extras calls fn with the companies not in the file the query finds,
// in the order of the alphabetical index, from the skip-th, until fn
// returns false or limit were (limit < 0: no limit).
func (ix *Index) extras(ctx context.Context, db *sql.DB, a *liveAdjust, skip, limit int, fn func(*Company) bool) error {
	set, args := a.lq.newSQL()
	q := `SELECT ` + liveColumns + ` FROM live l WHERE l.onreg = 1 AND l.number IN (` + set + `) ORDER BY l.alpha, l.number`
	newOnes, err := countTerms(ctx, db, sideNew, []termRange{oneTerm(termAll)})
	if err != nil {
		return liveError(ix, err)
	}
	switch {
	case a.extras > ix.overlay.tuning().walkOver || a.extras > newOnes/2:
		// Many, or most of the new: walked in order, a page costs what
		// it shows.
		q, args = a.lq.walkNewSQL()
	case a.lq.exact:
		// Those found collected as a count finds them, then read in order.
		var numbers []any
		if _, err := ix.countOn(ctx, db, a, sideNew, func(n string, _ uint32) { numbers = append(numbers, n) }); err != nil {
			return liveError(ix, err)
		}
		if len(numbers) == 0 {
			return nil
		}
		q = `SELECT ` + liveColumns + ` FROM live l WHERE l.number IN (` + strings.TrimSuffix(strings.Repeat("?,", len(numbers)), ",") +
			`) ORDER BY l.alpha, l.number LIMIT ? OFFSET ?`
		args = append(numbers, limit, skip)
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
func (a *liveAdjust) inFile(base int) int { return base - a.gone - a.was + a.now }

// walk calls fn with the ids of the file's companies the query now finds,
// in order, until fn returns false: the file's answer less the companies
// taken off and those whose terms changed, merged with those whose terms
// changed that the query finds now. share is about how much of the
// answer the walk will go through (1: all of it), which says how those
// are best found.
func (ix *Index) walk(ctx context.Context, p *plan, a *liveAdjust, share float64, fn func(uint32) bool) error {
	stopped := false
	var out *outIDs
	var back *backIDs
	if a.gone+a.was > 0 || a.now > 0 {
		db, err := ix.liveDB()
		if db == nil || err != nil {
			return err
		}
		if a.gone+a.was > 0 {
			if out, err = newOutIDs(ctx, db); err != nil {
				return liveError(ix, err)
			}
			defer out.close()
		}
		if a.now > 0 {
			if back, err = ix.newBackIDs(ctx, db, a, share); err != nil {
				return liveError(ix, err)
			}
		}
	}
	emit := func(id uint32) bool {
		for back != nil {
			b, ok := back.peek()
			if !ok || b >= id {
				break
			}
			back.pop()
			if !fn(b) {
				stopped = true
				return false
			}
		}
		if out != nil && out.has(id) {
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
	if err == nil && out != nil {
		err = out.err
	}
	if err != nil || stopped {
		return err
	}
	for back != nil {
		b, ok := back.peek()
		if !ok {
			break
		}
		back.pop()
		if !fn(b) {
			break
		}
	}
	if back != nil {
		return back.err
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
	werr := ix.walk(ctx, p, a, 1, func(id uint32) bool {
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
		err := ix.walk(ctx, p, a, float64(end)/float64(inFile), func(id uint32) bool {
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

// outIDs tells a walk which of the file's ids are of companies taken off
// the register or with changed terms, the ids coming in order: it asks
// the overlay for the first such id at or after the one asked about,
// which answers for every id up to it. A page near the start asks a few
// times; a walk of the whole file once for each such company, not once
// for each row.
type outIDs struct {
	ctx        context.Context
	st         *sql.Stmt
	from, next int64 // next: the first such id at or after from; math.MaxInt64 for none
	err        error
}

func newOutIDs(ctx context.Context, db *sql.DB) (*outIDs, error) {
	st, err := db.PrepareContext(ctx, `SELECT fileid FROM live WHERE fileid IS NOT NULL AND (onreg = 0 OR terms != '') AND fileid >= ? ORDER BY fileid LIMIT 1`)
	if err != nil {
		return nil, err
	}
	return &outIDs{ctx: ctx, st: st, from: -1, next: -1}, nil
}

func (g *outIDs) has(id uint32) bool {
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

func (g *outIDs) close() { g.st.Close() }

// backIDs are the file ids of the companies with changed terms that the
// query finds now, in order, for a walk to put back: worked out whole
// from the query's terms when few have its rarest group, else read in
// order as the walk comes to them, when it goes through less of the
// answer than that would cost.
type backIDs struct {
	list ids // worked out whole; or
	// read in order: from the overlay's companies with changed terms
	ctx   context.Context
	ix    *Index
	db    *sql.DB
	a     *liveAdjust
	after int64 // the last file id read
	done  bool
	err   error
}

func (ix *Index) newBackIDs(ctx context.Context, db *sql.DB, a *liveAdjust, share float64) (*backIDs, error) {
	b := &backIDs{ctx: ctx, ix: ix, db: db, a: a, after: -1}
	changed, err := countTerms(ctx, db, sideNow, []termRange{oneTerm(termAll)})
	if err != nil {
		return nil, err
	}
	rarest := changed
	for _, g := range a.lq.groups {
		n, err := countTerms(ctx, db, sideNow, g)
		if err != nil {
			return nil, err
		}
		rarest = min(rarest, n)
	}
	if !ix.overlay.tuning().backInOrder && float64(rarest) <= float64(changed)*min(share, 1) {
		var list ids
		if _, err := ix.countOn(ctx, db, a, sideNow, func(_ string, id uint32) { list = append(list, id) }); err != nil {
			return nil, err
		}
		slices.Sort(list)
		b.list, b.done = list, true
	}
	return b, nil
}

func (b *backIDs) peek() (uint32, bool) {
	for len(b.list) == 0 && !b.done {
		b.read()
	}
	if len(b.list) == 0 {
		return 0, false
	}
	return b.list[0], true
}

func (b *backIDs) pop() { b.list = b.list[1:] }

// read reads the next chunk of the companies with changed terms, in
// order, keeping those the query finds now.
func (b *backIDs) read() {
	lq := &b.a.lq
	chunk := b.ix.overlay.tuning().backChunk
	rs, err := b.db.QueryContext(b.ctx, `SELECT `+liveColumns+`, l.fileid, l.terms FROM live l
		WHERE l.onreg = 1 AND l.fileid IS NOT NULL AND l.terms != '' AND l.fileid > ? ORDER BY l.fileid LIMIT ?`, b.after, chunk)
	if err != nil {
		b.err, b.done = err, true
		return
	}
	defer rs.Close()
	n := 0
	for rs.Next() {
		n++
		var id int64
		var packed string
		r, err := b.ix.scanLive(rs, &id, &packed)
		if err != nil {
			b.err, b.done = err, true
			return
		}
		b.after = id
		if lq.termsMatch(sideNow, unpackTerms(packed)) && (lq.exact || b.a.m.matches(r.c)) {
			b.list = append(b.list, uint32(id))
		}
	}
	if err := rs.Err(); err != nil {
		b.err, b.done = err, true
		return
	}
	if n < chunk {
		b.done = true
	}
}

// countTerms is how many rows of terms of a side have a term of rs, from
// the counts the follow keeps.
func countTerms(ctx context.Context, db *sql.DB, side int, rs []termRange) (int, error) {
	q, args := sumSQL(side, rs)
	var n int
	err := db.QueryRowContext(ctx, q, args...).Scan(&n)
	return n, err
}
