package present

import (
	"coview/api"
	"coview/present/labels"
	"sync"
)

// LinkItem is one link of a profile, named in words, and whether it may be
// followed.
type LinkItem struct {
	Name    string // "Officers"
	Rel     string // the JSON member, "officers"
	Path    string // as sent (sanitised for display)
	Raw     string // as sent, for following
	Refused error  // why it will not be followed, or nil
}

var linkNames = sync.OnceValue(func() map[string]string {
	return map[string]string{
		api.LinkSelf:          "This profile",
		api.LinkFilingHistory: "Filing history",
		api.LinkOfficers:      "Officers",
		api.LinkPSC:           "Persons with significant control",
		api.LinkPSCStatements: "PSC statements",
		api.LinkCharges:       "Charges",
		api.LinkInsolvency:    "Insolvency",
		api.LinkRegisters:     "Registers",
		api.LinkExemptions:    "Exemptions",
		api.LinkUKEstablish:   "UK establishments",
		api.LinkOverseas:      "Overseas company",
	}
})

// LinkName is a link member in words.
func LinkName(rel string) string {
	if n, ok := linkNames()[rel]; ok {
		return n
	}
	return clean(labels.Humanize(rel)) // a name the registry made up, made harmless
}

// ProfileLinks lists every link the profile carries.
func ProfileLinks(p *api.Profile) []LinkItem {
	var out []LinkItem
	for _, l := range p.Links.All() {
		out = append(out, LinkItem{
			Name:    LinkName(l.Name),
			Rel:     l.Name,
			Path:    clean(l.Path),
			Raw:     l.Path,
			Refused: api.CheckLink(l.Path),
		})
	}
	return out
}

// LinkRows are the links as rows, for plain output.
func LinkRows(links []LinkItem) []Row {
	if len(links) == 0 {
		return []Row{{Label: "Links", Value: "none", Tone: Quiet}}
	}
	rows := make([]Row, 0, len(links))
	for _, l := range links {
		r := Row{Label: l.Name, Value: l.Path}
		if l.Refused != nil {
			r.Value += " (refused: " + clean(l.Refused.Error()) + ")"
			r.Tone = Warning
		}
		rows = append(rows, r)
	}
	return rows
}
