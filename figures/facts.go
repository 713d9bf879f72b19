package figures

import "time"

// QName is a name resolved through the document's namespace
// declarations: its namespace URI and local name. Prefix is the one the
// document used, for messages only.
type QName struct {
	Space, Local string
	Prefix       string
}

// String is the name as the document wrote it: "core:NetAssetsLiabilities".
func (q QName) String() string {
	if q.Prefix == "" {
		return q.Local
	}
	return q.Prefix + ":" + q.Local
}

// Period is a context's period: an instant (a balance sheet date) or a
// duration from Start to End, both days inclusive.
type Period struct {
	Instant bool
	Start   time.Time // zero for an instant, or a duration whose start is not known
	End     time.Time // the instant itself, or a duration's last day
}

// words is the period for a sentence: "at 31 March 2025", "for the
// period to 31 March 2025".
func (p Period) words() string {
	if p.Instant {
		return "at " + p.End.Format("2 January 2006")
	}
	return "for the period to " + p.End.Format("2 January 2006")
}

// Member is one dimension of a context's segment or scenario: an
// explicit member (a QName), or a typed one (its text).
type Member struct {
	Dimension QName
	Member    QName  // an explicit member
	Typed     string // a typed member's value
}

// Fact is one tagged fact of a document, as read.
type Fact struct {
	Concept QName
	Context string // the contextRef
	Period  Period
	Dims    []Member
	Unit    string // the unit's measure ("iso4217:GBP", "xbrli:pure"), numeric facts only
	Numeric bool   // ix:nonFraction, as against ix:nonNumeric
	// Value is a numeric fact's value, scale and sign applied; HasValue is
	// false when it has none (nil, or a format meaning no content) or
	// could not be read (Problem is then set).
	Value    Number
	HasValue bool
	Decimals string // as tagged: "0", "-3", "INF", or ""
	Text     string // a text fact's text, continuations joined, exclusions left out
	Format   QName  // the transformation, when there is one
	Hidden   bool   // in ix:hidden
	Line     int    // where it starts in the document
	Problem  *Problem
}

// decimalsValue is a fact's accuracy as a number of decimal places:
// INF or none counts as exact.
func (f *Fact) decimalsValue() int {
	switch f.Decimals {
	case "", "INF":
		return maxExp
	}
	d := atoiSigned(f.Decimals)
	if d < -maxExp || d > maxExp {
		return maxExp
	}
	return d
}

// atoiSigned reads a small signed integer, or a huge value when it is
// not one.
func atoiSigned(s string) int {
	neg := len(s) > 0 && s[0] == '-'
	if neg || (len(s) > 0 && s[0] == '+') {
		s = s[1:]
	}
	n := atoi(s)
	if n < 0 {
		return 1 << 30
	}
	if neg {
		return -n
	}
	return n
}
