package watch

import (
	"sort"
	"time"

	"coview/api"
)

// Deadline is one filing a watched company has due: its accounts or its
// confirmation statement.
type Deadline struct {
	Number  api.Number
	Name    string
	What    string // DeadlineAccounts or DeadlineConfirmation
	Due     string // YYYY-MM-DD
	Days    int    // from today to the due date; negative once overdue
	Overdue bool   // the date has passed, or the registry says so
}

// What a deadline is for.
const (
	DeadlineAccounts     = "accounts"
	DeadlineConfirmation = "confirmation statement"
)

// Deadlines lists the watched companies' due dates as their profiles
// last said: overdue first (the longest overdue first), then the soonest.
// until, when set, leaves out those due after its day (never an overdue
// one); dissolved companies have none.
func Deadlines(companies []Company, today, until time.Time) []Deadline {
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	last := until.Format(time.DateOnly)
	var out []Deadline
	for _, c := range companies {
		p := c.Profile
		if closedStatus(p.Status) {
			continue
		}
		for _, d := range []struct {
			what, due string
			flag      bool
		}{{DeadlineAccounts, p.AccountsDue, p.AccountsOverdue}, {DeadlineConfirmation, p.ConfirmationDue, p.ConfirmationOverdue}} {
			due, err := time.Parse(time.DateOnly, d.due)
			if err != nil {
				continue
			}
			days := int((due.Unix() - day.Unix()) / (24 * 60 * 60))
			late := days < 0 || d.flag
			if !until.IsZero() && !late && d.due > last {
				continue
			}
			out = append(out, Deadline{Number: c.Number, Name: c.Name, What: d.what, Due: d.due, Days: days, Overdue: late})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Overdue != b.Overdue {
			return a.Overdue
		}
		if a.Due != b.Due {
			return a.Due < b.Due
		}
		return a.Number < b.Number
	})
	return out
}

// Next is a company's soonest deadline (an overdue one first), and
// whether it has one.
func (c Company) Next(today time.Time) (Deadline, bool) {
	d := Deadlines([]Company{c}, today, time.Time{})
	if len(d) == 0 {
		return Deadline{}, false
	}
	return d[0], true
}
