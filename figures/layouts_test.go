package figures

import (
	"testing"
)

// The layouts the registry receives, each figure checked: what is there,
// what its value is once format, scale and sign are applied, and that
// what the document does not report is absent.
func TestEachLayoutReadsIntoItsFigures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		want       []wantYear
	}{
		{"an FRS 105 micro-entity's balance sheet", "frs105-micro.xhtml", []wantYear{
			{start: "2024-01-01", end: "2024-12-31", figures: map[string]string{
				"average_employees": "2", "fixed_assets": "12450", "current_assets": "38912",
				"creditors_due_within_one_year": "21337", "net_current_assets": "18775",
				"total_assets_less_current_liabilities": "31225", "creditors_due_after_one_year": "8000",
				"provisions": "0", "net_assets": "23225", "shareholders_funds": "23225"}},
			{start: "2023-01-01", end: "2023-12-31", comparative: true, figures: map[string]string{
				"average_employees": "2", "fixed_assets": "14200", "current_assets": "31005",
				"creditors_due_within_one_year": "25690", "net_current_assets": "6215",
				"total_assets_less_current_liabilities": "20415", "creditors_due_after_one_year": "10000",
				"provisions": "0", "net_assets": "10415", "shareholders_funds": "10415"}},
		}},
		{"FRS 102 small accounts with a profit and loss account", "frs102-small.xhtml", []wantYear{
			{start: "2024-04-01", end: "2025-03-31", figures: map[string]string{
				"turnover": "1482106", "gross_profit": "588696", "operating_profit": "96310", "profit_before_tax": "91004",
				"tax": "22751", "profit_for_the_year": "68253", "average_employees": "23",
				"fixed_assets": "230577", "intangible_fixed_assets": "18000", "tangible_fixed_assets": "212577",
				"stock": "41250", "debtors": "103118", "cash": "184660", "current_assets": "329028",
				"creditors_due_within_one_year": "162441", "net_current_assets": "166587",
				"total_assets_less_current_liabilities": "397164", "creditors_due_after_one_year": "45000",
				"provisions": "27250", "net_assets": "324914", "called_up_share_capital": "100",
				"profit_and_loss_reserve": "324814", "shareholders_funds": "324914"}},
			{start: "2023-04-01", end: "2024-03-31", comparative: true, figures: map[string]string{
				"turnover": "1305772", "gross_profit": "504473", "operating_profit": "71842", "profit_before_tax": "65931",
				"tax": "12527", "profit_for_the_year": "53404", "average_employees": "21",
				"fixed_assets": "222340", "intangible_fixed_assets": "24000", "tangible_fixed_assets": "198340",
				"stock": "38900", "debtors": "96005", "cash": "131212", "current_assets": "266117",
				"creditors_due_within_one_year": "150797", "net_current_assets": "115320",
				"total_assets_less_current_liabilities": "337660", "creditors_due_after_one_year": "55000",
				"provisions": "0", "net_assets": "282660", "called_up_share_capital": "100",
				"profit_and_loss_reserve": "282560", "shareholders_funds": "282660"}},
		}},
		{"FRS 102 small accounts without a profit and loss account", "frs102-small-filleted.xhtml", []wantYear{
			{start: "2023-10-01", end: "2024-09-30", figures: map[string]string{
				"average_employees": "1", "tangible_fixed_assets": "58120", "debtors": "7402", "cash": "1066",
				"current_assets": "8468", "creditors_due_within_one_year": "31904", "net_current_assets": "-23436",
				"total_assets_less_current_liabilities": "34684", "creditors_due_after_one_year": "20000",
				"net_assets": "14684", "called_up_share_capital": "2", "profit_and_loss_reserve": "14682",
				"shareholders_funds": "14684"}},
			{start: "2022-10-01", end: "2023-09-30", comparative: true, figures: map[string]string{
				"average_employees": "2", "tangible_fixed_assets": "61774", "debtors": "9118", "cash": "3450",
				"current_assets": "12568", "creditors_due_within_one_year": "28330", "net_current_assets": "-15762",
				"total_assets_less_current_liabilities": "46012", "creditors_due_after_one_year": "30000",
				"net_assets": "16012", "called_up_share_capital": "2", "profit_and_loss_reserve": "16010",
				"shareholders_funds": "16012"}},
		}},
		{"a group's consolidated figures apart from its parent company's", "frs102-group.xhtml", []wantYear{
			{start: "2025-01-01", end: "2025-12-31", consolidated: true, figures: map[string]string{
				"turnover": "8420117", "operating_profit": "612904", "profit_before_tax": "540330", "tax": "135083",
				"profit_for_the_year": "405247", "average_employees": "87", "fixed_assets": "2118400",
				"tangible_fixed_assets": "2118400", "cash": "903212", "current_assets": "2914006",
				"creditors_due_within_one_year": "1733118", "net_current_assets": "1180888",
				"creditors_due_after_one_year": "650000", "net_assets": "2649288", "called_up_share_capital": "1000",
				"shareholders_funds": "2649288"}},
			{start: "2025-01-01", end: "2025-12-31", figures: map[string]string{
				"profit_for_the_year": "150000", "average_employees": "3", "fixed_assets": "1000000", "cash": "12500",
				"current_assets": "262500", "creditors_due_within_one_year": "22500", "net_current_assets": "240000",
				"net_assets": "1240000", "called_up_share_capital": "1000", "shareholders_funds": "1240000"}},
			{start: "2024-01-01", end: "2024-12-31", consolidated: true, comparative: true, figures: map[string]string{
				"turnover": "7903480", "operating_profit": "588211", "profit_before_tax": "522017", "tax": "124006",
				"profit_for_the_year": "398011", "average_employees": "81", "fixed_assets": "2004950",
				"tangible_fixed_assets": "2004950", "cash": "811007", "current_assets": "2680513",
				"creditors_due_within_one_year": "1690422", "net_current_assets": "990091",
				"creditors_due_after_one_year": "700000", "net_assets": "2295041", "called_up_share_capital": "1000",
				"shareholders_funds": "2295041"}},
			{start: "2024-01-01", end: "2024-12-31", comparative: true, figures: map[string]string{
				"profit_for_the_year": "120000", "average_employees": "3", "fixed_assets": "1000000", "cash": "9840",
				"current_assets": "209840", "creditors_due_within_one_year": "19840", "net_current_assets": "190000",
				"net_assets": "1190000", "called_up_share_capital": "1000", "shareholders_funds": "1190000"}},
		}},
		{"IFRS accounts in millions, with a loss", "ifrs.xhtml", []wantYear{
			{start: "2024-07-01", end: "2025-06-30", figures: map[string]string{
				"turnover": "48300000", "gross_profit": "9100000", "operating_profit": "-2700000",
				"profit_before_tax": "-3400000", "tax": "-600000", "profit_for_the_year": "-2800000",
				"average_employees": "412", "fixed_assets": "36100000", "intangible_fixed_assets": "4400000",
				"tangible_fixed_assets": "30200000", "stock": "5000000", "debtors": "8800000", "cash": "3900000",
				"current_assets": "17700000", "creditors_due_within_one_year": "14200000",
				"creditors_due_after_one_year": "12000000", "net_assets": "27600000",
				"called_up_share_capital": "2500000", "profit_and_loss_reserve": "25100000", "shareholders_funds": "27600000"}},
			{start: "2023-07-01", end: "2024-06-30", comparative: true, figures: map[string]string{
				"turnover": "51900000", "gross_profit": "12400000", "operating_profit": "1600000",
				"profit_before_tax": "900000", "tax": "200000", "profit_for_the_year": "700000",
				"average_employees": "440", "fixed_assets": "37400000", "intangible_fixed_assets": "4900000",
				"tangible_fixed_assets": "31000000", "stock": "4600000", "debtors": "9300000", "cash": "6100000",
				"current_assets": "20000000", "creditors_due_within_one_year": "13100000",
				"creditors_due_after_one_year": "14000000", "net_assets": "30300000",
				"called_up_share_capital": "2500000", "profit_and_loss_reserve": "27900000", "shareholders_funds": "30300000"}},
		}},
		{"a dormant company: share capital and net assets, no one employed", "dormant.xhtml", []wantYear{
			{start: "2024-07-01", end: "2025-06-30", figures: map[string]string{
				"average_employees": "0", "net_assets": "100", "called_up_share_capital": "100", "shareholders_funds": "100"}},
			{start: "2023-07-01", end: "2024-06-30", comparative: true, figures: map[string]string{
				"average_employees": "0", "net_assets": "100", "called_up_share_capital": "100", "shareholders_funds": "100"}},
		}},
		{"a charity: its funds and net income, never its funds by kind", "charity.xhtml", []wantYear{
			{start: "2024-04-01", end: "2025-03-31", figures: map[string]string{
				"profit_for_the_year": "21377", "debtors": "12904", "cash": "96733", "current_assets": "109637",
				"creditors_due_within_one_year": "8230", "net_assets": "101407", "shareholders_funds": "101407"}},
			{start: "2023-04-01", end: "2024-03-31", comparative: true, figures: map[string]string{
				"profit_for_the_year": "-4018", "debtors": "10511", "cash": "77349", "current_assets": "87860",
				"creditors_due_within_one_year": "7830", "net_assets": "80030", "shareholders_funds": "80030"}},
		}},
		{"figures in thousands (scale 3) with losses (sign -)", "scale-sign.xhtml", []wantYear{
			{start: "2024-10-01", end: "2025-09-30", figures: map[string]string{
				"turnover": "12345000", "operating_profit": "-1203000", "profit_before_tax": "-1410000", "tax": "-215000",
				"profit_for_the_year": "-1195000", "average_employees": "64", "current_assets": "2950000",
				"creditors_due_within_one_year": "4127000", "net_current_assets": "-1177000", "net_assets": "-577000",
				"profit_and_loss_reserve": "-677000", "shareholders_funds": "-577000"}},
			{start: "2023-10-01", end: "2024-09-30", comparative: true, figures: map[string]string{
				"turnover": "14020000", "operating_profit": "310000", "profit_before_tax": "150000", "tax": "38000",
				"profit_for_the_year": "112000", "average_employees": "71", "current_assets": "3870000",
				"creditors_due_within_one_year": "3852000", "net_current_assets": "18000", "net_assets": "618000",
				"profit_and_loss_reserve": "518000", "shareholders_funds": "618000"}},
		}},
		{"UK GAAP 2009 under machine prefixes, in Latin-1", "ukgaap2009-ns5.xhtml", []wantYear{
			{start: "2012-05-01", end: "2013-04-30", figures: map[string]string{
				"average_employees": "4", "tangible_fixed_assets": "44870", "stock": "3200", "debtors": "8941",
				"cash": "2004", "current_assets": "14145", "creditors_due_within_one_year": "19406",
				"net_current_assets": "-5261", "total_assets_less_current_liabilities": "39609",
				"creditors_due_after_one_year": "12000", "provisions": "1500", "net_assets": "26109",
				"called_up_share_capital": "1000", "profit_and_loss_reserve": "25109", "shareholders_funds": "26109"}},
			{end: "2012-04-30", comparative: true, figures: map[string]string{
				"tangible_fixed_assets": "47115", "stock": "0", "debtors": "7316",
				"cash": "5519", "current_assets": "12835", "creditors_due_within_one_year": "17760",
				"net_current_assets": "-4925", "total_assets_less_current_liabilities": "42190",
				"creditors_due_after_one_year": "16000", "provisions": "1500", "net_assets": "24690",
				"called_up_share_capital": "1000", "profit_and_loss_reserve": "23690", "shareholders_funds": "24690"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := read(t, tt.file)
			checkYears(t, r, tt.want)
			for _, p := range r.Problems {
				t.Errorf("a problem in a document with none: %v", p)
			}
		})
	}
}

func TestEachFigureKeepsTheFactItWasReadFrom(t *testing.T) {
	t.Parallel()
	r := read(t, "frs102-small-filleted.xhtml")
	f, ok := r.Figure(day("2024-09-30"), false, CreditorsWithinOneYear)
	want := Source{Concept: "uk-core:Creditors", Tagged: "frs-core:Creditors", Context: "i1w",
		Period: Period{Instant: true, End: day("2024-09-30")}, Line: f.Source.Line}
	if !ok || f.Source != want || f.Unit != "GBP" || f.Source.Line < 20 {
		t.Errorf("creditors within one year: %+v, %v; want from %+v", f, ok, want)
	}
	r = read(t, "frs102-group.xhtml")
	f, ok = r.Figure(day("2025-12-31"), true, AverageEmployees)
	if !ok || f.Source.Concept != "uk-core:AverageNumberEmployeesDuringPeriod" || f.Source.Context != "FY25-G" || f.Unit != "pure" ||
		f.Source.Period != (Period{Start: day("2025-01-01"), End: day("2025-12-31")}) {
		t.Errorf("the group's employees: %+v, %v", f, ok)
	}
}

func TestWhatADocumentSaysAboutItselfIsRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, name, number string
		start, end         string
		dormant            string
	}{
		{"frs105-micro.xhtml", "Pickled Walnut Supplies Ltd", "09876543", "2024-01-01", "2024-12-31", "false"},
		{"frs102-small.xhtml", "CRUMPET & SONS BAKERY LIMITED", "04123456", "2024-04-01", "2025-03-31", "false"},
		{"dormant.xhtml", "SLEEPY HOLLOW NOMINEES LIMITED", "", "2024-07-01", "2025-06-30", "true"},
		{"formats.xhtml", "", "", "2024-01-01", "2024-12-31", "not said"},
		{"ukgaap2009-ns5.xhtml", "", "", "", "2013-04-30", "not said"},
	}
	for _, tt := range tests {
		r := read(t, tt.file)
		dormant := "not said"
		if r.Dormant != nil {
			dormant = map[bool]string{true: "true", false: "false"}[*r.Dormant]
		}
		start := ""
		if !r.Start.IsZero() {
			start = r.Start.Format("2006-01-02")
		}
		if r.Name != tt.name || r.Number != tt.number || start != tt.start || r.End.Format("2006-01-02") != tt.end || dormant != tt.dormant {
			t.Errorf("%s: %q %q %s to %s, dormant %s", tt.file, r.Name, r.Number, start, r.End.Format("2006-01-02"), dormant)
		}
	}
}

// Text facts: continuations are followed, ix:exclude is left out.
func TestATextFactJoinsItsContinuationsWithoutWhatItExcludes(t *testing.T) {
	t.Parallel()
	r := read(t, "frs102-small.xhtml")
	for _, f := range r.Facts {
		if f.Concept.Local == "GeneralDescriptionBasisMeasurementUsedInPreparingFinancialStatements" {
			want := "These financial statements have been prepared in accordance with FRS 102 Section 1A and the Companies Act 2006. They are prepared under the historical cost convention."
			if got := collapse(f.Text); got != want {
				t.Errorf("the policy reads %q, want %q", got, want)
			}
			return
		}
	}
	t.Fatal("no policy text")
}

func TestHiddenFactsAreFactsLikeAnyOther(t *testing.T) {
	t.Parallel()
	r := read(t, "dormant.xhtml")
	f, ok := r.Figure(day("2025-06-30"), false, AverageEmployees)
	if !ok || !f.Source.Hidden || !f.Value.IsZero() {
		t.Errorf("the hidden headcount: %+v, %v", f, ok)
	}
	if f, _ := r.Figure(day("2025-06-30"), false, NetAssets); f.Source.Hidden {
		t.Error("net assets on the page read as hidden")
	}
}

// Every number format: its text read as the registries say, a format
// meaning no value (nocontent, nil) leaves the figure absent, and a
// format coview cannot read makes that one fact unreadable.
func TestEveryNumberFormatReadsAsTheRegistrySays(t *testing.T) {
	t.Parallel()
	r := read(t, "formats.xhtml")
	checkYears(t, r, []wantYear{{start: "2024-01-01", end: "2024-12-31", figures: map[string]string{
		"turnover":                      "1234567.89", // TR 2 numdotdecimal
		"gross_profit":                  "1234.56",    // TR 2 numcommadecimal
		"operating_profit":              "12345.6",    // TR 1 numspacedot
		"profit_before_tax":             "0",          // TR 2 zerodash, an en dash
		"profit_for_the_year":           "0",          // TR 4 fixed-zero
		"average_employees":             "21",         // TR 3 numwordsen
		"fixed_assets":                  "9876.5",     // TR 4 num-comma-decimal
		"intangible_fixed_assets":       "5000",       // TR 1 numdotcomma
		"tangible_fixed_assets":         "0",          // SEC numwordsen: none
		"stock":                         "4321",       // no format
		"debtors":                       "1234.05",    // TR 2 numunitdecimal
		"cash":                          "12345.67",   // split across elements
		"current_assets":                "12345",      // TR 5, a no-break space between thousands
		"creditors_due_within_one_year": "0",          // TR 1 numdash
		"net_assets":                    "9876.54",    // scale -2
	}}})
	y := r.Years[0]
	for _, n := range []Name{Tax, Provisions} {
		if y.Problem[n] != nil {
			t.Errorf("%s, which has no value (nocontent, nil), is said to be a problem: %v", n, y.Problem[n])
		}
	}
	if p := y.Problem[NetCurrentAssets]; p == nil || p.Error() != `could not read net current assets from core:NetCurrentAssetsLiabilities (context now) at line 31: its format "ixt4:num-roman" is not one coview knows` {
		t.Errorf("an unknown format: %v", p)
	}
	if p := y.Problem[TotalAssetsLessCurrentLiabilities]; p == nil || len(problemsSaying(r, "nope:numdotdecimal", "has a prefix the document does not declare")) != 1 {
		t.Errorf("a format whose prefix is not declared: %v", p)
	}
}

func TestNumbersReadUnderTheirFormats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text, format, want string // want "" for unreadable, "none" for no value
	}{
		{"1,234", "numdotdecimal", "1234"},
		{"1,234,567.5", "numdotdecimal", "1234567.5"},
		{" 375,004 ", "numdotdecimal", "375004"},
		{"0.03", "numdotdecimal", "0.03"},
		{"1234", "", "1234"},
		{"1,23", "numdotdecimal", ""},
		{"1,2345", "numdotdecimal", ""},
		{"12,345 678", "numdotdecimal", ""},
		{"1.234.567,8", "numcommadecimal", "1234567.8"},
		{"1 234,5", "numspacecomma", "1234.5"},
		{"1,234", "numcommadecimal", "1.234"},
		{"-", "zerodash", "0"},
		{"—", "zerodash", "0"},
		{"12", "zerodash", ""},
		{"anything", "fixedzero", "0"},
		{"", "nocontent", "none"},
		{"", "fixedempty", "none"},
		{"-", "", "0"},
		{"-12", "numdotdecimal", ""},
		{"(12)", "numdotdecimal", ""},
		{"", "numdotdecimal", ""},
		{"12.", "numdotdecimal", ""},
		{"1e6", "numdotdecimal", ""},
		{"one hundred and five", "numwordsen", "105"},
		{"No", "numwordsen", "0"},
		{"three thousand two hundred", "numwordsen", "3200"},
		{"many", "numwordsen", ""},
		{"12 pounds 50", "numunitdecimal", "12.5"},
		{"1234567890123456789", "numdotdecimal", ""},
		{"12", "numroman", ""},
	}
	for _, tt := range tests {
		n, has, why := readNumber(tt.text, tt.format)
		got := n.String()
		switch {
		case why != "":
			got = ""
		case !has:
			got = "none"
		}
		if got != tt.want {
			t.Errorf("%q under %q reads %q (%s), want %q", tt.text, tt.format, got, why, tt.want)
		}
	}
}
