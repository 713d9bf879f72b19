package present

import (
	"strings"

	"coview/api"
	"coview/present/labels"
)

// insolvency is a company's insolvency record: a section for each case,
// with its kind, its dates in words ("Wound up on 18 Jun 2026"), its
// notes and its practitioners.
func insolvency(d *api.Insolvency, _ given) *Page {
	var sections []Section
	for i, c := range d.Cases {
		sections = append(sections, insolvencyCase(i, c))
	}
	pg := sectioned(d.Empty, sections...)
	if len(pg.Sections) > 0 {
		pg.Summary = counted(len(d.Cases), "insolvency case", "insolvency cases")
		var status []string
		for _, s := range d.Status {
			if w := clean(labels.Status(s)); w != "" {
				status = append(status, w)
			}
		}
		if len(status) > 0 {
			pg.Summary += " · " + strings.Join(status, ", ")
		}
	}
	pg.Caveat = unreadableCaveat(d.Unreadable)
	return pg
}

func insolvencyCase(i int, c api.InsolvencyCase) Section {
	title := "Case " + orDash(clean(string(c.Number)))
	if strings.TrimSpace(string(c.Number)) == "" {
		title = "Case"
		if i > 0 {
			title += " " + Thousands(i+1)
		}
	}
	if kind := clean(labels.InsolvencyCase(c.Type)); kind != "" {
		title += ": " + kind
	}
	var rows []Row
	for _, d := range c.Dates {
		label := clean(labels.InsolvencyDate(d.Type))
		if label == "" {
			label = "Date"
		}
		rows = add(rows, label, labels.Date(d.Date))
	}
	rows = rowsOf(rows, "Notes", c.Notes)
	for _, p := range c.Practitioners {
		rows = append(rows, practitioner(p)...)
	}
	rows = linkRow(rows, "Charge", "the charge this case concerns", c.Links.Charge, "Charge")
	return Section{Title: title, Rows: rows}
}

// practitioner is one practitioner: name, then role and dates, then
// address, one line each. One who has ceased to act is dim.
func practitioner(p api.Practitioner) []Row {
	name := clean(p.Name)
	if name == "" {
		name = "(no name given)"
	}
	what := clean(labels.PractitionerRole(p.Role))
	if d := labels.Date(p.AppointedOn); d != "" {
		what = strings.TrimSpace(what + ", appointed " + clean(d))
	}
	if d := labels.Date(p.CeasedToActOn); d != "" {
		what = strings.TrimSpace(what + ", ceased to act " + clean(d))
	}
	what = strings.TrimPrefix(what, ", ")
	rows := []Row{{Label: "Practitioner", Value: name}}
	rows = add(rows, "", what)
	rows = add(rows, "", oneLine(AddressLines(p.Address)))
	if p.CeasedToActOn != "" {
		for i := range rows {
			rows[i].Tone = Quiet
		}
	}
	return rows
}
