package present

import (
	"strings"

	"coview/api"
	"coview/present/labels"
)

// charges is the list of a company's charges: when each was created, its
// status, what it is and who holds it. Satisfied charges are dim; every
// row opens its charge.
func charges(d *api.Charges, _ given) *Page {
	pg := &Page{
		Total:   d.Total(),
		Empty:   d.Empty,
		Columns: []Column{{Title: "Created"}, {Title: "Status", Brief: true}, {Title: "Charge", Flex: true}, {Title: "Persons entitled", Flex: true}},
		Summary: chargesSummary(d),
		Caveat:  unreadableCaveat(d.Unreadable),
		Past:    "satisfied",
	}
	for _, c := range d.Items {
		entitled := make([]string, 0, len(c.PersonsEntitled))
		for _, p := range c.PersonsEntitled {
			if n := clean(p.Name); n != "" {
				entitled = append(entitled, n)
			}
		}
		who := labels.JoinAnd(entitled)
		if isTrue(c.MoreThanFourPersonsEntitled) {
			who = strings.TrimSpace(strings.Join(entitled, ", ") + " and others")
		}
		var what string
		if c.Classification != nil {
			what = clean(c.Classification.Description)
		}
		pg.Items = append(pg.Items, Item{
			Cells: []string{clean(labels.Date(c.CreatedOn)), clean(chargeStatus(c.Status)), what, who},
			Quiet: chargeSatisfied(c.Status),
			Link:  c.Links.Self,
			Title: chargeName(&c),
		})
	}
	return pg.orEmpty()
}

// chargesSummary counts the register's charges by status. The registry
// sends no outstanding count; api works it out when the counts allow, and
// the word is used only then. A list without counts, or with counts that
// cannot be right, is counted from its items, saying so.
func chargesSummary(d *api.Charges) string {
	if len(d.Items) == 0 && d.Empty != "" {
		return "" // the reason says more than "0 charges"
	}
	all := d.UnfilteredCount
	if all == nil {
		all = d.TotalCount
	}
	if all == nil || d.SatisfiedCount == nil {
		return chargesCountedHere(d)
	}
	n, known := d.Outstanding()
	if !known && *all < d.StartIndex+len(d.Items) {
		// The registry fills in counts it could not look up as 0: counts
		// that fall short of the list are not counts.
		return chargesCountedHere(d)
	}
	var parts []string
	if known {
		parts = append(parts, Thousands(n)+" outstanding")
	}
	if d.PartSatisfiedCount != nil && *d.PartSatisfiedCount > 0 {
		parts = append(parts, Thousands(*d.PartSatisfiedCount)+" partly satisfied")
	}
	parts = append(parts, Thousands(*d.SatisfiedCount)+" satisfied")
	s := withParts(counted(*all, "charge", "charges"), parts)
	if d.TotalCount != nil && d.UnfilteredCount != nil && *d.TotalCount < *d.UnfilteredCount {
		s += "; " + Thousands(*d.TotalCount) + " listed here"
	}
	return s
}

func chargesCountedHere(d *api.Charges) string {
	if len(d.Items) == 0 {
		return ""
	}
	var out, part, sat int
	for _, c := range d.Items {
		switch {
		case chargeSatisfied(c.Status):
			sat++
		case len(c.Status) > 0 && strings.EqualFold(strings.TrimSpace(c.Status[0]), "part-satisfied"):
			part++
		case len(c.Status) > 0 && strings.EqualFold(strings.TrimSpace(c.Status[0]), "outstanding"):
			out++
		}
	}
	whole := wholeList(d.StartIndex, d.ItemsPerPage, len(d.Items))
	parts := []string{Thousands(out) + " outstanding"}
	if part > 0 {
		parts = append(parts, Thousands(part)+" partly satisfied")
	}
	parts = append(parts, Thousands(sat)+" satisfied")
	return withParts(countedHere(len(d.Items), "charge", "charges", whole), parts) + " (counted from the list: the registry did not count them)"
}

// charge is one charge in full: what it is, who holds it, what it covers
// and secures, and the filings about it, each opening its filing.
func charge(c *api.Charge, g given) *Page {
	bad := g.answer.Unreadable
	var rows []Row
	rows = add(rows, "Charge code", chargeCode(c.ChargeCode))
	rows = add(rows, "Number", string(c.ChargeNumber))
	rows = append(rows, statusRow(c.Status))
	if cl := c.Classification; cl != nil {
		rows = add(rows, clean(labels.ChargeDescriptionType(orKey(cl.Type, "charge-description"))), cl.Description)
	}
	rows = dateRow(rows, "Created", c.CreatedOn)
	rows = dateRow(rows, "Delivered", c.DeliveredOn)
	rows = dateRow(rows, "Satisfied", c.SatisfiedOn)
	rows = dateRow(rows, "Acquired", c.AcquiredOn)
	rows = dateRow(rows, "Resolved", c.ResolvedOn)
	rows = dateRow(rows, "Instrument dated", c.CoveringInstrumentDate)
	rows = add(rows, "Released", labels.AssetsCeasedReleased(c.AssetsCeasedReleased))
	rows = unreadable(rows, bad)

	var entitled []Row
	for _, p := range c.PersonsEntitled {
		entitled = add(entitled, "", p.Name)
	}
	if isTrue(c.MoreThanFourPersonsEntitled) {
		entitled = append(entitled, Row{Value: "and others: more than four are entitled, and the registry names four", Tone: Quiet})
	}

	return sectioned("",
		Section{Title: "Charge", Rows: rows},
		Section{Title: "Persons entitled", Rows: entitled},
		Section{Title: "Property charged", Rows: particulars(c.Particulars)},
		Section{Title: "Secured", Rows: secured(c.SecuredDetails)},
		Section{Title: "Scottish alterations", Rows: scottishAlterations(c)},
		Section{Title: "Filings", Rows: chargeTransactions(c.Transactions)},
		Section{Title: "Insolvency cases", Rows: chargeCases(c)},
	)
}

// particulars say what the charge covers: the description as filed, then
// each term the charge form ticks, in words.
func particulars(p *api.ChargeParticulars) []Row {
	if p == nil {
		return nil
	}
	var rows []Row
	rows = add(rows, clean(labels.ChargeDescriptionType(orKey(p.Type, "brief-description"))), p.Description)
	var terms []string
	if isTrue(p.ContainsFixedCharge) {
		terms = append(terms, "A fixed charge")
	}
	if isTrue(p.ContainsFloatingCharge) {
		t := "A floating charge"
		if isTrue(p.FloatingChargeCoversAll) {
			t += ", covering all the company's property and undertaking"
		}
		terms = append(terms, t)
	}
	if isTrue(p.ContainsNegativePledge) {
		terms = append(terms, "A negative pledge: the company may not grant other security that ranks ahead of or equal to it")
	}
	if isTrue(p.ChargorActingAsBareTrustee) {
		terms = append(terms, "The company holds the property charged as a bare trustee")
	}
	return rowsOf(rows, "Terms", terms)
}

// secured says what the charge secures: an amount, or obligations.
func secured(s *api.ChargeDescription) []Row {
	if s == nil {
		return nil
	}
	return add(nil, clean(labels.ChargeDescriptionType(orKey(s.Type, "amount-secured"))), s.Description)
}

// scottishAlterations are what a Scottish charge's instrument of
// alteration changed, said only when true.
func scottishAlterations(c *api.Charge) []Row {
	a := c.ScottishAlterations
	if a == nil {
		return nil
	}
	var says []string
	if isTrue(a.HasAlterationsToOrder) {
		says = append(says, "The order of ranking of charges has been altered")
	}
	if isTrue(a.HasAlterationsToProhibitions) {
		says = append(says, "Restrictions on further charges have been altered")
	}
	if isTrue(a.HasRestrictingProvisions) {
		says = append(says, "It has provisions restricting further charges")
	}
	return rowsOf(nil, "", says)
}

// chargeTransactions are the filings about a charge, oldest first as
// sent, each opening its filing.
func chargeTransactions(ts []api.ChargeTransaction) []Row {
	var rows []Row
	for _, t := range ts {
		what := clean(labels.ChargeTransaction(t.FilingType))
		if what == "" {
			what = "Filing"
		}
		if n := clean(string(t.InsolvencyCaseNumber)); n != "" {
			what += " (insolvency case " + n + ")"
		}
		when := orDash(clean(labels.Date(t.DeliveredOn)))
		r := Row{Label: when, Value: what, Link: t.Links.Filing, Open: "Filing: " + what}
		if t.Links.Filing == "" {
			r.Open = ""
		}
		rows = append(rows, r)
	}
	return rows
}

// chargeCases are the insolvency cases a charge names, each opening the
// company's insolvency record when linked.
func chargeCases(c *api.Charge) []Row {
	var rows []Row
	for _, ic := range c.InsolvencyCases {
		v := "Case " + orDash(clean(string(ic.CaseNumber)))
		if ic.Links.Case == "" {
			rows = add(rows, "", v)
			continue
		}
		rows = append(rows, Row{Value: v, Link: ic.Links.Case, Open: "Insolvency"})
	}
	return rows
}

// statusRow is a charge's status, dim once satisfied.
func statusRow(status api.StringList) Row {
	r := Row{Label: "Status", Value: orDash(clean(chargeStatus(status)))}
	if chargeSatisfied(status) {
		r.Tone = Quiet
	}
	return r
}

// chargeStatus is a status in words; the registry sends one key, but
// status members elsewhere come as lists, so every key is said.
func chargeStatus(status api.StringList) string {
	words := make([]string, 0, len(status))
	for _, s := range status {
		if w := labels.ChargeStatus(s); w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, ", ")
}

func chargeSatisfied(status api.StringList) bool {
	return len(status) > 0 && labels.ChargeSatisfied(status[0])
}

// chargeName is what the breadcrumb calls a charge: its code, else its
// number.
func chargeName(c *api.Charge) string {
	if code := chargeCode(c.ChargeCode); code != "" {
		return "Charge " + code
	}
	if n := clean(string(c.ChargeNumber)); n != "" {
		return "Charge " + n
	}
	return "Charge"
}

// chargeCode writes a twelve-digit charge code in groups of four, as the
// registry's own pages and the charge documents do: "0000 6412 0004".
func chargeCode(code string) string {
	c := clean(code)
	if len(c) != 12 || strings.Trim(c, "0123456789") != "" {
		return c
	}
	return c[:4] + " " + c[4:8] + " " + c[8:]
}

// orKey is a type key, or the one to assume when the registry sent none.
func orKey(key, assume string) string {
	if strings.TrimSpace(key) == "" {
		return assume
	}
	return key
}
