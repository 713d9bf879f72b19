package present

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"coview/api"
	"coview/save"
)

// The name a document is saved under: present's words, made safe by
// save as it saves.
func TestADocumentsFileNameSaysWhatItIs(t *testing.T) {
	aa := &api.FilingItem{Date: "2025-12-09", Type: "AA", Description: "accounts-with-accounts-type-full",
		DescriptionValues: map[string]json.RawMessage{"made_up_date": json.RawMessage(`"2025-03-31"`)}}
	described := func(date, typ, words string) *api.FilingItem {
		// A legacy filing's description is its words, as the registry wrote them.
		v, _ := json.Marshal(words)
		return &api.FilingItem{Date: date, Type: typ, Description: "legacy", DescriptionValues: map[string]json.RawMessage{"description": v}}
	}
	tests := []struct {
		name   string
		number api.Number
		f      *api.FilingItem
		format string
		want   string
	}{
		{"full accounts as a PDF, the description with its values", "00006400", aa, api.FormatPDF,
			"00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf"},
		{"the same as XHTML", "00006400", aa, api.FormatXHTML, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.xhtml"},
		{"a few words of a long description", "SC006405", described("2026-04-20", "CS01",
			"Confirmation statement made up to 19 April 2026, with changes to the people and the capital"), api.FormatPDF,
			"SC006405 2026-04-20 CS01 confirmation statement made up to 19 April 2026.pdf"},
		{"cut short, it ends on a word that leads nowhere", "00006400", described("2026-01-19", "CS01",
			"Confirmation statement made on 14 January 2026 with no updates"), api.FormatPDF,
			"00006400 2026-01-19 CS01 confirmation statement made on 14 January 2026.pdf"},
		{"cut short, it ends on a whole word", "00006400", described("2026-01-19", "AA",
			"Extraordinarily comprehensive recapitalisation notwithstanding subordination arrangements"), api.FormatPDF,
			"00006400 2026-01-19 AA extraordinarily comprehensive recapitalisation.pdf"},
		{"cut short, a date the cut falls in is kept whole", "00006400", &api.FilingItem{Date: "2026-04-20", Type: "AA", Description: "accounts-with-accounts-type-micro-entity",
			DescriptionValues: map[string]json.RawMessage{"made_up_date": json.RawMessage(`"2026-03-31"`)}}, api.FormatPDF,
			"00006400 2026-04-20 AA micro company accounts made up to 31 March 2026.pdf"},
		{"amended, the date is kept whole however many words", "00006400", &api.FilingItem{Date: "2026-04-20", Type: "AAMD", Description: "accounts-amended-with-accounts-type-micro-entity",
			DescriptionValues: map[string]json.RawMessage{"made_up_date": json.RawMessage(`"2026-03-31"`)}}, api.FormatPDF,
			"00006400 2026-04-20 AAMD amended micro company accounts made up to 31 March 2026.pdf"},
		{"a date that would not fit is left out, not cut", "00006400", described("2026-01-19", "RES01",
			"Resolutions of shareholders of the subsidiary company 14 January 2026"), api.FormatPDF,
			"00006400 2026-01-19 RES01 resolutions of shareholders of the subsidiary company.pdf"},
		{"a month and year are one date too", "00006400", described("2026-01-19", "MISC",
			"Notice of annual general meeting held in September 2025 at the office"), api.FormatPDF,
			"00006400 2026-01-19 MISC notice of annual general meeting held in September 2025.pdf"},
		{"not cut, a last small word stays", "00006400", described("2026-01-19", "AA", "Accounts of a dormant company to"), api.FormatPDF,
			"00006400 2026-01-19 AA accounts of a dormant company to.pdf"},
		{"separators and traversal dropped", "00006400", described("2025-12-09", "../AA", `a/b\c: what?*"<>|`), api.FormatPDF,
			"00006400 2025-12-09 AA a b c what.pdf"},
		{"control and bidirectional characters dropped", "00006400", described("2025-12-09", "AA\x1b[31m", "accounts\u202efdp.exe\x00"), api.FormatPDF,
			"00006400 2025-12-09 AA 31m accounts fdp.exe.pdf"},
		{"a leading dot cannot hide it", "00006400", described("2025-12-09", "AA", "...hidden"), api.FormatPDF, "00006400 2025-12-09 AA hidden.pdf"},
		{"no words", "00006400", &api.FilingItem{Date: "2025-12-09", Type: "AA"}, api.FormatPDF, "00006400 2025-12-09 AA document.pdf"},
		{"words with no letter or digit", "00006400", described("2025-12-09", "AA", "?*"), api.FormatPDF, "00006400 2025-12-09 AA document.pdf"},
		{"a date that is not one", "00006400", described("9 Dec 2025", "AA", "Accounts"), api.FormatPDF, "00006400 AA accounts.pdf"},
		{"no filing", "00006400", nil, "image/tiff", "00006400 document.bin"},
		{"unicode letters kept", "00006400", described("2025-12-09", "AA", "Ça va, Æsir & co"), api.FormatPDF, "00006400 2025-12-09 AA ça va, Æsir & co.pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := save.Name(DocumentFileName(tt.number, tt.f, tt.format)); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestAFileNameIsNeverTooLong(t *testing.T) {
	long := &api.FilingItem{Date: "2025-12-09", Type: strings.Repeat("Ж", 300), Description: strings.Repeat("ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ ", 30)}
	name := save.Name(DocumentFileName("00006400", long, api.FormatXHTML))
	if len(name) > 220 || !utf8.ValidString(name) || !strings.HasSuffix(name, ".xhtml") {
		t.Fatalf("%d bytes: %q", len(name), name)
	}
}
