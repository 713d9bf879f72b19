package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/watch"
)

// People on the watch list: watch add --officer, watch remove --officer,
// and their part of watch list.

// officerIDs reads --officer values: an officer id, or a link to an
// officer's appointments (/officers/ID/appointments, or the web page's
// address).
func officerIDs(values []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, v := range listItems(values) {
		id := watch.OfficerID(v)
		if id == "" && watch.ValidOfficerID(v) {
			id = v
		}
		if id == "" {
			return nil, usageError("--officer %q is no officer id: give the id in an officer's link, /officers/ID/appointments, or the link itself", sanitize.Line(shortArg(v)))
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// addOfficers watches people, each said on stderr as it is added; the
// first failure is returned once all were tried.
func addOfficers(ctx context.Context, w *watch.Watcher, ids []string, env Env) error {
	var first error
	for _, id := range ids {
		a, added, err := w.AddOfficer(ctx, id)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			if errors.Is(err, api.ErrNotFound) {
				err = &exitError{code: exitNotFound, msg: fmt.Sprintf("officer %s not found (404): check the id in the officer's link; not added", id)}
			}
			if first == nil {
				first = err
			}
			report(env.Stderr, withHint(err))
			continue
		}
		what := "now watching"
		if !added {
			what = "already watching"
		}
		fmt.Fprintf(env.Stderr, "coview: %s officer %s %s (%s)\n", what, id, sanitize.Line(a.Name),
			present.Plural(a.Total(), "appointment", "appointments"))
	}
	return first
}

// removeOfficers takes people off the list; one that was not watched is
// said, and is the exit status.
func removeOfficers(ctx context.Context, store *watch.Store, ids []string, env Env) error {
	removed, err := store.RemoveOfficers(ctx, ids...)
	if err != nil {
		return err
	}
	gone := map[string]bool{}
	for _, id := range removed {
		gone[id] = true
		fmt.Fprintf(env.Stderr, "coview: no longer watching officer %s\n", id)
	}
	var missing error
	for _, id := range ids {
		if !gone[id] {
			fmt.Fprintf(env.Stderr, "coview: officer %s was not watched\n", id)
			missing = &exitError{code: exitNotFound}
		}
	}
	return missing
}

// personJSON is a watched person of watch list --json.
type personJSON struct {
	OfficerID string `json:"officer_id"`
	Name      string `json:"name"`
	Current   int    `json:"current_appointments"`
	Total     int    `json:"appointments"`
	AddedAt   string `json:"added_at"`
	CheckedAt string `json:"last_checked,omitempty"`
	Unseen    int    `json:"unseen_changes"`
}

// listPeople writes the watched people after the companies: a table of
// its own, or one JSON object each.
func listPeople(w io.Writer, people []watch.Person, asJSON, afterCompanies bool, width int) {
	if asJSON {
		for _, p := range people {
			writeJSONValue(w, personJSON{OfficerID: p.ID, Name: p.Name, Current: p.Current, Total: p.Total,
				AddedAt: stamp(p.AddedAt), CheckedAt: stamp(p.CheckedAt), Unseen: p.Unseen})
		}
		return
	}
	if len(people) == 0 {
		return
	}
	if afterCompanies {
		fmt.Fprintln(w)
	}
	present.FitPage(w, present.WatchPeople(people), true, width)
}
