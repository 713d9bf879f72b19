package present

import (
	"strings"

	"coview/present/labels"
)

// The helpers here build pages about one thing (a PSC, a charge, a
// filing): titled sections of rows.

// rowsOf writes several values under one label: the label on the first
// row, the others continuing it. Empty values are left out.
func rowsOf(rows []Row, label string, values []string) []Row {
	for _, v := range values {
		if v = clean(v); v != "" {
			rows = append(rows, Row{Label: label, Value: v})
			label = ""
		}
	}
	return rows
}

// linkRow is a row that opens a link, or nothing when there is no link.
func linkRow(rows []Row, label, value, link, open string) []Row {
	if link == "" {
		return rows
	}
	return append(rows, Row{Label: label, Value: clean(value), Link: link, Open: clean(open)})
}

// dateRow adds a date as "18 Jun 2026", or nothing when there is none.
func dateRow(rows []Row, label, iso string) []Row {
	return add(rows, label, labels.Date(iso))
}

// unreadable warns that members came in a form that could not be read, so
// that a missing value is not taken for an absent one.
func unreadable(rows []Row, members []string) []Row {
	if len(members) == 0 {
		return rows
	}
	return append(rows, Row{Label: "Unreadable", Tone: Warning,
		Value: "the registry sent these in an unexpected form: " + clean(strings.Join(members, ", "))})
}

// sectioned builds a page about one thing from its sections, leaving out
// those without rows; empty says why there is nothing when there is not.
func sectioned(empty string, sections ...Section) *Page {
	pg := &Page{Total: -1, Empty: empty}
	for _, s := range sections {
		if len(s.Rows) > 0 {
			pg.Sections = append(pg.Sections, s)
		}
	}
	if len(pg.Sections) == 0 && pg.Empty != "" {
		pg.Summary = clean(pg.Empty)
	}
	return pg
}

// oneLine writes an address on one line, for a row among others.
func oneLine(lines []string) string { return strings.Join(lines, ", ") }

// yesNo says a flag the registry sent, or "" when it did not.
func yesNo(b *bool, yes, no string) string {
	switch {
	case b == nil:
		return ""
	case *b:
		return yes
	}
	return no
}

// countedHere is a count of the loaded items when the registry sent no
// counts: whole says whether they are the whole list, so that a count of
// one page is never taken for the whole.
func countedHere(n int, one, many string, whole bool) string {
	s := counted(n, one, many)
	if !whole {
		s += " on this page"
	}
	return s
}

// wholeList reports whether a page from the start of a list holds all of
// it: fewer items than a page can hold.
func wholeList(start, perPage, loaded int) bool {
	return start == 0 && perPage > 0 && loaded < perPage
}

// unreadableCaveat says, above a list or a document, which members came
// in a form that could not be read.
func unreadableCaveat(members []string) string {
	if len(members) == 0 {
		return ""
	}
	return "Some of what the registry sent could not be read: " + clean(strings.Join(members, ", ")) + "."
}

// withParts adds the parts of a count after it: "4 charges: 1 outstanding,
// 3 satisfied".
func withParts(s string, parts []string) string {
	if s == "" || len(parts) == 0 {
		return s
	}
	return s + ": " + strings.Join(parts, ", ")
}
