package screen

import (
	"reflect"
	"strings"
	"testing"

	"coview/api"
)

func TestInputsAreReadAsNumbersNamesOrSaidToBeNeither(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		kind       QueryKind
		number     api.Number
		inText     bool
		why        string // a part of it
	}{
		{"a bare number", "6400", ByNumber, "00006400", false, ""},
		{"a prefix and a space", "sc 6405", ByNumber, "SC006405", false, ""},
		{"a label", "Company No. 01234567", ByNumber, "01234567", false, ""},
		{"the same number twice", "6400, 00006400", ByNumber, "00006400", false, ""},
		{"a number among words", "MARZIPAN LTD (00006400)", ByNumber, "00006400", true, ""},
		{"a name", "Marzipan Mountain Software Ltd", ByName, "", false, ""},
		{"a name with an ampersand", "Grumble & Sons Plumbing Ltd", ByName, "", false, ""},
		{"two numbers", "6400, 6401", Unreadable, "", false, "2 company numbers (00006400, 00006401)"},
		{"a number split for reading", "0123 4567", Unreadable, "", false, "could be one number"},
		{"too many digits", "123456789", Unreadable, "", false, "9 digits"},
		{"too many digits after a prefix", "SC12345678", Unreadable, "", false, "at most 6 may follow a prefix"},
		{"punctuation alone", "???", Unreadable, "", false, "neither a company number nor a name"},
		{"a legal form alone", "Ltd.", Unreadable, "", false, "only a legal form"},
		{"longer than any name", strings.Repeat("long name ", 20), Unreadable, "", false, "longer than any company name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q := Read(tc.text)
			if q.Kind != tc.kind || q.Number != tc.number || q.InText != tc.inText || !strings.Contains(q.Why, tc.why) {
				t.Fatalf("Read(%q) = %+v", tc.text, q)
			}
			if tc.kind == Unreadable && q.Why == "" {
				t.Fatalf("Read(%q) says no why", tc.text)
			}
		})
	}
}

func TestPastedLinesAreInputsBlankLinesAndAHeadingAreNot(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       []Input
		header     string
	}{
		{"numbers with a blank line and CRLF", "6400\r\n\r\nsc 6405\r\n", []Input{{Line: 1, Text: "6400"}, {Line: 3, Text: "sc 6405"}}, ""},
		{"lines ending in CR alone", "6400\r6401\r", []Input{{Line: 1, Text: "6400"}, {Line: 2, Text: "6401"}}, ""},
		{"a heading of heading words", "Company number\n6400\n", []Input{{Line: 2, Text: "6400"}}, "Company number"},
		{"a heading over names", "Supplier name\nMarzipan Mountain Software Ltd\n", []Input{{Line: 2, Text: "Marzipan Mountain Software Ltd"}}, "Supplier name"},
		{"an unknown heading over numbers", "Kundennummer\n6400\n6401\n", []Input{{Line: 2, Text: "6400"}, {Line: 3, Text: "6401"}}, "Kundennummer"},
		{"a name over numbers is no heading", "Marzipan Mountain Software Ltd\n6401\n6402\n",
			[]Input{{Line: 1, Text: "Marzipan Mountain Software Ltd"}, {Line: 2, Text: "6401"}, {Line: 3, Text: "6402"}}, ""},
		{"a byte order mark and spaces kept", "\uFEFF 6400 \n", []Input{{Line: 1, Text: " 6400 "}}, ""},
		{"a line longer than any entry keeps only its beginning", "6400\n" + strings.Repeat("é", 40000) + "\r\n6401",
			[]Input{{Line: 1, Text: "6400"}, {Line: 2, Text: strings.Repeat("é", 60), Cut: true,
				Invalid: "it is 80,000 bytes long, longer than any entry coview reads (65,536)"}, {Line: 3, Text: "6401"}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, header := Lines(tc.text)
			if !reflect.DeepEqual(got, tc.want) || header != tc.header {
				t.Fatalf("Lines(%q) = %+v, header %q; want %+v, %q", tc.text, got, header, tc.want, tc.header)
			}
		})
	}
}

func TestAColumnOfCSVOrTSVIsRead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		column     int
		want       []Input
		header     string
	}{
		{"TSV with a header", "Name\tCompany number\nMarzipan\t6400\nTeapot\t6401\n", 2,
			[]Input{{Line: 2, Text: "6400"}, {Line: 3, Text: "6401"}}, "Company number"},
		{"CSV with quoted commas, quotes and line breaks", "name,no\n\"Smith, \"\"Jones\"\"\nand Co Ltd\",6400\n", 1,
			[]Input{{Line: 2, Text: "Smith, \"Jones\"\nand Co Ltd"}}, "name"},
		{"semicolons, as a European spreadsheet writes", "Firma;Nummer\nMarzipan;6400\n", 2,
			[]Input{{Line: 2, Text: "6400"}}, "Nummer"},
		{"a short record and an empty field are rows too", "a,6400\nb\nc,\n", 2,
			[]Input{{Line: 1, Text: "6400"}, {Line: 2, Invalid: "the line has 1 field, so no column 2"}, {Line: 3, Invalid: "column 2 is empty"}}, ""},
		{"a byte order mark", "\uFEFFCRN\n6400\n", 1, []Input{{Line: 2, Text: "6400"}}, "CRN"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, header, err := ReadCSV(strings.NewReader(tc.text), tc.column)
			if err != nil || !reflect.DeepEqual(got, tc.want) || header != tc.header {
				t.Fatalf("ReadCSV = %+v, header %q, %v; want %+v, %q", got, header, err, tc.want, tc.header)
			}
		})
	}
	if _, _, err := ReadCSV(strings.NewReader("6400\n"), 0); err == nil {
		t.Fatal("column 0 was accepted")
	}
}
