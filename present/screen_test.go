package present

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/present/labels"
	"coview/screen"
)

// screened is an ok row for a profile body.
func screened(t *testing.T, i int, input, body string, deep *screen.Deep) screen.Row {
	t.Helper()
	p := profile(t, body)
	return screen.Row{Index: i, Input: screen.Input{Line: i + 1, Text: input}, Result: screen.OK,
		Number: api.Number(p.CompanyNumber), Profile: p, Deep: deep}
}

func record(row screen.Row, deep bool) map[string]string {
	out := map[string]string{}
	values := ScreenRecord(row, deep, flagsToday)
	for i, f := range ScreenFields(deep) {
		out[f] = values[i]
	}
	return out
}

func TestAScreenedRowsFieldsAreWordsDatesAndYesOrNo(t *testing.T) {
	t.Parallel()
	row := screened(t, 0, "6407", `{"company_number":"00006407","company_name":"GRUMBLE & SONS\nPLUMBING LTD","company_status":"active",
		"type":"ltd","date_of_creation":"2016-09-16","accounts":{"next_accounts":{"due_on":"2026-10-12","overdue":true}},
		"confirmation_statement":{"next_due":"2026-09-30","overdue":false}}`, nil)
	got := record(row, false)
	want := map[string]string{
		FieldInput: "6407", FieldNumber: "00006407", FieldName: "GRUMBLE & SONS\nPLUMBING LTD", FieldStatus: "Active",
		FieldType: "Private limited company", FieldIncorporated: "2016-09-16", FieldAccountsDue: "2026-10-12",
		FieldAccountsOverdue: "yes", FieldConfirmationDue: "2026-09-30", FieldConfirmationOverdue: "no",
		FieldFlags: "accounts overdue", FieldResult: "ok", FieldWhy: "",
	}
	for f, v := range want {
		if got[f] != v {
			t.Errorf("%s = %q, want %q", f, got[f], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("fields %v", got)
	}
}

func TestAnEndedCompanysOverdueFieldsAreEmptyNotYes(t *testing.T) {
	t.Parallel()
	row := screened(t, 0, "6402", `{"company_number":"00006402","company_status":"dissolved","accounts":{"next_accounts":{"due_on":"2025-05-31","overdue":true}},
		"confirmation_statement":{"overdue":true}}`, nil)
	got := record(row, false)
	if got[FieldAccountsOverdue] != "" || got[FieldConfirmationOverdue] != "" || got[FieldAccountsDue] != "2025-05-31" || got[FieldFlags] != "dissolved" {
		t.Fatalf("fields %v", got)
	}
}

func TestRowsWithoutACompanyKeepTheirInputResultAndWhy(t *testing.T) {
	t.Parallel()
	row := screen.Row{Input: screen.Input{Text: "evil \x1b]0;title\x07 name"}, Result: screen.Unresolved,
		Why: "no company has exactly this name; the closest: X \x1b[2J LTD (00000001)"}
	got := record(row, true)
	if got[FieldResult] != "unresolved" || strings.ContainsRune(got[FieldInput]+got[FieldWhy], 0x1b) || got[FieldName] != "" || got[FieldActiveDirectors] != "" {
		t.Fatalf("fields %q", got)
	}
}

// A row opens its company; a name no company has exactly opens the
// registry's search for it; a row with neither opens nothing.
func TestAScreeningRowOpensItsCompanyOrTheSearchForItsName(t *testing.T) {
	t.Parallel()
	rows := []screen.Row{
		{Input: screen.Input{Text: "6400"}, Query: screen.Query{Kind: screen.ByNumber, Number: "00006400"}, Result: screen.NotFound, Number: "00006400"},
		{Input: screen.Input{Text: "marzipan & co"}, Query: screen.Query{Kind: screen.ByName, Name: "marzipan & co"}, Result: screen.Unresolved},
		{Input: screen.Input{Text: "0123 4567"}, Query: screen.Query{Kind: screen.Unreadable, Why: "could be one number"}, Result: screen.Invalid},
	}
	pg := ScreenPage(rows, false, time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC))
	for i, want := range [][2]string{
		{"/company/00006400", "00006400"},
		{"/search/companies?q=marzipan+%26+co", `Search "marzipan & co"`},
		{"", ""},
	} {
		if it := pg.Items[i]; it.Link != want[0] || it.Title != want[1] {
			t.Errorf("row %d opens %q titled %q, want %q titled %q", i, it.Link, it.Title, want[0], want[1])
		}
	}
}

func TestTheDeepFieldsCountWhatWasRead(t *testing.T) {
	t.Parallel()
	deep := &screen.Deep{
		Charges:    &screen.ChargeFacts{Outstanding: 2, PartSatisfied: 1, Known: true},
		Insolvency: &screen.InsolvencyFacts{Cases: []string{"creditors-voluntary-liquidation"}},
		Statements: &screen.StatementFacts{Active: []string{"no-individual-or-entity-with-signficant-control"}},
		Directors:  &screen.DirectorFacts{Active: 3, Appointed: 1, Resigned: 2, Complete: true},
	}
	got := record(screened(t, 0, "6403", `{"company_number":"00006403","company_status":"liquidation"}`, deep), true)
	want := map[string]string{
		FieldOutstandingCharges: "2", FieldPartSatisfied: "1", FieldInsolvencyCases: labels.InsolvencyCase("creditors-voluntary-liquidation"),
		FieldPSCStatements: "no registrable person", FieldActiveDirectors: "3", FieldDirectorsAppointed: "1", FieldDirectorsResigned: "2",
		FieldFlags: "in liquidation; no registrable PSC identified; 2 outstanding charges, 1 part satisfied",
	}
	for f, v := range want {
		if got[f] != v {
			t.Errorf("%s = %q, want %q", f, got[f], v)
		}
	}
}

func TestTheScreeningPageHasARowPerInputWithItsFlagsAccented(t *testing.T) {
	t.Parallel()
	rows := []screen.Row{
		screened(t, 0, "6403", `{"company_number":"00006403","company_name":"WONKY","company_status":"liquidation","accounts":{"overdue":true}}`, nil),
		{Index: 1, Input: screen.Input{Text: "0123 4567"}, Result: screen.Invalid, Why: "it could be one number"},
	}
	pg := ScreenPage(rows, false, flagsToday)
	if len(pg.Items) != 2 || pg.Summary != "2 rows: 1 ok, 1 invalid" || len(pg.Columns) != len(pg.Items[0].Cells) {
		t.Fatalf("page %+v", pg)
	}
	it := pg.Items[0]
	flags := it.Cells[8]
	var accented []string
	for _, a := range it.Accents {
		if a.Cell == 8 {
			accented = append(accented, flags[a.Start:a.End]+"/"+map[AccentKind]string{FlagSevere: "severe", FlagWarning: "warning"}[a.Kind])
		}
	}
	if strings.Join(accented, " ") != "in liquidation/severe accounts overdue/warning" || it.Link != "/company/00006403" {
		t.Fatalf("flags %q accented %v, link %q", flags, accented, it.Link)
	}
	if bad := pg.Items[1]; bad.Link != "" || bad.Cells[9] != "invalid" || bad.Accents[0].Kind != NeedsALook {
		t.Fatalf("invalid row %+v", bad)
	}
}

func TestRowsNotAnsweredYetShowTheirInput(t *testing.T) {
	t.Parallel()
	pg := ScreenPage(screen.Pending(screen.Arguments([]string{"6400", "Marzipan"})), true, flagsToday)
	for i, it := range pg.Items {
		if it.Cells[0] != []string{"6400", "Marzipan"}[i] || it.Cells[len(it.Cells)-2] != "…" || it.Link != "" || len(it.Accents) != 0 {
			t.Fatalf("pending row %d: %+v", i, it)
		}
	}
}

// How a screening's cells sort (the browser's table sorts by them):
// dates due as dates though marked overdue, the flags gravest first,
// the results in screen.Results' order, a row not answered yet after
// them. ui/table's TestAScreeningSortsByWhatItsCellsMean sorts by them.
func TestAScreenedRowsCellsSortByWhatTheyMean(t *testing.T) {
	t.Parallel()
	rows := []screen.Row{
		screened(t, 0, "a", `{"company_number":"00000001","company_name":"ALPHA","company_status":"liquidation","accounts":{"next_due":"2026-01-31","overdue":true}}`, nil),
		screened(t, 1, "b", `{"company_number":"00000002","company_name":"BETA","company_status":"active"}`, nil),
		{Index: 2, Input: screen.Input{Text: "zzz"}, Result: screen.Invalid, Why: "nonsense"},
		{Index: 3, Input: screen.Input{Text: "pending"}},
	}
	pg := ScreenPage(rows, false, flagsToday)
	a, b, bad, pending := pg.Items[0], pg.Items[1], pg.Items[2], pg.Items[3]
	if a.Cells[6] != "2026-01-31 overdue" || a.Keys[6] != "2026-01-31" {
		t.Errorf("accounts due %q sorts as %q, want as the date", a.Cells[6], a.Keys[6])
	}
	if a.Keys[8] != "-3002" || b.Keys[8] != "" {
		t.Errorf("flags %q sort as %q, none as %q; want -3002 (severe, 2 flags) and empty", a.Cells[8], a.Keys[8], b.Keys[8])
	}
	ok, invalid := slices.Index(screen.Results, screen.OK), slices.Index(screen.Results, screen.Invalid)
	if a.Keys[9] != strconv.Itoa(ok) || bad.Keys[9] != strconv.Itoa(invalid) || pending.Keys[9] != "" {
		t.Errorf("results sort as %q, %q, %q", a.Keys[9], bad.Keys[9], pending.Keys[9])
	}
	if a.Keys[2] != a.Cells[2] || len(a.Keys) != len(a.Cells) {
		t.Errorf("a name sorts as %q, keys %q for cells %q", a.Keys[2], a.Keys, a.Cells)
	}
}

func TestTheCostIsSaidBeforeTheScreeningStarts(t *testing.T) {
	t.Parallel()
	plan := screen.PlanFor(screen.Arguments([]string{"6400", "6401", "6400", "Marzipan Mountain Software Ltd", "???"}), true)
	want := "5 entries: 2 company numbers and 1 name to find, 1 repeat asked for once, 1 neither; at most 25 requests " +
		"(--deep reads up to 7 more for each company: charges, insolvency, PSC statements, officers, the latest accounts; another for each 100 officers past 100)"
	if got := ScreenPlan(plan); got != want {
		t.Fatalf("plan\n%s\nwant\n%s", got, want)
	}
}
