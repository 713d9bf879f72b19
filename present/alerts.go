package present

import (
	"unicode"
	"unicode/utf8"

	"coview/api"
	"coview/present/labels"
)

// Alerts are what a reader must not miss about a company, in a few
// words each, for the header next to its status: a status detail such as
// a proposal to strike off, and overdue accounts or confirmation
// statement. A company that has ceased has no overdue alerts: its flags
// are stale.
func Alerts(p *api.Profile) []string {
	var out []string
	if d := clean(labels.StatusDetail(p.CompanyStatusDetail)); d != "" {
		out = append(out, lowerFirst(d))
	}
	if Closed(p) {
		return out
	}
	if isTrue(accountsOverdue(p)) {
		out = append(out, "accounts overdue")
	}
	if c := statement(p); c != nil && isTrue(c.Overdue) {
		out = append(out, "confirmation overdue")
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
