package present

import (
	"slices"
	"sort"

	"coview/api"
	"coview/present/labels"
)

// registers say where a company keeps the statutory registers it does
// not keep at its registered office: a section for each, where it is now,
// then each move, newest first, opening the filing that made it.
func registers(d *api.Registers, _ given) *Page {
	var sections []Section
	away := 0
	for _, k := range d.Keys() {
		r := d.Registers[k]
		var rows []Row
		if now, ok := r.Current(); ok {
			if now.RegisterMovedTo != "registered-office" {
				away++
			}
			where := clean(labels.RegisterPlace(now.RegisterMovedTo))
			if since := clean(labels.Date(now.MovedOn)); since != "" {
				where += ", since " + since
			}
			rows = add(rows, "Kept", where)
		}
		moves := slices.Clone(r.Items)
		sort.SliceStable(moves, func(i, j int) bool { return moves[i].MovedOn > moves[j].MovedOn })
		for _, m := range moves {
			move := clean(labels.RegisterMove(m.RegisterMovedTo))
			rows = append(rows, Row{Label: orDash(clean(labels.Date(m.MovedOn))), Value: move, Link: m.Links.Filing, Open: openIf(m.Links.Filing, "Filing: "+move)})
		}
		sections = append(sections, Section{Title: clean(labels.Register(orKey(k, r.RegisterType))), Rows: rows})
	}
	pg := sectioned(d.Empty, sections...)
	switch {
	case len(pg.Sections) == 0:
	case away == 0:
		pg.Summary = "Every register listed is kept at the registered office again."
	default:
		pg.Summary = counted(away, "register is", "registers are") + " kept away from the registered office"
	}
	pg.Caveat = unreadableCaveat(d.Unreadable)
	return pg
}

// openIf is what the breadcrumb calls a link's page, or "" with no link.
func openIf(link, open string) string {
	if link == "" {
		return ""
	}
	return open
}
