package present

import (
	"strings"

	"coview/accounts"
	"coview/figures"
	"coview/watch"
)

// The keys of the red flags the figures of a company's latest accounts
// raise.
const (
	FlagNetAssetsFell         = "net-assets-fell"
	FlagNegativeNetAssets     = "negative-net-assets"
	FlagNetCurrentLiabilities = "net-current-liabilities"
)

// FigureFlags are the red flags a company's latest accounts raise:
// "net assets fell from £375,004 to -£577", "negative net assets
// (-£577)", "net current liabilities (-£65,746)".
func FigureFlags(l *accounts.Latest) []Flag {
	if l == nil {
		return nil
	}
	var out []Flag
	for _, s := range l.Signs() {
		out = append(out, Flag{Key: signKey(s.Kind), Words: SignWords(s), Severity: SeverityWarning})
	}
	return out
}

func signKey(k accounts.SignKind) string {
	switch k {
	case accounts.NetAssetsFell:
		return FlagNetAssetsFell
	case accounts.NegativeNetAssets:
		return FlagNegativeNetAssets
	}
	return FlagNetCurrentLiabilities
}

// SignWords is a red flag of the figures in words, with the figures that
// raise it.
func SignWords(s accounts.Sign) string {
	switch s.Kind {
	case accounts.NetAssetsFell:
		return "net assets fell from " + Pounds(s.From) + " to " + Pounds(s.To)
	case accounts.NegativeNetAssets:
		return "negative net assets (" + Pounds(s.To) + ")"
	}
	return "net current liabilities (" + Pounds(s.To) + ")"
}

// FiguresInWords says what a company's latest accounts show, in a few
// words: their red flags ("net assets fell from £375,004 to -£577"), or
// with none their net assets ("net assets £687,954"); or why they show
// nothing ("filed on paper: no figures").
func FiguresInWords(l *accounts.Latest) string {
	switch {
	case l == nil:
		return ""
	case l.Filed == nil:
		return "no accounts listed"
	case l.Year == nil && l.Filed.Paper:
		return "filed on paper: no figures"
	case l.Year == nil:
		return "no figures could be read: " + clean(l.Filed.Why)
	}
	if flags := FigureFlags(l); len(flags) > 0 {
		return FlagWords(flags)
	}
	if na, _, ok := l.Figure(figures.NetAssets); ok {
		return "net assets " + Pounds(na)
	}
	return "no net assets given"
}

// figuresChangeWords are what new accounts showed, as a watch list's
// change records it: "accounts filed: net assets fell from £375,004 to
// -£577", "accounts filed: net assets £375,004".
func figuresChangeWords(c watch.Change) string {
	figure := func(n figures.Name, v string) (figures.Figure, bool) {
		num, ok := figures.ParseNumber(strings.TrimSpace(v))
		unit := c.Field
		if unit == "" {
			unit = "GBP"
		}
		return figures.Figure{Name: n, Value: num, Unit: unit}, ok
	}
	var s accounts.Sign
	switch c.Kind {
	case watch.KindNetAssetsFell:
		from, ok1 := figure(figures.NetAssets, c.Before)
		to, ok2 := figure(figures.NetAssets, c.After)
		if !ok1 || !ok2 {
			return "accounts filed: net assets fell by more than half"
		}
		s = accounts.Sign{Kind: accounts.NetAssetsFell, From: from, To: to}
	case watch.KindNegativeNetAssets:
		to, ok := figure(figures.NetAssets, c.After)
		if !ok {
			return "accounts filed: negative net assets"
		}
		s = accounts.Sign{Kind: accounts.NegativeNetAssets, To: to}
	case watch.KindNetCurrentLiabilities:
		to, ok := figure(figures.NetCurrentAssets, c.After)
		if !ok {
			return "accounts filed: net current liabilities"
		}
		s = accounts.Sign{Kind: accounts.NetCurrentLiabilities, To: to}
	default:
		if na, ok := figure(figures.NetAssets, c.After); ok {
			return "accounts filed: net assets " + Pounds(na)
		}
		return "accounts filed: no net assets given"
	}
	return "accounts filed: " + SignWords(s)
}
