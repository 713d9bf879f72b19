package present

import (
	"context"
	"errors"
	"strings"
	"testing"

	"coview/api"
	"coview/connections"
)

// aWalk is a result written by hand, so that every kind of link has a
// known wording: the root, ROOT LTD, is owned by OWNER LTD (with whom it
// shares three directors and a secretary), was owned by OLD OWNER PLC
// until 2019, controls SUB LTD, and through OWNER LTD (walked at depth 2)
// reaches FAR LTD.
func aWalk() *connections.Result {
	person := func(id, name string, month, year int) connections.Person {
		return connections.Person{ID: "officer:" + id, Name: name, Born: connections.Birth{Month: month, Year: year},
			Records: []connections.Record{{OfficerID: id, Name: name, Born: connections.Birth{Month: month, Year: year}}}}
	}
	director := func(with, id string, current bool) connections.Link {
		return connections.Link{With: api.Number(with), Kind: connections.ThroughPerson, Person: "officer:" + id, Role: "director", Current: current}
	}
	grouped := person("G1", "SPROCKETT, Wilhelmina Joan", 5, 1972)
	grouped.Records = append(grouped.Records, connections.Record{OfficerID: "G2", Name: "SPROCKETT, Wilhelmina Joan", Born: connections.Birth{Month: 5, Year: 1972}})
	grouped.Namesakes = []connections.Namesake{{Person: "officer:G3", Name: "SPROCKETT, Wilhelmina Joan", Born: connections.Birth{Month: 8, Year: 1972}, Why: connections.ApartBirth}}
	return &connections.Result{
		Company: connections.Company{Number: "00000001", Name: "ROOT LTD", Status: "active"},
		Depth:   2, Expanded: []api.Number{"00000002"},
		Companies: []connections.Connection{
			{Company: connections.Company{Number: "00000002", Name: "OWNER LTD", Status: "active"}, Depth: 1, Via: []api.Number{"00000001"}, People: 4, Current: true,
				Links: []connections.Link{
					director("00000001", "A", true), director("00000001", "B", true), director("00000001", "G1", true),
					{With: "00000001", Kind: connections.ThroughPerson, Person: "officer:D", Role: "secretary", Current: true},
					{With: "00000001", Kind: connections.Owns, Natures: []string{"voting-rights-75-to-100-percent", "ownership-of-shares-75-to-100-percent"}, Current: true},
				}},
			{Company: connections.Company{Number: "00000003", Name: "OLD OWNER PLC", Status: "dissolved"}, Depth: 1, Via: []api.Number{"00000001"}, People: 1,
				Links: []connections.Link{
					{With: "00000001", Kind: connections.Owns, Natures: []string{"ownership-of-shares-75-to-100-percent"}, Until: "2019-06-30"},
					director("00000001", "E", false),
				}},
			{Company: connections.Company{Number: "00000004", Name: "SUB LTD"}, Depth: 1, Via: []api.Number{"00000001"}, Current: true,
				Links: []connections.Link{{With: "00000001", Kind: connections.OwnedBy, Natures: []string{"right-to-appoint-and-remove-directors"}, Current: true}}},
			{Company: connections.Company{Number: "00000005", Name: "FAR LTD", Status: "active"}, Depth: 2, Via: []api.Number{"00000002"}, People: 1, Current: true,
				Links: []connections.Link{director("00000002", "F", true)}},
		},
		People: []connections.Person{
			person("A", "ALPHA, Ann", 1, 1970), person("B", "BRAVO, Bob", 2, 1971), person("D", "DELTA, Dora", 0, 0),
			person("E", "ECHO, Ed", 3, 1960), person("F", "FOXTROT, Fay", 4, 1980), grouped,
		},
		Ties: []connections.Tie{
			{Person: "officer:A", Company: "00000001", Role: "director", Current: true},
			{Person: "officer:A", Company: "00000002", Role: "director", Current: true},
			{Person: "officer:G1", Company: "00000001", Role: "director", Current: true},
			{Person: "officer:G1", Company: "00000002", Role: "director", Current: true},
			{Person: "officer:G1", Company: "00000009", Role: "secretary"},
			{Owner: "00000002", Company: "00000001", Natures: []string{"ownership-of-shares-75-to-100-percent"}, Current: true},
		},
		Officers: 12, OfficersChecked: 12, Requests: 40, Reused: 3, Budget: 500, Done: true,
	}
}

func TestLinkWordsSayWhoAndHow(t *testing.T) {
	r := aWalk()
	for _, c := range []struct{ number, want string }{
		{"00000002", "owns this company: 75–100% of shares; 3 directors in common: Ann Alpha, Bob Bravo, Wilhelmina Joan Sprockett; 1 secretary in common: Dora Delta"},
		{"00000003", "past: owned this company: 75–100% of shares (until 30 Jun 2019); past: 1 director in common: Ed Echo"},
		{"00000004", "controlled by this company: can appoint or remove directors"},
		{"00000005", "1 director in common with OWNER LTD: Fay Foxtrot"},
	} {
		if got := LinkWords(r, *r.Connection(api.Number(c.number))); got != c.want {
			t.Errorf("%s is linked by\n  %q\nwant\n  %q", c.number, got, c.want)
		}
	}
}

func TestConnectionsPageRows(t *testing.T) {
	pg := Connections(aWalk())
	if pg.Heading != "Connections of ROOT LTD (00000001)" || len(pg.Items) != 4 || pg.Total != 4 || pg.Caveat != "" {
		t.Fatalf("page: %q, %d items, total %d, caveat %q", pg.Heading, len(pg.Items), pg.Total, pg.Caveat)
	}
	want := [][]string{
		{"OWNER LTD", "00000002", "Active", "current"},
		{"OLD OWNER PLC", "00000003", "Dissolved", "past"},
		{"SUB LTD", "00000004", "", "current"},
		{"FAR LTD", "00000005", "Active", "current"},
	}
	for i, it := range pg.Items {
		if strings.Join(it.Cells[:4], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i, it.Cells[:4], want[i])
		}
		if it.Link != "/company/"+want[i][1] || it.Title != want[i][0] {
			t.Errorf("row %d opens %q titled %q", i, it.Link, it.Title)
		}
		if it.Quiet != (want[i][3] == "past") {
			t.Errorf("row %d quiet %v", i, it.Quiet)
		}
	}
	if pg.Summary != "4 companies linked (3 current, 1 past only) · 1 company walked from too · officers checked 12 of 12 · 40 requests, 460 left in budget (3 answers already known)" {
		t.Errorf("summary %q", pg.Summary)
	}
}

func TestRoleNouns(t *testing.T) {
	for _, c := range []struct {
		role string
		n    int
		want string
	}{
		{"director", 1, "director"},
		{"director", 3, "directors"},
		{"secretary", 2, "secretaries"},
		{"corporate-secretary", 2, "corporate secretaries"},
		{"llp-designated-member", 2, "LLP designated members"},
		{"receiver-and-manager", 2, "receivers and managers"},
		{"person-authorised-to-represent", 1, "person authorised to represent the company"},
		{"person-authorised-to-represent", 2, "people authorised to represent the company"},
		{"", 2, "people with significant control"},
		{"some-new-role", 2, "some new roles"},
	} {
		if got := roleNoun(c.role, c.n); got != c.want {
			t.Errorf("roleNoun(%q, %d) = %q, want %q", c.role, c.n, got, c.want)
		}
	}
}

func TestPersonName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SPROCKETT, Wilhelmina Joan", "Wilhelmina Joan Sprockett"},
		{"MCTAVISH-DROON, Ishbel Morag", "Ishbel Morag Mctavish-Droon"},
		{"O'BRIEN, Seán", "Seán O'Brien"},
		{"von Guacamole, Rufus", "Rufus von Guacamole"},
		{"QUILLFEATHER SECRETARIES LIMITED", "QUILLFEATHER SECRETARIES LIMITED"},
		{"EVIL\x1b[31m, Guy", "Guy EVIL␛[31m"},
	} {
		if got := PersonName(c.in); got != c.want {
			t.Errorf("PersonName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPeopleInCommonSayWhichRecordsAreProbablyOnePerson(t *testing.T) {
	pg := ConnectionPeople(aWalk())
	var row *Item
	for i := range pg.Items {
		if pg.Items[i].Cells[0] == "Wilhelmina Joan Sprockett" {
			row = &pg.Items[i]
		}
	}
	if row == nil {
		t.Fatalf("no row for the person grouped: %v", pg.Items)
	}
	want := "probably the same person: officer ids G1, G2; not the same as Wilhelmina Joan Sprockett, born Aug 1972: born in another month or year"
	if row.Cells[1] != "May 1972" || row.Cells[2] != "3" || row.Cells[3] != want {
		t.Errorf("the person grouped: %q; want born May 1972, 3 companies, %q", row.Cells, want)
	}
	if row.Link != "/officers/G1/appointments" {
		t.Errorf("the row opens %q", row.Link)
	}
	if len(pg.Items) != 6 || pg.Summary != "6 people link these companies" {
		t.Errorf("%d people, summary %q", len(pg.Items), pg.Summary)
	}
	for _, c := range []struct {
		why  connections.Apart
		want string
	}{
		{connections.ApartNoBirth, "no date of birth to compare"},
		{connections.ApartCorporate, "a corporate body is the same only under one officer id"},
	} {
		if got := ApartWords(c.why); got != c.want {
			t.Errorf("ApartWords(%v) = %q", c.why, got)
		}
	}
}

func TestNotCheckedSaysWhatAndWhy(t *testing.T) {
	r := aWalk()
	r.NotChecked = []connections.NotChecked{
		{What: connections.UncheckedAppointments, Company: connections.Company{Number: "00000001"}, Officer: "PLUMTREE-WAXWING, Cornelius", OfficerID: "N",
			From: 50, Total: 61, Link: "/officers/N/appointments", Why: connections.ReasonBudget},
		{What: connections.UncheckedAppointments, Company: connections.Company{Number: "00000002"}, Officer: "ECHO, Ed", OfficerID: "E",
			Total: -1, Link: "/officers/E/appointments", Why: connections.ReasonStopped},
		{What: connections.UncheckedOfficers, Company: connections.Company{Number: "00000005"}, From: 100, Total: -1, Why: connections.ReasonFailed,
			Err: &api.Error{Kind: api.KindServer, Subject: "/company/00000005/officers", Status: 500, Reason: "Internal \x1b[2JServer Error"}},
		{What: connections.UncheckedCompany, Company: connections.Company{Number: "00000004"}, Total: -1, Why: connections.ReasonBudget},
		{What: connections.UncheckedPSCs, Company: connections.Company{Number: "00000007", Name: "NAMED ONLY HERE LTD"}, Total: -1, Why: connections.ReasonFailed, Err: errors.New("boom")},
		{What: connections.UncheckedCompany, Company: connections.Company{Name: "MUTUAL SOCIETY"}, Total: -1, Why: connections.ReasonFailed,
			Err: errors.New(`the registry writes its number as "IP12345R", which is not a company number`)},
	}
	pg := NotChecked(r)
	want := [][2]string{
		{"appointments 51 to 61 of Cornelius Plumtree-Waxwing", "the request budget was spent"},
		{"appointments of Ed Echo (officer of OWNER LTD)", "stopped before it was read"},
		{"officers after the first 100 of FAR LTD", ""},
		{"the connections of SUB LTD", "the request budget was spent"},
		{"persons with significant control of NAMED ONLY HERE LTD", "boom"},
		{"the connections of MUTUAL SOCIETY", `the registry writes its number as "IP12345R", which is not a company number`},
	}
	for i, it := range pg.Items {
		if it.Cells[0] != want[i][0] || (want[i][1] != "" && it.Cells[1] != want[i][1]) {
			t.Errorf("row %d: %q, want %q", i, it.Cells, want[i])
		}
	}
	if strings.Contains(pg.Items[2].Cells[1], "\x1b") || !strings.Contains(pg.Items[2].Cells[1], "500") {
		t.Errorf("the registry's error is shown as %q", pg.Items[2].Cells[1])
	}
	if pg.Items[0].Link != "/officers/N/appointments" || pg.Items[3].Link != "/company/00000004" || pg.Items[5].Link != "" {
		t.Errorf("rows open %q, %q and %q", pg.Items[0].Link, pg.Items[3].Link, pg.Items[5].Link)
	}
	if c := Connections(r).Caveat; c != "Not the whole picture: 6 things were not checked (the request budget ran out, the walk was stopped, the registry answered with errors); see the list under Not checked." {
		t.Errorf("caveat %q", c)
	}
}

func TestHostileNamesAreNeutralised(t *testing.T) {
	r := aWalk()
	r.Company.Name = "ROOT\x1b]0;pwned\x07 LTD"
	r.Companies[0].Name = "OWNER\x1b[2J\u202e LTD"
	r.People[0].Name = "ALPHA\x1b[31m, Ann\u009b"
	var b strings.Builder
	WriteConnections(&b, r)
	if strings.ContainsAny(b.String(), "\x1b\x07\u202e\u009b") {
		t.Errorf("control characters reached the output:\n%q", b.String())
	}
	if !strings.Contains(b.String(), "ROOT␛]0;pwned␇ LTD") {
		t.Errorf("the name is not shown neutralised:\n%s", b.String())
	}
}

func TestProgressAndSummaryAreCoviewsOwnWords(t *testing.T) {
	r := aWalk()
	r.Done, r.OfficersChecked, r.Requests, r.Reused = false, 5, 7, 0
	if got := ConnectionsProgress(r); got != "officers checked 5 of 12 · 7 requests, 493 left in budget · 4 companies found" {
		t.Errorf("progress %q", got)
	}
	empty := &connections.Result{Company: connections.Company{Number: "00000001"}, Budget: 500, Done: true}
	pg := Connections(empty)
	if pg.Summary != "0 companies linked · officers checked 0 of 0 · no requests, 500 left in budget" || pg.Empty == "" || pg.Heading != "Connections of 00000001" {
		t.Errorf("an empty walk: %q, %q, %q", pg.Heading, pg.Summary, pg.Empty)
	}
}

func TestSameAsLines(t *testing.T) {
	s := &connections.SameAs{
		Same:  []connections.Record{{OfficerID: "G2", Name: "SPROCKETT, Wilhelmina Joan", Born: connections.Birth{Month: 5, Year: 1972}, Appointments: 4}},
		Apart: []connections.Kept{{Record: connections.Record{OfficerID: "G3", Name: "Wilhelmina Joan SPROCKETT", Born: connections.Birth{Month: 8, Year: 1972}, Appointments: -1}, Why: connections.ApartBirth}},
	}
	want := []string{
		"also appears as Wilhelmina Joan Sprockett (officer id G2, born May 1972) with 4 more appointments: probably the same person",
		"not the same as Wilhelmina Joan SPROCKETT (officer id G3, born Aug 1972): born in another month or year",
	}
	got := SameAsLines(s)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// On the demo registry: the words of a real walk, where the nominee
// director links the logistics company to sixty others in the past.
func TestTheWordsOfADemoWalk(t *testing.T) {
	r, err := connections.NewWalker(demoRegistry(t)).Walk(context.Background(), "00006413", connections.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	WriteConnections(&b, r)
	for _, want := range []string{
		"Connections of GOOSEBERRY FOOL LOGISTICS LIMITED (00006413)\n63 companies linked (2 current, 61 past only)",
		"GOOSEBERRY FOOL DAIRIES LIMITED    00006412  Active  current  owns this company: 75–100% of shares; 1 director in common: Rupert Pimpernel-Stoat; 1 secretary in common: Marigold Oddie-Plumb\n",
		"GRAND UNIFIED TEAPOT HOLDINGS PLC  00006401  Active  past     past: owned this company: 75–100% of shares (until 30 Jun 2019); past: 1 director in common: Wilfred Ellis Paddington-Brew\n",
		"Cornelius Barnaby Plumtree-Waxwing  Feb 1958  61         officer id q7HnT2pW-xKc9vRm0LzAe4YbJ8s\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the words of 00006413 lack\n%s\n---\n%s", want, b.String())
		}
	}
}
