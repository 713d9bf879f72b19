package register

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"coview/api"
)

// Query is a search of the index by what companies are: every filter of
// the registry's advanced search, and a postcode.
type Query struct {
	api.CompanyQuery
	// Postcode is a full postcode (LS1 4AB), a sector (LS1 4), a district
	// (LS1, which is not LS10 to LS19) or an area (LS: letters only, so M
	// is not ME).
	Postcode string
}

// IsZero reports whether the query asks for nothing.
func (q Query) IsZero() bool { return q.CompanyQuery.IsZero() && strings.TrimSpace(q.Postcode) == "" }

// LacksError is a search for what the register's file does not hold.
type LacksError struct {
	What string
}

func (e *LacksError) Error() string { return e.What }

// errDissolved is the index asked for dissolved companies.
var errDissolved = &LacksError{What: "dissolved companies are not in the register's file, which holds only the companies on the register: the registry's own search finds them (without --offline)"}

// ceasedStatuses are the statuses of companies that have left the
// register, which its file does not hold.
var ceasedStatuses = []string{"dissolved", "closed", "converted-closed", "removed"}

// PostcodeError is a postcode that is none of the forms a search takes.
type PostcodeError struct{ Value string }

func (e *PostcodeError) Error() string {
	return fmt.Sprintf("postcode %q is not a postcode, a district or an area: give one as LS1 4AB, LS1 4, LS1 or LS", e.Value)
}

// postcodeQuery is a postcode as a search reads it: the posting list it
// narrows to, and the prefix of the kept postcode to check, if any.
type postcodeQuery struct {
	term  string // a district's or an area's posting list
	check string // the postcode, or its sector, as kept ("LS1 4AB", "LS1 4")
}

func readPostcode(s string) (postcodeQuery, error) {
	t := strings.ToUpper(strings.Join(strings.Fields(s), " "))
	if pc := Postcode(t); pc != "" {
		return postcodeQuery{term: termDistrict + postcodeDistrict(pc), check: pc}, nil
	}
	out, in, spaced := strings.Cut(t, " ")
	switch {
	case spaced && outward(out) && len(in) == 1 && isDigit(in[0]):
		return postcodeQuery{term: termDistrict + out, check: out + " " + in}, nil
	case spaced:
	case len(t) <= 2 && isLetter(t[0]) && (len(t) == 1 || isLetter(t[1])):
		return postcodeQuery{term: termArea + t}, nil
	case outward(t):
		return postcodeQuery{term: termDistrict + t}, nil
	}
	return postcodeQuery{}, &PostcodeError{Value: s}
}

// plan is how a search is answered: the sets of companies the answer is
// within and those it is outside (posting lists, decoded), and what is
// checked on each company read.
type plan struct {
	within  []ids
	outside []ids
	checks  []func(*scanned) bool
	needRow bool
}

// plan works out a query's plan.
func (ix *Index) plan(ctx context.Context, q Query) (*plan, error) {
	if q.IsZero() {
		return nil, &api.QueryError{Param: "query", Value: "", Reason: "asks for nothing: give a name, a status, a type, a SIC code, a place, a postcode or a date"}
	}
	q.CompanyQuery = q.CompanyQuery.Normal()
	if err := q.Check(); err != nil {
		return nil, err
	}
	if asksDissolved(q.CompanyQuery) {
		return nil, errDissolved
	}
	p := &plan{}
	if len(q.Statuses) > 0 {
		if err := ix.facet(ctx, p, termStatus, q.Statuses, nil); err != nil {
			return nil, err
		}
	}
	if len(q.Types) > 0 {
		// A community interest company's type is not in the file: it is
		// found by a search for either type it may be (cicTypes).
		var also []ids
		if slices.ContainsFunc(q.Types, func(t string) bool { return slices.Contains(cicTypes, t) }) {
			untyped, err := ix.list(ctx, termType)
			if err != nil {
				return nil, err
			}
			cics, err := ix.list(ctx, termSubtype+CommunityInterestCompany)
			if err != nil {
				return nil, err
			}
			also = append(also, intersect(untyped, cics))
		}
		if err := ix.facet(ctx, p, termType, q.Types, also); err != nil {
			return nil, err
		}
	}
	lists := func(prefix string, values []string) error {
		var ls []ids
		for _, v := range values {
			l, err := ix.list(ctx, prefix+v)
			if err != nil {
				return err
			}
			ls = append(ls, l)
		}
		p.within = append(p.within, union(ix.maxID(), ls))
		return nil
	}
	if len(q.Subtypes) > 0 {
		if err := lists(termSubtype, q.Subtypes); err != nil {
			return nil, err
		}
	}
	if len(q.SICCodes) > 0 {
		if err := lists(termSIC, q.SICCodes); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(q.Postcode) != "" {
		pq, err := readPostcode(q.Postcode)
		if err != nil {
			return nil, err
		}
		if err := lists("", []string{pq.term}); err != nil {
			return nil, err
		}
		if pq.check != "" {
			p.check(func(s *scanned) bool {
				return strings.HasPrefix(Postcode(unpackAddress(s.address).PostalCode), pq.check)
			})
		}
	}
	if q.IncorporatedFrom != "" || q.IncorporatedTo != "" {
		if err := ix.days(ctx, p, q.IncorporatedFrom, q.IncorporatedTo); err != nil {
			return nil, err
		}
	}
	var numeric []string
	for _, w := range words(q.Location) {
		if digitsOnly(w) {
			numeric = append(numeric, w)
			continue
		}
		if err := lists(termWord, []string{w}); err != nil {
			return nil, err
		}
	}
	if len(numeric) > 0 {
		p.check(func(s *scanned) bool { return hasWords(addressWords(s.address), numeric, nil) })
	}
	if err := ix.names(ctx, q, p); err != nil {
		return nil, err
	}
	slices.SortFunc(p.within, func(a, b ids) int { return len(a) - len(b) })
	return p, nil
}

func (p *plan) check(fn func(*scanned) bool) {
	p.checks = append(p.checks, fn)
	p.needRow = true
}

// facet narrows to the companies with any of values of a facet each
// company has one value of (a status, a type), and also to those of
// also. When those are most of the register (active, ltd), the answer is
// found as outside the others instead: their lists are short, where
// reading the millions of the asked ones would take a search's whole
// budget.
func (ix *Index) facet(ctx context.Context, p *plan, prefix string, values []string, also []ids) error {
	counts, err := ix.facetCounts(ctx, prefix)
	if err != nil {
		return err
	}
	asked := 0
	for _, v := range values {
		asked += counts[v]
	}
	var lists []ids
	if asked <= ix.meta.Rows/2 {
		for _, v := range values {
			l, err := ix.list(ctx, prefix+v)
			if err != nil {
				return err
			}
			lists = append(lists, l)
		}
		p.within = append(p.within, union(ix.maxID(), append(lists, also...)))
		return nil
	}
	for v := range counts {
		if slices.Contains(values, v) {
			continue
		}
		l, err := ix.list(ctx, prefix+v)
		if err != nil {
			return err
		}
		lists = append(lists, l)
	}
	others := union(ix.maxID(), lists)
	for _, a := range also {
		others = minus(others, a)
	}
	p.outside = append(p.outside, others)
	return nil
}

// namesCap is the most names a word may be in and be read from the
// names' FTS5 index: a word in more has a posting list (namelists.go).
const namesCap = 20000

// names narrows by the words of the name: each word most names have by
// its posting list, the rarer ones by the names' FTS5 index, which finds
// at most namesCap companies for each.
func (ix *Index) names(ctx context.Context, q Query, p *plan) error {
	include, exclude := words(q.NameIncludes), words(q.NameExcludes)
	if len(include) == 0 && len(exclude) == 0 {
		return nil
	}
	var rareIn, rareOut []string
	for _, w := range include {
		l, err := ix.list(ctx, termName+w)
		if err != nil {
			return err
		}
		if len(l) == 0 {
			rareIn = append(rareIn, w)
			continue
		}
		p.within = append(p.within, l)
	}
	for _, w := range exclude {
		l, err := ix.list(ctx, termName+w)
		if err != nil {
			return err
		}
		if len(l) == 0 {
			rareOut = append(rareOut, w)
			continue
		}
		p.outside = append(p.outside, l)
	}
	if len(rareIn) > 0 {
		few, err := ix.match(ctx, quoted(rareIn, " "), -1)
		if err != nil {
			return err
		}
		p.within = append(p.within, few)
	}
	if len(rareOut) > 0 {
		few, err := ix.match(ctx, quoted(rareOut, " OR "), -1)
		if err != nil {
			return err
		}
		p.outside = append(p.outside, few)
	}
	return nil
}

func quoted(ws []string, sep string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
	}
	return strings.Join(q, sep)
}

// hasWords reports whether have holds every word of all and none of none.
func hasWords(have, all, none []string) bool {
	for _, w := range all {
		if !slices.Contains(have, w) {
			return false
		}
	}
	for _, w := range none {
		if slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// addressWords are the words of a packed address, as the index keeps
// them, the care-of line left out (it is nobody's address).
func addressWords(packed string) []string {
	a := unpackAddress(packed)
	return words(strings.Join([]string{a.POBox, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode}, " "))
}

// narrowed is the intersection of the plan's sets, less those outside.
func (ix *Index) narrowed(p *plan) ids {
	c := p.within[0]
	for _, s := range p.within[1:] {
		c = intersect(c, s)
	}
	switch len(p.outside) {
	case 0:
		return c
	case 1:
		return minus(c, p.outside[0])
	}
	return ix.outsideBits(p).remove(c)
}

// outsideBits are the companies outside the plan's answer, as bits.
func (ix *Index) outsideBits(p *plan) bitset {
	out := newBitset(ix.maxID())
	for _, o := range p.outside {
		out.add(o)
	}
	return out
}

// candidates calls fn with the ids the plan's sets leave, in order, until
// fn returns false: the sets' intersection, else every company, less
// those outside.
func (ix *Index) candidates(ctx context.Context, p *plan, fn func(uint32) bool) error {
	if len(p.within) > 0 {
		for i, id := range ix.narrowed(p) {
			if i%4096 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if !fn(id) {
				return nil
			}
		}
		return nil
	}
	out := ix.outsideBits(p)
	for id := uint32(1); id <= ix.maxID(); id++ {
		if id%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if !out.has(id) && !fn(id) {
			return nil
		}
	}
	return nil
}

// matches calls fn with the companies the plan finds, read, in order,
// until fn returns false; each with the live overlay's company, if it
// has one (scanned.live).
func (ix *Index) matches(ctx context.Context, p *plan, fn func(*scanned) bool) error {
	return ix.matching(ctx, p, true, fn)
}

// matchIDs is matches for the file's rows alone: what only their ids
// are wanted of.
func (ix *Index) matchIDs(ctx context.Context, p *plan, fn func(*scanned) bool) error {
	return ix.matching(ctx, p, false, fn)
}

func (ix *Index) matching(ctx context.Context, p *plan, over bool, fn func(*scanned) bool) error {
	batch := make(ids, 0, rowsAtOnce)
	stopped := false
	flush := func() error {
		err := ix.readRows(ctx, batch, over, func(s *scanned) bool {
			for _, c := range p.checks {
				if !c(s) {
					return true
				}
			}
			if !fn(s) {
				stopped = true
				return false
			}
			return true
		})
		batch = batch[:0]
		return err
	}
	var err error
	cerr := ix.candidates(ctx, p, func(id uint32) bool {
		batch = append(batch, id)
		if len(batch) == rowsAtOnce {
			err = flush()
		}
		return err == nil && !stopped
	})
	if err != nil {
		return err
	}
	if cerr != nil {
		return cerr
	}
	if len(batch) > 0 && !stopped {
		return flush()
	}
	return nil
}

// Count is how many companies the query finds, all of them.
func (ix *Index) Count(ctx context.Context, q Query) (int, error) {
	defer ix.use()()
	p, err := ix.plan(ctx, q)
	if err != nil {
		return 0, err
	}
	a, err := ix.adjust(ctx, q)
	if err != nil {
		return 0, err
	}
	n, err := ix.count(ctx, p)
	if a != nil {
		n = a.hits(n)
	}
	return n, err
}

// count is how many companies a plan finds.
func (ix *Index) count(ctx context.Context, p *plan) (int, error) {
	var err error
	n := 0
	switch {
	case p.needRow:
		err = ix.matchIDs(ctx, p, func(*scanned) bool { n++; return true })
	case len(p.within) > 0:
		n = len(ix.narrowed(p))
	default:
		n = int(ix.maxID()) - ix.outsideBits(p).count()
	}
	return n, err
}

// Search is a page of the companies the query finds, in the file's order
// (the registry files companies by name), as the registry's advanced
// search answers: hits counts them all. There is no cap on how deep a
// page may be.
func (ix *Index) Search(ctx context.Context, q Query, page api.Page) (*api.FoundCompanies, error) {
	defer ix.use()()
	page = api.AdvancedPage(page)
	p, err := ix.plan(ctx, q)
	if err != nil {
		return nil, err
	}
	out := newFound(page)
	a, err := ix.adjust(ctx, q)
	if err != nil {
		return nil, err
	}
	if a != nil {
		hits, err := ix.searchLive(ctx, p, a, out)
		if err != nil {
			return nil, err
		}
		out.finish(hits)
		return out.FoundCompanies, nil
	}
	hits := 0
	in := func(i int) bool { return i >= page.StartIndex && i < page.StartIndex+page.ItemsPerPage }
	found := func(s *scanned) bool {
		out.Items = append(out.Items, ix.company(s).Found())
		return true
	}
	switch {
	case p.needRow:
		err = ix.matches(ctx, p, func(s *scanned) bool {
			if in(hits) {
				found(s)
			}
			hits++
			return true
		})
	case len(p.within) > 0:
		c := ix.narrowed(p)
		hits = len(c)
		if page.StartIndex < hits {
			err = ix.rows(ctx, c[page.StartIndex:min(page.StartIndex+page.ItemsPerPage, hits)], found)
		}
	default:
		// Only what the answer is outside of: every other company, which
		// are counted, not listed, and paged through from the first.
		hits = int(ix.maxID()) - ix.outsideBits(p).count()
		var want ids
		i := 0
		err = ix.candidates(ctx, p, func(id uint32) bool {
			if in(i) {
				want = append(want, id)
			}
			i++
			return i < page.StartIndex+page.ItemsPerPage
		})
		if err == nil {
			err = ix.rows(ctx, want, found)
		}
	}
	if err != nil {
		return nil, err
	}
	out.finish(hits)
	return out.FoundCompanies, nil
}

// found is a page of the advanced search being made.
type found struct{ *api.FoundCompanies }

func newFound(page api.Page) found {
	out := &api.FoundCompanies{Asked: page}
	out.Kind, out.StartIndex, out.ItemsPerPage = "search#advanced-search", page.StartIndex, page.ItemsPerPage
	return found{out}
}

// finish gives the page its count, its top hit, its word for nothing
// found and its JSON.
func (f found) finish(hits int) {
	f.Hits = &hits
	if len(f.Items) > 0 {
		top := f.Items[0]
		f.TopHit = &top
	} else if f.Asked.StartIndex == 0 {
		f.Empty = "No companies match."
	}
	f.Raw = rawFound(f.FoundCompanies)
}

// Each calls fn with every company the query finds, in order, until fn
// returns an error, which Each returns.
func (ix *Index) Each(ctx context.Context, q Query, fn func(*Company) error) error {
	defer ix.use()()
	p, err := ix.plan(ctx, q)
	if err != nil {
		return err
	}
	a, err := ix.adjust(ctx, q)
	if err != nil {
		return err
	}
	var ferr error
	if a != nil {
		err = ix.eachLive(ctx, p, a, func(c *Company) bool {
			ferr = fn(c)
			return ferr == nil
		})
	} else {
		err = ix.matches(ctx, p, func(s *scanned) bool {
			ferr = fn(ix.company(s))
			return ferr == nil
		})
	}
	if ferr != nil {
		return ferr
	}
	return err
}

// rowsAtOnce is how many companies one statement reads.
const rowsAtOnce = 256

// rows reads the companies of want, in order, calling fn with each until
// it returns false; each with the live overlay's company, if it has one
// (scanned.live).
func (ix *Index) rows(ctx context.Context, want ids, fn func(*scanned) bool) error {
	return ix.readRows(ctx, want, true, fn)
}

func (ix *Index) readRows(ctx context.Context, want ids, over bool, fn func(*scanned) bool) error {
	st, err := ix.stmt(ctx, "rows", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", rowsAtOnce), ",")+`) ORDER BY c.id`)
	if err != nil {
		return err
	}
	args := make([]any, rowsAtOnce)
	var got []scanned
	var ptrs []*scanned
	for len(want) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := min(len(want), rowsAtOnce)
		for i := range args {
			args[i] = int64(0) // no company has id 0
			if i < n {
				args[i] = int64(want[i])
			}
		}
		want = want[n:]
		rs, err := st.QueryContext(ctx, args...)
		if err != nil {
			return err
		}
		got = got[:0]
		for rs.Next() {
			var s scanned
			if err := rs.Scan(s.dest()...); err != nil {
				rs.Close()
				return err
			}
			got = append(got, s)
		}
		if err := rs.Close(); err != nil {
			return err
		}
		if err := rs.Err(); err != nil {
			return err
		}
		// The live overlay's companies in place of the file's rows.
		if over {
			ptrs = ptrs[:0]
			for i := range got {
				ptrs = append(ptrs, &got[i])
			}
			if err := ix.liveOver(ctx, ptrs); err != nil {
				return err
			}
		}
		for i := range got {
			if !fn(&got[i]) {
				return nil
			}
		}
	}
	return nil
}

// list is a posting list, decoded. Its chunks are read first and the
// list made at its size: a list of a million ids grown as it is decoded
// would be copied over and over.
func (ix *Index) list(ctx context.Context, term string) (ids, error) {
	st, err := ix.stmt(ctx, "list", `SELECT first, n, ids FROM postings WHERE term = ? ORDER BY first`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, term)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	type head struct {
		first uint32
		end   int
	}
	var heads []head
	var blobs []byte
	total := 0
	for rs.Next() {
		var first int64
		var n int
		var blob sql.RawBytes
		if err := rs.Scan(&first, &n, &blob); err != nil {
			return nil, err
		}
		blobs = append(blobs, blob...)
		heads = append(heads, head{uint32(first), len(blobs)})
		total += n
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	out := make(ids, 0, total)
	from := 0
	for _, h := range heads {
		out = decodeChunk(out, h.first, blobs[from:h.end])
		from = h.end
	}
	return out, nil
}

// days narrows to the companies incorporated from one day to another,
// either end open (""): those within the range, or, when most of the
// register is, those outside it (and those of no day), which are fewer.
func (ix *Index) days(ctx context.Context, p *plan, from, to string) error {
	lo, hi := termDay+"0", termDay+"9"
	if from != "" {
		lo = termDay + from
	}
	if to != "" {
		hi = termDay + to
	}
	var inside int
	st, err := ix.stmt(ctx, "daysCount", `SELECT coalesce(sum(n), 0) FROM postings WHERE term >= ? AND term <= ?`)
	if err != nil {
		return err
	}
	if err := st.QueryRowContext(ctx, lo, hi).Scan(&inside); err != nil {
		return err
	}
	if inside <= ix.meta.Rows/2 {
		set, err := ix.terms(ctx, "termsIn", `term >= ? AND term <= ?`, lo, hi)
		if err != nil {
			return err
		}
		p.within = append(p.within, set)
		return nil
	}
	// Outside: the days before (and no day at all, the term "i:"), and
	// the days after.
	before, err := ix.terms(ctx, "termsBelow", `term >= ? AND term < ?`, termDay, lo)
	if err != nil {
		return err
	}
	after, err := ix.terms(ctx, "termsAbove", `term > ? AND term < ?`, hi, termDay[:1]+";")
	if err != nil {
		return err
	}
	p.outside = append(p.outside, before, after)
	return nil
}

// terms are the companies in the posting lists of the terms between lo
// and hi, as where says.
func (ix *Index) terms(ctx context.Context, name, where, lo, hi string) (ids, error) {
	st, err := ix.stmt(ctx, name, `SELECT first, ids FROM postings WHERE `+where)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, lo, hi)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	b := newBitset(ix.maxID())
	var buf ids
	for rs.Next() {
		var first int64
		var blob []byte
		if err := rs.Scan(&first, &blob); err != nil {
			return nil, err
		}
		buf = decodeChunk(buf[:0], uint32(first), blob)
		b.add(buf)
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	return b.ids(), nil
}

// facetCounts are how many companies have each value of a facet each
// company has one value of (status, type), read once.
func (ix *Index) facetCounts(ctx context.Context, prefix string) (map[string]int, error) {
	ix.mu.Lock()
	if c, ok := ix.facets[prefix]; ok {
		ix.mu.Unlock()
		return c, nil
	}
	ix.mu.Unlock()
	if err := ix.ready(ctx); err != nil {
		return nil, err
	}
	rs, err := ix.db.QueryContext(ctx, `SELECT term, sum(n) FROM postings WHERE term >= ? AND term < ? GROUP BY term`, prefix, prefix+"\xff")
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	counts := map[string]int{}
	for rs.Next() {
		var term string
		var n int
		if err := rs.Scan(&term, &n); err != nil {
			return nil, err
		}
		counts[strings.TrimPrefix(term, prefix)] = n
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	ix.mu.Lock()
	ix.facets[prefix] = counts
	ix.mu.Unlock()
	return counts, nil
}

// match is the companies whose names match an FTS5 query, in order; at
// most limit of them, unless it is negative.
func (ix *Index) match(ctx context.Context, query string, limit int) (ids, error) {
	st, err := ix.stmt(ctx, "match", `SELECT rowid FROM names WHERE names MATCH ? LIMIT ?`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, query, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out ids
	for rs.Next() {
		var id int64
		if err := rs.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, uint32(id))
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	slices.Sort(out) // FTS5 answers in rowid order; this costs nothing then
	return out, nil
}

func (ix *Index) maxID() uint32 { return uint32(ix.meta.Rows) }
