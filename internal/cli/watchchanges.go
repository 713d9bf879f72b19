package cli

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

func newWatchChangesCommand(env Env) *cobra.Command {
	var asJSON, unseen, markSeen bool
	var since string
	cmd := &cobra.Command{
		Use:   "changes [--since DATE] [--unseen] [--json] [NUMBER...]",
		Short: "The changes the checks found",
		Long: `Print the change log: every change the checks recorded, oldest first, one line
each as watch check prints them (--json: one object each, with "seen"). It
reads the log and asks the registry nothing.

--since DATE (YYYY-MM-DD, or a duration back from now such as 7d or 12h)
keeps those recorded since then; --unseen those not marked seen; NUMBER
those of some companies. --mark-seen marks what it printed seen, as the
browser does when you open a company.

Exit codes: 0 printed (changes or none), 2 usage error, 4 a NUMBER given is
not watched (said on stderr; the others' changes are still printed).`,
		Example: `
coview watch changes --since 7d
coview watch changes --unseen --mark-seen
coview watch changes --json 00006400 | jq -r .words`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			filter := watch.Filter{Unseen: unseen}
			if since != "" {
				t, err := parseSince(since, time.Now())
				if err != nil {
					return err
				}
				filter.Since = t
			}
			if len(args) > 0 {
				numbers, name, skipped, err := watchNumbers(args, env)
				if err != nil {
					return err
				}
				if name != "" {
					return usageError("%q is not a company number", sanitize.Line(shortArg(name)))
				}
				if skipped != nil {
					return skipped
				}
				filter.Numbers = numbers
			}
			store, err := openStore(env)
			if err != nil {
				return err
			}
			defer store.Close()
			changes, err := store.Changes(cmd.Context(), filter)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(env.Stdout)
			for _, c := range changes {
				if asJSON {
					writeJSONValue(w, changeJSON{Change: c, Words: present.WatchChange(c), Seen: c.Seen()})
				} else {
					fmt.Fprintln(w, present.WatchChangeLine(c))
				}
			}
			if err := w.Flush(); err != nil {
				return err
			}
			var unwatched error
			for _, n := range filter.Numbers {
				on, err := store.Watching(cmd.Context(), n)
				if err != nil {
					return err
				}
				if !on {
					fmt.Fprintf(env.Stderr, "coview: %s is not watched: coview watch add %s watches it\n", n, n)
					unwatched = &exitError{code: exitNotFound}
				}
			}
			if markSeen && len(changes) > 0 {
				seen := map[api.Number]bool{}
				var numbers []api.Number
				for _, c := range changes {
					if !seen[c.Number] {
						seen[c.Number] = true
						numbers = append(numbers, c.Number)
					}
				}
				if _, err := store.MarkSeen(cmd.Context(), numbers...); err != nil {
					return err
				}
			}
			return unwatched
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&since, "since", "", "only changes recorded since DATE (2026-11-01) or since a time ago (7d, 12h)")
	fs.BoolVar(&unseen, "unseen", false, "only changes not marked seen")
	fs.BoolVar(&markSeen, "mark-seen", false, "mark the changes printed seen")
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per change")
	return cmd
}

// parseSince reads a date (the start of that day, local time) or a
// duration back from now in days, weeks, hours or minutes.
func parseSince(s string, now time.Time) (time.Time, error) {
	if t, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(s), time.Local); err == nil {
		return t, nil
	}
	if d, err := parseSpan(s); err == nil {
		return now.Add(-d), nil
	}
	return time.Time{}, usageError("--since %q: give a date (2026-11-01) or a time ago (7d, 12h)", s)
}

// parseSpan reads 30d, 2w, 12h, 90m, or anything time.ParseDuration does.
func parseSpan(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	for suffix, unit := range map[string]time.Duration{"d": 24 * time.Hour, "w": 7 * 24 * time.Hour} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 {
				return 0, fmt.Errorf("%q is not a span", s)
			}
			return time.Duration(v) * unit, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a span", s)
	}
	return d, nil
}
