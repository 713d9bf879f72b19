package present

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"coview/screen"
)

var flagsToday = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

// flagList is flags as "words (key, severity)", for comparing.
func flagList(flags []Flag) []string {
	var out []string
	for _, f := range flags {
		out = append(out, fmt.Sprintf("%s (%s, %s)", f.Words, f.Key, f.Severity))
	}
	return out
}

func TestFlagsComeFromEveryStatusAndField(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		want       []string
	}{
		{"an active company with nothing to say", `{"company_status":"active","accounts":{"next_accounts":{"overdue":false}},"confirmation_statement":{"overdue":false}}`, nil},
		{"dissolved", `{"company_status":"dissolved"}`, []string{"dissolved (dissolved, severe)"}},
		{"closed", `{"company_status":"closed"}`, []string{"closed (closed, severe)"}},
		{"converted or closed", `{"company_status":"converted-closed"}`, []string{"converted or closed (converted-closed, severe)"}},
		{"removed", `{"company_status":"removed"}`, []string{"removed (removed, severe)"}},
		{"liquidation", `{"company_status":"liquidation"}`, []string{"in liquidation (liquidation, severe)"}},
		{"administration", `{"company_status":"administration"}`, []string{"in administration (administration, severe)"}},
		{"receivership", `{"company_status":"receivership"}`, []string{"in receivership (receivership, severe)"}},
		{"a voluntary arrangement", `{"company_status":"voluntary-arrangement"}`, []string{"voluntary arrangement (voluntary-arrangement, severe)"}},
		{"insolvency proceedings", `{"company_status":"insolvency-proceedings"}`, []string{"insolvency proceedings (insolvency-proceedings, severe)"}},
		{"a status in capitals", `{"company_status":" Liquidation "}`, []string{"in liquidation (liquidation, severe)"}},
		{"an unknown status says nothing", `{"company_status":"hibernating"}`, nil},
		{"a proposal to strike off", `{"company_status":"active","company_status_detail":"active-proposal-to-strike-off"}`,
			[]string{"strike-off proposed (active-proposal-to-strike-off, warning)"}},
		{"a petition to restore", `{"company_status":"dissolved","company_status_detail":"petition-to-restore-dissolved"}`,
			[]string{"dissolved (dissolved, severe)", "petition lodged to restore it (petition-to-restore-dissolved, warning)"}},
		{"a transfer out of the UK", `{"company_status":"active","company_status_detail":"transferred-from-uk"}`,
			[]string{"transferred out of the UK (transferred-from-uk, info)"}},
		{"overdue accounts", `{"company_status":"active","accounts":{"next_accounts":{"overdue":true}}}`,
			[]string{"accounts overdue (accounts-overdue, warning)"}},
		{"only the deprecated overdue flag", `{"company_status":"active","accounts":{"overdue":true}}`,
			[]string{"accounts overdue (accounts-overdue, warning)"}},
		{"an overdue confirmation statement", `{"company_status":"active","confirmation_statement":{"overdue":true}}`,
			[]string{"confirmation overdue (confirmation-overdue, warning)"}},
		{"an overdue annual return", `{"company_status":"active","annual_return":{"overdue":true}}`,
			[]string{"confirmation overdue (confirmation-overdue, warning)"}},
		{"a dissolved company's stale overdue flags", `{"company_status":"dissolved","accounts":{"overdue":true},"confirmation_statement":{"overdue":true}}`,
			[]string{"dissolved (dissolved, severe)"}},
		{"a registered office in dispute", `{"company_status":"active","registered_office_is_in_dispute":true}`,
			[]string{"registered office in dispute (registered-office-in-dispute, warning)"}},
		{"an undeliverable registered office", `{"company_status":"active","undeliverable_registered_office_address":true}`,
			[]string{"undeliverable registered office (undeliverable-registered-office, warning)"}},
		{"insolvency history", `{"company_status":"active","has_insolvency_history":true}`,
			[]string{"insolvency history (insolvency-history, warning)"}},
		{"an insolvency link is insolvency history", `{"company_status":"dissolved","links":{"insolvency":"/company/00006400/insolvency"}}`,
			[]string{"dissolved (dissolved, severe)", "insolvency history (insolvency-history, warning)"}},
		{"a company in liquidation is not told its history too", `{"company_status":"liquidation","has_insolvency_history":true}`,
			[]string{"in liquidation (liquidation, severe)"}},
		{"dormant accounts", `{"company_status":"active","accounts":{"last_accounts":{"type":"dormant"}}}`,
			[]string{"dormant accounts (dormant-accounts, info)"}},
		{"incorporated yesterday", `{"company_status":"active","date_of_creation":"2026-11-21"}`,
			[]string{"recently incorporated (recently-incorporated, info)"}},
		{"incorporated a year ago less a day", `{"company_status":"active","date_of_creation":"2025-11-23"}`,
			[]string{"recently incorporated (recently-incorporated, info)"}},
		{"incorporated a year ago to the day", `{"company_status":"active","date_of_creation":"2025-11-22"}`, nil},
		{"a date of creation in the future", `{"company_status":"active","date_of_creation":"2026-11-23"}`, nil},
		{"everything at once, gravest first", `{"company_status":"administration","accounts":{"overdue":true,"last_accounts":{"type":"dormant"}},
			"registered_office_is_in_dispute":true,"date_of_creation":"2026-06-01"}`,
			[]string{"in administration (administration, severe)", "accounts overdue (accounts-overdue, warning)",
				"registered office in dispute (registered-office-in-dispute, warning)", "dormant accounts (dormant-accounts, info)",
				"recently incorporated (recently-incorporated, info)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := flagList(Flags(profile(t, tc.body), nil, flagsToday))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("flags\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestADeepScreeningAddsChargesPSCsAndDirectors(t *testing.T) {
	t.Parallel()
	active := `{"company_status":"active"}`
	cases := []struct {
		name, body string
		deep       screen.Deep
		want       []string
	}{
		{"nothing found", active, screen.Deep{Charges: &screen.ChargeFacts{Known: true}, Statements: &screen.StatementFacts{},
			Directors: &screen.DirectorFacts{Active: 2, Complete: true}}, nil},
		{"one outstanding charge", active, screen.Deep{Charges: &screen.ChargeFacts{Outstanding: 1, Known: true}},
			[]string{"1 outstanding charge (outstanding-charges, info)"}},
		{"outstanding and part-satisfied charges", active, screen.Deep{Charges: &screen.ChargeFacts{Outstanding: 2, PartSatisfied: 1, Known: true}},
			[]string{"2 outstanding charges, 1 part satisfied (outstanding-charges, info)"}},
		{"only part-satisfied charges", active, screen.Deep{Charges: &screen.ChargeFacts{PartSatisfied: 3, Known: true}},
			[]string{"3 part-satisfied charges (outstanding-charges, info)"}},
		{"no registrable person, in the registry's spelling", active,
			screen.Deep{Statements: &screen.StatementFacts{Active: []string{"no-individual-or-entity-with-signficant-control"}}},
			[]string{"no registrable PSC identified (no-psc-identified, warning)"}},
		{"a person not yet identified, by a partnership", active,
			screen.Deep{Statements: &screen.StatementFacts{Active: []string{"psc-exists-but-not-identified-partnership"}}},
			[]string{"no registrable PSC identified (no-psc-identified, warning)"}},
		{"steps not completed", active,
			screen.Deep{Statements: &screen.StatementFacts{Active: []string{"steps-to-find-psc-not-yet-completed"}}},
			[]string{"no registrable PSC identified (no-psc-identified, warning)"}},
		{"an overseas entity without beneficial owners identified", active,
			screen.Deep{Statements: &screen.StatementFacts{Active: []string{"no-beneficial-owner-identified"}}},
			[]string{"no registrable PSC identified (no-psc-identified, warning)"}},
		{"a statement about a named person is not that", active,
			screen.Deep{Statements: &screen.StatementFacts{Active: []string{"psc-has-failed-to-confirm-changed-details"}}}, nil},
		{"no active directors", active, screen.Deep{Directors: &screen.DirectorFacts{Complete: true}},
			[]string{"no active directors (no-active-directors, warning)"}},
		{"directors not all read are not said to be none", active, screen.Deep{Directors: &screen.DirectorFacts{}}, nil},
		{"a dissolved company has no active directors to speak of", `{"company_status":"dissolved"}`,
			screen.Deep{Directors: &screen.DirectorFacts{Complete: true}}, []string{"dissolved (dissolved, severe)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := flagList(Flags(profile(t, tc.body), &tc.deep, flagsToday))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("flags\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestTheHeaderAlertsAreFlagsInTheSameWords(t *testing.T) {
	t.Parallel()
	p := profile(t, `{"company_status":"liquidation","company_status_detail":"active-proposal-to-strike-off","accounts":{"overdue":true},"registered_office_is_in_dispute":true}`)
	words := map[string]bool{}
	for _, f := range Flags(p, nil, flagsToday) {
		words[f.Words] = true
	}
	alerts := Alerts(p)
	if strings.Join(alerts, "; ") != "strike-off proposed; accounts overdue" {
		t.Fatalf("alerts %q", alerts)
	}
	for _, a := range alerts {
		if !words[a] {
			t.Fatalf("alert %q is not a flag's words", a)
		}
	}
}

func TestAHeaderLeavesTheStatusToItsBadge(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		want       []string
	}{
		{"in liquidation with overdue accounts", `{"company_status":"liquidation","accounts":{"overdue":true}}`,
			[]string{"accounts overdue (accounts-overdue, warning)"}},
		{"dissolved, its stale flags left out too", `{"company_status":"dissolved","accounts":{"overdue":true}}`, nil},
		{"active with a proposal to strike off", `{"company_status":"active","company_status_detail":"active-proposal-to-strike-off"}`,
			[]string{"strike-off proposed (active-proposal-to-strike-off, warning)"}},
		{"a status in capitals is the badge's all the same", `{"company_status":" Administration ","has_insolvency_history":true}`, nil},
		{"recently incorporated and dormant", `{"company_status":"active","date_of_creation":"2026-05-01","accounts":{"last_accounts":{"type":"dormant"}}}`,
			[]string{"dormant accounts (dormant-accounts, info)", "recently incorporated (recently-incorporated, info)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := flagList(HeaderFlags(profile(t, tc.body), nil, flagsToday))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("header flags\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestThePlainProfileSaysItsFlagsNearTheTop(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	WriteProfile(&b, profile(t, `{"company_number":"00006403","company_name":"X","company_status":"liquidation","accounts":{"overdue":true}}`), flagsToday)
	if line := strings.Split(b.String(), "\n")[2]; line != "Flags: in liquidation; accounts overdue" {
		t.Fatalf("third line %q", line)
	}
	b.Reset()
	WriteProfile(&b, profile(t, `{"company_number":"00006400","company_name":"X","company_status":"active"}`), flagsToday)
	if strings.Contains(b.String(), "Flags") {
		t.Fatalf("a company without flags:\n%s", b.String())
	}
}
