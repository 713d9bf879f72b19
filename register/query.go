package register

import (
	"context"
	"database/sql"
	"errors"
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

// ErrDissolved is the index asked for dissolved companies.
var errDissolved = &LacksError{What: "dissolved companies are not in the register's file, which holds only the companies on the register: the registry's own search finds them (--live)"}

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

// plan is how a search is answered: the companies its filters narrow the
// register to (from posting lists and the names' index), and what is then
// checked on each company read.
type plan struct {
	all     bool // no list narrows it: every company is a candidate
	ids     ids
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
	if q.DissolvedFrom != "" || q.DissolvedTo != "" || slices.ContainsFunc(q.Statuses, func(s string) bool { return slices.Contains(ceasedStatuses, s) }) {
		return nil, errDissolved
	}
	var sets []ids
	p := &plan{}
	add := func(terms []string) error {
		var lists []ids
		for _, t := range terms {
			l, err := ix.list(ctx, t)
			if err != nil {
				return err
			}
			lists = append(lists, l)
		}
		sets = append(sets, union(ix.maxID(), lists))
		return nil
	}
	listOf := func(prefix string, values []string) []string {
		out := make([]string, len(values))
		for i, v := range values {
			out[i] = prefix + v
		}
		return out
	}
	if len(q.Statuses) > 0 {
		if err := add(listOf(termStatus, q.Statuses)); err != nil {
			return nil, err
		}
	}
	if len(q.Types) > 0 {
		if err := ix.addTypes(ctx, q.Types, &sets); err != nil {
			return nil, err
		}
	}
	if len(q.Subtypes) > 0 {
		if err := add(listOf(termSubtype, q.Subtypes)); err != nil {
			return nil, err
		}
	}
	if len(q.SICCodes) > 0 {
		if err := add(listOf(termSIC, q.SICCodes)); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(q.Postcode) != "" {
		pq, err := readPostcode(q.Postcode)
		if err != nil {
			return nil, err
		}
		if err := add([]string{pq.term}); err != nil {
			return nil, err
		}
		if pq.check != "" {
			p.check(func(s *scanned) bool {
				return strings.HasPrefix(Postcode(unpackAddress(s.address).PostalCode), pq.check)
			})
		}
	}
	if q.IncorporatedFrom != "" || q.IncorporatedTo != "" {
		days, err := ix.days(ctx, q.IncorporatedFrom, q.IncorporatedTo)
		if err != nil {
			return nil, err
		}
		sets = append(sets, days)
	}
	var numeric []string
	for _, w := range words(q.Location) {
		if digitsOnly(w) {
			numeric = append(numeric, w)
			continue
		}
		if err := add([]string{termWord + w}); err != nil {
			return nil, err
		}
	}
	if len(numeric) > 0 {
		p.check(func(s *scanned) bool { return hasWords(addressWords(s.address), numeric, nil) })
	}
	if err := ix.names(ctx, q, &sets, p); err != nil {
		return nil, err
	}
	if len(sets) == 0 {
		p.all = true
		return p, nil
	}
	slices.SortFunc(sets, func(a, b ids) int { return len(a) - len(b) })
	p.ids = sets[0]
	for _, s := range sets[1:] {
		p.ids = intersect(p.ids, s)
	}
	return p, nil
}

func (p *plan) check(fn func(*scanned) bool) {
	p.checks = append(p.checks, fn)
	p.needRow = true
}

// addTypes narrows to the types asked for. A community interest company's
// type is not in the file: it is found by a search for either type it may
// be (cicTypes).
func (ix *Index) addTypes(ctx context.Context, types []string, sets *[]ids) error {
	var lists []ids
	for _, t := range types {
		l, err := ix.list(ctx, termType+t)
		if err != nil {
			return err
		}
		lists = append(lists, l)
	}
	if slices.ContainsFunc(types, func(t string) bool { return slices.Contains(cicTypes, t) }) {
		untyped, err := ix.list(ctx, termType)
		if err != nil {
			return err
		}
		cics, err := ix.list(ctx, termSubtype+CommunityInterestCompany)
		if err != nil {
			return err
		}
		lists = append(lists, intersect(untyped, cics))
	}
	*sets = append(*sets, union(ix.maxID(), lists))
	return nil
}

// namesFirst is how many times more companies than the other filters
// leave a name's words may match before the names are checked on each of
// those companies rather than looked up in the names' index.
const namesFirst = 50

// names narrows by the words of the name: in the names' index, or, when
// the other filters leave far fewer companies than the words match, by
// reading the names of those.
func (ix *Index) names(ctx context.Context, q Query, sets *[]ids, p *plan) error {
	include, exclude := words(q.NameIncludes), words(q.NameExcludes)
	if len(include) == 0 && len(exclude) == 0 {
		return nil
	}
	smallest := -1
	for _, s := range *sets {
		if smallest < 0 || len(s) < smallest {
			smallest = len(s)
		}
	}
	if len(include) > 0 {
		est, err := ix.wordCount(ctx, include)
		if err != nil {
			return err
		}
		if smallest >= 0 && est > namesFirst*smallest {
			p.check(func(s *scanned) bool { return hasWords(words(s.name), include, exclude) })
			return nil
		}
		match := quoted(include, " ")
		if len(exclude) > 0 {
			match += " NOT (" + quoted(exclude, " OR ") + ")"
		}
		l, err := ix.match(ctx, match)
		if err != nil {
			return err
		}
		*sets = append(*sets, l)
		return nil
	}
	// Only words the name must not have.
	if smallest < 0 {
		p.check(func(s *scanned) bool { return hasWords(words(s.name), nil, exclude) })
		return nil
	}
	excluded, err := ix.match(ctx, quoted(exclude, " OR "))
	if err != nil {
		return err
	}
	for i := range *sets {
		(*sets)[i] = minus((*sets)[i], excluded)
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

// Count is how many companies the query finds, all of them.
func (ix *Index) Count(ctx context.Context, q Query) (int, error) {
	p, err := ix.plan(ctx, q)
	if err != nil {
		return 0, err
	}
	if !p.needRow {
		if p.all {
			return int(ix.maxID()), nil
		}
		return len(p.ids), nil
	}
	n := 0
	err = ix.walk(ctx, p, func(*scanned) bool { n++; return true })
	return n, err
}

// Search is a page of the companies the query finds, in the file's order
// (the registry files companies by name), as the registry's advanced
// search answers: hits counts them all. There is no cap on how deep a
// page may be.
func (ix *Index) Search(ctx context.Context, q Query, page api.Page) (*api.FoundCompanies, error) {
	page = api.AdvancedPage(page)
	p, err := ix.plan(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &api.FoundCompanies{Asked: page}
	out.Kind, out.StartIndex, out.ItemsPerPage = "search#advanced-search", page.StartIndex, page.ItemsPerPage
	var hits int
	if !p.needRow {
		hits = len(p.ids)
		if p.all {
			hits = int(ix.maxID())
		}
		if page.StartIndex < hits {
			end := min(page.StartIndex+page.ItemsPerPage, hits)
			var want ids
			if p.all {
				for id := page.StartIndex + 1; id <= end; id++ {
					want = append(want, uint32(id))
				}
			} else {
				want = p.ids[page.StartIndex:end]
			}
			err = ix.rows(ctx, want, func(s *scanned) bool {
				out.Items = append(out.Items, ix.company(s).Found())
				return true
			})
		}
	} else {
		err = ix.walk(ctx, p, func(s *scanned) bool {
			if hits >= page.StartIndex && hits < page.StartIndex+page.ItemsPerPage {
				out.Items = append(out.Items, ix.company(s).Found())
			}
			hits++
			return true
		})
	}
	if err != nil {
		return nil, err
	}
	out.Hits = &hits
	if len(out.Items) > 0 {
		top := out.Items[0]
		out.TopHit = &top
	} else if page.StartIndex == 0 {
		out.Empty = "No companies match."
	}
	out.Raw = rawFound(out)
	return out, nil
}

// Each calls fn with every company the query finds, in order, until fn
// returns an error, which Each returns.
func (ix *Index) Each(ctx context.Context, q Query, fn func(*Company) error) error {
	p, err := ix.plan(ctx, q)
	if err != nil {
		return err
	}
	var ferr error
	visit := func(s *scanned) bool {
		ferr = fn(ix.company(s))
		return ferr == nil
	}
	if p.all && !p.needRow {
		p.needRow = true // every company, read in turn
	}
	if p.needRow {
		err = ix.walk(ctx, p, visit)
	} else {
		err = ix.rows(ctx, p.ids, visit)
	}
	if ferr != nil {
		return ferr
	}
	return err
}

// walk reads the plan's candidates in order, calling fn with those that
// pass its checks, until fn returns false.
func (ix *Index) walk(ctx context.Context, p *plan, fn func(*scanned) bool) error {
	pass := func(s *scanned) bool {
		for _, c := range p.checks {
			if !c(s) {
				return true
			}
		}
		return fn(s)
	}
	if !p.all {
		return ix.rows(ctx, p.ids, pass)
	}
	const step = 2048
	for from := uint32(0); from < ix.maxID(); from += step {
		want := make(ids, 0, step)
		for id := from + 1; id <= min(from+step, ix.maxID()); id++ {
			want = append(want, id)
		}
		stopped := false
		if err := ix.rows(ctx, want, func(s *scanned) bool {
			if !pass(s) {
				stopped = true
				return false
			}
			return true
		}); err != nil || stopped {
			return err
		}
	}
	return nil
}

// rowsAtOnce is how many companies one statement reads.
const rowsAtOnce = 256

// rows reads the companies of want, in order, calling fn with each until
// it returns false.
func (ix *Index) rows(ctx context.Context, want ids, fn func(*scanned) bool) error {
	st, err := ix.stmt(ctx, "rows", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", rowsAtOnce), ",")+`) ORDER BY c.id`)
	if err != nil {
		return err
	}
	args := make([]any, rowsAtOnce)
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
		for rs.Next() {
			var s scanned
			if err := rs.Scan(s.dest()...); err != nil {
				rs.Close()
				return err
			}
			if !fn(&s) {
				rs.Close()
				return nil
			}
		}
		if err := rs.Close(); err != nil {
			return err
		}
		if err := rs.Err(); err != nil {
			return err
		}
	}
	return nil
}

// list is a posting list, decoded.
func (ix *Index) list(ctx context.Context, term string) (ids, error) {
	st, err := ix.stmt(ctx, "list", `SELECT first, ids FROM postings WHERE term = ? ORDER BY first`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, term)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out ids
	for rs.Next() {
		var first int64
		var blob []byte
		if err := rs.Scan(&first, &blob); err != nil {
			return nil, err
		}
		out = decodeChunk(out, uint32(first), blob)
	}
	return out, rs.Err()
}

// days are the companies incorporated from one day to another, either
// end open ("").
func (ix *Index) days(ctx context.Context, from, to string) (ids, error) {
	lo, hi := termDay+from, termDay+"9999"
	if to != "" {
		hi = termDay + to
	}
	st, err := ix.stmt(ctx, "days", `SELECT first, ids FROM postings WHERE term >= ? AND term <= ?`)
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

// match is the companies whose names match an FTS5 query.
func (ix *Index) match(ctx context.Context, query string) (ids, error) {
	st, err := ix.stmt(ctx, "match", `SELECT rowid FROM names WHERE names MATCH ?`)
	if err != nil {
		return nil, err
	}
	rs, err := st.QueryContext(ctx, query)
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

// wordCount is how many names hold the rarest of ws, at most: an
// estimate of what a search for all of them finds.
func (ix *Index) wordCount(ctx context.Context, ws []string) (int, error) {
	st, err := ix.stmt(ctx, "vocab", `SELECT doc FROM names_vocab WHERE term = ?`)
	if err != nil {
		return 0, err
	}
	least := -1
	for _, w := range ws {
		var n int
		err := st.QueryRowContext(ctx, w).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		if least < 0 || n < least {
			least = n
		}
	}
	return least, nil
}

func (ix *Index) maxID() uint32 { return uint32(ix.meta.Rows) }
