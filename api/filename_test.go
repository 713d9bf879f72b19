package api

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestADocumentsFileNameSaysWhatItIs(t *testing.T) {
	aa := &FilingItem{Date: "2025-12-09", Type: "AA"}
	tests := []struct {
		name   string
		number Number
		f      *FilingItem
		words  string
		format string
		want   string
	}{
		{"full accounts as a PDF", "00006400", aa, "Full accounts", FormatPDF, "00006400 2025-12-09 AA full accounts.pdf"},
		{"the same as XHTML", "00006400", aa, "Full accounts", FormatXHTML, "00006400 2025-12-09 AA full accounts.xhtml"},
		{"a few words of a long description", "SC006405", &FilingItem{Date: "2026-04-20", Type: "CS01"},
			"Confirmation statement made up to 19 April 2026, with changes to the people and the capital", FormatPDF,
			"SC006405 2026-04-20 CS01 confirmation statement made up to 19 April 2026.pdf"},
		{"separators and traversal dropped", "00006400", &FilingItem{Date: "2025-12-09", Type: "../AA"},
			"a/b\\c: what?*\"<>|", FormatPDF, "00006400 2025-12-09 AA a b c what.pdf"},
		{"control and bidirectional characters dropped", "00006400", &FilingItem{Date: "2025-12-09", Type: "AA\x1b[31m"},
			"accounts\u202efdp.exe\x00", FormatPDF, "00006400 2025-12-09 AA 31m accounts fdp.exe.pdf"},
		{"a leading dot cannot hide it", "00006400", aa, "...hidden", FormatPDF, "00006400 2025-12-09 AA hidden.pdf"},
		{"no words", "00006400", aa, "", FormatPDF, "00006400 2025-12-09 AA document.pdf"},
		{"a date that is not one", "00006400", &FilingItem{Date: "9 Dec 2025", Type: "AA"}, "Accounts", FormatPDF, "00006400 AA accounts.pdf"},
		{"no filing", "00006400", nil, "", "image/tiff", "00006400 document.bin"},
		{"unicode letters kept", "00006400", aa, "Ça va, Æsir & co", FormatPDF, "00006400 2025-12-09 AA ça va, Æsir & co.pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DocumentFileName(tt.number, tt.f, tt.words, tt.format); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestAFileNameIsNeverTooLong(t *testing.T) {
	long := &FilingItem{Date: "2025-12-09", Type: strings.Repeat("Ж", 300)}
	name := DocumentFileName("00006400", long, strings.Repeat("ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ ", 30), FormatXHTML)
	if len(name) > 220 || !utf8.ValidString(name) || !strings.HasSuffix(name, ".xhtml") {
		t.Fatalf("%d bytes: %q", len(name), name)
	}
}
