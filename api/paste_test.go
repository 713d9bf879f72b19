package api

import (
	"slices"
	"strings"
	"testing"
)

func TestExtractNumbers(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		want   []string
		ignore []string // the texts ignored
		why    string   // part of the first reason
	}{
		{"a bracketed paste with a trailing newline", "sc 123456\n", []string{"SC123456"}, nil, ""},
		{"a label before the number", "Company No. 01234567", []string{"01234567"}, nil, ""},
		{"a label without a dot is not read as the NO prefix", "Company No 01234567", []string{"01234567"}, nil, ""},
		{"an upper-case NO is the prefix", "NO 123456", []string{"NO123456"}, nil, ""},
		{"a spreadsheet column with CRLF line ends", "00006400\r\nSC006405\r\n\r\nOC006404\r\n", []string{"00006400", "SC006405", "OC006404"}, nil, ""},
		{"several numbers on one line", "00006400, SC006405; FC006406", []string{"00006400", "SC006405", "FC006406"}, nil, ""},
		{"numbers separated by a space", "6400 sc6405", []string{"00006400", "SC006405"}, nil, ""},
		{"numbers separated by a comma and a space", "6400, sc6405", []string{"00006400", "SC006405"}, nil, ""},
		{"numbers separated by a tab", "6400\t6401", []string{"00006400", "00006401"}, nil, ""},
		{"numbers separated by a semicolon", "6400;6401", []string{"00006400", "00006401"}, nil, ""},
		{"a prefix and digits across a space stay one", "sc 6405", []string{"SC006405"}, nil, ""},
		{"two short numbers", "6400 6401", []string{"00006400", "00006401"}, nil, ""},
		{"dashes inside digits", "01-23-45-67", []string{"01234567"}, nil, ""},
		{"a number inside a sentence", "see company 06400123 (dissolved) and SC-006405", []string{"06400123", "SC006405"}, nil, ""},
		{"a number in brackets", "ACME LTD (00006400)", []string{"00006400"}, nil, ""},
		{"an upper-case prefix and digits in a sentence", "the branch is NI 012345 in Belfast", []string{"NI012345"}, nil, ""},
		{"a line with no number is reported", "00006400\nhello world\n", []string{"00006400"}, []string{"hello world"}, "no company number"},
		{"a year and a count in a sentence are not numbers", "founded in 2024 by 3 people", nil, []string{"founded in 2024 by 3 people"}, "no company number"},
		{"item no 5 is not a number", "see item no 5", nil, []string{"see item no 5"}, "no company number"},
		{"a phone number in a sentence is not a number", "call me on 07700 900123", nil, []string{"call me on 07700 900123"}, "telephone"},
		{"a phone number is not a company number", "call 07495895333", nil, []string{"call 07495895333"}, "no company number"},
		{"a phone number alone says so", "07700 900123", nil, []string{"07700 900123"}, "telephone"},
		{"digits split for reading are ambiguous", "0123 4567", nil, []string{"0123 4567"}, "could be one number (01234567) or 2"},
		{"too many digits alone say so", "123456789", nil, []string{"123456789"}, "9 digits"},
		{"a two-letter word that is no prefix is not read as one", "in 2024", nil, []string{"in 2024"}, "no company number"},
		{"a made-up prefix written on its digits counts alone", "AB123456", []string{"AB123456"}, nil, ""},
		{"but not in a sentence", "ref AB123456 attached", nil, []string{"ref AB123456 attached"}, "no company number"},
		{"duplicates are kept in order", "1\n1\n", []string{"00000001", "00000001"}, nil, ""},
		{"a slash typed before a number", "/7000", []string{"00007000"}, nil, ""},
		{"blank text gives nothing", " \n\t\n", nil, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nums, ign := ExtractNumbers(tc.in)
			var got, ignored []string
			for _, n := range nums {
				got = append(got, string(n))
			}
			for _, i := range ign {
				ignored = append(ignored, i.Text)
			}
			if !slices.Equal(got, tc.want) || !slices.Equal(ignored, tc.ignore) {
				t.Fatalf("ExtractNumbers(%q) = %q, ignoring %q; want %q, ignoring %q", tc.in, got, ignored, tc.want, tc.ignore)
			}
			if tc.why != "" && !strings.Contains(ign[0].Why, tc.why) {
				t.Fatalf("ignored %q because %q, want it to say %q", ign[0].Text, ign[0].Why, tc.why)
			}
		})
	}
}

func TestReadsAsNumbersTellsANumberFromAName(t *testing.T) {
	for text, want := range map[string]bool{
		"6400": true, "/7000": true, "sc 6405": true, "Company No. 01234567": true, "6400, 6401": true, "SC006405\n00006400\n": true,
		"marzipan": false, "marzipan mountain": false, "acme 12345 ltd": false, "founded in 2024": false,
		"0123 4567": false, "": false, "   ": false, "no": false,
	} {
		if got := ReadsAsNumbers(text); got != want {
			t.Errorf("ReadsAsNumbers(%q) = %v, want %v", text, got, want)
		}
	}
}
