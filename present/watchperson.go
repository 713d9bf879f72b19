package present

import (
	"strings"

	"coview/present/labels"
	"coview/watch"
)

// personWords are a watched person's change in words, without the
// company: "watched officer appointed: PENNYWORTH, Araminta Jane
// (director)"; ok is false for a change of another kind.
func personWords(c watch.Change) (string, bool) {
	what := ""
	switch c.Kind {
	case watch.KindPersonAppointed:
		what = "watched officer appointed"
	case watch.KindPersonResigned:
		what = "watched officer resigned"
	case watch.KindPersonRenamed:
		return "watched officer's name changed: " + orNone(clean(c.Before)) + " -> " + orNone(clean(c.After)), true
	default:
		return "", false
	}
	s := what + ": " + orNone(clean(c.Name))
	if r := clean(labels.OfficerRole(c.Role)); r != "" {
		s += " (" + strings.ToLower(r) + ")"
	}
	return s, true
}

// personLine is a watched person's change that is at no company (a new
// name) on one line: "officer  PENNYWORTH, Araminta Jane  2026-11-25
// watched officer's name changed: ...".
func personLine(c watch.Change) string {
	return "officer  " + orNumber(clean(c.Name), clean(c.OfficerID)) + "  " + c.Date + "  " + WatchChange(c)
}

// personRow is a watched person's row on the watch page: "officer", the
// name, and how many appointments are current, as last read.
func personRow(p watch.Person) Item {
	name := orNoName(clean(p.Name))
	return Item{
		Cells: []string{"officer", name, Plural(p.Current, "current appointment", "current appointments"), "", ""},
		Link:  "/officers/" + p.ID + "/appointments",
		Title: name,
	}
}

// watchedWords count what the watch page lists: "5 companies", "5
// companies and 1 officer".
func watchedWords(entries []watch.Entry) string {
	people := 0
	for _, e := range entries {
		if e.Person != nil {
			people++
		}
	}
	companies := len(entries) - people
	switch {
	case people == 0:
		return Plural(companies, "company", "companies")
	case companies == 0:
		return Plural(people, "officer", "officers")
	}
	return Plural(companies, "company", "companies") + " and " + Plural(people, "officer", "officers")
}

// WatchPeople is the watched people as a list: officer id, name, current
// appointments of all, when last checked, and changes not seen yet.
func WatchPeople(people []watch.Person) *Page {
	pg := &Page{
		Columns: []Column{{Title: "Officer"}, {Title: "Name", Flex: true}, {Title: "Current"}, {Title: "Appointments"},
			{Title: "Last checked", Optional: true}, {Title: "Unseen"}},
		Total: len(people),
	}
	for _, p := range people {
		checked := "not yet"
		if !p.CheckedAt.IsZero() {
			checked = p.CheckedAt.Local().Format("2006-01-02 15:04")
		}
		unseen := ""
		if p.Unseen > 0 {
			unseen = Thousands(p.Unseen)
		}
		pg.Items = append(pg.Items, Item{
			Cells: []string{clean(p.ID), orNoName(clean(p.Name)), Thousands(p.Current), Thousands(p.Total), checked, unseen},
			Link:  "/officers/" + p.ID + "/appointments",
			Title: orNoName(clean(p.Name)),
		})
	}
	pg.Summary = Plural(len(people), "officer", "officers") + " watched"
	return pg
}
