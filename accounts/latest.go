package accounts

import (
	"time"

	"coview/figures"
)

// Latest is what a company's newest accounts say of it: their own year's
// figures and the year before's, as those accounts give them. They are
// the company's own figures, or, when the accounts give only a group's,
// the group's.
type Latest struct {
	Filed  *Filed
	Year   *figures.Year // nil when the accounts have no figures
	Before *figures.Year // nil when they give no year before (a first year)
}

// Latest is what the newest of the accounts read says; nil when none
// was read.
func (c *Company) Latest() *Latest {
	if c == nil || len(c.Filed) == 0 {
		return nil
	}
	return LatestOf(c.Filed[0])
}

// LatestOf is what one accounts filing says of its year and the one
// before.
func LatestOf(fa *Filed) *Latest {
	l := &Latest{Filed: fa}
	if fa == nil || fa.Report == nil {
		return l
	}
	for _, group := range []bool{false, true} {
		if y := current(fa.Report, group); y != nil {
			l.Year = y
			l.Before = before(fa.Report, y)
			return l
		}
	}
	return l
}

// current is the report's own year, for the group or the company; else
// its newest year.
func current(r *figures.Report, group bool) *figures.Year {
	var newest *figures.Year
	for i := range r.Years {
		y := &r.Years[i]
		if y.Consolidated != group {
			continue
		}
		if y.Current {
			return y
		}
		if newest == nil || y.End.After(newest.End) {
			newest = y
		}
	}
	return newest
}

// before is the year before y in the same report, for the same group or
// company: the latest that ends before y does, within two years.
func before(r *figures.Report, y *figures.Year) *figures.Year {
	var out *figures.Year
	for i := range r.Years {
		o := &r.Years[i]
		if o.Consolidated != y.Consolidated || !o.End.Before(y.End) || o.End.Before(y.End.AddDate(-2, 0, 0)) {
			continue
		}
		if out == nil || o.End.After(out.End) {
			out = o
		}
	}
	return out
}

// End is the balance sheet date of the year, zero when there is none.
func (l *Latest) End() time.Time {
	if l == nil || l.Year == nil {
		return time.Time{}
	}
	return l.Year.End
}

// Figure is a figure of the year, and of the year before (ok false
// when the year does not give it).
func (l *Latest) Figure(n figures.Name) (now figures.Figure, then *figures.Figure, ok bool) {
	if l == nil || l.Year == nil {
		return figures.Figure{}, nil, false
	}
	now, ok = l.Year.Figures[n]
	if l.Before != nil {
		if f, has := l.Before.Figures[n]; has {
			then = &f
		}
	}
	return now, then, ok
}

// SignKind is a red flag the figures raise.
type SignKind int

// The red flags from the figures.
const (
	// NegativeNetAssets: the company owes more than it owns.
	NegativeNetAssets SignKind = iota + 1
	// NetCurrentLiabilities: what falls due within a year is more than
	// the current assets that could meet it.
	NetCurrentLiabilities
	// NetAssetsFell: net assets less than half of the year before's.
	NetAssetsFell
)

// Sign is a red flag and the figures that raise it: To is the year's
// figure, From the year before's (for a fall).
type Sign struct {
	Kind     SignKind
	From, To figures.Figure
}

// Signs are the red flags the latest accounts raise, gravest first: net
// assets fallen by more than half from the year before, negative net
// assets, net current liabilities. None when they have no figures.
func (l *Latest) Signs() []Sign {
	var out []Sign
	if na, prev, ok := l.Figure(figures.NetAssets); ok {
		if prev != nil && prev.Value.Sign() > 0 && na.Value.Float64()*2 < prev.Value.Float64() {
			out = append(out, Sign{Kind: NetAssetsFell, From: *prev, To: na})
		}
		if na.Value.Sign() < 0 {
			out = append(out, Sign{Kind: NegativeNetAssets, To: na})
		}
	}
	if nca, _, ok := l.Figure(figures.NetCurrentAssets); ok && nca.Value.Sign() < 0 {
		out = append(out, Sign{Kind: NetCurrentLiabilities, To: nca})
	}
	return out
}
