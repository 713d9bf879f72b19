package present

import (
	"encoding/json"

	"coview/api"
	"coview/present/labels"
)

// pscStatement is one statement about persons with significant control,
// in words, opening the person it names when there is one. api.Fetch
// gives no typed member for a single statement yet, so it is read here
// from the body as received, in the same shape as an item of the list; a
// body that does not read as one is shown as JSON.
func pscStatement(raw []byte) *Page {
	var s api.PSCStatement
	if json.Unmarshal(raw, &s) != nil || s.Statement == "" {
		return &Page{Total: -1, Lines: Document(raw)}
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
	return sectioned("", Section{Title: "Statement about people with significant control", Rows: rows})
}
