package cli

import (
	"bufio"
	"time"

	"github.com/spf13/cobra"

	"coview/present"
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
	var f watchFlags
	var asJSON, plain bool
	cmd := &cobra.Command{
		Use:   "list [--plain|--json]",
		Short: "The watched companies",
		Long: `List the watched companies: number, name, status, when accounts and the
confirmation statement are next due, when each was last checked, and how
many of its changes are not seen yet. It asks the registry nothing: the
status and dates are as the last check read them. --json writes one
object per company.`,
		Example: `
coview watch list
coview watch list --json | jq -r 'select(.unseen_changes > 0) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			store, err := openStore(env, &f.registry)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
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
			now, err := f.registry.clock(env)
			if err != nil {
				return err
			}
			present.WritePage(w, present.WatchList(companies, now()), true)
			return nil
		},
	}
	fs := cmd.Flags()
	fs.BoolVar(&plain, "plain", false, "print one company per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per company")
	f.registry.register(fs)
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
	var f watchFlags
	var asJSON, plain bool
	var within string
	cmd := &cobra.Command{
		Use:   "deadlines [--within 30d] [--json]",
		Short: "What the watched companies have due, overdue first",
		Long: `List every watched company's accounts and confirmation statement due dates:
overdue first (the longest overdue first), then the soonest. --within keeps
those due within that time (30d, 2w) and every overdue one. The dates are
as the last check read them; it asks the registry nothing. Dissolved
companies have none. --json writes one object per deadline, with days
(negative once overdue).`,
		Example: `
coview watch deadlines --within 30d
coview watch deadlines --json | jq -r 'select(.overdue) | .company_number'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && plain {
				return usageError("--json and --plain cannot be used together")
			}
			var span time.Duration
			if within != "" {
				var err error
				if span, err = parseSpan(within); err != nil || span == 0 {
					return usageError("--within %q: give a span such as 30d, 2w or 48h", within)
				}
			}
			store, err := openStore(env, &f.registry)
			if err != nil {
				return err
			}
			defer store.Close()
			companies, err := store.Companies(cmd.Context())
			if err != nil {
				return err
			}
			clock, err := f.registry.clock(env)
			if err != nil {
				return err
			}
			now := clock()
			deadlines := watch.Deadlines(companies, now, span)
			w := bufio.NewWriter(env.Stdout)
			defer w.Flush()
			if asJSON {
				for _, d := range deadlines {
					writeJSONValue(w, deadlineJSON{Number: string(d.Number), Name: d.Name, What: d.What, Due: d.Due, Days: d.Days, Overdue: d.Overdue})
				}
				return nil
			}
			present.WritePage(w, present.WatchDeadlines(deadlines, now), true)
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&within, "within", "", "only deadlines within this span (30d, 2w) and those overdue")
	fs.BoolVar(&plain, "plain", false, "print one deadline per line (the default)")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per deadline")
	f.registry.register(fs)
	return cmd
}
