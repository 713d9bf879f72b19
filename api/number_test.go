package api

import (
	"errors"
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
		{"fullwidth digits are digits (issue 20, item 23)", "００００６４００", "00006400"},
		{"a fullwidth prefix is a prefix", "ｓｃ　６４０５", "SC006405"},
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
