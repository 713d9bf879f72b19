package present

import (
	"slices"
	"strings"
	"testing"
)

func TestExemptionsSayWhyAListedCompanyHasNoOwnersListed(t *testing.T) {
	pg := demoPage(t, "/company/00006401/exemptions")
	if pg.Summary != "Exempt now from keeping a register of people with significant control, so none are listed." {
		t.Errorf("summary %q", pg.Summary)
	}
	want := map[string][]string{
		"Its shares trade on a UK regulated market": {"Exempt from: keeping a register of people with significant control", "Period: since 1 Jan 2021"},
		"Its shares trade on a regulated market":    {"Exempt from: keeping a register of people with significant control", "Period: 30 Jun 2016 to 31 Dec 2020"},
		"Its major shareholdings are disclosed under chapter 5 of the Disclosure and Transparency Rules": {
			"Exempt from: keeping a register of people with significant control", "Period: since 30 Jun 2016"},
	}
	for title, rows := range want {
		if got := rowsIn(pg, title); !slices.Equal(got, rows) {
			t.Errorf("%s:\n%s\nwant:\n%s", title, strings.Join(got, "\n"), strings.Join(rows, "\n"))
		}
	}
	if pg.Sections[0].Title != "Its shares trade on a UK regulated market" {
		t.Errorf("the current exemption is not first: %q", pg.Sections[0].Title)
	}
}

func TestExemptionsQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	t.Run("no exemptions is a 404", func(t *testing.T) {
		if pg := demoPage(t, "/company/00006400/exemptions"); pg.Summary != "This company has no exemptions." {
			t.Errorf("summary %q", pg.Summary)
		}
	})
	t.Run("an exemption that has ended, and one the registry adds later", func(t *testing.T) {
		pg := servedPage(t, "/company/00000001/exemptions", `{"exemptions": {
		  "psc_exempt_as_trading_on_regulated_market": {"items": [{"exempt_from": "2016-06-30", "exempt_to": "2020-12-31"}]},
		  "exempt_from_the_weather": {"exemption_type": "exempt-from-the-weather", "items": []}}}`)
		if pg.Summary != "No exemption from keeping a register of people with significant control applies now." {
			t.Errorf("summary %q", pg.Summary)
		}
		if got := rowsIn(pg, "Exempt from the weather"); !slices.Equal(got, []string{"Period: none given"}) {
			t.Errorf("the unknown one: %q", got)
		}
	})
	t.Run("hostile text is made harmless", func(t *testing.T) {
		assertSafe(t, servedPage(t, "/company/00000001/exemptions", `{"exemptions": {"EVIL": {"exemption_type": "EVIL", "items": [{"exempt_from": "EVIL", "exempt_to": "EVIL"}]}}}`))
	})
}
