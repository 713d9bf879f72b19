package present

import (
	"bytes"
	"encoding/csv"
	"errors"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

// The rows of the three searches, as the browser and --plain show them:
// the advanced search's status, type, incorporated, locality and SIC
// columns (each code with its words); the dissolved search's caveat and
// the previous name it matched; the alphabetical index's best match
// marked.
func TestFoundCompaniesAreRowsOfTheirSearch(t *testing.T) {
	c := demoRegistry(t)
	_, pg := follow(t, c, api.CompanyQuery{SICCodes: []string{"62020"}, Location: "saltmere"}.Resource().Link)
	if pg.Summary != "10 companies: SIC 62020, in saltmere" || pg.Total != 10 || len(pg.Items) != 10 {
		t.Fatalf("summary %q, total %d, %d rows", pg.Summary, pg.Total, len(pg.Items))
	}
	want := []string{"AMBER ANVIL HOLDINGS LTD", "00007006", "Active", "Ltd", "24 Feb 1990", "", "Saltmere", "64209 Activities of other holding companies not elsewhere classified; 62020 Information technology consultancy activities"}
	if got := pg.Items[0].Cells; strings.Join(got, "|") != strings.Join(want, "|") || pg.Items[0].Link != "/company/00007006" {
		t.Errorf("first row %q, link %q;\nwant %q", got, pg.Items[0].Link, want)
	}
	// Issue 31, item 34: when a company found was dissolved is a column.
	if titles := columnTitles(pg); strings.Join(titles, "|") != "Company|Number|Status|Type|Incorporated|Dissolved|Locality|SIC" {
		t.Errorf("columns %q", titles)
	}
	if got := pg.Items[2].Cells; got[0] != "COPPER ANVIL HOLDINGS LTD" || got[2] != "Dissolved" || got[5] != "4 Feb 2006" {
		t.Errorf("a dissolved company's row %q", got)
	}

	_, pg = follow(t, c, api.DissolvedResource("dynamo amber trading", api.DissolvedPreviousNames, "", "").Link)
	if pg.Caveat != DissolvedCaveat || !strings.HasPrefix(pg.Items[0].Cells[5], "DYNAMO AMBER TRADING LTD (28 Jan 1990 to 28 Jan 1992)") || !pg.Items[0].Quiet {
		t.Errorf("caveat %q, first row %q", pg.Caveat, pg.Items[0].Cells)
	}

	_, pg = follow(t, c, api.AlphabeticalResource("marzipan", "", "").Link)
	marked := 0
	for _, it := range pg.Items {
		for _, a := range it.Accents {
			if a.Kind == Match {
				marked++
				if it.Cells[1] != "00006400" {
					t.Errorf("marked %q as the best match", it.Cells)
				}
			}
		}
	}
	if marked != 1 || !strings.Contains(pg.Summary, `"marzipan"`) {
		t.Errorf("%d rows marked; summary %q", marked, pg.Summary)
	}
}

// Each status, type, subtype and SIC code is checked against the
// registry's own lists, the nearest valid value suggested with its words.
func TestCheckCompanyQuerySuggestsTheNearestValidValue(t *testing.T) {
	cases := []struct {
		name    string
		q       api.CompanyQuery
		param   string
		nearest string
	}{
		{"a misspelt status", api.CompanyQuery{Statuses: []string{"actve"}}, api.ParamStatus, "active"},
		{"a status the search does not take", api.CompanyQuery{Statuses: []string{"registered"}}, api.ParamStatus, ""},
		{"a type in words", api.CompanyQuery{Types: []string{"limited-partnership", "partnership"}}, api.ParamType, "limited-partnership"},
		{"a type by its first letters", api.CompanyQuery{Types: []string{"privat"}}, api.ParamType, "private-limited-guarant-nsc"},
		{"a subtype by the letters it goes by", api.CompanyQuery{Subtypes: []string{"cic"}}, api.ParamSubtype, "community-interest-company"},
		{"a SIC code that is not one", api.CompanyQuery{SICCodes: []string{"62021"}}, api.ParamSICCodes, "62020"},
		{"a date that is not one", api.CompanyQuery{IncorporatedFrom: "2024-13-01"}, api.ParamIncorporatedFrom, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var qe *api.QueryError
			if _, err := CheckCompanyQuery(tc.q); !errors.As(err, &qe) || qe.Param != tc.param || qe.Nearest != tc.nearest {
				t.Errorf("%v (%#v), want %s suggesting %q", err, qe, tc.param, tc.nearest)
			}
		})
	}
	ok := api.CompanyQuery{Statuses: []string{"Active"}, Types: []string{"ltd", "llp"}, Subtypes: []string{"community-interest-company"}, SICCodes: []string{"62020", "0111"}}
	if got, err := CheckCompanyQuery(ok); err != nil || !slices.Equal(got.SICCodes, ok.SICCodes) {
		t.Errorf("valid values refused or changed: %v, %q", err, got.SICCodes)
	}
}

// A SIC code may be given in its words, as the registry's own form picks
// one: the words stand for every code whose words hold them, next to any
// code given as one; words that are in no code's, or in too many to ask
// for, are refused before anything is sent, saying which.
func TestASICCodeInWordsIsEveryCodeWhoseWordsHoldThem(t *testing.T) {
	t.Parallel()
	got, err := CheckCompanyQuery(api.CompanyQuery{SICCodes: []string{"Software, 01450", "raising  SHEEP"}})
	if err != nil {
		t.Fatal(err)
	}
	// Every code with software in its words (the registry's SIC 2007
	// codes and the SIC 2003 ones older companies still carry), then the
	// code given, and sheep's, once.
	want := []string{"46510", "47410", "58290", "62011", "62012", "7220", "7221", "7222", "01450"}
	if n := got.Normal().SICCodes; !slices.Equal(n, sorted(want)) {
		t.Errorf("codes %q, want %q", n, sorted(want))
	}
	for _, tc := range []struct{ words, reason, nearest string }{
		{"bakery", "is neither a SIC code nor words of one: give a code (62020) or words of its description (software)", ""},
		{"manufacture", "is in the words of 382 SIC codes, more than the 100 one search may ask for: add a word, or give the codes", ""},
		{"quantum software", "is neither a SIC code nor words of one: give a code (62020) or words of its description (software)", ""},
	} {
		var qe *api.QueryError
		_, err := CheckCompanyQuery(api.CompanyQuery{SICCodes: []string{"62020", tc.words}})
		if !errors.As(err, &qe) || qe.Param != api.ParamSICCodes || qe.Value != tc.words || qe.Reason != tc.reason || qe.Nearest != tc.nearest {
			t.Errorf("%q: %v (%#v), want %q", tc.words, err, qe, tc.reason)
		}
	}
	// A beginning of a word is enough, and the words are in any order.
	if got, err := CheckCompanyQuery(api.CompanyQuery{SICCodes: []string{"publishing softw"}}); err != nil || !slices.Equal(got.SICCodes, []string{"58290", "7221"}) {
		t.Errorf("publishing softw: %v, %q", err, got.SICCodes)
	}
}

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

// A company is a CSV row that reads back as written, whatever its name
// holds (commas, quotes, a line break), with nothing that could drive a
// terminal.
func TestACompanyIsACSVRowThatReadsBack(t *testing.T) {
	f := api.FoundCompany{CompanyNumber: "00000001", CompanyName: "SMITH, \"JONES\" &\nSONS \x1b[2JLTD", CompanyStatus: "active",
		CompanyType: "ltd", DateOfCreation: "2020-01-02", SICCodes: []string{"62020", "62012"},
		RegisteredOfficeAddress: &api.Address{Premises: "1", AddressLine1: "High St", Locality: "Leeds", PostalCode: "LS1 1AA"}}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(CSVHeader)
	w.Write(CSVRecord(f))
	w.Flush()
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 2 || len(rows[1]) != len(CSVHeader) {
		t.Fatalf("%v: %q", err, rows)
	}
	want := []string{"00000001", "SMITH, \"JONES\" &\nSONS ␛[2JLTD", "active", "ltd", "", "2020-01-02", "", "62020 62012", "1 High St, Leeds, LS1 1AA"}
	if strings.Join(rows[1], "|") != strings.Join(want, "|") {
		t.Errorf("read back %q, want %q", rows[1], want)
	}
}

func columnTitles(pg *Page) []string {
	var out []string
	for _, c := range pg.Columns {
		out = append(out, c.Title)
	}
	return out
}
