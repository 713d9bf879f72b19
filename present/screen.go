package present

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/present/sanitize"
	"coview/screen"
)

// The fields of a screening row: the CSV's header and the members of
// each --json object, in order. The deep ones come only with --deep,
// before the flags.
const (
	FieldInput               = "input"
	FieldNumber              = "number"
	FieldName                = "name"
	FieldStatus              = "status"
	FieldType                = "type"
	FieldIncorporated        = "incorporated"
	FieldAccountsDue         = "accounts_due"
	FieldAccountsOverdue     = "accounts_overdue"
	FieldConfirmationDue     = "confirmation_due"
	FieldConfirmationOverdue = "confirmation_overdue"
	FieldOutstandingCharges  = "outstanding_charges"
	FieldPartSatisfied       = "part_satisfied_charges"
	FieldInsolvencyCases     = "insolvency_cases"
	FieldPSCStatements       = "psc_statements"
	FieldActiveDirectors     = "active_directors"
	FieldDirectorsAppointed  = "directors_appointed_12m"
	FieldDirectorsResigned   = "directors_resigned_12m"
	FieldAccounts            = "accounts_figures"
	FieldFlags               = "flags"
	FieldResult              = "result"
	FieldWhy                 = "why"
)

// ScreenFields are the fields of a screening row, in order.
func ScreenFields(deep bool) []string {
	fields := []string{FieldInput, FieldNumber, FieldName, FieldStatus, FieldType, FieldIncorporated,
		FieldAccountsDue, FieldAccountsOverdue, FieldConfirmationDue, FieldConfirmationOverdue}
	if deep {
		fields = append(fields, FieldOutstandingCharges, FieldPartSatisfied, FieldInsolvencyCases, FieldPSCStatements,
			FieldActiveDirectors, FieldDirectorsAppointed, FieldDirectorsResigned, FieldAccounts)
	}
	return append(fields, FieldFlags, FieldResult, FieldWhy)
}

// ScreenCount reports whether a field is a count (of charges, of
// directors): --json writes it as a number, or null where the row has
// none; the CSV as its digits, or empty.
func ScreenCount(field string) bool {
	switch field {
	case FieldOutstandingCharges, FieldPartSatisfied, FieldActiveDirectors, FieldDirectorsAppointed, FieldDirectorsResigned:
		return true
	}
	return false
}

// ScreenRecord is a row's fields (ScreenFields) as text, for CSV and JSON
// alike, so that the two always say the same: the input as given (as
// screen.Row.Entry quotes it) and
// names as the registry writes them (line breaks kept, control characters
// made visible), statuses and types in words, dates as yyyy-mm-dd,
// overdue as yes or no (empty for a company that has ended, whose flags
// are stale, and where the registry does not say), flags in words
// separated by "; ". A field that does not apply is empty.
func ScreenRecord(row screen.Row, deep bool, today time.Time) []string {
	v := screenValues(row, today)
	fields := ScreenFields(deep)
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = v[f]
	}
	return out
}

// screenValues are a row's fields by name.
func screenValues(row screen.Row, today time.Time) map[string]string {
	v := map[string]string{
		FieldInput:  sanitize.Text(row.Entry()),
		FieldNumber: string(row.Number),
		FieldResult: string(row.Result),
		FieldWhy:    sanitize.Text(row.Why),
	}
	p := row.Profile
	if p == nil {
		return v
	}
	closed := Closed(p)
	v[FieldName] = sanitize.Text(p.CompanyName)
	v[FieldStatus] = clean(labels.Status(p.CompanyStatus))
	v[FieldType] = clean(labels.CompanyType(p.Type))
	v[FieldIncorporated] = clean(p.DateOfCreation)
	if a := p.Accounts; a != nil {
		due := a.NextDue
		if a.NextAccounts != nil && a.NextAccounts.DueOn != "" {
			due = a.NextAccounts.DueOn
		}
		v[FieldAccountsDue] = clean(due)
		v[FieldAccountsOverdue] = overdueField(accountsOverdue(p), closed)
	}
	if c := statement(p); c != nil {
		v[FieldConfirmationDue] = clean(c.NextDue)
		v[FieldConfirmationOverdue] = overdueField(c.Overdue, closed)
	}
	v[FieldFlags] = FlagWords(Flags(p, row.Deep, today))
	if d := row.Deep; d != nil {
		if c := d.Charges; c != nil {
			v[FieldOutstandingCharges], v[FieldPartSatisfied] = strconv.Itoa(c.Outstanding), strconv.Itoa(c.PartSatisfied)
		}
		if in := d.Insolvency; in != nil {
			var cases []string
			for _, k := range in.Cases {
				cases = append(cases, clean(labels.InsolvencyCase(k)))
			}
			v[FieldInsolvencyCases] = strings.Join(cases, "; ")
		}
		if s := d.Statements; s != nil {
			var words []string
			for _, k := range s.Active {
				words = append(words, clean(labels.PSCStatementShort(k)))
			}
			v[FieldPSCStatements] = strings.Join(words, "; ")
		}
		if dir := d.Directors; dir != nil {
			v[FieldActiveDirectors] = strconv.Itoa(dir.Active)
			v[FieldDirectorsAppointed], v[FieldDirectorsResigned] = strconv.Itoa(dir.Appointed), strconv.Itoa(dir.Resigned)
		}
		if d.Accounts != nil {
			v[FieldAccounts] = FiguresInWords(d.Accounts)
		}
	}
	return v
}

// overdueField is the registry's overdue flag as yes or no, or "" when it
// did not say or the company has ended (its flags are stale).
func overdueField(b *bool, closed bool) string {
	if closed {
		return ""
	}
	return yesNo(b, "yes", "no")
}

// ScreenPage is a screening's rows as a list page, one item per row in
// the order given: the browser's table and --plain alike. A row about a
// company opens it; a row not answered yet (screen.Pending) shows its
// input and "…". The statuses are accented by class, each flag by its
// severity, and a result other than ok as needing a look.
func ScreenPage(rows []screen.Row, deep bool, today time.Time) *Page {
	pg := &Page{Total: len(rows), Summary: ScreenSummary(rows)}
	// On a terminal too narrow for every column, the type, the dates and
	// what --deep read give way first: the flags say what of them matters.
	// The entry as pasted says which row is which; the name and the flags
	// say what it is, and keep the room.
	pg.Columns = []Column{{Title: "Input", Max: 18}, {Title: "Number"}, {Title: "Name", Flex: true}, {Title: "Status"},
		{Title: "Type", Optional: true}, {Title: "Incorporated", Optional: true}, {Title: "Accounts due", Optional: true},
		{Title: "Confirmation due", Optional: true}}
	if deep {
		pg.Columns = append(pg.Columns, Column{Title: "Charges", Optional: true}, Column{Title: "Insolvency", Flex: true, Optional: true},
			Column{Title: "PSC statements", Flex: true, Optional: true}, Column{Title: "Directors", Optional: true},
			Column{Title: "Accounts", Flex: true, Optional: true})
	}
	pg.Columns = append(pg.Columns, Column{Title: "Flags", Flex: true}, Column{Title: "Result"}, Column{Title: "Why", Flex: true, Yields: true})
	for _, row := range rows {
		pg.Items = append(pg.Items, screenItem(row, deep, today))
	}
	return pg
}

func screenItem(row screen.Row, deep bool, today time.Time) Item {
	v := screenValues(row, today)
	line := func(f string) string { return sanitize.Line(v[f]) }
	due := func(date, overdue string) string {
		if overdue == "yes" {
			return strings.TrimSpace(date + " overdue")
		}
		return date
	}
	cells := []string{line(FieldInput), line(FieldNumber), line(FieldName), line(FieldStatus), line(FieldType),
		line(FieldIncorporated), due(line(FieldAccountsDue), v[FieldAccountsOverdue]),
		due(line(FieldConfirmationDue), v[FieldConfirmationOverdue])}
	it := Item{}
	if p := row.Profile; p != nil && cells[3] != "" {
		it.Accents = append(it.Accents, statusAccent(p.CompanyStatus, 3, cells[3]))
		it.Quiet = Closed(p)
	}
	if deep {
		var charges, directors string
		if d := row.Deep; d != nil && d.Charges != nil {
			charges = v[FieldOutstandingCharges]
			if n := d.Charges.PartSatisfied; n > 0 {
				charges += fmt.Sprintf(" (+%d part)", n)
			}
		}
		if d := row.Deep; d != nil && d.Directors != nil {
			dir := d.Directors
			directors = fmt.Sprintf("%d active", dir.Active)
			if dir.Appointed+dir.Resigned > 0 {
				directors += fmt.Sprintf(" (%d in, %d out in 12 months)", dir.Appointed, dir.Resigned)
			}
		}
		cells = append(cells, charges, line(FieldInsolvencyCases), line(FieldPSCStatements), directors, line(FieldAccounts))
	}
	flagCell := len(cells)
	result := string(row.Result)
	if row.Result == "" {
		result = "…" // not answered yet: a table filling in shows its rows at once
	}
	cells = append(cells, line(FieldFlags), result, line(FieldWhy))
	var flags []Flag
	if p := row.Profile; p != nil {
		flags = Flags(p, row.Deep, today)
		at := 0
		for i, f := range flags {
			if i > 0 {
				at += len("; ")
			}
			it.Accents = append(it.Accents, Accent{Cell: flagCell, Start: at, End: at + len(f.Words), Kind: flagAccent(f.Severity)})
			at += len(f.Words)
		}
	}
	if row.Result != screen.OK && row.Result != "" {
		it.Accents = append(it.Accents, Accent{Cell: flagCell + 1, End: len(row.Result), Kind: NeedsALook})
	}
	switch {
	case row.Number != "" && row.Result != screen.Invalid:
		it.Link = api.CompanyPath(row.Number)
		it.Title = cmp.Or(line(FieldName), string(row.Number))
	case ScreenSearchable(row):
		res := api.SearchResource(api.ResSearchCompanies, row.Query.Name)
		it.Link, it.Title = res.Link, fmt.Sprintf("Search %q", sanitize.Line(api.SearchQuery(res.Link)))
	}
	it.Cells = cells
	it.Keys = screenKeys(row, v, cells, flagCell, deep, flags)
	return it
}

// ScreenSearchable reports whether a screening's row is a name no
// company has exactly: it opens the registry's search for the name,
// where the closest and the rest are.
func ScreenSearchable(row screen.Row) bool {
	return row.Result == screen.Unresolved && row.Query.Kind == screen.ByName && row.Query.Name != ""
}

// screenKeys are how a screening row's cells sort (Item.Keys): the dates
// due as dates, overdue or not; the deep counts as numbers; the flags
// gravest first, then the most; the results in screen.Results' order, a
// row not answered yet after them; the rest as their text.
func screenKeys(row screen.Row, v map[string]string, cells []string, flagCell int, deep bool, flags []Flag) []string {
	keys := slices.Clone(cells)
	keys[6], keys[7] = v[FieldAccountsDue], v[FieldConfirmationDue]
	if deep {
		keys[8], keys[11] = v[FieldOutstandingCharges], v[FieldActiveDirectors]
	}
	keys[flagCell] = ""
	if len(flags) > 0 {
		grave := 0
		for _, f := range flags {
			grave = max(grave, int(f.Severity))
		}
		keys[flagCell] = strconv.Itoa(-(grave*1000 + len(flags)))
	}
	keys[flagCell+1] = ""
	if i := slices.Index(screen.Results, row.Result); i >= 0 && row.Result != "" {
		keys[flagCell+1] = strconv.Itoa(i)
	}
	return keys
}

func flagAccent(s Severity) AccentKind {
	switch s {
	case SeveritySevere:
		return FlagSevere
	case SeverityWarning:
		return FlagWarning
	}
	return FlagInfo
}

// ScreenSummary counts rows by result: "5 rows: 3 ok, 1 not found, 1
// not screened".
func ScreenSummary(rows []screen.Row) string {
	counts := map[screen.Result]int{}
	for _, r := range rows {
		counts[r.Result]++
	}
	return counted(len(rows), "row", "rows") + ": " + ResultCounts(counts)
}

// ResultCounts says how many rows have each result, in the order of
// screen.Results, leaving out those none have: "3 ok, 1 not found".
func ResultCounts(counts map[screen.Result]int) string {
	var parts []string
	for _, res := range screen.Results {
		if n := counts[res]; n > 0 {
			parts = append(parts, Thousands(n)+" "+ResultWords(res))
		}
	}
	if len(parts) == 0 {
		return "none yet"
	}
	return strings.Join(parts, ", ")
}

// ResultWords is a result as words: "not screened".
func ResultWords(r screen.Result) string { return strings.ReplaceAll(string(r), "_", " ") }

// ScreenPlan says what a screening will cost before it starts: "14
// entries: 8 company numbers and 3 names to find, 2 repeats asked for
// once, 1 neither; at most 14 requests".
func ScreenPlan(p screen.Plan) string {
	var parts []string
	if p.Numbers > 0 {
		parts = append(parts, counted(p.Numbers, "company number", "company numbers"))
	}
	if p.Names > 0 {
		parts = append(parts, counted(p.Names, "name", "names")+" to find")
	}
	s := counted(p.Inputs, "entry", "entries") + ": " + labels.JoinAnd(parts)
	if p.Repeats > 0 {
		s += ", " + counted(p.Repeats, "repeat", "repeats") + " asked for once"
	}
	if p.Invalid > 0 {
		s += fmt.Sprintf(", %s neither", Thousands(p.Invalid))
	}
	if len(parts) == 0 {
		return s + "; no requests"
	}
	s += "; at most " + counted(p.MaxRequests(), "request", "requests")
	if p.Deep {
		s += fmt.Sprintf(" (--deep reads up to %d more for each company: charges, insolvency, PSC statements, officers, the latest accounts; another for each 100 officers past 100)", screen.DeepRequests)
	}
	return s
}

// ScreenProgress says how far a screening has got: "screening: 120 of 500
// rows (118 ok, 2 not found); 120 requests".
func ScreenProgress(p screen.Progress) string {
	return fmt.Sprintf("screening: %s of %s (%s); %s", Thousands(p.Done), counted(p.Rows, "row", "rows"),
		ResultCounts(p.Counts), counted(p.Requests, "request", "requests"))
}
