package screen

// Plan is what screening a list will take, worked out before any request,
// so that the cost can be said first.
type Plan struct {
	Inputs  int // entries in the list: one row each
	Numbers int // distinct company numbers asked for
	Names   int // distinct names to search for
	Invalid int // entries that are neither: no request
	Repeats int // entries asking for what an earlier one asks: no request
	Deep    bool
}

// PlanFor reads the inputs as Screen will.
func PlanFor(inputs []Input, deep bool) Plan {
	p := Plan{Inputs: len(inputs), Deep: deep}
	seen := map[string]bool{}
	for _, in := range inputs {
		if in.Invalid != "" {
			p.Invalid++
			continue
		}
		q := Read(in.Text)
		k := q.key()
		switch {
		case q.Kind == Unreadable:
			p.Invalid++
		case seen[k]:
			p.Repeats++
		case q.Kind == ByNumber:
			p.Numbers++
		default:
			p.Names++
		}
		seen[k] = true
	}
	return p
}

// MaxRequests is the most requests the list can cost: one for each
// company number and each name, one more for the company each name finds,
// and with Deep up to DeepRequests more for every company (besides one for
// each 100 officers past a company's first 100). Companies asked for
// twice, by number and by a name, and answers a Screener already has,
// cost less.
func (p Plan) MaxRequests() int {
	companies := p.Numbers + p.Names
	n := p.Names + companies
	if p.Deep {
		n += companies * DeepRequests
	}
	return n
}
