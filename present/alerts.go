package present

import (
	"time"
	"unicode"
	"unicode/utf8"

	"coview/api"
)

// Alerts are what a reader must not miss about a company, in a few
// words each, for the header next to its status: a status detail such as
// a proposal to strike off, and overdue accounts or confirmation
// statement. A company that has ceased has no overdue alerts: its flags
// are stale. They are some of its Flags, in the same words.
func Alerts(p *api.Profile) []string {
	status, detail := flagKey(p.CompanyStatus), flagKey(p.CompanyStatusDetail)
	var out []string
	for _, f := range profileFlags(p, time.Time{}) {
		switch f.Key {
		case status:
		case detail, FlagAccountsOverdue, FlagConfirmationOverdue:
			out = append(out, f.Words)
		}
	}
	return out
}

// accountsOverdue is the overdue flag of the next accounts, or the
// deprecated duplicate when only that was sent.
func accountsOverdue(p *api.Profile) *bool {
	a := p.Accounts
	if a == nil {
		return nil
	}
	if a.NextAccounts != nil && a.NextAccounts.Overdue != nil {
		return a.NextAccounts.Overdue
	}
	return a.Overdue
}

// statement is the confirmation statement, or the old annual return when
// that is all there is.
func statement(p *api.Profile) *api.ConfirmationStatement {
	if p.ConfirmationStatement != nil {
		return p.ConfirmationStatement
	}
	return p.AnnualReturn
}

// lowerFirst puts a label in the middle of a line: "Strike-off proposed"
// becomes "strike-off proposed".
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[size:]
}
