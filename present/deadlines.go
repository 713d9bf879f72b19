package present

import (
	"fmt"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
)

// Countdown says how far a due date is from today: "due in 23 days",
// "due today", "overdue by 41 days". Unparsable or empty dates give "".
// Today is the date on the calendar where today was taken, whatever the
// hour.
func Countdown(due string, today time.Time) (string, bool) {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(due))
	if err != nil {
		return "", false
	}
	days := daysBetween(time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC), d)
	switch {
	case days == 0:
		return "due today", false
	case days == 1:
		return "due tomorrow", false
	case days > 1:
		return "due in " + Thousands(days) + " days", false
	case days == -1:
		return "overdue by 1 day", true
	}
	return "overdue by " + Thousands(-days) + " days", true
}

// daysBetween counts the days from one UTC midnight to another. It goes
// through Unix seconds, which span every date a registry can send, and not
// through time.Duration, which stops at 292 years: 9999-12-31 would be
// "due in 106751 days".
func daysBetween(from, to time.Time) int {
	return int((to.Unix() - from.Unix()) / (24 * 60 * 60))
}

// dueRow shows a due date with its countdown. It is a warning when the
// date has passed or the registry says overdue, unless the company has
// ceased: dissolved companies keep stale flags.
func dueRow(label, due string, overdue *bool, closed bool, today time.Time) []Row {
	if due == "" {
		return nil
	}
	v := labels.Date(due)
	count, late := Countdown(due, today)
	if closed {
		return []Row{{Label: label, Value: v}}
	}
	if count != "" {
		v += " (" + count + ")"
	}
	tone := Normal
	if late || isTrue(overdue) {
		tone = Warning
	}
	return []Row{{Label: label, Value: clean(v), Tone: tone}}
}

func overdueRow(what string, overdue *bool, closed bool) []Row {
	if closed || !isTrue(overdue) {
		return nil
	}
	return []Row{{Label: "Overdue", Value: what + " overdue", Tone: Warning}}
}

// Accounts is the accounts pane.
func Accounts(p *api.Profile, today time.Time) []Row {
	a := p.Accounts
	if a == nil {
		return []Row{{Label: "Accounts", Value: "no accounts information on record", Tone: Quiet}}
	}
	closed := Closed(p)
	var rows []Row
	if r := a.AccountingReferenceDate; r != nil {
		rows = add(rows, "Reference date", dayMonth(r))
	}
	overdue := a.Overdue
	if n := a.NextAccounts; n != nil {
		if n.Overdue != nil {
			overdue = n.Overdue
		}
		rows = append(rows, overdueRow("Accounts", overdue, closed)...)
		rows = add(rows, "Next made up to", labels.Date(orString(n.PeriodEndOn, a.NextMadeUpTo)))
		if n.PeriodStartOn != "" && n.PeriodEndOn != "" {
			rows = add(rows, "Next period", labels.Date(n.PeriodStartOn)+" to "+labels.Date(n.PeriodEndOn))
		}
		rows = append(rows, dueRow("Next due", orString(n.DueOn, a.NextDue), overdue, closed, today)...)
	} else {
		// Only the deprecated duplicates were sent.
		rows = append(rows, overdueRow("Accounts", overdue, closed)...)
		rows = add(rows, "Next made up to", labels.Date(a.NextMadeUpTo))
		rows = append(rows, dueRow("Next due", a.NextDue, overdue, closed, today)...)
	}
	if l := a.LastAccounts; l != nil {
		rows = add(rows, "Last made up to", labels.Date(orString(l.PeriodEndOn, l.MadeUpTo)))
		if l.PeriodStartOn != "" && l.PeriodEndOn != "" {
			rows = add(rows, "Last period", labels.Date(l.PeriodStartOn)+" to "+labels.Date(l.PeriodEndOn))
		}
		rows = add(rows, "Last type", labels.AccountType(l.Type))
	}
	if fa := foreignAccounts(p); fa != "" {
		rows = add(rows, "Home rules", fa)
	}
	if len(rows) == 0 {
		return []Row{{Label: "Accounts", Value: "no accounts information on record", Tone: Quiet}}
	}
	return rows
}

func foreignAccounts(p *api.Profile) string {
	f := p.ForeignCompanyDetails
	if f == nil || f.Accounts == nil {
		return ""
	}
	var parts []string
	if from, to := f.Accounts.AccountPeriodFrom, f.Accounts.AccountPeriodTo; from != nil && to != nil {
		parts = append(parts, "accounts from "+dayMonth(from)+" to "+dayMonth(to))
	}
	if m := f.Accounts.MustFileWithin; m != nil && m.Months != "" {
		parts = append(parts, "filed within "+string(m.Months)+" months")
	}
	return strings.Join(parts, ", ")
}

// Confirmation is the confirmation statement pane (or the old annual
// return when that is all there is).
func Confirmation(p *api.Profile, today time.Time) []Row {
	c, what := p.ConfirmationStatement, "Confirmation statement"
	if c == nil && p.AnnualReturn != nil {
		c, what = p.AnnualReturn, "Annual return"
	}
	if c == nil {
		return []Row{{Label: "Statement", Value: "no confirmation statement information on record", Tone: Quiet}}
	}
	closed := Closed(p)
	var rows []Row
	rows = append(rows, overdueRow(what, c.Overdue, closed)...)
	rows = add(rows, "Next statement date", labels.Date(c.NextMadeUpTo))
	rows = append(rows, dueRow("Next due", c.NextDue, c.Overdue, closed, today)...)
	rows = add(rows, "Last made up to", labels.Date(c.LastMadeUpTo))
	if what != "Confirmation statement" {
		rows = append([]Row{{Label: "Kind", Value: what}}, rows...)
	}
	if len(rows) == 0 {
		return []Row{{Label: "Statement", Value: "no confirmation statement information on record", Tone: Quiet}}
	}
	return rows
}

var monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// dayMonth writes "31 March" from day and month sent as strings or numbers.
func dayMonth(r *api.DayMonth) string {
	d, okD := r.Day.Int()
	m, okM := r.Month.Int()
	if okD && okM && m >= 1 && m <= 12 && d >= 1 && d <= 31 {
		return fmt.Sprintf("%d %s", d, monthNames[m-1])
	}
	return strings.TrimSpace(string(r.Day) + " " + string(r.Month))
}

func orString(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
