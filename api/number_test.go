package api

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	good := []struct{ name, in, want string }{
		{"eight digits stay as they are", "00006400", "00006400"},
		{"short digits are padded to eight", "12345", "00012345"},
		{"a single digit is padded", "7", "00000007"},
		{"a prefix with a space is joined", "SC 123456", "SC123456"},
		{"a lower-case prefix is upper-cased", "sc123456", "SC123456"},
		{"a short prefixed number is padded to six digits", "SC1234", "SC001234"},
		{"surrounding spaces and a newline are trimmed", "  OC421554\n", "OC421554"},
		{"a tab and carriage return from a spreadsheet are dropped", "\t01234567\r\n", "01234567"},
		{"dashes and dots inside are dropped", "01-234.567", "01234567"},
		{"inner spaces between digit groups are dropped", "0123 4567", "01234567"},
		{"a non-breaking space is dropped", "SC\u00a0123456", "SC123456"},
		{"a zero-width space is dropped", "SC\u200b123456", "SC123456"},
		{"quotes from a CSV cell are dropped", `"00445790"`, "00445790"},
		{"the old Irish prefix R0 keeps its zero", "R0123456", "R0123456"},
		{"a short R0 number is padded after R0", "r0 1234", "R0001234"},
		{"an overseas company number", "fc040879", "FC040879"},
		{"a byte order mark is dropped", "\ufeff00006400", "00006400"},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseNumber(tc.in)
			if err != nil || string(got) != tc.want {
				t.Fatalf("ParseNumber(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
	bad := []struct{ name, in, why string }{
		{"empty input is refused", "", "empty"},
		{"only spaces is refused", "   ", "empty"},
		{"nine digits are too many", "123456789", "9 digits"},
		{"a phone number is too long", "07495895333", "11 digits"},
		{"three letters is not a prefix", "ABC00000", "3 letters"},
		{"one letter is not a prefix", "S123456", "1 letters"},
		{"seven digits after a prefix are too many", "SC1234567", "7 digits after the prefix SC"},
		{"letters after digits are refused", "1234AB", "letters may only come first"},
		{"a prefix without digits is refused", "SC", "no digits"},
		{"a word is refused", "hello", "no digits"},
		{"an escape character is refused", "0000\x1b[2J6400", "not a letter or a digit"},
		{"path traversal is refused", "../../etc", "no digits"},
		{"punctuation alone is refused", "../..//", "no letters or digits"},
		{"an accented letter is refused", "SÇ123456", "not a letter or a digit"},
		{"a query string is refused", "00006400?x=1", "not a letter or a digit"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseNumber(tc.in)
			if err == nil {
				t.Fatalf("ParseNumber(%q) = %q, want an error", tc.in, got)
			}
			if !errors.Is(err, ErrInvalidNumber) {
				t.Fatalf("error %v is not ErrInvalidNumber", err)
			}
			if !strings.Contains(err.Error(), tc.why) {
				t.Fatalf("error %q does not say %q", err, tc.why)
			}
			if strings.ContainsRune(err.Error(), '\x1b') {
				t.Fatalf("error %q carries a raw escape character", err)
			}
		})
	}
}

func TestExtractNumbers(t *testing.T) {
	cases := []struct {
		name         string
		in           string
		want, reject []string
	}{
		{"a bracketed paste with a trailing newline", "sc 123456\n", []string{"SC123456"}, nil},
		{"a label before the number", "Company No. 01234567", []string{"01234567"}, nil},
		{"a label without a dot is not read as the NO prefix", "Company No 01234567", []string{"01234567"}, nil},
		{"a spreadsheet column with CRLF line ends", "00006400\r\nSC006405\r\n\r\nOC006404\r\n", []string{"00006400", "SC006405", "OC006404"}, nil},
		{"several numbers on one line", "00006400, SC006405; FC006406", []string{"00006400", "SC006405", "FC006406"}, nil},
		{"a number inside a sentence", "see company 06400123 (dissolved) and SC-006405", []string{"06400123", "SC006405"}, nil},
		{"a line with no number is reported", "00006400\nhello world\n", []string{"00006400"}, []string{"hello world"}},
		{"a phone number is not a company number", "call 07495895333", nil, []string{"call 07495895333"}},
		{"duplicates are kept in order", "1\n1\n", []string{"00000001", "00000001"}, nil},
		{"blank text gives nothing", " \n\t\n", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nums, rej := ExtractNumbers(tc.in)
			var got []string
			for _, n := range nums {
				got = append(got, string(n))
			}
			if !reflect.DeepEqual(got, tc.want) || !reflect.DeepEqual(rej, tc.reject) {
				t.Fatalf("ExtractNumbers(%q) = %q, %q; want %q, %q", tc.in, got, rej, tc.want, tc.reject)
			}
		})
	}
}
