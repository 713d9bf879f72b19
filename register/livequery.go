package register

import (
	"fmt"
	"slices"
	"strings"
)

// liveQuery is a query as the overlay's terms answer it: groups of terms
// a company must have one of each of, and the terms it must have none
// of (liveterms.go).
type liveQuery struct {
	groups  [][]termRange
	exclude []string
	// several: the groups of which a company may have more than one
	// term (SIC codes), by index.
	several map[int]bool
	// exact: a company of the overlay with the terms matches the query
	// (the matcher says so too); else the terms find more, which the
	// matcher narrows.
	exact bool
	// status: the group of statuses, by index; -1 for none.
	status int
}

// termRange is the terms from lo to hi, both in; one term when lo is hi.
type termRange struct{ lo, hi string }

func oneTerm(t string) termRange { return termRange{t, t} }

// maxTerm is above every term that begins with what it follows.
const maxTerm = "\U0010FFFF"

// liveQueryOf is the matcher's query in terms: the same rules, the
// plan's terms.
func liveQueryOf(m *matcher) liveQuery {
	q := m.q
	lq := liveQuery{exact: true, status: -1}
	values := func(prefix string, vs []string) []termRange {
		var g []termRange
		for _, v := range vs {
			g = append(g, oneTerm(prefix+v))
		}
		return g
	}
	if len(q.Statuses) > 0 {
		lq.status = len(lq.groups)
		lq.groups = append(lq.groups, values(termStatus, q.Statuses))
	}
	if len(q.Types) > 0 {
		g := values(termType, q.Types)
		if slices.ContainsFunc(q.Types, func(t string) bool { return slices.Contains(cicTypes, t) }) {
			// A community interest company of no type is either: found
			// by its type "" and its subtype, and narrowed by the matcher.
			g = append(g, oneTerm(termType), oneTerm(termSubtype+CommunityInterestCompany))
			lq.exact = false
		}
		lq.groups = append(lq.groups, g)
	}
	if len(q.Subtypes) > 0 {
		lq.groups = append(lq.groups, values(termSubtype, q.Subtypes))
	}
	if len(q.SICCodes) > 0 {
		lq.several = map[int]bool{len(lq.groups): true}
		lq.groups = append(lq.groups, values(termSIC, q.SICCodes))
	}
	switch pc := m.postcode; {
	case pc.check != "":
		lq.groups = append(lq.groups, []termRange{{termPostcode + pc.check, termPostcode + pc.check + maxTerm}})
	case pc.term != "":
		lq.groups = append(lq.groups, []termRange{oneTerm(pc.term)})
	}
	if q.IncorporatedFrom != "" || q.IncorporatedTo != "" {
		// "i:" alone is no day, which no range holds.
		r := termRange{termDay + "\x01", termDay + maxTerm}
		if q.IncorporatedFrom != "" {
			r.lo = termDay + q.IncorporatedFrom
		}
		if q.IncorporatedTo != "" {
			r.hi = termDay + q.IncorporatedTo
		}
		lq.groups = append(lq.groups, []termRange{r})
	}
	for _, w := range m.location {
		lq.groups = append(lq.groups, []termRange{oneTerm(termWord + w)})
	}
	for _, w := range m.include {
		lq.groups = append(lq.groups, []termRange{oneTerm(termName + w)})
	}
	for _, w := range m.exclude {
		lq.exclude = append(lq.exclude, termName+w)
	}
	return lq
}

// selectTerms is a SELECT of the numbers of a side that have any of the
// terms of rs, with its arguments added to args.
func selectTerms(side int, rs []termRange, args *[]any) string {
	var parts, one []string
	for _, r := range rs {
		if r.lo == r.hi {
			one = append(one, r.lo)
			continue
		}
		parts = append(parts, `SELECT number FROM terms WHERE side = ? AND term >= ? AND term <= ?`)
		*args = append(*args, side, r.lo, r.hi)
	}
	if len(one) > 0 {
		parts = append(parts, `SELECT number FROM terms WHERE side = ? AND term IN (`+strings.TrimSuffix(strings.Repeat("?,", len(one)), ",")+`)`)
		*args = append(*args, side)
		for _, t := range one {
			*args = append(*args, t)
		}
	}
	return strings.Join(parts, " UNION ")
}

// newSQL is a SELECT of the numbers of the companies new since the file
// that have a term of each group and none excluded, with its arguments.
func (lq *liveQuery) newSQL() (string, []any) {
	var args []any
	var b strings.Builder
	groups := lq.groups
	if len(groups) == 0 {
		groups = [][]termRange{{oneTerm(termAll)}}
	}
	for i, g := range groups {
		if i > 0 {
			b.WriteString(" INTERSECT ")
		}
		b.WriteString("SELECT number FROM (" + selectTerms(sideNew, g, &args) + ")")
	}
	if len(lq.exclude) > 0 {
		b.WriteString(" EXCEPT SELECT number FROM (" + selectTerms(sideNew, termsOf(lq.exclude), &args) + ")")
	}
	return b.String(), args
}

func termsOf(ts []string) []termRange {
	out := make([]termRange, len(ts))
	for i, t := range ts {
		out[i] = oneTerm(t)
	}
	return out
}

// oneEach reports whether a company has one term of the group at most
// (every group but SIC codes, of which a company may have several), so
// that the counts of its terms add up to how many companies have one.
func (lq *liveQuery) oneEach(group int) bool {
	return !lq.several[group] || len(lq.groups[group]) == 1
}

// sumSQL is a SELECT of the sum of the counts of a side's terms of rs.
func sumSQL(side int, rs []termRange) (string, []any) {
	var args []any
	var parts []string
	var one []string
	for _, r := range rs {
		if r.lo == r.hi {
			one = append(one, r.lo)
			continue
		}
		parts = append(parts, `(SELECT coalesce(sum(n), 0) FROM counts WHERE side = ? AND term >= ? AND term <= ?)`)
		args = append(args, side, r.lo, r.hi)
	}
	if len(one) > 0 {
		parts = append(parts, `(SELECT coalesce(sum(n), 0) FROM counts WHERE side = ? AND term IN (`+strings.TrimSuffix(strings.Repeat("?,", len(one)), ",")+`))`)
		args = append(args, side)
		for _, t := range one {
			args = append(args, t)
		}
	}
	return `SELECT ` + strings.Join(parts, " + "), args
}

// singles are the group's terms when it has no range.
func singles(g []termRange) ([]string, bool) {
	var ts []string
	for _, r := range g {
		if r.lo != r.hi {
			return nil, false
		}
		ts = append(ts, r.lo)
	}
	return ts, true
}

// termsMatch reports whether terms of a side (sorted) have a term of
// each of the query's groups and none excluded: the query's answer for
// a company of those terms, when the query is exact.
func (lq *liveQuery) termsMatch(side int, ts []sideTerm) bool {
	has := func(r termRange) bool {
		for _, t := range ts {
			if t.side == side && t.term >= r.lo && t.term <= r.hi {
				return true
			}
		}
		return false
	}
	for _, g := range lq.groups {
		if !slices.ContainsFunc(g, has) {
			return false
		}
	}
	for _, t := range lq.exclude {
		if has(oneTerm(t)) {
			return false
		}
	}
	return true
}

// walkNewSQL is a SELECT of the companies new since the file, in the
// order of the alphabetical index, that have a term of each of the
// query's groups of single terms and none excluded: each company is
// asked about as it is come to, so that a page near the start costs
// little however many match. The groups of ranges are left to the
// matcher.
func (lq *liveQuery) walkNewSQL() (string, []any) {
	var args []any
	where := []string{`l.onreg = 1`, `l.fileid IS NULL`}
	in := func(ts []string) string {
		for _, t := range ts {
			args = append(args, t)
		}
		return `EXISTS (SELECT 1 FROM terms t WHERE t.side = ` + fmt.Sprint(sideNew) + ` AND t.term IN (` +
			strings.TrimSuffix(strings.Repeat("?,", len(ts)), ",") + `) AND t.number = l.number)`
	}
	for _, g := range lq.groups {
		if ts, ok := singles(g); ok && len(ts) > 0 {
			where = append(where, in(ts))
		}
	}
	if len(lq.exclude) > 0 {
		where = append(where, `NOT `+in(lq.exclude))
	}
	return `SELECT ` + liveColumns + ` FROM live l WHERE ` + strings.Join(where, " AND ") + ` ORDER BY l.alpha, l.number`, args
}
