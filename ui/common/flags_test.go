package common

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"coview/api"
)

// A company with every flag a profile tells: a proposal to strike off,
// both overdue, its office disputed and undeliverable, insolvency in its
// past, dormant and incorporated this year.
const flaggedProfile = `{"company_number":"00000001","company_name":"X","company_status":"active",
	"company_status_detail":"active-proposal-to-strike-off","date_of_creation":"2026-06-01",
	"accounts":{"next_accounts":{"overdue":true},"last_accounts":{"type":"dormant"}},
	"confirmation_statement":{"overdue":true},"registered_office_is_in_dispute":true,
	"undeliverable_registered_office_address":true,"has_insolvency_history":true}`

func TestAProfilesFlagsWrapUnderItsNameEachWithItsSign(t *testing.T) {
	p, err := api.DecodeProfile([]byte(flaggedProfile), "00000001")
	if err != nil {
		t.Fatal(err)
	}
	c := New(context.Background(), nil, func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) })
	all := "! strike-off proposed  ! accounts overdue  ! confirmation overdue  ! registered office in dispute  " +
		"! undeliverable registered office  ! insolvency history  · dormant accounts  · recently incorporated"
	for _, tc := range []struct {
		name string
		w    int
		want []string
	}{
		{"all on one line where they fit", 240, []string{"  " + all}},
		{"on two lines where they do not", 160, []string{
			"  ! strike-off proposed  ! accounts overdue  ! confirmation overdue  ! registered office in dispute  ! undeliverable registered office  ! insolvency history",
			"  · dormant accounts  · recently incorporated"}},
		{"never more than two, the last cut", 80, []string{
			"  ! strike-off proposed  ! accounts overdue  ! confirmation overdue",
			"  ! registered office in dispute  ! undeliverable registered office  ! insolven…"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := c.FlagLines(p, tc.w)
			var got []string
			for _, l := range lines {
				if ansi.StringWidth(l) > tc.w {
					t.Errorf("a line of %d cells: %q", ansi.StringWidth(l), l)
				}
				got = append(got, ansi.Strip(l))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("flags\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	quiet, err := api.DecodeProfile([]byte(`{"company_number":"00000002","company_status":"liquidation"}`), "00000002")
	if err != nil {
		t.Fatal(err)
	}
	if lines := c.FlagLines(quiet, 80); lines != nil {
		t.Fatalf("a company whose status says it all has flag lines %q", lines)
	}
}
