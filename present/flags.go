package present

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/screen"
)

// Severity is how much a flag matters, for the colour it is shown in.
type Severity int

// The severities, least first.
const (
	SeverityInfo    Severity = iota + 1 // worth knowing: recently incorporated, dormant accounts, charges outstanding
	SeverityWarning                     // something is late, disputed, unknown or proposed: overdue, strike-off, no PSC identified
	SeveritySevere                      // the company has ended or is under an insolvency procedure
)

// String names the severity, for JSON and tests.
func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeveritySevere:
		return "severe"
	}
	return "none"
}

// Flag is one red flag about a company, in the words coview uses for it
// everywhere: under a profile's name, in its --plain output and in a
// screening's rows.
type Flag struct {
	// Key names the flag for scripts and filters, the same whatever its
	// words: the registry's key for a status or status detail
	// ("liquidation", "active-proposal-to-strike-off"), else one of
	// coview's ("accounts-overdue").
	Key      string
	Words    string
	Severity Severity
}

// The keys of the flags that are not a status or a status detail.
const (
	FlagAccountsOverdue      = "accounts-overdue"
	FlagConfirmationOverdue  = "confirmation-overdue"
	FlagOfficeInDispute      = "registered-office-in-dispute"
	FlagOfficeUndeliverable  = "undeliverable-registered-office"
	FlagInsolvencyHistory    = "insolvency-history"
	FlagOutstandingCharges   = "outstanding-charges"
	FlagRecentlyIncorporated = "recently-incorporated"
	FlagDormantAccounts      = "dormant-accounts"
	FlagNoPSCIdentified      = "no-psc-identified"
	FlagNoActiveDirectors    = "no-active-directors"
)

// warningDetails are the status details that need looking into; any other
// (transferred out of the UK, converted to a PLC) is worth knowing only.
var warningDetails = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"active-proposal-to-strike-off": true,
		"petition-to-restore-dissolved": true,
	}
})

// noPSCIdentified are the PSC statements by which a company (or a
// Scottish partnership, or an overseas entity of its beneficial owners)
// says it has not identified a registrable person: there is none, there
// is one it has not identified, or it has not finished looking. The
// registry spells the first "signficant".
var noPSCIdentified = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"no-individual-or-entity-with-signficant-control":              true,
		"no-individual-or-entity-with-significant-control":             true,
		"no-individual-or-entity-with-signficant-control-partnership":  true,
		"no-individual-or-entity-with-significant-control-partnership": true,
		"psc-exists-but-not-identified":                                true,
		"psc-exists-but-not-identified-partnership":                    true,
		"steps-to-find-psc-not-yet-completed":                          true,
		"steps-to-find-psc-not-yet-completed-partnership":              true,
		"no-beneficial-owner-identified":                               true,
		"at-least-one-beneficial-owner-unidentified":                   true,
	}
})

// Flags are a company's red flags, gravest first: a status that says it
// has ended or is insolvent; a proposal to strike it off (or another
// status detail); overdue accounts or confirmation statement (never for a
// company that has ended: its flags are stale); a registered office in
// dispute or undeliverable; a history of insolvency; dormant accounts;
// incorporation in the twelve months up to today. deep, when not nil,
// adds what a deep screening read: outstanding charges, no registrable
// PSC identified, no active directors, and the red flags of the latest
// accounts' figures (FigureFlags).
func Flags(p *api.Profile, deep *screen.Deep, today time.Time) []Flag {
	out := profileFlags(p, today)
	if deep != nil {
		out = append(out, deepFlags(p, deep)...)
	}
	slices.SortStableFunc(out, func(a, b Flag) int { return int(b.Severity - a.Severity) })
	return out
}

// HeaderFlags are a company's flags as a header shows them beside its
// status badge: all but the status itself, which the badge says already.
func HeaderFlags(p *api.Profile, deep *screen.Deep, today time.Time) []Flag {
	status := flagKey(p.CompanyStatus)
	return slices.DeleteFunc(Flags(p, deep, today), func(f Flag) bool { return f.Key == status })
}

// FlagWords are flags' words, for a line or a cell: "in liquidation;
// accounts overdue".
func FlagWords(flags []Flag) string {
	words := make([]string, len(flags))
	for i, f := range flags {
		words[i] = f.Words
	}
	return strings.Join(words, "; ")
}

// profileFlags are the flags a profile alone tells, in the order of the
// header: status, status detail, overdue, then the rest.
func profileFlags(p *api.Profile, today time.Time) []Flag {
	var out []Flag
	status := flagKey(p.CompanyStatus)
	switch api.StatusClassOf(status) {
	case api.ClassDissolved, api.ClassInsolvency:
		out = append(out, Flag{Key: status, Words: lowerFirst(labels.Status(status)), Severity: SeveritySevere})
	}
	if d := clean(labels.StatusDetail(p.CompanyStatusDetail)); d != "" {
		key := flagKey(p.CompanyStatusDetail)
		sev := SeverityInfo
		if warningDetails()[key] {
			sev = SeverityWarning
		}
		out = append(out, Flag{Key: key, Words: lowerFirst(d), Severity: sev})
	}
	closed := Closed(p)
	if !closed && isTrue(accountsOverdue(p)) {
		out = append(out, Flag{Key: FlagAccountsOverdue, Words: "accounts overdue", Severity: SeverityWarning})
	}
	if c := statement(p); !closed && c != nil && isTrue(c.Overdue) {
		out = append(out, Flag{Key: FlagConfirmationOverdue, Words: "confirmation overdue", Severity: SeverityWarning})
	}
	if isTrue(p.RegisteredOfficeIsInDispute) {
		out = append(out, Flag{Key: FlagOfficeInDispute, Words: "registered office in dispute", Severity: SeverityWarning})
	}
	if isTrue(p.UndeliverableRegisteredOfficeAddress) {
		out = append(out, Flag{Key: FlagOfficeUndeliverable, Words: "undeliverable registered office", Severity: SeverityWarning})
	}
	// A company in liquidation has a history of insolvency: its status
	// says so already.
	if (isTrue(p.HasInsolvencyHistory) || p.Links.Insolvency != "") && api.StatusClassOf(status) != api.ClassInsolvency {
		out = append(out, Flag{Key: FlagInsolvencyHistory, Words: "insolvency history", Severity: SeverityWarning})
	}
	if a := p.Accounts; a != nil && a.LastAccounts != nil && strings.EqualFold(strings.TrimSpace(a.LastAccounts.Type), "dormant") {
		out = append(out, Flag{Key: FlagDormantAccounts, Words: "dormant accounts", Severity: SeverityInfo})
	}
	if recentlyIncorporated(p.DateOfCreation, today) {
		out = append(out, Flag{Key: FlagRecentlyIncorporated, Words: "recently incorporated", Severity: SeverityInfo})
	}
	return out
}

// flagKey is a registry key as a flag's key.
func flagKey(v string) string { return strings.ToLower(strings.TrimSpace(v)) }

// recentlyIncorporated reports a date of creation in the twelve months up
// to today (the calendar day, wherever today was taken).
func recentlyIncorporated(created string, today time.Time) bool {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(created))
	if err != nil || today.IsZero() {
		return false
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	return d.After(day.AddDate(-1, 0, 0)) && !d.After(day)
}

// deepFlags are the flags only a deep screening tells.
func deepFlags(p *api.Profile, d *screen.Deep) []Flag {
	var out []Flag
	if c := d.Charges; c != nil && c.Outstanding+c.PartSatisfied > 0 {
		out = append(out, Flag{Key: FlagOutstandingCharges, Words: ChargesInWords(c), Severity: SeverityInfo})
	}
	if s := d.Statements; s != nil && slices.ContainsFunc(s.Active, func(k string) bool { return noPSCIdentified()[strings.ToLower(k)] }) {
		out = append(out, Flag{Key: FlagNoPSCIdentified, Words: "no registrable PSC identified", Severity: SeverityWarning})
	}
	if dir := d.Directors; dir != nil && dir.Complete && dir.Active == 0 && !Closed(p) {
		out = append(out, Flag{Key: FlagNoActiveDirectors, Words: "no active directors", Severity: SeverityWarning})
	}
	return append(out, FigureFlags(d.Accounts)...)
}

// ChargesInWords counts outstanding charges: "1 outstanding charge", "2
// outstanding charges, 1 part satisfied", "1 part-satisfied charge".
func ChargesInWords(c *screen.ChargeFacts) string {
	var s string
	switch {
	case c.Outstanding > 0 && c.PartSatisfied > 0:
		s = fmt.Sprintf("%s, %s part satisfied", counted(c.Outstanding, "outstanding charge", "outstanding charges"), Thousands(c.PartSatisfied))
	case c.Outstanding > 0:
		s = counted(c.Outstanding, "outstanding charge", "outstanding charges")
	case c.PartSatisfied > 0:
		s = counted(c.PartSatisfied, "part-satisfied charge", "part-satisfied charges")
	default:
		s = "no outstanding charges"
	}
	if !c.Known {
		s += " (of those read; the registry did not count them)"
	}
	return s
}
