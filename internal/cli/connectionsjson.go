package cli

import (
	"io"
	"sync"

	"coview/connections"
	"coview/present"
	"coview/present/sanitize"
)

// connectionsDoc is "coview connections --json": one document, the graph
// of a walk. Text from the registry is sanitised (control characters
// shown, never sent), since the document is coview's own and often read
// on a terminal; keys (officer_role, natures_of_control, company_status)
// are as the registry sends them, with words beside them where scripts
// would otherwise need coview's tables.
type connectionsDoc struct {
	Company         docCompany      `json:"company"`
	Depth           int             `json:"depth"`
	Expanded        []string        `json:"expanded"`
	CurrentOnly     bool            `json:"current_only"`
	Complete        bool            `json:"complete"`
	Officers        int             `json:"officers"`
	OfficersChecked int             `json:"officers_checked"`
	Requests        int             `json:"requests"`
	Budget          int             `json:"budget"`
	Companies       []docConnection `json:"companies"`
	People          []docPerson     `json:"people"`
	Links           []docLink       `json:"links"`
	NotChecked      []docNotChecked `json:"not_checked"`
}

type docCompany struct {
	Number string `json:"number"`
	Name   string `json:"name"`
	Status string `json:"status"`
}

// docConnection is a linked company and, in words, what links it.
type docConnection struct {
	docCompany
	Depth          int      `json:"depth"`
	Via            []string `json:"via"`
	Current        bool     `json:"current"`
	PeopleInCommon int      `json:"people_in_common"`
	Strength       int      `json:"strength"`
	LinkedBy       string   `json:"linked_by"`
}

// docPerson is one person: the officer records (and PSCs) behind them.
// Name is as the registry writes it; Label as coview shows it.
type docPerson struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	Label              string             `json:"label"`
	Born               *connections.Birth `json:"born,omitempty"`
	Corporate          bool               `json:"corporate"`
	OfficerIDs         []string           `json:"officer_ids"`
	PSCs               []string           `json:"psc_links,omitempty"`
	ProbablySamePerson bool               `json:"probably_same_person"`
	Namesakes          []docNamesake      `json:"namesakes,omitempty"`
}

// docNamesake is someone of the same name kept apart, and why.
type docNamesake struct {
	Person string             `json:"person"`
	Name   string             `json:"name"`
	Born   *connections.Birth `json:"born,omitempty"`
	Why    string             `json:"why"`
}

// docLink is one edge: a person's appointment at or control of a
// company ("appointment", "control"), or one company's control of another
// ("ownership", from owner to company).
type docLink struct {
	Kind    string   `json:"kind"`
	Person  string   `json:"person,omitempty"`
	Owner   string   `json:"owner,omitempty"`
	Company string   `json:"company"`
	Role    string   `json:"role,omitempty"`
	Natures []string `json:"natures_of_control,omitempty"`
	Words   string   `json:"words"`
	Since   string   `json:"since,omitempty"`
	Until   string   `json:"until,omitempty"`
	Current bool     `json:"current"`
}

// docNotChecked is something the walk did not read, and why.
type docNotChecked struct {
	What      string `json:"what"`
	Company   string `json:"company"`
	Officer   string `json:"officer,omitempty"`
	OfficerID string `json:"officer_id,omitempty"`
	From      int    `json:"from"`
	Total     int    `json:"total"`
	Link      string `json:"link,omitempty"`
	Reason    string `json:"reason"`
	Words     string `json:"words"`
}

// writeConnectionsJSON prints the walk as one indented JSON document.
func writeConnectionsJSON(w io.Writer, r *connections.Result, currentOnly bool) {
	doc := connectionsDoc{
		Company:         docCompanyOf(r.Company),
		Depth:           r.Depth,
		Expanded:        []string{},
		CurrentOnly:     currentOnly,
		Complete:        r.Complete(),
		Officers:        r.Officers,
		OfficersChecked: r.OfficersChecked,
		Requests:        r.Requests,
		Budget:          r.Budget,
		Companies:       []docConnection{},
		People:          []docPerson{},
		Links:           []docLink{},
		NotChecked:      []docNotChecked{},
	}
	for _, n := range r.Expanded {
		doc.Expanded = append(doc.Expanded, docText(string(n)))
	}
	for _, c := range r.Companies {
		d := docConnection{docCompany: docCompanyOf(c.Company), Depth: c.Depth, Via: []string{}, Current: c.Current,
			PeopleInCommon: c.People, Strength: c.Strength(), LinkedBy: present.LinkWords(r, c)}
		for _, v := range c.Via {
			d.Via = append(d.Via, docText(string(v)))
		}
		doc.Companies = append(doc.Companies, d)
	}
	for _, p := range r.People {
		d := docPerson{ID: docText(p.ID), Name: docText(p.Name), Label: present.PersonLabel(&p), Corporate: p.Corporate, OfficerIDs: []string{}, ProbablySamePerson: p.Probable()}
		if p.Born.Known() {
			d.Born = &p.Born
		}
		for _, rec := range p.Records {
			if rec.OfficerID != "" {
				d.OfficerIDs = append(d.OfficerIDs, docText(rec.OfficerID))
			} else {
				d.PSCs = append(d.PSCs, docText(rec.Ref))
			}
		}
		for _, n := range p.Namesakes {
			ns := docNamesake{Person: docText(n.Person), Name: docText(n.Name), Why: present.ApartWords(n.Why)}
			if n.Born.Known() {
				ns.Born = &n.Born
			}
			d.Namesakes = append(d.Namesakes, ns)
		}
		doc.People = append(doc.People, d)
	}
	for _, t := range r.Ties {
		doc.Links = append(doc.Links, docLink{
			Kind: tieKind(t), Person: docText(t.Person), Owner: docText(string(t.Owner)), Company: docText(string(t.Company)),
			Role: docText(t.Role), Natures: docTexts(t.Natures), Words: present.TieWords(t),
			Since: docText(t.Since), Until: docText(t.Until), Current: t.Current,
		})
	}
	pg := present.NotChecked(r)
	for i, nc := range r.NotChecked {
		doc.NotChecked = append(doc.NotChecked, docNotChecked{
			What: uncheckedWhat()[nc.What], Company: docText(string(nc.Company.Number)), Officer: docText(nc.Officer), OfficerID: docText(nc.OfficerID),
			From: nc.From, Total: nc.Total, Link: docText(nc.Link), Reason: reasonWord()[nc.Why],
			Words: pg.Items[i].Cells[0] + ": " + pg.Items[i].Cells[1],
		})
	}
	writeJSONDocument(w, doc)
}

var uncheckedWhat = sync.OnceValue(func() map[connections.Unchecked]string {
	return map[connections.Unchecked]string{
		connections.UncheckedAppointments: "appointments",
		connections.UncheckedOfficers:     "officers",
		connections.UncheckedPSCs:         "persons_with_significant_control",
		connections.UncheckedCompany:      "connections",
	}
})

var reasonWord = sync.OnceValue(func() map[connections.Reason]string {
	return map[connections.Reason]string{
		connections.ReasonBudget:  "budget",
		connections.ReasonStopped: "stopped",
		connections.ReasonFailed:  "error",
	}
})

func tieKind(t connections.Tie) string {
	switch {
	case t.Owner != "":
		return "ownership"
	case t.Role != "":
		return "appointment"
	}
	return "control"
}

func docCompanyOf(c connections.Company) docCompany {
	return docCompany{Number: docText(string(c.Number)), Name: docText(c.Name), Status: docText(c.Status)}
}

// docText is network text made harmless, for the document.
func docText(s string) string { return sanitize.Line(s) }

func docTexts(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, docText(s))
	}
	return out
}
