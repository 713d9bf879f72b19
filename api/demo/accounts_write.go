package demo

import (
	"fmt"
	"html"
	"strings"
	"time"
)

// write is the whole document: the statements and notes, then the header
// that declares what they used, put before them.
func (a *accountsDoc) write() string {
	name := html.EscapeString(a.d.company)
	fmt.Fprintf(&a.body, "<div class=\"cover\"><h1>%s</h1>\n<p>Registered number %s</p>\n<p>%s made up to %s</p></div>\n",
		a.text(a.bus("EntityCurrentLegalOrRegisteredName"), name), a.text(a.bus("UKCompaniesHouseRegisteredNumber"), a.d.number),
		a.title(), inWords(a.end))
	group := a.l == layoutGroup || a.l == layoutIFRS
	if a.l != layoutMicro && a.l != layoutFilleted {
		what := "Profit and loss account"
		if group {
			what = "Consolidated statement of comprehensive income"
		}
		a.statement(what, profitAndLoss(), group)
	}
	if group {
		a.statement("Consolidated balance sheet", balanceSheet(a.l, false), true)
		a.statement("Company balance sheet", balanceSheet(a.l, false), false)
	} else {
		a.statement("Balance sheet as at "+inWords(a.end), balanceSheet(a.l, a.p.llp), false)
	}
	a.notes(group)
	if a.continuation {
		// The rest of the policy, which the notes' text continues to.
		a.body.WriteString(`<div class="policy"><ix:continuation id="policy-2">They are prepared under the historical cost convention, and on the going concern basis.</ix:continuation></div>` + "\n")
	}
	fmt.Fprintf(&a.body, "<p class=\"about\">A fictional document from the coview demo registry: accounts made up to %s (transaction %s).</p>\n", inWords(a.end), a.d.filing)
	head := a.header(name)
	return head + a.body.String() + "</body>\n</html>\n"
}

func (a *accountsDoc) title() string {
	switch a.l {
	case layoutMicro:
		return "Micro-entity accounts"
	case layoutFilleted:
		if a.e.gaap {
			return "Abbreviated accounts"
		}
		return "Filleted accounts"
	case layoutGroup, layoutIFRS:
		return "Annual report and consolidated financial statements"
	}
	return "Financial statements"
}

func (a *accountsDoc) bus(local string) string { return a.e.busPrefix + ":" + local }

// text is a text fact of the year.
func (a *accountsDoc) text(concept, escaped string) string {
	return fmt.Sprintf(`<ix:nonNumeric name="%s" contextRef="%s">%s</ix:nonNumeric>`, concept, a.contextID(perYear, ""), escaped)
}

// notes are the notes to the accounts: the basis of preparation (a text
// continued further on), employees, tangible assets by class, and the
// equity brought forward, which is not a period's figure.
func (a *accountsDoc) notes(group bool) {
	a.body.WriteString("<h2>Notes to the accounts</h2>\n")
	if a.l != layoutMicro && !a.e.gaap {
		a.continuation = true
		fmt.Fprintf(&a.body, "<p>1 Accounting policies</p>\n<div class=\"policy\">%s</div>\n",
			fmt.Sprintf(`<ix:nonNumeric name="%s:GeneralDescriptionBasisMeasurementUsedInPreparingFinancialStatements" contextRef="%s" continuedAt="policy-2">These financial statements have been prepared in accordance with %s and the Companies Act 2006. <ix:exclude>(Continued on the next page.)</ix:exclude></ix:nonNumeric>`,
				a.e.corePrefix, a.contextID(perYear, ""), a.standard()))
	}
	cols := a.columns(false)
	staff := employees()
	concept := staff.concept(a.e, a.l == layoutIFRS)
	if a.l == layoutIFRS {
		concept = a.e.corePrefix + ":" + staff.core
	}
	say := func(who string, cols []*accountsYear, group bool) {
		fmt.Fprintf(&a.body, "<p>The average number of persons employed by %s during the year was %s", who, a.fact(staff, concept, staff.value(cols[0]), a.lineContext(staff, 0, group)))
		a.intend(staff, 0, group, staff.value(cols[0]))
		if len(cols) > 1 {
			fmt.Fprintf(&a.body, " (%d: %s)", a.prevEnd.Year(), a.fact(staff, concept, staff.value(cols[1]), a.lineContext(staff, 1, group)))
			a.intend(staff, 1, group, staff.value(cols[1]))
		}
		a.body.WriteString(".</p>\n")
	}
	if group {
		say("the group", a.columns(true), true)
		say("the company", cols, false)
	} else {
		say("the company", cols, false)
	}
	if a.e.gaap || a.l == layoutMicro || a.l == layoutIFRS || a.l == layoutFilleted {
		return
	}
	tangible := ln("Tangible assets", func(y *accountsYear) int64 { return y.tangible }, "PropertyPlantEquipment", "", "")
	source := a.columns(group)
	a.body.WriteString("<p>Tangible fixed assets by class:</p>\n<table class=\"note\">\n")
	for _, class := range []struct {
		label, dims string
		part        func(int64) int64
	}{
		{"Plant and machinery", "plant", func(v int64) int64 { return v * 60 / 100 }},
		{"Land and buildings", "land", func(v int64) int64 { return v - v*60/100 }},
	} {
		fmt.Fprintf(&a.body, "<tr><td>%s</td>", class.label)
		for i, c := range source {
			dims := class.dims
			if group {
				dims = "group+" + dims
			}
			fmt.Fprintf(&a.body, "<td>%s</td>", a.fact(tangible, tangible.concept(a.e, false), class.part(c.tangible), a.contextID(perEnd+i, dims)))
		}
		a.body.WriteString("</tr>\n")
	}
	a.body.WriteString("</table>\n")
	if a.y-2 >= a.p.first {
		equity := ln("Equity", func(y *accountsYear) int64 { return y.equity }, "Equity", "", "")
		opening := a.p.year(a.y - 2)
		dims := ""
		if group {
			dims = "group"
		}
		fmt.Fprintf(&a.body, "<p>Equity at %s, brought forward: %s.</p>\n", inWords(a.start.AddDate(-1, 0, 0)),
			a.fact(equity, equity.concept(a.e, false), opening.equity, a.contextID(perOpening, dims)))
	}
}

func (a *accountsDoc) standard() string {
	switch a.l {
	case layoutSmall, layoutFilleted:
		return "FRS 102 Section 1A"
	case layoutIFRS:
		return "UK-adopted international accounting standards"
	}
	return "FRS 102"
}

// header is the document's start: its namespaces, and ix:header with the
// hidden facts, the taxonomy and the contexts and units the body used.
func (a *accountsDoc) header(name string) string {
	var hidden strings.Builder
	if a.e.gaap {
		fmt.Fprintf(&hidden, `<ix:nonNumeric name="%s" contextRef="%s" format="%s:%s">%s</ix:nonNumeric>`+"\n",
			a.bus("BalanceSheetDate"), a.contextID(perEnd, ""), a.e.trPrefix, a.e.dateFormat, inWords(a.end))
	} else {
		fmt.Fprintf(&hidden, `<ix:nonNumeric name="%s" contextRef="%s">%s</ix:nonNumeric>`+"\n", a.bus("StartDateForPeriodCoveredByReport"), a.contextID(perYear, ""), a.start.Format(time.DateOnly))
		fmt.Fprintf(&hidden, `<ix:nonNumeric name="%s" contextRef="%s">%s</ix:nonNumeric>`+"\n", a.bus("EndDateForPeriodCoveredByReport"), a.contextID(perYear, ""), a.end.Format(time.DateOnly))
		dormant := `<ix:nonNumeric name="%s" contextRef="%s">false</ix:nonNumeric>` + "\n"
		if a.e.zero == "fixed-zero" {
			dormant = `<ix:nonNumeric name="%s" contextRef="%s" format="` + a.e.trPrefix + `:fixed-false">false</ix:nonNumeric>` + "\n"
		}
		fmt.Fprintf(&hidden, dormant, a.bus("EntityDormantTruefalse"), a.contextID(perYear, ""))
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(&b, `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="%s" xmlns:%s="%s" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:%s="%s" xmlns:%s="%s"`,
		a.e.ix, a.e.trPrefix, a.e.tr, a.e.corePrefix, a.e.core, a.e.busPrefix, a.e.bus)
	if a.l == layoutIFRS {
		fmt.Fprintf(&b, ` xmlns:ifrs-full="%s"`, a.e.ifrs)
	}
	fmt.Fprintf(&b, ">\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\"/>\n<title>%s - %s made up to %s</title>\n", name, a.title(), inWords(a.end))
	b.WriteString("<style type=\"text/css\">body { font-family: Georgia, serif; } td.figure { text-align: right; } .about { font-size: small; }</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<div style=\"display: none\"><ix:header>\n<ix:hidden>\n%s</ix:hidden>\n", hidden.String())
	fmt.Fprintf(&b, "<ix:references><link:schemaRef xlink:type=\"simple\" xlink:href=\"%s\"/></ix:references>\n<ix:resources>\n", a.e.schema)
	for _, c := range a.contexts {
		b.WriteString(c)
	}
	b.WriteString(`<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>` + "\n")
	b.WriteString(`<xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>` + "\n")
	b.WriteString("</ix:resources>\n</ix:header></div>\n")
	return b.String()
}
