package figures

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// candidate is a fact that may carry a figure.
type candidate struct {
	fact  *Fact
	rule  rule
	group bool
}

// report resolves what was read into a Report.
func (r *reader) report() *Report {
	rep := &Report{Taxonomies: r.schemas}
	rep.Facts = r.buildFacts()
	businessFacts(rep, rep.Facts)
	rep.Problems = append(unreadable(rep.Facts), r.problems...)
	cands := candidates(rep.Facts)
	if len(cands) == 0 {
		if p := unknownTaxonomy(rep.Facts); p != nil {
			rep.Problems = append(rep.Problems, p)
		}
		return rep
	}
	for _, p := range reportingPeriods(rep, cands) {
		for _, group := range []bool{true, false} {
			y := yearOf(p, group, cands)
			if len(y.Figures) > 0 || len(y.Problem) > 0 {
				rep.Years = append(rep.Years, y)
				rep.Problems = append(rep.Problems, yearProblems(y)...)
			}
		}
	}
	return rep
}

// candidates are the facts that carry a figure under some rule, each with
// the rules it meets and whether it is the group's.
func candidates(facts []Fact) []candidate {
	var out []candidate
	explicitGroup, explicitCompany := false, false
	for i := range facts {
		f := &facts[i]
		if !f.Numeric || f.Period.End.IsZero() {
			continue
		}
		rules := rulesOf(familyOf(f.Concept.Space), f.Concept.Local)
		if len(rules) == 0 {
			continue
		}
		other, group, explicit := splitDims(f.Dims)
		for _, ru := range rules {
			if sameDims(other, ru.dims) {
				if f.Problem != nil {
					f.Problem.Figure = ru.name
				}
				out = append(out, candidate{fact: f, rule: ru, group: group})
				if explicit && group {
					explicitGroup = true
				} else if explicit {
					explicitCompany = true
				}
			}
		}
	}
	// Facts without the group or company dimension are the company's,
	// unless the document marks only its company figures, when they are
	// the group's.
	if explicitCompany && !explicitGroup {
		for i := range out {
			_, _, explicit := splitDims(out[i].fact.Dims)
			if !explicit {
				out[i].group = true
			}
		}
	}
	return out
}

// splitDims parts a fact's dimensions into the group-or-company one and
// the others.
func splitDims(dims []Member) (other []Member, group, explicit bool) {
	for _, m := range dims {
		if g, ok := consolidation(m); ok {
			group, explicit = g, true
			continue
		}
		other = append(other, m)
	}
	return other, group, explicit
}

// sameDims reports whether a fact's dimensions are exactly a rule's.
func sameDims(have []Member, want []dimension) bool {
	if len(have) != len(want) {
		return false
	}
	for _, w := range want {
		if !slices.ContainsFunc(have, func(m Member) bool {
			return m.Typed == "" && m.Dimension.Local == w.dim && m.Member.Local == w.member
		}) {
			return false
		}
	}
	return true
}

// period is one reporting period: its balance sheet date, and its start
// when known.
type period struct {
	start, end time.Time
	current    bool
}

// reportingPeriods are the document's year and its comparative. The year
// ends where the document says its period ends, or else on the latest
// date a figure is tagged at; the comparative ends the day before the
// year starts (or, when no start is known, on the latest date before,
// within two years). Instants at other dates (balances brought forward in
// the notes) are not periods.
func reportingPeriods(rep *Report, cands []candidate) []period {
	ends := map[time.Time]bool{}
	var latest time.Time
	for _, c := range cands {
		e := c.fact.Period.End
		ends[e] = true
		if e.After(latest) {
			latest = e
		}
	}
	cur := period{end: latest, current: true}
	if !rep.End.IsZero() && ends[rep.End] {
		cur.end = rep.End
	}
	// The year starts where the document says, if its figures over the
	// year say so too; else where most of them start.
	cur.start = commonStart(cands, cur.end)
	if stated := rep.Start; !stated.IsZero() && stated.Before(cur.end) && (cur.start.IsZero() || startsAt(cands, cur.end, stated)) {
		cur.start = stated
	}
	out := []period{cur}
	var prev time.Time
	if !cur.start.IsZero() {
		if d := cur.start.AddDate(0, 0, -1); ends[d] {
			prev = d
		}
	} else {
		floor := cur.end.AddDate(-2, 0, 0)
		for e := range ends {
			if e.Before(cur.end) && e.After(floor) && e.After(prev) {
				prev = e
			}
		}
	}
	if !prev.IsZero() {
		out = append(out, period{start: commonStart(cands, prev), end: prev})
	}
	return out
}

// commonStart is the start of the durations ending at end that most
// figures are tagged over, zero when there are none.
func commonStart(cands []candidate, end time.Time) time.Time {
	count := map[time.Time]int{}
	var best time.Time
	for _, c := range cands {
		p := c.fact.Period
		if p.Instant || !p.End.Equal(end) || p.Start.IsZero() {
			continue
		}
		count[p.Start]++
		if n := count[p.Start]; n > count[best] || n == count[best] && p.Start.Before(best) {
			best = p.Start
		}
	}
	return best
}

// startsAt reports whether some figure is tagged over a duration from
// start to end.
func startsAt(cands []candidate, end, start time.Time) bool {
	return slices.ContainsFunc(cands, func(c candidate) bool {
		p := c.fact.Period
		return !p.Instant && p.End.Equal(end) && p.Start.Equal(start)
	})
}

// fits reports whether a candidate is tagged over or at a period, for its
// figure.
func (c candidate) fits(p period) bool {
	fp := c.fact.Period
	if !fp.End.Equal(p.end) {
		return false
	}
	if c.rule.name.overPeriod() {
		if fp.Instant {
			return c.rule.name == AverageEmployees
		}
		return p.start.IsZero() || fp.Start.Equal(p.start)
	}
	return fp.Instant
}

// yearOf is the figures of a period, for the group or the company.
func yearOf(p period, group bool, cands []candidate) Year {
	y := Year{Start: p.start, End: p.end, Consolidated: group, Current: p.current,
		Figures: map[Name]Figure{}, Problem: map[Name]*Problem{}}
	byName := map[Name][]candidate{}
	for _, c := range cands {
		if c.group == group && c.fits(p) {
			byName[c.rule.name] = append(byName[c.rule.name], c)
		}
	}
	for name, cs := range byName {
		fig, trouble := decide(name, p, cs)
		switch {
		case trouble != nil:
			y.Problem[name] = trouble
		case fig != nil:
			y.Figures[name] = *fig
		}
	}
	return y
}

// decide is a figure's value from the facts that may carry it: the first
// tier with a value read; within it, every value must agree (within the
// accuracy each is tagged with), or the document contradicts itself.
func decide(name Name, p period, cs []candidate) (*Figure, *Problem) {
	var unread *Problem
	for tier := 0; tier <= 1; tier++ {
		var read []*Fact
		for _, c := range cs {
			switch {
			case c.rule.tier != tier:
			case c.fact.HasValue:
				if !slices.Contains(read, c.fact) {
					read = append(read, c.fact)
				}
			case c.fact.Problem != nil && unread == nil:
				unread = c.fact.Problem
			}
		}
		if len(read) == 0 {
			continue
		}
		// The most precise first; of equals, the first in the document.
		slices.SortStableFunc(read, func(a, b *Fact) int { return b.decimalsValue() - a.decimalsValue() })
		ref := read[0]
		for _, f := range read[1:] {
			d := min(ref.decimalsValue(), f.decimalsValue())
			if !ref.Value.round(d).Equal(f.Value.round(d)) {
				return nil, contradiction(name, p, read)
			}
		}
		return &Figure{Name: name, Value: ref.Value, Unit: ref.Unit, Source: Source{
			Concept: conceptName(ref.Concept), Tagged: ref.Concept.String(), Context: ref.Context,
			Period: ref.Period, Hidden: ref.Hidden, Line: ref.Line}}, nil
	}
	return nil, unread
}

// contradiction words two or more values given for one figure.
func contradiction(name Name, p period, facts []*Fact) *Problem {
	var parts []string
	var seen []Number
	for _, f := range facts {
		if slices.Contains(seen, f.Value) {
			continue
		}
		seen = append(seen, f.Value)
		parts = append(parts, fmt.Sprintf("%s (%s, context %s, line %d)", f.Value.Grouped(), f.Concept, quote(f.Context), f.Line))
	}
	words := strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	per := Period{Instant: !name.overPeriod(), Start: p.start, End: p.end}
	return &Problem{Kind: ProblemContradiction, Figure: name, Period: per, Concept: facts[0].Concept.String(),
		Detail: "the document gives it " + words}
}

// yearProblems are a year's contradictions, and values read as tagged
// that are unlikely to be meant.
func yearProblems(y Year) []*Problem {
	var out []*Problem
	for _, n := range Names() {
		if t := y.Problem[n]; t != nil && t.Kind == ProblemContradiction {
			out = append(out, t)
		}
	}
	if f, ok := y.Figures[AverageEmployees]; ok && (!f.Value.IsWhole() || f.Value.Sign() < 0) {
		out = append(out, &Problem{Kind: ProblemOdd, Figure: AverageEmployees, Concept: f.Source.Tagged, Context: f.Source.Context,
			Detail: fmt.Sprintf("average employees for the period to %s read as %s, as tagged (scale and sign applied): an unlikely headcount",
				y.End.Format("2 January 2006"), f.Value.String())})
	}
	return out
}
