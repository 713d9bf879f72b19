package present

import (
	"coview/api"
	"coview/present/labels"
)

// ukEstablishments are an overseas company's establishments in the UK,
// each a company of its own on the register that its row opens. Closed
// ones are dim.
func ukEstablishments(d *api.UKEstablishments, _ given) *Page {
	pg := &Page{
		Total:   len(d.Items),
		Empty:   d.Empty,
		Columns: []Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status", Brief: true}, {Title: "Locality"}},
		Summary: counted(len(d.Items), "UK establishment", "UK establishments"),
		Caveat:  unreadableCaveat(d.Unreadable),
		Past:    "dissolved",
	}
	if len(d.Items) == 0 {
		pg.Summary = ""
	}
	for _, u := range d.Items {
		name := clean(u.CompanyName)
		status := clean(labels.Status(u.CompanyStatus))
		it := Item{
			Cells: []string{name, clean(u.CompanyNumber), status, clean(u.Locality)},
			Quiet: api.StatusClassOf(u.CompanyStatus) == api.ClassDissolved,
		}
		if status != "" {
			it.Accents = append(it.Accents, statusAccent(u.CompanyStatus, 2, status))
		}
		if r, ok := u.Company(); ok {
			it.Link, it.Title = r.Link, name
			if it.Title == "" {
				it.Title = string(r.Number)
			}
		}
		pg.Items = append(pg.Items, it)
	}
	return pg.orEmpty()
}
