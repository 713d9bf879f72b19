package present

import (
	"strings"
	"testing"
	"time"

	"coview/api"
)

var today = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

func profile(t *testing.T, body string) *api.Profile {
	t.Helper()
	p, err := api.DecodeProfile([]byte(body), "00006400")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func text(rows []Row) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.Label + ": " + r.Value + "\n")
	}
	return b.String()
}

func find(rows []Row, label string) (Row, bool) {
	for _, r := range rows {
		if r.Label == label {
			return r, true
		}
	}
	return Row{}, false
}

func TestCountdownSaysHowFarADueDateIs(t *testing.T) {
	cases := []struct {
		due  string
		want string
		late bool
	}{
		{"2026-12-15", "due in 23 days", false},
		{"2026-11-23", "due tomorrow", false},
		{"2026-11-22", "due today", false},
		{"2026-11-21", "overdue by 1 day", true},
		{"2026-10-12", "overdue by 41 days", true},
		{"", "", false},
		{"not a date", "", false},
	}
	for _, tc := range cases {
		got, late := Countdown(tc.due, today)
		if got != tc.want || late != tc.late {
			t.Errorf("Countdown(%q) = %q, %v; want %q, %v", tc.due, got, late, tc.want, tc.late)
		}
	}
}

func TestOverdueIsHighlightedButNeverForADissolvedCompany(t *testing.T) {
	const accounts = `"accounts":{"next_accounts":{"due_on":"2026-10-12","overdue":true,"period_end_on":"2026-01-12"},"overdue":true},
	  "confirmation_statement":{"next_due":"2026-09-30","overdue":true}`
	active := profile(t, `{"company_number":"00006400","company_status":"active",`+accounts+`}`)
	due, _ := find(Accounts(active, today), "Next due")
	if due.Tone != Warning || !strings.Contains(due.Value, "overdue by 41 days") {
		t.Fatalf("active company's due row = %+v", due)
	}
	if r, ok := find(Accounts(active, today), "Overdue"); !ok || r.Tone != Warning {
		t.Fatalf("no overdue row for an active company: %s", text(Accounts(active, today)))
	}
	if r, _ := find(Confirmation(active, today), "Next due"); r.Tone != Warning || !strings.Contains(r.Value, "overdue by 53 days") {
		t.Fatalf("confirmation due row = %+v", r)
	}

	dissolved := profile(t, `{"company_number":"00006400","company_status":"dissolved","date_of_cessation":"2024-03-05",`+accounts+`}`)
	for _, rows := range [][]Row{Accounts(dissolved, today), Confirmation(dissolved, today)} {
		for _, r := range rows {
			if r.Tone == Warning || strings.Contains(r.Value, "overdue") {
				t.Fatalf("a dissolved company is shown as overdue: %s", text(rows))
			}
		}
	}
	if r, ok := find(Overview(dissolved), "Dissolved on"); !ok || r.Value != "5 Mar 2024" {
		t.Fatalf("cessation row: %s", text(Overview(dissolved)))
	}
}

func TestFlagsAreShownOnlyWhenTheySaySomething(t *testing.T) {
	quiet := profile(t, `{"company_number":"00006400","has_charges":false,"has_been_liquidated":false,"can_file":true,
	  "registered_office_is_in_dispute":false,"undeliverable_registered_office_address":false}`)
	if _, ok := find(Overview(quiet), "Notes"); ok {
		t.Fatalf("flags that say nothing are shown: %s", text(Overview(quiet)))
	}
	loud := profile(t, `{"company_number":"00006400","has_charges":true,"has_insolvency_history":true,"can_file":false,
	  "registered_office_is_in_dispute":true}`)
	got := text(Overview(loud))
	for _, want := range []string{"Has charges registered", "Has insolvency history", "Cannot file online", "Registered office is in dispute"} {
		if !strings.Contains(got, want) {
			t.Errorf("overview lacks %q:\n%s", want, got)
		}
	}
}

func TestAddressIsWrittenAsAPostalAddress(t *testing.T) {
	p := profile(t, `{"company_number":"00006400","registered_office_address":{"care_of":"Ada Smith","po_box":"12",
	  "premises":"17","address_line_1":"Treacle Lane","locality":"Puddleford","postal_code":"ZZ6 4AA","country":"England"}}`)
	var lines []string
	for _, r := range Address(p) {
		lines = append(lines, r.Value)
	}
	want := "c/o Ada Smith|PO Box 12|17 Treacle Lane|Puddleford|ZZ6 4AA|England"
	if got := strings.Join(lines, "|"); got != want {
		t.Fatalf("address = %q, want %q", got, want)
	}
	empty := profile(t, `{"company_number":"00006400","registered_office_address":{}}`)
	if rows := Address(empty); len(rows) != 1 || rows[0].Tone != Quiet {
		t.Fatalf("an empty address = %+v", rows)
	}
}

func TestNullsAndAbsencesNeverShowAsNilOrZeroDates(t *testing.T) {
	p := profile(t, `{"company_number":"00006400","company_name":"NULL LTD","sic_codes":null,"previous_company_names":null,
	  "accounts":{"accounting_reference_date":null,"next_accounts":null,"last_accounts":{"type":"null"}},
	  "confirmation_statement":null,"date_of_creation":null,"links":{"self":"/company/00006400"}}`)
	for _, pane := range Panes(p, today) {
		got := text(pane.Rows)
		if strings.Contains(got, "<nil>") || strings.Contains(got, "0001") || strings.Contains(got, "null") {
			t.Errorf("%s pane shows a null:\n%s", pane.Name, got)
		}
		if len(pane.Rows) == 0 {
			t.Errorf("%s pane is empty; it should say there is nothing", pane.Name)
		}
	}
}

func TestReferenceDatesReadStringsAndNumbers(t *testing.T) {
	for _, body := range []string{
		`{"accounts":{"accounting_reference_date":{"day":"31","month":"03"}}}`,
		`{"accounts":{"accounting_reference_date":{"day":31,"month":3}}}`,
	} {
		r, ok := find(Accounts(profile(t, body), today), "Reference date")
		if !ok || r.Value != "31 March" {
			t.Errorf("%s: reference date row = %+v", body, r)
		}
	}
}

func TestLinksAreNamedAndForeignOnesRefused(t *testing.T) {
	p := profile(t, `{"company_number":"00006400","links":{"self":"/company/00006400","officers":"/company/00006400/officers",
	  "charges":"https://evil.example/charges","brand_new_thing":"/company/00006400/brand-new"}}`)
	links := ProfileLinks(p)
	names := map[string]LinkItem{}
	for _, l := range links {
		names[l.Name] = l
	}
	if names["Officers"].Refused != nil || names["This profile"].Raw != "/company/00006400" {
		t.Fatalf("links = %+v", links)
	}
	if names["Charges"].Refused == nil {
		t.Fatal("a link to another host is not refused")
	}
	if _, ok := names["Brand new thing"]; !ok {
		t.Fatalf("an unknown link is not named in words: %+v", links)
	}
	rows := text(LinkRows(links))
	if !strings.Contains(rows, "refused") {
		t.Fatalf("the refused link is not marked in plain rows:\n%s", rows)
	}
}

func TestTextFromTheRegistryIsSanitised(t *testing.T) {
	p := profile(t, `{"company_number":"00006400","company_name":"EVIL\u001b]0;x\u0007 LTD","previous_company_names":[{"name":"\u001b[2JOLD"}]}`)
	got := text(Overview(p))
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Fatalf("raw control characters in rows: %q", got)
	}
}

func TestAMismatchedNumberAndUnreadableMembersAreFlagged(t *testing.T) {
	p := profile(t, `{"company_number":"99999999","company_name":["not","a","string"]}`)
	rows := Overview(p)
	if r := rows[0]; r.Tone != Warning || !strings.Contains(r.Value, "asked for 00006400") {
		t.Fatalf("first row = %+v", r)
	}
	if r, ok := find(rows, "Unreadable"); !ok || !strings.Contains(r.Value, "company_name") {
		t.Fatalf("rows = %s", text(rows))
	}
}
