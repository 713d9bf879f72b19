package cli

import (
	"bufio"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

// watchedJSON is one company of watch list --json.
type watchedJSON struct {
	Number              string `json:"company_number"`
	Name                string `json:"company_name"`
	Status              string `json:"status,omitempty"`
	StatusDetail        string `json:"status_detail,omitempty"`
	AccountsDue         string `json:"accounts_due,omitempty"`
	AccountsOverdue     bool   `json:"accounts_overdue"`
	ConfirmationDue     string `json:"confirmation_statement_due,omitempty"`
	ConfirmationOverdue bool   `json:"confirmation_statement_overdue"`
	AddedAt             string `json:"added_at"`
	CheckedAt           string `json:"last_checked,omitempty"`
	Unseen              int    `json:"unseen_changes"`
}

func newWatchListCommand(env Env) *cobra.Command {
	var asJSON, plain bool
	cmd := &cobra.Command{
		Use:   "list [--plain|--json]",
		Short: "The watched companies",
		Long: `List the watched companies: number, name, status, when accounts and the
confirmation statement are next due, when each was last checked, and how
many of its changes are not seen yet; then the watched people (officers):
their id, name, current appointments and unseen changes. It asks the
registry nothing: the status and dates are as the last check read them.
--json writes one object per company, then one per person (with
officer_id).`,
		Example: `
coview watch list
coview watch list --json | jq -r 'select(.unseen_changes > 0) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			store, err := openStore(env)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			people, err := store.People(cmd.Context())
			if err != nil {
				return err
			}
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
				defer listPeople(w, people, true, false, 0)
				for _, c := range companies {
					p := c.Profile
					writeJSONValue(w, watchedJSON{
						Number: string(c.Number), Name: c.Name, Status: p.Status, StatusDetail: p.StatusDetail,
						AccountsDue: p.AccountsDue, AccountsOverdue: p.AccountsOverdue,
						ConfirmationDue: p.ConfirmationDue, ConfirmationOverdue: p.ConfirmationOverdue,
						AddedAt: stamp(c.AddedAt), CheckedAt: stamp(c.CheckedAt), Unseen: c.Unseen,
					})
				}
				return nil
			}
			now, err := env.registry.clock(env)
			if err != nil {
				return err
			}
			shown := len(companies) > 0 || len(people) == 0
			if shown {
				present.FitPage(w, present.WatchList(companies, now()), true, tableWidth(env))
			}
			listPeople(w, people, false, shown, tableWidth(env))
			return nil
		},
	}
	fs := cmd.Flags()
	fs.BoolVar(&plain, "plain", false, "print one company per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per company")
	return cmd
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// deadlineJSON is one deadline of watch deadlines --json.
type deadlineJSON struct {
	Number  string `json:"company_number"`
	Name    string `json:"company_name"`
	What    string `json:"what"`
	Due     string `json:"due"`
	Days    int    `json:"days"`
	Overdue bool   `json:"overdue"`
}

func newWatchDeadlinesCommand(env Env) *cobra.Command {
	var asJSON, plain bool
	var within string
	cmd := &cobra.Command{
		Use:   "deadlines [--within 30d] [--json]",
		Short: "What the watched companies have due, overdue first",
		Long: `List every watched company's accounts and confirmation statement due dates:
overdue first (the longest overdue first), then the soonest. --within keeps
those due within that time and every overdue one: days, weeks, months or
years from today (30d, 2w, 3mo, 1y; a due date is a day, so there are no
hours or minutes). The dates are as the last check read them; it asks the
registry nothing. Dissolved companies have none. --json writes one object
per deadline, with days (negative once overdue).`,
		Example: `
coview watch deadlines --within 30d
coview watch deadlines --json | jq -r 'select(.overdue) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			var ahead calendarSpan
			if within != "" {
				var err error
				if ahead, err = parseWithin(within); err != nil {
					return err
				}
			}
			store, err := openStore(env)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			clock, err := env.registry.clock(env)
			if err != nil {
				return err
			}
			now := clock()
			var until time.Time
			if within != "" {
				until = now.AddDate(ahead.years, ahead.months, ahead.days)
			}
			deadlines := watch.Deadlines(companies, now, until)
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
				for _, d := range deadlines {
					writeJSONValue(w, deadlineJSON{Number: string(d.Number), Name: d.Name, What: d.What, Due: d.Due, Days: d.Days, Overdue: d.Overdue})
				}
				return nil
			}
			if len(companies) == 0 {
				// Not that nothing falls due: that nothing is watched.
				present.FitPage(w, present.WatchList(companies, now), true, tableWidth(env))
				return nil
			}
			present.FitPage(w, present.WatchDeadlines(deadlines, now), true, tableWidth(env))
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&within, "within", "", "only deadlines due within this many days, weeks, months or years (30d, 2w, 3mo, 1y), and those overdue")
	fs.BoolVar(&plain, "plain", false, "print one deadline per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per deadline")
	return cmd
}

// calendarSpan is a stretch of the calendar: months and years are
// calendar months and years (1mo from 31 January is 3 March, as
// time.AddDate counts).
type calendarSpan struct{ years, months, days int }

// parseWithin reads --within: a whole number of days, weeks, months or
// years (30d, 2w, 3mo, 1y). A due date is a day, so hours and minutes are
// refused, "m" above all, which would be minutes where months were meant.
func parseWithin(s string) (calendarSpan, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	n, err := strconv.Atoi(t[:max(i, 0)])
	unit := t[max(i, 0):]
	if i < 0 {
		unit = ""
	}
	switch {
	case i <= 0 || err != nil || n <= 0:
	case unit == "d" || unit == "day" || unit == "days":
		return calendarSpan{days: n}, nil
	case unit == "w" || unit == "week" || unit == "weeks":
		return calendarSpan{days: 7 * n}, nil
	case unit == "mo" || unit == "month" || unit == "months":
		return calendarSpan{months: n}, nil
	case unit == "y" || unit == "year" || unit == "years":
		return calendarSpan{years: n}, nil
	case unit == "m" || unit == "min":
		return calendarSpan{}, usageError("--within %q: m would be minutes, and a due date is a day; for months write mo (%dmo)", sanitize.Line(shortArg(s)), n)
	}
	return calendarSpan{}, usageError("--within %q: give days, weeks, months or years from today, such as 30d, 2w, 3mo or 1y", sanitize.Line(shortArg(s)))
}
