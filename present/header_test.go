package present

import (
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
)

func TestAlertsNameWhatMustNotBeMissed(t *testing.T) {
	cases := []struct {
		name, body string
		want       []string
	}{
		{"a proposal to strike off", `{"company_status":"active","company_status_detail":"active-proposal-to-strike-off"}`,
			[]string{"strike-off proposed"}},
		{"overdue accounts and statement", `{"company_status":"active","accounts":{"next_accounts":{"overdue":true}},"confirmation_statement":{"overdue":true}}`,
			[]string{"accounts overdue", "confirmation overdue"}},
		{"the deprecated overdue flag alone", `{"company_status":"active","accounts":{"overdue":true}}`,
			[]string{"accounts overdue"}},
		{"next accounts not overdue outweigh the deprecated flag", `{"company_status":"active","accounts":{"overdue":true,"next_accounts":{"overdue":false}}}`,
			nil},
		{"an old annual return overdue", `{"company_status":"active","annual_return":{"overdue":true}}`,
			[]string{"confirmation overdue"}},
		{"a dissolved company's stale flags", `{"company_status":"dissolved","accounts":{"overdue":true},"confirmation_statement":{"overdue":true}}`,
			nil},
		{"nothing to say", `{"company_status":"active","accounts":{"next_accounts":{"overdue":false}}}`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Alerts(profile(t, tc.body)); !slices.Equal(got, tc.want) {
				t.Fatalf("Alerts = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestQuotaIsSaidInWords(t *testing.T) {
	cases := []struct {
		rl          api.RateLimit
		long, short string
	}{
		{api.RateLimit{Known: true, Limit: 600, Remain: 599, Window: "5m"}, "599 of 600 requests left this 5 min", "599/600 left"},
		{api.RateLimit{Known: true, Limit: 1200, Remain: 1000, Window: "300s"}, "1,000 of 1,200 requests left this 5 min", "1000/1200 left"},
		{api.RateLimit{Known: true, Limit: 20, Remain: 3, Window: "2s"}, "3 of 20 requests left this 2 s", "3/20 left"},
		{api.RateLimit{Known: true, Limit: 600, Remain: 10}, "10 of 600 requests left this window", "10/600 left"},
		{api.RateLimit{Known: true, Limit: 600, Remain: 10, Window: "soon"}, "10 of 600 requests left this window", "10/600 left"},
		{api.RateLimit{}, "", ""},
		{api.RateLimit{Known: true, Limit: 600, Remain: -1}, "", ""},
	}
	for _, tc := range cases {
		if got := Quota(tc.rl); got != tc.long {
			t.Errorf("Quota(%+v) = %q, want %q", tc.rl, got, tc.long)
		}
		if got := QuotaShort(tc.rl); got != tc.short {
			t.Errorf("QuotaShort(%+v) = %q, want %q", tc.rl, got, tc.short)
		}
	}
}

func TestTheSubtypeContinuesTheTypeWithoutNestedBrackets(t *testing.T) {
	for _, body := range []string{
		`{"type":"private-limited-guarant-nsc","subtype":"community-interest-company"}`,
		`{"type":"private-limited-guarant-nsc","is_community_interest_company":true}`,
	} {
		text := text(Overview(profile(t, body)))
		if !strings.Contains(text, "Community interest company (CIC)") || strings.Contains(text, "((") || strings.Contains(text, "))") {
			t.Fatalf("overview of %s:\n%s", body, text)
		}
	}
}

func TestOfficerCountsLeaveOutZerosThatSayNothing(t *testing.T) {
	n := func(v int) *int { return &v }
	cases := []struct {
		d    api.Officers
		want string
	}{
		{api.Officers{TotalResults: n(8), ActiveCount: n(5), ResignedCount: n(3), InactiveCount: n(0)}, "8 officers: 5 active, 3 resigned"},
		{api.Officers{TotalResults: n(3), ActiveCount: n(0), ResignedCount: n(1), InactiveCount: n(2)}, "3 officers: 0 active, 1 resigned, 2 inactive"},
		{api.Officers{TotalResults: n(2), ActiveCount: n(2), ResignedCount: n(0)}, "2 officers: 2 active"},
	}
	for _, tc := range cases {
		if got := Show(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &tc.d), nil).Summary; got != tc.want {
			t.Errorf("summary %q, want %q", got, tc.want)
		}
	}
}

func TestThePlainHeaderCarriesTheAlerts(t *testing.T) {
	var b strings.Builder
	WriteProfile(&b, profile(t, `{"company_number":"00006407","company_name":"X","company_status":"active","accounts":{"overdue":true}}`),
		time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC))
	if head := strings.SplitN(b.String(), "\n", 3)[1]; !strings.Contains(head, "! accounts overdue") {
		t.Fatalf("plain header %q", head)
	}
}
