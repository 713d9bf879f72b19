package screen

import (
	"strings"
	"time"

	"coview/accounts"
	"coview/api"
)

// Deep is what a deep screening reads beyond the profile. A nil member
// was not read: the company has no such link (officers), or reading it
// failed (Unread says why). A company without charges, insolvency or PSC
// statements links has none, which costs no request and is not nil.
type Deep struct {
	Charges    *ChargeFacts
	Insolvency *InsolvencyFacts
	Statements *StatementFacts
	Directors  *DirectorFacts
	// Accounts are what the latest accounts' figures say (for their red
	// flags), read when the screener has a document API
	// (Screener.WithDocuments); a company with no accounts listed has
	// a Latest with no Filed.
	Accounts *accounts.Latest
	// Unread lists the parts that could not be read, and why.
	Unread []Unread
}

// Unread is a part of a deep screening that could not be read.
type Unread struct {
	Part string // "charges", "insolvency", "PSC statements", "officers"
	Why  string
	Err  error
}

// DeepRequests is the most requests a deep screening adds for one
// company, besides one for each 100 officers past its first 100: its
// charges, insolvency, PSC statements and officers, and its accounts
// filings with the latest accounts' metadata and content.
const DeepRequests = 4 + 3

// Page sizes: the most each list serves, so that a company costs as few
// requests as it can.
const (
	chargesPageSize    = 100
	statementsPageSize = 100
	officersPageSize   = 100
	// maxOfficerPages bounds one company's officer list (1,000 officers),
	// so that a list that never ends cannot hold a screening.
	maxOfficerPages = 10
)

// ChargeFacts count a company's charges.
type ChargeFacts struct {
	// Outstanding are charges neither satisfied nor part satisfied;
	// PartSatisfied those part satisfied (api.Charges.Outstanding).
	Outstanding, PartSatisfied int
	// Known is false when the registry's counts could not tell, and the
	// list was too long to count: Outstanding is then what was counted.
	Known bool
}

// ChargeFactsOf counts the first page of a company's charges (of up to
// 100), as the registry counts them, or from the items when its counts
// cannot be told.
func ChargeFactsOf(c *api.Charges) *ChargeFacts {
	if c == nil || (c.Empty != "" && len(c.Items) == 0) {
		return &ChargeFacts{Known: true}
	}
	if n, ok := c.Outstanding(); ok {
		return &ChargeFacts{Outstanding: n, PartSatisfied: *c.PartSatisfiedCount, Known: true}
	}
	f := &ChargeFacts{Known: c.Total() >= 0 && c.StartIndex == 0 && len(c.Items) >= c.Total()}
	for _, ch := range c.Items {
		switch strings.Join(ch.Status, " ") {
		case "outstanding":
			f.Outstanding++
		case "part-satisfied":
			f.PartSatisfied++
		}
	}
	return f
}

// InsolvencyFacts are a company's insolvency cases.
type InsolvencyFacts struct {
	Cases []string // each case's type, a key such as creditors-voluntary-liquidation
}

// InsolvencyFactsOf lists the cases of an insolvency record.
func InsolvencyFactsOf(in *api.Insolvency) *InsolvencyFacts {
	f := &InsolvencyFacts{}
	if in == nil {
		return f
	}
	for _, c := range in.Cases {
		f.Cases = append(f.Cases, c.Type)
	}
	return f
}

// StatementFacts are what a company says about its persons with
// significant control, where it names none.
type StatementFacts struct {
	Active []string // the statement keys of those not ceased, as sent
}

// StatementFactsOf keeps the statements of a list that still stand.
func StatementFactsOf(s *api.PSCStatements) *StatementFacts {
	f := &StatementFacts{}
	if s == nil {
		return f
	}
	for _, st := range s.Items {
		if st.CeasedOn == "" && st.Statement != "" {
			f.Active = append(f.Active, st.Statement)
		}
	}
	return f
}

// DirectorFacts count the people who run a company: directors (members of
// an LLP, managing officers of an overseas entity), not secretaries.
type DirectorFacts struct {
	Active int // in office now
	// Appointed and Resigned count the appointments and resignations
	// in the twelve months up to Today.
	Appointed, Resigned int
	Today               time.Time
	// Complete is false when the list was longer than was read
	// (maxOfficerPages pages): the counts are of what was read.
	Complete bool
}

// DirectorFactsOf counts the directors among officers (the whole list),
// and their changes in the twelve months up to today. active is the
// registry's own count of the company's officers in office (the list's
// active_count; nil when it sent none), which bounds the directors in
// office: a company that has ceased never gave its last officers a
// resignation date, and the registry counts them inactive, none active.
func DirectorFactsOf(officers []api.Officer, active *int, today time.Time) *DirectorFacts {
	f := &DirectorFacts{Today: today, Complete: true}
	since := today.AddDate(-1, 0, 0).Format(time.DateOnly)
	until := today.Format(time.DateOnly)
	within := func(date string) bool { return date != "" && date > since && date <= until }
	for _, o := range officers {
		if !directs(o.OfficerRole) {
			continue
		}
		if o.ResignedOn == "" {
			f.Active++
		}
		if within(o.AppointedOn) {
			f.Appointed++
		}
		if within(o.ResignedOn) {
			f.Resigned++
		}
	}
	if active != nil {
		f.Active = max(min(f.Active, *active), 0)
	}
	return f
}

// directs tells the roles of those who run a company: any kind of
// director, the members of an LLP and the managing officers of an
// overseas entity.
func directs(role string) bool {
	r := strings.ToLower(strings.TrimSpace(role))
	return strings.Contains(r, "director") || strings.Contains(r, "llp-member") ||
		strings.Contains(r, "llp-designated-member") || strings.Contains(r, "managing-officer")
}
