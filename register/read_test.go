package register

import (
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"coview/api"
)

func TestTheHeaderIsTheRegistrysWithItsLeadingSpaces(t *testing.T) {
	h := Header()
	for _, want := range []string{"CompanyName, CompanyNumber,RegAddress.CareOf", ",URI,PreviousName_1.CONDATE, PreviousName_1.CompanyName, PreviousName_2.CONDATE",
		"PreviousName_10.CompanyName,ConfStmtNextDueDate, ConfStmtLastMadeUpDate"} {
		if !strings.Contains(h, want) {
			t.Errorf("the header lacks %q:\n%s", want, h)
		}
	}
	if n := len(strings.Split(h, ",")); n != 55 {
		t.Errorf("the header has %d columns, want 55", n)
	}
}

func TestColumnsAreFoundByNameInAnyOrder(t *testing.T) {
	names := strings.Split(Header(), ",")
	// Reversed, and one more column the register does not have.
	var fields []string
	for i := len(names) - 1; i >= 0; i-- {
		fields = append(fields, names[i])
	}
	fields = append(fields, "SomethingNew")
	l, err := readHeader(fields)
	if err != nil {
		t.Fatal(err)
	}
	if got := fields[l.at[colName]]; got != "CompanyName" {
		t.Errorf("CompanyName is found at %q", got)
	}
	if got := fields[l.at[colConfirmationMadeUp]]; got != " ConfStmtLastMadeUpDate" {
		t.Errorf("ConfStmtLastMadeUpDate is found at %q", got)
	}
	if l.fields != 56 {
		t.Errorf("rows must have %d fields, want 56", l.fields)
	}
}

func TestAHeaderThatIsNotTheRegistersIsRefusedSayingWhatWasExpected(t *testing.T) {
	_, err := readHeader([]string{"Name", "Number", "Town"})
	var he *HeaderError
	if !errors.As(err, &he) {
		t.Fatalf("got %v, want a HeaderError", err)
	}
	for _, want := range []string{"lacks CompanyName, CompanyNumber", "expected the 55 columns of Basic Company Data", "found Name, Number, Town"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

// readAll reads every record of text, as next gives them: fields joined
// by "|", or "error at N: reason".
func readAll(t *testing.T, text string) []string {
	t.Helper()
	rs := newRecords(strings.NewReader(text))
	var out []string
	for {
		fields, line, err := rs.next()
		var re *recordError
		switch {
		case errors.Is(err, io.EOF):
			return out
		case errors.As(err, &re):
			out = append(out, "error at "+itoa(line)+": "+re.reason)
			continue
		case err != nil:
			t.Fatal(err)
		}
		parts := make([]string, len(fields))
		for i, f := range fields {
			parts[i] = string(f)
		}
		out = append(out, itoa(line)+":"+strings.Join(parts, "|"))
	}
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestRecordsAreReadAsTheRegistryWritesThem(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"quoted fields with commas and doubled quotes", `"A, B","say ""hi""",""` + "\r\n", []string{`1:A, B|say "hi"|`}},
		{"unquoted fields and an empty last field", "a,b,\n", []string{"1:a|b|"}},
		{"a line break inside quotes", "\"one\ntwo\",x\ny,z\n", []string{"1:one\ntwo|x", "3:y|z"}},
		{"a quote inside a quoted field that does not end it", `"A "B" LTD",x` + "\n", []string{`1:A "B" LTD|x`}},
		{"blank lines are no records", "a\n\n\nb\n", []string{"1:a", "4:b"}},
		{"no line break at the end", "a,b", []string{"1:a|b"}},
		{
			"a quote never closed is one bad record, and the next lines are read",
			"\"open,x\nb,c\nd,e\n", []string{"error at 1: a quoted field is never closed", "2:b|c", "3:d|e"},
		},
		{
			"a quote left open over many lines is one bad record",
			"\"open\n" + strings.Repeat("r,s\n", 10),
			append([]string{"error at 1: a quoted field is not closed within 8 lines"}, func() []string {
				var out []string
				for i := 2; i <= 11; i++ {
					out = append(out, itoa(i)+":r|s")
				}
				return out
			}()...),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := readAll(t, tc.text); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestALineLongerThanAnyRecordIsOneBadRecord(t *testing.T) {
	text := "a,b\n" + strings.Repeat("x", maxRecordBytes+10) + "\nc,d\n"
	got := readAll(t, text)
	want := []string{"1:a|b", "error at 2: the line is longer than 64 KiB, which no record is", "3:c|d"}
	if !reflect.DeepEqual(got, want) {
		for i := range got {
			got[i] = shorten(got[i], 80)
		}
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestARowIsReadIntoTheRegistrysKeysAndDays(t *testing.T) {
	row := active("MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400").with(
		"CompanyStatus", "Active - Proposal to Strike off",
		"SICCode.SicText_2", "70229 - Management consultancy activities other than financial management",
		"SICCode.SicText_3", "None Supplied",
		"Accounts.AccountRefDay", "31", "Accounts.AccountRefMonth", "3", "Accounts.NextDueDate", "31/12/2026",
		"Accounts.LastMadeUpDate", "31/03/2025", "Accounts.AccountCategory", "TOTAL EXEMPTION FULL",
		"Mortgages.NumMortCharges", "3", "Mortgages.NumMortOutstanding", "1", "Mortgages.NumMortSatisfied", "2",
		"PreviousName_1.CONDATE", "01/02/2020", "PreviousName_1.CompanyName", "MARZIPAN HILLOCK LTD",
		"PreviousName_2.CONDATE", "15/06/2015", "PreviousName_2.CompanyName", "MARZIPAN MOLEHILL LTD",
		"ConfStmtNextDueDate", "25/09/2026", "ConfStmtLastMadeUpDate", "11/09/2025")
	ix := indexOf(t, row)
	c, err := ix.Company(t.Context(), "00006400")
	if err != nil {
		t.Fatal(err)
	}
	want := &Company{
		Name: "MARZIPAN MOUNTAIN SOFTWARE LTD", Number: "00006400",
		Address: api.Address{AddressLine1: "1 PEPPER ROAD", Locality: "LEEDS", PostalCode: "LS10 2RU"},
		Status:  "active", StatusDetail: "active-proposal-to-strike-off", Type: "ltd",
		CountryOfOrigin: "United Kingdom", Incorporated: "2012-09-11",
		Accounts:     Accounts{RefDay: 31, RefMonth: 3, NextDue: "2026-12-31", LastMadeUpTo: "2025-03-31", Type: "total-exemption-full"},
		Confirmation: Due{NextDue: "2026-09-25", LastMadeUpTo: "2025-09-11"},
		Charges:      Charges{Total: 3, Outstanding: 1, Satisfied: 2},
		SIC: []SIC{{"62020", "Information technology consultancy activities"},
			{"70229", "Management consultancy activities other than financial management"}},
		PreviousNames: []api.PreviousName{
			{Name: "MARZIPAN HILLOCK LTD", CeasedOn: "2020-02-01", EffectiveFrom: "2015-06-15"},
			{Name: "MARZIPAN MOLEHILL LTD", CeasedOn: "2015-06-15", EffectiveFrom: "2012-09-11"},
		},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got  %+v\nwant %+v", c, want)
	}
}

func TestStatusesAndCategoriesInTheFilesWordsMeanTheRegistrysKeys(t *testing.T) {
	for _, tc := range []struct{ words, status, detail string }{
		{"Active", "active", ""},
		{"Active - Proposal to Strike off", "active", "active-proposal-to-strike-off"},
		{"Liquidation", "liquidation", ""},
		{"In Administration", "administration", ""},
		{"In Administration/Administrative Receiver", "administration", ""},
		{"ADMINISTRATION ORDER", "administration", ""},
		{"Live but Receiver Manager on at least one charge", "receivership", ""},
		{"RECEIVER MANAGER / ADMINISTRATIVE RECEIVER", "receivership", ""},
		{"VOLUNTARY ARRANGEMENT / RECEIVERSHIP", "voluntary-arrangement", ""},
		{"voluntary arrangement/receivership", "voluntary-arrangement", ""},
		{"Insolvency Proceedings", "insolvency-proceedings", ""},
	} {
		s, d, ok := statusOf(tc.words)
		if !ok || s != tc.status || d != tc.detail {
			t.Errorf("status %q read as %q %q (%v), want %q %q", tc.words, s, d, ok, tc.status, tc.detail)
		}
	}
	for _, tc := range []struct{ words, kind, subtype string }{
		{"Private Limited Company", "ltd", ""},
		{"Public Limited Company", "plc", ""},
		{"PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)", "private-limited-guarant-nsc", ""},
		{"PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)", "private-limited-guarant-nsc-limited-exemption", ""},
		{"PRIV LTD SECT. 30 (Private limited company, section 30 of the Companies Act)", "private-limited-shares-section-30-exemption", ""},
		{"Limited Liability Partnership", "llp", ""},
		{"Community Interest Company", "", "community-interest-company"},
		{"Investment Company with Variable Capital(Umbrella)", "icvc-umbrella", ""},
		{"Other company type", "other", ""},
		{"Other Company Type", "other", ""},
		{"Overseas Entity", "registered-overseas-entity", ""},
		{"UK establishment company", "uk-establishment", ""},
	} {
		k, s, ok := typeOf(tc.words)
		if !ok || k != tc.kind || s != tc.subtype {
			t.Errorf("category %q read as %q %q (%v), want %q %q", tc.words, k, s, ok, tc.kind, tc.subtype)
		}
	}
}

func TestEveryKeyTheWordsMeanIsOneOfTheRegistrys(t *testing.T) {
	// The registry's keys (api-enumerations' constants.yml).
	statuses := "active dissolved liquidation receivership converted-closed voluntary-arrangement insolvency-proceedings administration open closed registered removed"
	types := "private-unlimited ltd plc old-public-company private-limited-guarant-nsc-limited-exemption limited-partnership private-limited-guarant-nsc converted-or-closed private-unlimited-nsc private-limited-shares-section-30-exemption protected-cell-company assurance-company oversea-company eeig-establishment icvc-securities icvc-warrant icvc-umbrella registered-society-non-jurisdictional industrial-and-provident-society northern-ireland northern-ireland-other llp royal-charter investment-company-with-variable-capital unregistered-company other european-public-limited-liability-company-se united-kingdom-societas uk-establishment scottish-partnership charitable-incorporated-organisation scottish-charitable-incorporated-organisation further-education-or-sixth-form-college-corporation eeig registered-overseas-entity ukeig"
	for words, v := range statusWords() {
		if !strings.Contains(" "+statuses+" ", " "+v[0]+" ") {
			t.Errorf("%q means status %q, which is not the registry's", words, v[0])
		}
	}
	for words, v := range categoryWords() {
		if v[0] != "" && !strings.Contains(" "+types+" ", " "+v[0]+" ") {
			t.Errorf("%q means type %q, which is not the registry's", words, v[0])
		}
	}
}

func TestWordsInNoTableAreKeptAndCounted(t *testing.T) {
	dir := t.TempDir()
	csv := writeFile(t, filepath.Join(dir, "r.csv"), fileText(
		active("A LTD", "00000001").with("CompanyCategory", "Authorised Company Service Provider"),
		active("B LTD", "00000002").with("CompanyCategory", "Authorised Company Service Provider", "CompanyStatus", "Hibernating"),
	))
	m := update(t, filepath.Join(dir, "register.db"), csv)
	want := map[string]int{"CompanyCategory: Authorised Company Service Provider": 2, "CompanyStatus: Hibernating": 1}
	if !reflect.DeepEqual(m.Unknown, want) {
		t.Errorf("unknown words %v, want %v", m.Unknown, want)
	}
	ix := open(t, filepath.Join(dir, "register.db"))
	c, err := ix.Company(t.Context(), "00000002")
	if err != nil {
		t.Fatal(err)
	}
	if c.Type != "Authorised Company Service Provider" || c.Status != "Hibernating" {
		t.Errorf("kept as %q %q, want the file's words", c.Type, c.Status)
	}
	if !reflect.DeepEqual(ix.Meta().Unknown, want) {
		t.Errorf("the index records %v, want %v", ix.Meta().Unknown, want)
	}
}

func TestMalformedRowsAreCountedByLineAndShiftNoColumn(t *testing.T) {
	good := func(n string) string { return line(active("COMPANY "+n+" LTD", "0000000"+n)) }
	text := Header() + "\r\n" +
		good("1") + "\r\n" + // line 2
		`"SHORT LTD","00000009","x"` + "\r\n" + // line 3: too few fields
		good("2") + ",\"extra\"\r\n" + // line 4: too many
		line(active("BAD DAY LTD", "00000003").with("IncorporationDate", "31/02/2020")) + "\r\n" + // line 5: a day that cannot be
		"\"OPEN QUOTE LTD,00000008\r\n" + // line 6: a quote never closed...
		good("4") + "\r\n" + // line 7: ...which does not swallow this
		line(active("NO NUMBER LTD", "")) + "\r\n" + // line 8
		good("5") + "\r\n" // line 9
	dir := t.TempDir()
	csv := writeFile(t, filepath.Join(dir, "part.csv"), text)
	m := update(t, filepath.Join(dir, "register.db"), csv)
	var got []string
	for _, p := range m.Problems {
		got = append(got, p.String())
	}
	want := []string{
		"part.csv:3: it has 3 fields where the header has 55 (skipped)",
		"part.csv:4: it has 56 fields where the header has 55 (skipped)",
		`part.csv:5: IncorporationDate "31/02/2020" is not a day (DD/MM/YYYY) (kept without it)`,
		"part.csv:6: a quoted field is not closed on its line, and the next line is a record of its own (skipped)",
		`part.csv:8: "" is not a company number (skipped)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if m.Rows != 4 || m.Malformed != 5 || m.Skipped != 4 {
		t.Errorf("rows %d, malformed %d, skipped %d; want 4, 5, 4", m.Rows, m.Malformed, m.Skipped)
	}
	ix := open(t, filepath.Join(dir, "register.db"))
	for _, n := range []string{"00000001", "00000003", "00000004", "00000005"} {
		c, err := ix.Company(t.Context(), api.Number(n))
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		// Every column where it belongs: the neighbours of bad rows too.
		if c.Address.Locality != "LEEDS" || c.Status != "active" || c.Type != "ltd" || len(c.SIC) != 1 || c.SIC[0].Code != "62020" {
			t.Errorf("%s read as %+v", n, c)
		}
	}
	if c, _ := ix.Company(t.Context(), "00000003"); c.Incorporated != "" {
		t.Errorf("the impossible day was kept as %q", c.Incorporated)
	}
}
