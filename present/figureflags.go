package present

import (
	"coview/accounts"
	"coview/figures"
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
