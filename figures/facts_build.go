package figures

import (
	"fmt"
	"strings"
)

// buildFacts turns the facts as tagged into Facts: their contexts' periods
// and dimensions, their units, their values read under their formats.
func (r *reader) buildFacts() []Fact {
	out := make([]Fact, 0, len(r.facts))
	for i := range r.facts {
		raw := &r.facts[i]
		f := Fact{Concept: raw.concept, Context: raw.contextRef, Numeric: raw.numeric, Decimals: raw.decimals,
			Format: raw.format, Hidden: raw.hidden, Line: raw.line}
		why := ""
		ctx := r.contexts[raw.contextRef]
		switch {
		case !raw.conceptOK:
			why = "its name " + quote(raw.conceptRaw) + " has a prefix the document does not declare"
		case ctx == nil:
			why = "it refers to a context " + quote(raw.contextRef) + " that the document does not have"
		case !ctx.ok:
			why = "its context " + quote(raw.contextRef) + " has no period that can be read"
		default:
			f.Period, f.Dims = ctx.period, ctx.dims
		}
		if raw.numeric {
			f.Unit = r.units[raw.unitRef]
			if why == "" {
				f.Value, f.HasValue, why = readFact(raw)
			}
		} else {
			f.Text = r.textOf(raw)
		}
		if why != "" {
			f.HasValue = false
			f.Problem = &Problem{Kind: ProblemUnreadable, Concept: raw.conceptRaw, Context: raw.contextRef, Detail: why, Line: raw.line}
			if rules := rulesOf(familyOf(raw.concept.Space), raw.concept.Local); len(rules) > 0 && len(rules[0].dims) == 0 {
				// Named for the figure its concept carries undimensioned;
				// candidates names it exactly once its context is known.
				f.Problem.Figure = rules[0].name
			}
		}
		out = append(out, f)
	}
	return out
}

// readFact reads a numeric fact's value: its text under its format, times
// ten to its scale, negated by its sign.
func readFact(raw *rawFact) (Number, bool, string) {
	if raw.nil {
		return Number{}, false, ""
	}
	if raw.over {
		return Number{}, false, "its text is too long to be a number"
	}
	key := ""
	if raw.hasFormat {
		switch {
		case !raw.formatOK:
			return Number{}, false, "its format " + quote(raw.formatRaw) + " has a prefix the document does not declare"
		case !knownRegistry(raw.format.Space):
			return Number{}, false, "its format " + quote(raw.formatRaw) + " is not from a transformation registry coview knows"
		}
		key = formatKey(raw.format.Local)
		if numberRuleOf(key) == ruleUnknown {
			return Number{}, false, "its format " + quote(raw.formatRaw) + " is not one coview knows"
		}
	}
	n, has, why := readNumber(string(raw.text), key)
	if why != "" || !has {
		return Number{}, has, why
	}
	if raw.scale != "" {
		s := atoiSigned(strings.TrimSpace(raw.scale))
		if s < -maxExp || s > maxExp {
			return Number{}, false, "its scale " + quote(raw.scale) + " is not a whole number of a sensible size"
		}
		var ok bool
		if n, ok = n.scaled(s); !ok {
			return Number{}, false, "its value with scale " + raw.scale + " is too large"
		}
	}
	switch strings.TrimSpace(raw.sign) {
	case "":
	case "-":
		n = n.Neg()
	default:
		return Number{}, false, "its sign " + quote(raw.sign) + " is not \"-\""
	}
	return n, true, ""
}

// textOf is a text fact's text: its own, then each continuation's in
// turn, as far as the chain goes (a chain that loops is followed once).
func (r *reader) textOf(raw *rawFact) string {
	var b strings.Builder
	b.Write(raw.text)
	seen := map[string]bool{}
	for at, steps := raw.continuedAt, 0; at != "" && steps < maxChain && !seen[at]; steps++ {
		seen[at] = true
		c := r.conts[at]
		if c == nil {
			break
		}
		b.WriteByte(' ')
		b.Write(c.text)
		at = c.continuedAt
	}
	return b.String()
}

// collapse is text with its runs of blank space made one space.
func collapse(s string) string {
	return strings.Join(strings.FieldsFunc(s, isSpace), " ")
}

// businessFacts reads what the document says about itself: the period
// it covers, the company's name and number, whether it is dormant.
func businessFacts(rep *Report, facts []Fact) {
	for i := range facts {
		f := &facts[i]
		if f.Numeric || f.Problem != nil || familyOf(f.Concept.Space) != famBusiness {
			continue
		}
		key := ""
		if f.Format.Local != "" {
			key = formatKey(f.Format.Local)
		}
		switch f.Concept.Local {
		case conceptStart:
			if d, ok := readDate(f.Text, key); ok && rep.Start.IsZero() {
				rep.Start = d
			}
		case conceptEnd, conceptBSDate:
			d, ok := readDate(f.Text, key)
			if !ok && !f.Period.End.IsZero() {
				d, ok = f.Period.End, true
			}
			if ok && (rep.End.IsZero() || f.Concept.Local == conceptEnd) {
				rep.End = d
			}
		case conceptLegalName:
			if rep.Name == "" {
				rep.Name = collapse(f.Text)
			}
		case conceptNumber:
			if rep.Number == "" {
				rep.Number = collapse(f.Text)
			}
		case conceptDormant:
			if v, ok := readBool(f.Text, key); ok && rep.Dormant == nil {
				rep.Dormant = &v
			}
		}
	}
}

// unreadable lists the problems of the facts that could not be read.
func unreadable(facts []Fact) []*Problem {
	var out []*Problem
	for i := range facts {
		if facts[i].Problem != nil {
			out = append(out, facts[i].Problem)
		}
	}
	return out
}

// unknownTaxonomy says which namespaces hold the numbers of a document
// none of whose numbers could be taken for a figure.
func unknownTaxonomy(facts []Fact) *Problem {
	seen := map[string]bool{}
	var spaces []string
	for i := range facts {
		f := &facts[i]
		if f.Numeric && familyOf(f.Concept.Space) == famUnknown && !seen[f.Concept.Space] {
			seen[f.Concept.Space] = true
			spaces = append(spaces, quote(f.Concept.Space))
		}
	}
	if len(spaces) == 0 {
		return nil
	}
	if len(spaces) > 3 {
		spaces = append(spaces[:3], "…")
	}
	return &Problem{Kind: ProblemUnknownTaxonomy, Detail: fmt.Sprintf(
		"the document tags its numbers in a taxonomy coview does not read figures from (%s): no figures were read from them",
		strings.Join(spaces, ", "))}
}
