package present

import (
	"fmt"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/watch"
)

// WatchChange is a change at a watched company in words, without the
// company: "filed: full accounts made up to 31 March 2026 (AA)",
// "status: active -> liquidation", "officer resigned: QUINCE,
// Bartholomew (director)". Text from the registry is made safe to print.
func WatchChange(c watch.Change) string {
	if s, ok := personWords(c); ok {
		return s
	}
	arrow := func(what, before, after string) string {
		return what + ": " + orNone(clean(before)) + " -> " + orNone(clean(after))
	}
	switch c.Kind {
	case watch.KindFilingsNotListed:
		return fmt.Sprintf("and %s more filings since the last check, not listed here (see its filing history)", Thousands(c.Count))
	case watch.KindOfficerAppointed:
		return officerWords("officer appointed", c)
	case watch.KindOfficerResigned:
		return officerWords("officer resigned", c)
	case watch.KindOfficerRemoved:
		return officerWords("officer no longer listed", c)
	case watch.KindOfficerDetails:
		return officerWords("officer's details changed", c) + ": " + arrow(c.Field, c.Before, c.After)
	case watch.KindPSCNotified:
		return pscWords("person with significant control notified", c)
	case watch.KindPSCCeased:
		return pscWords("person with significant control ceased", c)
	case watch.KindPSCDetails:
		return pscWords("person with significant control's details changed", c) + ": " + arrow(c.Field, c.Before, c.After)
	case watch.KindPSCStatementAdded:
		return "PSC statement added: " + lowerFirst(clean(labels.PSCStatement(c.Role, c.Name)))
	case watch.KindPSCStatementWithdrawn:
		return "PSC statement withdrawn: " + lowerFirst(clean(labels.PSCStatement(c.Role, c.Name)))
	case watch.KindChargeCreated, watch.KindChargeAcquired, watch.KindChargeSatisfied, watch.KindChargePartSatisfied:
		what := map[watch.Kind]string{watch.KindChargeCreated: "charge created", watch.KindChargeAcquired: "charge acquired",
			watch.KindChargeSatisfied: "charge satisfied", watch.KindChargePartSatisfied: "charge partly satisfied"}[c.Kind]
		s := what + ": " + orNone(clean(c.Charge))
		if n := clean(c.Name); n != "" {
			s += " (" + n + ")"
		}
		return s
	case watch.KindInsolvencyCase:
		s := "insolvency case opened: " + lowerFirst(clean(labels.InsolvencyCase(c.Role)))
		if n := clean(c.Name); n != "" {
			s += " (case " + n + ")"
		}
		return s
	case watch.KindInsolvencyPractitioner:
		return "insolvency practitioner appointed: " + orNone(clean(c.Name))
	case watch.KindStatusChanged, watch.KindDissolved:
		return arrow("status", statusWords(c.Before), statusWords(c.After))
	case watch.KindStrikeOffProposed:
		return "strike-off proposed (a notice in the Gazette: the company may be dissolved)"
	case watch.KindStrikeOffDiscontinued:
		return "strike-off discontinued"
	case watch.KindNameChanged:
		return arrow("name", c.Before, c.After)
	case watch.KindAddressChanged:
		return arrow("registered office", c.Before, c.After)
	case watch.KindSICChanged:
		return arrow("SIC codes", c.Before, c.After)
	case watch.KindReferenceDateChanged:
		return arrow("accounting reference date", referenceDate(c.Before), referenceDate(c.After))
	case watch.KindOfficeInDispute:
		return "registered office in dispute"
	case watch.KindUndeliverableOffice:
		return "registered office address undeliverable: mail sent there comes back"
	case watch.KindAccountsOverdue:
		return "overdue now: accounts" + dueWords(c.After)
	case watch.KindConfirmationOverdue:
		return "overdue now: confirmation statement" + dueWords(c.After)
	case watch.KindAccountsNoLongerOverdue:
		return "no longer overdue: accounts" + nextDueWords(c.After)
	case watch.KindConfirmationNoLongerOverdue:
		return "no longer overdue: confirmation statement" + nextDueWords(c.After)
	case watch.KindNetAssetsFell, watch.KindNegativeNetAssets, watch.KindNetCurrentLiabilities, watch.KindAccountsFigures:
		return figuresChangeWords(c)
	}
	if c.Kind.IsFiling() {
		d := clean(labels.FilingDescription(c.Description, c.DescriptionValues))
		if d == "" {
			d = labels.FilingCategory(c.Category)
		}
		// "Full accounts" reads "full accounts" after "filed:"; a name
		// that starts the description stays as it is.
		if !startsWithValue(d, c.DescriptionValues) {
			d = lowerFirst(d)
		}
		s := "filed: " + d
		if f := clean(c.FormType); f != "" {
			s += " (" + f + ")"
		}
		return s
	}
	// A kind this coview does not know (a newer one wrote the log).
	s := labels.Humanize(strings.ReplaceAll(string(c.Kind), "/", " "))
	if c.Before != "" || c.After != "" {
		s = arrow(s, c.Before, c.After)
	} else if c.Name != "" {
		s += ": " + clean(c.Name)
	}
	return s
}

func startsWithValue(s string, values map[string]string) bool {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" && strings.HasPrefix(s, clean(v)) {
			return true
		}
	}
	return false
}

func officerWords(what string, c watch.Change) string {
	s := what + ": " + orNone(clean(c.Name))
	if r := clean(labels.OfficerRole(c.Role)); r != "" {
		s += " (" + strings.ToLower(r) + ")"
	}
	return s
}

func pscWords(what string, c watch.Change) string {
	s := what + ": " + orNone(clean(c.Name))
	if k := clean(labels.PSCKindShort(c.Role)); k != "" && c.Role != "" {
		s += " (" + strings.ToLower(k) + ")"
	}
	return s
}

// statusWords is a status as the registry's key reads in a sentence:
// "liquidation", "voluntary arrangement".
func statusWords(key string) string {
	return strings.ReplaceAll(strings.TrimSpace(key), "-", " ")
}

// referenceDate reads "31-03" as "31 March".
func referenceDate(v string) string {
	day, month, ok := strings.Cut(v, "-")
	if !ok {
		return v
	}
	return dayMonth(&api.DayMonth{Day: api.FlexString(day), Month: api.FlexString(month)})
}

func dueWords(due string) string {
	if due == "" {
		return ""
	}
	return " due " + labels.Date(due)
}

func nextDueWords(due string) string {
	if due == "" {
		return ""
	}
	return ", next due " + labels.Date(due)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// WatchChangeLine is a change on one line, for a cron job's mail and the
// change log: "00006400  MARZIPAN MOUNTAIN LTD  2026-11-24  filed: ...".
func WatchChangeLine(c watch.Change) string {
	if c.Number == "" && c.OfficerID != "" {
		return personLine(c)
	}
	return string(c.Number) + "  " + orNumber(clean(c.CompanyName), string(c.Number)) + "  " + c.Date + "  " + WatchChange(c)
}

// WatchList is the watched companies as a list: number, name, status,
// when accounts and confirmation statement are due, when each was last
// checked, and how many changes are not seen yet; today dates the
// countdowns.
func WatchList(companies []watch.Company, today time.Time) *Page {
	pg := &Page{
		Columns: []Column{{Title: "Number"}, {Title: "Name", Flex: true}, {Title: "Status", Brief: true}, {Title: "Accounts due"},
			{Title: "Confirmation due"}, {Title: "Last checked", Optional: true}, {Title: "Unseen"}},
		Total: len(companies),
		Empty: "No companies are watched: add some with coview watch add NUMBER.",
	}
	unseen := 0
	for _, c := range companies {
		p := c.Profile
		status := clean(labels.Status(p.Status))
		if d := clean(labels.StatusDetail(p.StatusDetail)); d != "" {
			status += ", " + lowerFirst(d)
		}
		checked := "not yet"
		if !c.CheckedAt.IsZero() {
			checked = c.CheckedAt.Local().Format("2006-01-02 15:04")
		}
		n := ""
		if c.Unseen > 0 {
			n = Thousands(c.Unseen)
			unseen++
		}
		closed := api.StatusClassOf(p.Status) == api.ClassDissolved
		pg.Items = append(pg.Items, Item{
			Cells: []string{string(c.Number), orNumber(clean(c.Name), string(c.Number)), status,
				dueCell(p.AccountsDue, p.AccountsOverdue, closed, today), dueCell(p.ConfirmationDue, p.ConfirmationOverdue, closed, today),
				checked, n},
			Quiet: closed,
			Link:  api.CompanyPath(c.Number),
			Title: string(c.Number),
		})
	}
	if len(companies) > 0 {
		pg.Summary = fmt.Sprintf("%s watched", Plural(len(companies), "company", "companies"))
		if unseen > 0 {
			pg.Summary += fmt.Sprintf(", %s with changes not seen yet", Thousands(unseen))
		}
	}
	return pg
}

func dueCell(due string, overdue, closed bool, today time.Time) string {
	if due == "" || closed {
		return ""
	}
	v := clean(labels.Date(due))
	if _, late := Countdown(due, today); late || overdue {
		v += " (overdue)"
	}
	return v
}

// WatchDeadlines is the watched companies' deadlines as a list: overdue
// first, then the soonest.
func WatchDeadlines(deadlines []watch.Deadline, today time.Time) *Page {
	pg := &Page{
		Columns: []Column{{Title: "Due"}, {Title: "When"}, {Title: "Number"}, {Title: "Name", Flex: true}, {Title: "What"}},
		Total:   len(deadlines),
		Empty:   "No watched company has a filing due in that time.",
	}
	overdue := 0
	for _, d := range deadlines {
		when, late := Countdown(d.Due, today)
		if d.Overdue && !late {
			when = "overdue (the registry says so)"
		}
		if d.Overdue {
			overdue++
		}
		pg.Items = append(pg.Items, Item{
			Cells: []string{d.Due, when, string(d.Number), orNumber(clean(d.Name), string(d.Number)), d.What},
			Link:  api.CompanyPath(d.Number),
			Title: string(d.Number),
		})
	}
	if len(deadlines) > 0 {
		pg.Summary = Plural(len(deadlines), "deadline", "deadlines")
		if overdue > 0 {
			pg.Summary += fmt.Sprintf(", %s overdue", Thousands(overdue))
		}
	}
	return pg
}

// Plural is a count and its noun: "1 company", "1,200 companies".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(n) + " " + many
}
