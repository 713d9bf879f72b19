package present

import (
	"coview/api"
	"coview/present/labels"
)

// pscStatement is one statement about persons with significant control,
// in words, opening the person it names when there is one; a body that
// does not read as one is shown as JSON.
func pscStatement(s *api.PSCStatement, g given) *Page {
	if s.Statement == "" {
		return &Page{Total: -1, Lines: Document(g.answer.Raw)}
	}
	var rows []Row
	rows = add(rows, "Statement", labels.PSCStatement(s.Statement, s.LinkedPSCName))
	rows = dateRow(rows, "Notified", s.NotifiedOn)
	rows = dateRow(rows, "Ceased", s.CeasedOn)
	name := clean(s.LinkedPSCName)
	if name == "" {
		name = "the person with significant control it names"
	}
	rows = linkRow(rows, "Person", name, s.Links.PersonWithSignificantControl, name)
	rows = unreadable(rows, g.answer.Unreadable)
	return sectioned("", Section{Title: "Statement about people with significant control", Rows: rows})
}
