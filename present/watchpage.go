package present

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/watch"
)

// WatchPage is the browser's watch page: a row for each watched company
// (number, name, status, and how far off its accounts and confirmation
// statement are, counted down as the profile counts them), in the order
// watch.Store.Overview gives (those with changes not seen yet first, then
// by the next deadline), each company with changes followed by a row per
// change in words, oldest first. A change's row has one cell more than
// the columns, holding its date and words: it is a note on the company
// above it, drawn across the line; every cell of the columns is empty.
// today dates the countdowns. Companies taken off the list while the
// page was on screen (unwatched) follow, a quiet row each saying so, so
// that the row under the cursor is still theirs and w on it watches
// them again; those watched again meanwhile are not repeated.
func WatchPage(entries, unwatched []watch.Entry, today time.Time) *Page {
	pg := &Page{
		Columns: WatchColumns,
		Total:   -1,
		Empty:   "No companies are watched.",
	}
	changed, changes := 0, 0
	for _, e := range entries {
		row := watchRow(e, today)
		if e.Person != nil {
			row = personRow(*e.Person)
		}
		pg.Items = append(pg.Items, row)
		if len(e.Changes) > 0 {
			changed++
			changes += len(e.Changes)
		}
		for _, c := range e.Changes {
			words := WatchChange(c)
			if e.Person != nil && c.Number != "" {
				words = orNumber(clean(c.CompanyName), string(c.Number)) + ": " + words
			}
			pg.Items = append(pg.Items, Item{
				Cells: append(make([]string, len(WatchColumns)), clean(c.Date)+"  "+words),
				Link:  row.Link,
				Title: row.Title,
			})
		}
	}
	gone := 0
	for _, e := range unwatched {
		if !slices.ContainsFunc(entries, func(w watch.Entry) bool { return w.Number == e.Number }) {
			gone++
			pg.Items = append(pg.Items, Item{
				Cells: []string{string(e.Number), orNoName(clean(e.Name)), "not watched", "", ""},
				Quiet: true,
				Link:  api.CompanyPath(e.Number),
				Title: orNumber(clean(e.Name), string(e.Number)),
			})
		}
	}
	pg.Total = len(pg.Items)
	if len(entries) > 0 {
		pg.Summary = watchedWords(entries) + " watched"
		if changed > 0 {
			pg.Summary += fmt.Sprintf(", %s changed since you last looked (%s)", Thousands(changed), Plural(changes, "change", "changes"))
		}
	}
	if gone > 0 {
		which := "it"
		if gone > 1 {
			which = "one"
		}
		pg.Summary = strings.TrimPrefix(pg.Summary+"; ", "; ") + Thousands(gone) + " no longer watched (at the end): w on " + which + " watches it again"
	}
	return pg
}

// WatchColumns are the watch page's columns.
var WatchColumns = []Column{{Title: "Number"}, {Title: "Name", Flex: true}, {Title: "Status"}, {Title: "Accounts"}, {Title: "Confirmation"}}

// IsNote reports whether a row of a list is a note on the row above it
// (a change under its company on the watch page): it has a cell more
// than the columns.
func IsNote(it Item, columns int) bool { return len(it.Cells) > columns }

// watchRow is a watched company's row.
func watchRow(e watch.Entry, today time.Time) Item {
	p := e.Profile
	status := clean(labels.Status(p.Status))
	closed := api.StatusClassOf(p.Status) == api.ClassDissolved
	accounts, lateA := countdownCell(p.AccountsDue, p.AccountsOverdue, closed, today)
	confirmation, lateC := countdownCell(p.ConfirmationDue, p.ConfirmationOverdue, closed, today)
	it := Item{
		Cells: []string{string(e.Number), orNoName(clean(e.Name)), status, accounts, confirmation},
		Quiet: closed,
		Link:  api.CompanyPath(e.Number),
		Title: orNumber(clean(e.Name), string(e.Number)),
	}
	if status != "" {
		it.Accents = append(it.Accents, statusAccent(p.Status, 2, status))
	}
	if lateA {
		it.Accents = append(it.Accents, Accent{Cell: 3, End: len(accounts), Kind: Overdue})
	}
	if lateC {
		it.Accents = append(it.Accents, Accent{Cell: 4, End: len(confirmation), Kind: Overdue})
	}
	return it
}

// countdownCell is a due date as the profile counts it down ("due in 39
// days", "overdue by 3 days"), or "overdue" when the registry says so
// before the date has passed; nothing for a dissolved company. late says
// it is overdue.
func countdownCell(due string, overdue, closed bool, today time.Time) (string, bool) {
	if due == "" || closed {
		return "", false
	}
	when, late := Countdown(due, today)
	if when == "" {
		return clean(due), overdue
	}
	if overdue && !late {
		return "overdue", true
	}
	return when, late
}

// WatchProgress is a check's progress in words, for a terminal's status
// line and the browser's watch page: "checking 6 companies: 2 done, 1
// change; about 4s left", or what it waits for, until when.
func WatchProgress(p watch.Progress, now time.Time) string {
	s := fmt.Sprintf("checking %s: %s done", Plural(p.Total, "company", "companies"), Thousands(p.Done))
	if p.Changes > 0 {
		s += ", " + Plural(p.Changes, "change", "changes")
	}
	if p.Waiting != "" && p.Until.After(now) {
		return s + fmt.Sprintf("; waiting until %s, %s", p.Until.Local().Format("15:04:05"), p.Waiting)
	}
	if p.Left > time.Second {
		s += "; about " + p.Left.Round(time.Second).String() + " left"
	}
	return s
}

// WatchName is a watched company's name and status, as its profile last
// said: "MARZIPAN MOUNTAIN SOFTWARE LTD, active".
func WatchName(c watch.Company) string {
	s := orNumber(clean(c.Name), string(c.Number))
	if st := lowerFirst(clean(labels.Status(c.Profile.Status))); st != "" {
		s += ", " + st
	}
	return s
}

// WatchDue is a due date with its countdown: "accounts due 31 Dec 2026
// (in 39 days)", "confirmation statement due 4 Dec 2026 (overdue by 2
// days)"; nothing when there is no date.
func WatchDue(what, due string, today time.Time) string {
	if strings.TrimSpace(due) == "" {
		return ""
	}
	s := what + " due " + clean(labels.Date(due))
	if when, _ := Countdown(due, today); when != "" {
		s += " (" + strings.TrimPrefix(when, "due ") + ")"
	}
	return s
}

func orNoName(s string) string {
	if s == "" {
		return "(no name)"
	}
	return s
}
