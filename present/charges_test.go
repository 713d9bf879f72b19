package present

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

func TestTheChargesListSaysWhoLentWhatAndWhetherItIsPaidOff(t *testing.T) {
	tests := []struct {
		name, link, summary string
		rows                []string
	}{
		{"several lenders, and each status", "/company/00006412/charges",
			"4 charges: 1 outstanding, 1 partly satisfied, 2 satisfied", []string{
				"1 Mar 2024 | Outstanding | A registered charge | Fictionshire Agricultural Bank PLC, Dairy Farmers' Mutual Credit Union Limited and Wessex Growth Capital LP",
				"14 Aug 2019 | Partly satisfied | A registered charge | The First Bank of Fictionshire PLC",
				"2 Feb 2015 | Fully satisfied | A registered charge | Fictionshire Agricultural Bank PLC (dim)",
				"12 Mar 2012 | Satisfied | Debenture | The First Bank of Fictionshire PLC (dim)",
			}},
		{"one outstanding, one satisfied", "/company/00006400/charges",
			"2 charges: 1 outstanding, 1 satisfied", []string{
				"11 Jun 2021 | Outstanding | A registered charge | The First Bank of Fictionshire PLC",
				"4 Mar 2016 | Fully satisfied | A registered charge | The First Bank of Fictionshire PLC (dim)",
			}},
		{"none, answered with 200", "/company/00006413/charges", "No charges are registered against this company.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := demoPage(t, tt.link)
			if pg.Summary != tt.summary {
				t.Errorf("summary %q, want %q", pg.Summary, tt.summary)
			}
			if got := listRows(pg); !slices.Equal(got, tt.rows) {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.rows, "\n"))
			}
			for _, it := range pg.Items {
				if !strings.HasPrefix(it.Link, "/company/") || !strings.Contains(it.Link, "/charges/") || !strings.HasPrefix(it.Title, "Charge ") {
					t.Errorf("%q opens %q titled %q", row(it), it.Link, it.Title)
				}
			}
		})
	}
}

func TestChargeCountsAreSaidOnlyAsFarAsTheyAreKnown(t *testing.T) {
	item := `{"status": "%s", "created_on": "2020-01-01", "persons_entitled": [{"name": "A Bank"}], "links": {"self": "/company/00000001/charges/%s"}}`
	items := strings.Join([]string{
		strings.NewReplacer("%s", "outstanding").Replace(item),
		strings.NewReplacer("%s", "part-satisfied").Replace(item),
		strings.NewReplacer("%s", "fully-satisfied").Replace(item),
	}, ",")
	tests := []struct {
		name, counts, summary string
	}{
		{"all counts", `"total_count": 3, "unfiltered_count": 3, "satisfied_count": 1, "part_satisfied_count": 1,`,
			"3 charges: 1 outstanding, 1 partly satisfied, 1 satisfied"},
		{"counts that fall short of the list are not believed", `"total_count": 3, "unfiltered_count": 1, "satisfied_count": 0, "part_satisfied_count": 0,`,
			"3 charges on this page: 1 outstanding, 1 partly satisfied, 1 satisfied (counted from the list: the registry did not count them)"},
		{"counts that cannot give outstanding leave it unsaid", `"total_count": 3, "unfiltered_count": 3, "satisfied_count": 3, "part_satisfied_count": 1,`,
			"3 charges: 1 partly satisfied, 3 satisfied"},
		{"no part-satisfied count", `"total_count": 3, "unfiltered_count": 3, "satisfied_count": 1,`,
			"3 charges: 1 satisfied"},
		{"no counts at all are counted from the list", ``,
			"3 charges on this page: 1 outstanding, 1 partly satisfied, 1 satisfied (counted from the list: the registry did not count them)"},
		{"the outstanding filter says how many it lists", `"total_count": 2, "unfiltered_count": 3, "satisfied_count": 1, "part_satisfied_count": 1,`,
			"3 charges: 1 outstanding, 1 partly satisfied, 1 satisfied; 2 listed here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := servedPage(t, "/company/00000001/charges", `{`+tt.counts+` "items": [`+items+`]}`)
			if pg.Summary != tt.summary {
				t.Errorf("summary %q, want %q", pg.Summary, tt.summary)
			}
		})
	}
}

func TestNoChargesAnsweredWith404IsNoChargesToo(t *testing.T) {
	pg := servedStatus(t, "/company/00000001/charges", http.StatusNotFound, `{"errors":[{"error":"company-charges-not-found"}]}`)
	if pg.Summary != "No charges are registered against this company." || len(pg.Items) != 0 {
		t.Fatalf("summary %q, %d items", pg.Summary, len(pg.Items))
	}
}

func TestAChargeInFull(t *testing.T) {
	c := demoRegistry(t)
	_, list := follow(t, c, "/company/00006412/charges")
	pages := map[string]*Page{}
	for _, it := range list.Items {
		_, pg := follow(t, c, it.Link)
		pages[it.Title] = pg
	}
	t.Run("several lenders, and the terms in words", func(t *testing.T) {
		pg := pages["Charge 0000 6412 0004"]
		want := map[string][]string{
			"Charge": {"Charge code: 0000 6412 0004", "Number: 4", "Status: Outstanding", "Description: A registered charge",
				"Created: 1 Mar 2024", "Delivered: 6 Mar 2024"},
			"Persons entitled": {": Fictionshire Agricultural Bank PLC", ": Dairy Farmers' Mutual Credit Union Limited", ": Wessex Growth Capital LP"},
			"Property charged": {
				"Brief description: Freehold land known as Curd Farm, Whey Lane, Little Puddleford (title number ZZ123456) together with the creamery and bottling plant on it.",
				"Terms: A fixed charge",
				": A floating charge, covering all the company's property and undertaking",
				": A negative pledge: the company may not grant other security that ranks ahead of or equal to it"},
			"Filings": {"6 Mar 2024: Charge registered"},
		}
		for title, rows := range want {
			if got := rowsIn(pg, title); !slices.Equal(got, rows) {
				t.Errorf("%s:\n%s\nwant:\n%s", title, strings.Join(got, "\n"), strings.Join(rows, "\n"))
			}
		}
	})
	t.Run("an old debenture with the amount secured", func(t *testing.T) {
		pg := pages["Charge 1"]
		if got := rowsIn(pg, "Secured"); !slices.Equal(got, []string{"Amount secured: All monies due or to become due from the company to the chargee on any account whatsoever"}) {
			t.Errorf("secured %q", got)
		}
		if got := rowsIn(pg, "Charge"); !slices.Contains(got, "Nature of charge: Debenture") || !slices.Contains(got, "Satisfied: 1 Jul 2014") {
			t.Errorf("charge %q", got)
		}
	})
	t.Run("every filing about a charge opens that filing", func(t *testing.T) {
		pg := pages["Charge 0000 6412 0003"]
		var got []string
		for _, r := range linksIn(pg) {
			got = append(got, r.Label+" "+r.Value+" -> "+r.Link+" ("+r.Open+")")
		}
		want := []string{
			"20 Aug 2019 Charge registered -> /company/00006412/filing-history/MzA2MTg5OTQ0N2Rtb3JlZ3h6 (Filing: Charge registered)",
			"2 May 2023 Satisfaction of the charge -> /company/00006412/filing-history/Mjk0NDI2MjM0NGRtb3JlZ3h6 (Filing: Satisfaction of the charge)",
		}
		if !slices.Equal(got, want) {
			t.Errorf("links:\n%s", strings.Join(got, "\n"))
		}
		a, filing := follow(t, c, linksIn(pg)[1].Link)
		if !holds[*api.FilingItem](a) || !slices.Contains(rowsIn(filing, "Filing"), "Type: MR04") {
			t.Errorf("the satisfaction opens %q", rowsIn(filing, "Filing"))
		}
	})
	t.Run("a satisfied charge's status is dim", func(t *testing.T) {
		for _, r := range pages["Charge 0000 6412 0002"].Sections[0].Rows {
			if r.Label == "Status" && r.Tone != Quiet {
				t.Errorf("status %+v", r)
			}
		}
	})
}

func TestAChargesQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	pg := servedPage(t, "/company/00000001/charges/a", `{
	  "charge_number": "7", "status": ["written-off"], "classification": {"description": "EVIL"},
	  "more_than_four_persons_entitled": true,
	  "persons_entitled": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "EVIL"}],
	  "particulars": {"type": "EVIL", "description": "EVIL", "chargor_acting_as_bare_trustee": true},
	  "secured_details": {"type": "obligations-secured", "description": "EVIL"},
	  "assets_ceased_released": "part-property-released",
	  "scottish_alterations": {"has_alterations_to_order": true, "has_restricting_provisions": true},
	  "transactions": [
	    {"filing_type": "create-charge-pre-april-2013", "delivered_on": "2010-01-01"},
	    {"filing_type": "EVIL", "delivered_on": "not a date", "insolvency_case_number": 2,
	     "links": {"filing": "/company/00000001/filing-history/b", "insolvency_case": "/company/00000001/insolvency"}}],
	  "insolvency_cases": [{"case_number": 2, "links": {"case": "/company/00000001/insolvency"}}]
	}`)
	rows := func(title string) string { return strings.Join(rowsIn(pg, title), "\n") }
	tests := []struct{ name, section, want string }{
		{"an unknown status is humanised", "Charge", "Status: Written off"},
		{"more than four lenders is said", "Persons entitled", ": and others: more than four are entitled, and the registry names four"},
		{"a bare trustee is said", "Property charged", "Terms: The company holds the property charged as a bare trustee"},
		{"what is secured", "Secured", "Obligations secured: "},
		{"released property", "Charge", "Released: Part of the property has been released from the charge"},
		{"Scottish alterations", "Scottish alterations", ": The order of ranking of charges has been altered\n: It has provisions restricting further charges"},
		{"a filing without a link", "Filings", "1 Jan 2010: Charge registered"},
		{"a filing's insolvency case", "Filings", "(insolvency case 2)"},
		{"the insolvency case", "Insolvency cases", ": Case 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(rows(tt.section), tt.want) {
				t.Errorf("%s:\n%s\nwant %q", tt.section, rows(tt.section), tt.want)
			}
		})
	}
	t.Run("only linked rows open something", func(t *testing.T) {
		var got []string
		for _, r := range linksIn(pg) {
			got = append(got, r.Link)
		}
		if !slices.Equal(got, []string{"/company/00000001/filing-history/b", "/company/00000001/insolvency"}) {
			t.Errorf("links %q", got)
		}
	})
	t.Run("hostile text is made harmless", func(t *testing.T) { assertSafe(t, pg) })

	list := servedPage(t, "/company/00000001/charges", `{"items": [{"status": "EVIL", "classification": {"description": "EVIL"},
	  "persons_entitled": [{"name": "EVIL"}], "more_than_four_persons_entitled": true, "links": {"self": "/company/00000001/charges/a"}}]}`)
	t.Run("hostile text in the list is made harmless", func(t *testing.T) { assertSafe(t, list) })
	t.Run("more than four lenders in the list", func(t *testing.T) {
		if !strings.HasSuffix(list.Items[0].Cells[3], " and others") {
			t.Errorf("row %q", row(list.Items[0]))
		}
	})
}
