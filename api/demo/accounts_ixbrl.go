package demo

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"
)

// accountsDoc writes one filing's accounts as inline XBRL: the statements
// first (so that the contexts they use are known), then the header with
// those contexts, hidden facts, units and the taxonomy, put in front.
type accountsDoc struct {
	d            *document
	p            *plan
	e            era
	l            layout
	y            int
	end, start   time.Time // the year's
	prevEnd      time.Time // the comparative's, zero for a first year
	cur, prev    accountsYear
	body         strings.Builder
	contexts     []string
	ids          map[string]string
	scale, dec   string // of money: "", "3" or "6"; decimals "0", "-3", "-5"
	continuation bool
	// intended are the figures the document reports, as a reader should
	// read them back: by "2025-03-31 group" or "2025-03-31 company", the
	// figures' keys and values.
	intended map[string]map[string]int64
}

// Context periods.
const (
	perYear = iota
	perPrevYear
	perEnd
	perPrevEnd
	perOpening // the day before the comparative began: balances brought forward
)

// ixbrl is the filing's accounts as inline XBRL.
func (d *document) ixbrl() string {
	p := planOf(d.number)
	end, err := time.Parse(time.DateOnly, d.madeUpDate)
	if p == nil || err != nil {
		return ""
	}
	a := newAccountsDoc(d, p, end)
	return a.write()
}

func newAccountsDoc(d *document, p *plan, end time.Time) *accountsDoc {
	a := &accountsDoc{d: d, p: p, y: end.Year(), end: end, ids: map[string]string{}, dec: "0", intended: map[string]map[string]int64{}}
	a.l = p.layout
	switch {
	case strings.Contains(d.description, "micro-entity"):
		a.l = layoutMicro
	case strings.Contains(d.description, "total-exemption"):
		a.l = layoutFilleted
	case strings.Contains(d.description, "small") && a.l != layoutFilleted:
		a.l = layoutSmall
	}
	a.e = eraOf(a.y, a.l)
	if a.e.gaap {
		a.l = layoutFilleted // UK GAAP's abbreviated accounts
	}
	a.start = yearEnd(end, -1).AddDate(0, 0, 1)
	a.cur = p.year(a.y)
	if a.y > p.first {
		a.prevEnd = yearEnd(end, -1)
		a.prev = p.year(a.y - 1)
	}
	switch {
	case a.l == layoutIFRS:
		a.scale, a.dec = "6", "-5"
	case p.thousands:
		a.scale, a.dec = "3", "-3"
	}
	return a
}

// contextID is the id of a context for a period and dimensions (a "+"
// list of "group", "within", "after", "sc", "re", "plant", "land"),
// declared on first use.
func (a *accountsDoc) contextID(period int, dims string) string {
	key := strconv.Itoa(period) + "/" + dims
	if id, ok := a.ids[key]; ok {
		return id
	}
	var id string
	switch a.e.ids {
	case 0:
		at := [...]string{"fy_", "fy_", "cfwd_", "cfwd_", "bfwd_"}[period]
		id = at + a.periodEnd(period).Format("02_01_2006")
		if dims != "" {
			id += "_" + strings.ReplaceAll(dims, "+", "_")
		}
	case 1:
		id = "c" + strconv.Itoa(len(a.ids)+1)
	default:
		at := [...]string{"FY", "FY", "BS", "BS", "BS"}[period]
		id = at + shortYear(a.periodEnd(period))
		for _, d := range strings.Split(dims, "+") {
			if d != "" {
				id += "-" + strings.ToUpper(d[:1])
			}
		}
	}
	a.ids[key] = id
	a.contexts = append(a.contexts, a.context(id, period, dims))
	return id
}

func (a *accountsDoc) periodEnd(period int) time.Time {
	switch period {
	case perYear, perEnd:
		return a.end
	case perPrevYear, perPrevEnd:
		return a.prevEnd
	}
	return a.start.AddDate(-1, 0, -1)
}

func (a *accountsDoc) context(id string, period int, dims string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<xbrli:context id="%s"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">%s</xbrli:identifier>`, id, a.d.number)
	if dims != "" {
		b.WriteString("<xbrli:segment>")
		for _, d := range strings.Split(dims, "+") {
			dim, member := a.dimension(d)
			fmt.Fprintf(&b, `<xbrldi:explicitMember dimension="%s">%s</xbrldi:explicitMember>`, dim, member)
		}
		b.WriteString("</xbrli:segment>")
	}
	b.WriteString("</xbrli:entity><xbrli:period>")
	switch period {
	case perYear:
		fmt.Fprintf(&b, "<xbrli:startDate>%s</xbrli:startDate><xbrli:endDate>%s</xbrli:endDate>", a.start.Format(time.DateOnly), a.end.Format(time.DateOnly))
	case perPrevYear:
		fmt.Fprintf(&b, "<xbrli:startDate>%s</xbrli:startDate><xbrli:endDate>%s</xbrli:endDate>", yearEnd(a.end, -2).AddDate(0, 0, 1).Format(time.DateOnly), a.prevEnd.Format(time.DateOnly))
	default:
		fmt.Fprintf(&b, "<xbrli:instant>%s</xbrli:instant>", a.periodEnd(period).Format(time.DateOnly))
	}
	b.WriteString("</xbrli:period></xbrli:context>\n")
	return b.String()
}

// dimension is a dimension and member as QNames of this era.
func (a *accountsDoc) dimension(d string) (string, string) {
	c := a.e.corePrefix + ":"
	switch d {
	case "group":
		return a.e.busPrefix + ":GroupCompanyDataDimension", a.e.busPrefix + ":Consolidated"
	case "within":
		if a.e.currentNonCurrent {
			return c + "FinancialInstrumentCurrentNon-currentDimension", c + "CurrentFinancialInstruments"
		}
		return c + "MaturitiesOrExpirationPeriodsDimension", c + "WithinOneYear"
	case "after":
		if a.e.currentNonCurrent {
			return c + "FinancialInstrumentCurrentNon-currentDimension", c + "Non-currentFinancialInstruments"
		}
		return c + "MaturitiesOrExpirationPeriodsDimension", c + "AfterOneYear"
	case "sc":
		return c + "EquityClassesDimension", c + "ShareCapital"
	case "re":
		return c + "EquityClassesDimension", c + "RetainedEarningsAccumulatedLosses"
	case "plant":
		return c + "PropertyPlantEquipmentClassesDimension", c + "PlantMachinery"
	}
	return c + "PropertyPlantEquipmentClassesDimension", c + "LandBuildings"
}

// shown is what a line shows for a value: the text, whether it is
// negative, and the value as it is then read back (rounded to the
// thousand or the hundred thousand when the accounts are in £000 or £m).
func (a *accountsDoc) shown(l line, v int64) (text string, negative bool, read int64) {
	negative = v < 0
	if negative {
		v = -v
	}
	unit := int64(1)
	switch {
	case l.count:
	case a.scale == "3":
		unit = 1000
	case a.scale == "6":
		unit = 100_000
	}
	r := (v + unit/2) / unit
	read = r * unit
	switch {
	case r == 0:
		return "-", false, 0
	case unit == 100_000:
		text = grouped(r/10) + "." + strconv.FormatInt(r%10, 10)
	default:
		text = grouped(r)
	}
	if negative {
		read = -read
	}
	return text, negative, read
}

func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// fact is a line's value tagged for a context, or shown untagged where
// its family has no concept for it.
func (a *accountsDoc) fact(l line, concept string, v int64, context string) string {
	text, negative, _ := a.shown(l, v)
	if concept == "" {
		return html.EscapeString(text)
	}
	format := a.e.trPrefix + ":" + a.e.number
	if text == "-" {
		format = a.e.trPrefix + ":" + a.e.zero
	}
	unit, dec, scale := "GBP", a.dec, a.scale
	if l.count {
		unit, dec, scale = "pure", "0", ""
	}
	var attrs strings.Builder
	fmt.Fprintf(&attrs, ` name="%s" contextRef="%s" unitRef="%s" decimals="%s" format="%s"`, concept, context, unit, dec, format)
	if scale != "" {
		fmt.Fprintf(&attrs, ` scale="%s"`, scale)
	}
	if negative {
		attrs.WriteString(` sign="-"`)
	}
	tagged := "<ix:nonFraction" + attrs.String() + ">" + text + "</ix:nonFraction>"
	if negative || l.brackets && text != "-" {
		return "(" + tagged + ")"
	}
	return tagged
}

// columns are the years a statement shows: the year, and the comparative
// unless it is the company's first.
func (a *accountsDoc) columns(group bool) []*accountsYear {
	if !group && (a.l == layoutGroup || a.l == layoutIFRS) {
		cur := a.p.parentAccounts(a.y)
		if a.prevEnd.IsZero() {
			return []*accountsYear{&cur}
		}
		prev := a.p.parentAccounts(a.y - 1)
		return []*accountsYear{&cur, &prev}
	}
	if a.prevEnd.IsZero() {
		return []*accountsYear{&a.cur}
	}
	return []*accountsYear{&a.cur, &a.prev}
}

// statement writes lines for the group's figures (consolidated) or the
// company's, a line with nothing in any year left out, as accounts do.
func (a *accountsDoc) statement(title string, lines []line, group bool) {
	cols := a.columns(group)
	fmt.Fprintf(&a.body, "<h2>%s</h2>\n<table class=\"statement\">\n<tr><th></th>", html.EscapeString(title))
	for i := range cols {
		fmt.Fprintf(&a.body, "<th>%d<br/>%s</th>", [2]int{a.end.Year(), a.prevEnd.Year()}[i], a.unitWords())
	}
	a.body.WriteString("</tr>\n")
	for _, l := range lines {
		if !a.showsLine(l, cols) {
			continue
		}
		fmt.Fprintf(&a.body, "<tr><td class=\"label\">%s</td>", html.EscapeString(l.label))
		for i, c := range cols {
			fmt.Fprintf(&a.body, "<td class=\"figure\">%s</td>", a.fact(l, l.concept(a.e, a.l == layoutIFRS), l.value(c), a.lineContext(l, i, group)))
			a.intend(l, i, group, l.value(c))
		}
		a.body.WriteString("</tr>\n")
	}
	a.body.WriteString("</table>\n")
}

// showsLine says whether a line is in a statement: something in some
// year, and a concept or words for it in this era.
func (a *accountsDoc) showsLine(l line, cols []*accountsYear) bool {
	if l.concept(a.e, a.l == layoutIFRS) == "" && len(l.figures) > 0 {
		return false
	}
	for _, c := range cols {
		if _, _, read := a.shown(l, l.value(c)); read != 0 {
			return true
		}
	}
	return false
}

func (a *accountsDoc) lineContext(l line, col int, group bool) string {
	period := perEnd + col
	if l.overPeriod {
		period = perYear + col
	}
	var dims []string
	if group && (a.l == layoutGroup || a.l == layoutIFRS) {
		dims = append(dims, "group")
	}
	if !a.e.gaap && a.l != layoutIFRS && l.coreDims != "" {
		dims = append(dims, l.coreDims)
	}
	return a.contextID(period, strings.Join(dims, "+"))
}

// intend notes a figure the document reports, as it reads back.
func (a *accountsDoc) intend(l line, col int, group bool, v int64) {
	if len(l.figures) == 0 {
		return
	}
	end := [2]time.Time{a.end, a.prevEnd}[col]
	key := end.Format(time.DateOnly) + " company"
	if group && (a.l == layoutGroup || a.l == layoutIFRS) {
		key = end.Format(time.DateOnly) + " group"
	}
	if a.intended[key] == nil {
		a.intended[key] = map[string]int64{}
	}
	_, _, read := a.shown(l, v)
	for _, f := range l.figures {
		a.intended[key][f] = read
	}
}

func (a *accountsDoc) unitWords() string {
	switch a.scale {
	case "3":
		return "£000"
	case "6":
		return "£m"
	}
	return "£"
}
