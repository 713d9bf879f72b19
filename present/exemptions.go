package present

import (
	"coview/api"
	"coview/present/labels"
)

// exemptions say what a company is exempt from (mostly keeping a register
// of people with significant control, because its shares trade on a
// market that makes it disclose its owners), a section for each, with the
// periods it applied. The summary answers "why are no owners listed?".
func exemptions(d *api.Exemptions, _ given) *Page {
	var sections []Section
	pscNow := false
	for _, k := range d.Keys() {
		e := d.Exemptions[k]
		key := orKey(e.ExemptionType, k)
		title := clean(labels.Exemption(key))
		var rows []Row
		if labels.IsPSCExemption(key) {
			rows = add(rows, "Exempt from", "keeping a register of people with significant control")
		}
		for i, p := range e.Items {
			label := ""
			if i == 0 {
				label = "Period"
			}
			from, to := clean(labels.Date(p.ExemptFrom)), clean(labels.Date(p.ExemptTo))
			switch {
			case to == "":
				rows = append(rows, Row{Label: label, Value: "since " + orDash(from), Tone: Good})
			default:
				rows = append(rows, Row{Label: label, Value: orDash(from) + " to " + to, Tone: Quiet})
			}
		}
		if len(e.Items) == 0 {
			rows = append(rows, Row{Label: "Period", Value: "none given", Tone: Quiet})
		}
		if e.Current() && labels.IsPSCExemption(key) {
			pscNow = true
		}
		sections = append(sections, Section{Title: title, Rows: rows})
	}
	pg := sectioned(d.Empty, sections...)
	if len(pg.Sections) > 0 {
		pg.Summary = "No exemption from keeping a register of people with significant control applies now."
		if pscNow {
			pg.Summary = "Exempt now from keeping a register of people with significant control, so none are listed."
		}
	}
	pg.Caveat = unreadableCaveat(d.Unreadable)
	return pg
}
