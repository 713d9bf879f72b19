package present

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"coview/api"
	"coview/api/demo"
)

const (
	naturalLink   = "/disqualified-officers/natural/" + demo.DisqualifiedNaturalID
	corporateLink = "/disqualified-officers/corporate/" + demo.DisqualifiedCorporateID
)

// TestADisqualifiedOfficersRecordReadsInWords is the golden of the demo's
// two records as --plain prints them: who, each disqualification with its
// reason, act and section in the registry's words, and the permissions to
// act. Run with -update to rewrite testdata/ after a change that is meant.
func TestADisqualifiedOfficersRecordReadsInWords(t *testing.T) {
	c := demoRegistry(t)
	var b bytes.Buffer
	for _, link := range []string{naturalLink, corporateLink} {
		_, pg := follow(t, c, link)
		WritePage(&b, pg, true)
		b.WriteString("\n")
	}
	golden.RequireEqual(t, b.Bytes())
}

func TestADisqualifiedPersonsPageSaysWhoWhyAndUntilWhen(t *testing.T) {
	t.Parallel()
	a, pg := follow(t, demoRegistry(t), naturalLink)
	if !holds[*api.DisqualifiedPerson](a) {
		t.Fatalf("the answer holds %T", a)
	}
	assertSafe(t, pg)
	if !strings.HasPrefix(pg.Heading, "Mr Mallory GRIMTHORPE") || pg.Summary != "2 disqualifications: 1 in force" {
		t.Errorf("heading %q, summary %q", pg.Heading, pg.Summary)
	}
	tests := []struct {
		section string
		want    []string
	}{
		{"Disqualified person", []string{"Born: 29 Feb 1964", "Nationality: British"}},
		{"Disqualification 1 of 2", []string{
			"From: 15 Mar 2021", "Until: 14 Mar 2031", "Status: in force",
			"Reason: Duty of court to disqualify unfit directors of insolvent companies",
			"Under: Company Directors Disqualification Act 1986, section 6",
			"Made by: Court order", "Court: Ledgerton County Court", "Heard on: 22 Feb 2021", "Case: INV6403017",
			"Companies: WONKY WHEELBARROW WORKS LIMITED", ": SNOOZEWELL HAMMOCK IMPORTERS LIMITED",
			"Address: 13 Shady Row",
		}},
		{"Disqualification 2 of 2", []string{
			"Status: ended", "Reason: Disqualification order or undertaking; and reporting provisions",
			"Under: Company Directors Disqualification Act 1986, section 7", "Made by: Undertaking", "Undertaken on: 10 May 2012",
			"Companies: GRIMTHORPE DRAUGHT EXCLUDERS LIMITED",
		}},
		{"Permission to act", []string{"Granted: 10 Jan 2022", "Court: Ledgerton County Court", "Expires: 9 Jan 2024 (expired)", "For: GRUMBLE & SONS PLUMBING LTD"}},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			rows := rowsIn(pg, tt.section)
			for _, w := range tt.want {
				if !slices.Contains(rows, w) {
					t.Errorf("no %q in %q", w, rows)
				}
			}
		})
	}
}

func TestADisqualifiedCorporateBodysPageSaysWhereItIsRegisteredAndThatNoEndIsGiven(t *testing.T) {
	t.Parallel()
	a, pg := follow(t, demoRegistry(t), corporateLink)
	if !holds[*api.DisqualifiedCorporate](a) || pg.Heading != "CROOKED CANDLESTICK TRADING CORPORATION" {
		t.Fatalf("the answer holds %T, heading %q", a, pg.Heading)
	}
	who := rowsIn(pg, "Disqualified corporate body")
	q := rowsIn(pg, "Disqualification")
	for _, w := range []string{"Number: FRC-771-Q", "Registered in: Freedonia"} {
		if !slices.Contains(who, w) {
			t.Errorf("no %q in %q", w, who)
		}
	}
	for _, w := range []string{"Until: no end date given", "Status: in force", "Made by: Sanction",
		"Reason: Disqualification of persons designated under sanctions legislation", "Under: Sanctions and Anti-Money Laundering Act 2018"} {
		if !slices.Contains(q, w) {
			t.Errorf("no %q in %q", w, q)
		}
	}
}

// Whether a disqualification is in force, and a permission current, is
// decided by the day the page is read on (testToday, 23 Nov 2026).
func TestADisqualificationIsInForceFromItsFirstDayToItsLast(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, from, until, want string
	}{
		{"starting today", "2026-11-23", "2030-01-01", "Status: in force"},
		{"ending today", "2020-01-01", "2026-11-23", "Status: in force"},
		{"ended yesterday", "2020-01-01", "2026-11-22", "Status: ended"},
		{"starting tomorrow", "2026-11-24", "2030-01-01", "Status: not yet in force"},
		{"with no end", "2020-01-01", "", "Status: in force"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pg := servedPage(t, "/disqualified-officers/natural/n1", `{"kind":"natural-disqualification","surname":"DOE",
				"disqualifications":[{"disqualified_from":"`+tt.from+`","disqualified_until":"`+tt.until+`"}]}`)
			if rows := rowsIn(pg, "Disqualification"); !slices.Contains(rows, tt.want) {
				t.Errorf("%q", rows)
			}
		})
	}
}

// Every string of a record can be hostile; none reaches the screen as
// sent. Keys the registry has not published read humanised, never blank.
func TestADisqualifiedRecordMadeOfHostileTextIsMadeHarmless(t *testing.T) {
	t.Parallel()
	pg := servedPage(t, "/disqualified-officers/corporate/c1", `{"kind":"corporate-disqualification","name":"EVIL","company_number":"EVIL",
		"country_of_registration":"EVIL","person_number":"EVIL",
		"disqualifications":[{"disqualification_type":"new-EVIL-type","disqualified_from":"EVIL","disqualified_until":"EVIL","court_name":"EVIL",
			"case_identifier":"EVIL","heard_on":"EVIL","company_names":["EVIL"],"address":{"premise":"EVIL","address_line_1":"EVIL"},
			"reason":{"act":"some-new-act","section":"EVIL","article":"EVIL","description_identifier":"a-reason-not-yet-published"},
			"last_variation":[{"varied_on":"EVIL","court_name":"EVIL","case_identifier":"EVIL"}]}],
		"permissions_to_act":[{"company_names":["EVIL"],"court_name":"EVIL","granted_on":"EVIL","expires_on":"EVIL"}]}`)
	assertSafe(t, pg)
	rows := rowsIn(pg, "Disqualification")
	for _, prefix := range []string{"Reason: A reason not yet published", "Under: Some new act, section ", "Made by: New ", "Varied: on "} {
		if !slices.ContainsFunc(rows, func(r string) bool { return strings.HasPrefix(r, prefix) }) {
			t.Errorf("no row starting %q in %q", prefix, rows)
		}
	}
}

func TestTheRegisterOfDisqualifiedOfficersListsThemAndEachOpensItsRecord(t *testing.T) {
	t.Parallel()
	a := searchAnswer(t, api.ResSearchDisqualified, "grimthorpe", api.Page{})
	pg := Show(a, nil)
	assertSafe(t, pg)
	if titles := []string{pg.Columns[0].Title, pg.Columns[1].Title, pg.Columns[2].Title}; !slices.Equal(titles, []string{"Disqualified officer", "Born", "Address"}) {
		t.Errorf("columns %q", titles)
	}
	if len(pg.Items) != 1 {
		t.Fatalf("%d rows", len(pg.Items))
	}
	it := pg.Items[0]
	if !strings.HasPrefix(it.Cells[0], "Mallory GRIMTHORPE") || it.Cells[1] != "29 Feb 1964" || !strings.HasPrefix(it.Cells[2], "13 Shady Row") || it.Link != naturalLink {
		t.Errorf("row %q opens %q", it.Cells, it.Link)
	}
	if got := cellAccents(it, 0, Match); len(got) != 1 || got[0] != "GRIMTHORPE" {
		t.Errorf("the match marked is %q", got)
	}
}

// In a search of everything, a disqualified officer's row opens their
// record too, a page in words rather than JSON.
func TestADisqualifiedOfficerFoundAmongEverythingOpensTheirRecord(t *testing.T) {
	t.Parallel()
	pg := Show(searchAnswer(t, api.ResSearch, "crooked candlestick", api.Page{}), nil)
	i := slices.IndexFunc(pg.Items, func(it Item) bool { return it.Cells[1] == "disqualified officer" })
	if i < 0 {
		t.Fatalf("no disqualified officer in %+v", pg.Items)
	}
	if pg.Items[i].Link != corporateLink {
		t.Fatalf("the row opens %q", pg.Items[i].Link)
	}
	if record := demoPage(t, pg.Items[i].Link); len(record.Lines) > 0 || len(record.Sections) < 2 {
		t.Errorf("the record is shown as %+v", record)
	}
}
