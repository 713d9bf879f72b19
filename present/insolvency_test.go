package present

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestAnInsolvencyCaseReadsAsWords(t *testing.T) {
	pg := demoPage(t, "/company/00006403/insolvency")
	if pg.Summary != "1 insolvency case · In liquidation" {
		t.Errorf("summary %q", pg.Summary)
	}
	want := []string{
		"Wound up on: 18 Jun 2026",
		"Practitioner: Barnaby Thistlewood", ": Insolvency practitioner, appointed 18 Jun 2026", ": 9 Receivership Row, Ledgerton, ZZ3 9LQ, England",
		"Practitioner: Morwenna Gloam", ": Insolvency practitioner, appointed 18 Jun 2026", ": 9 Receivership Row, Ledgerton, ZZ3 9LQ, England",
		"Practitioner: Ptolemy Ashgrove-Finch", ": Proposed liquidator, appointed 29 May 2026, ceased to act 18 Jun 2026", ": Second Floor, 88 Ledger Lane, Ledgerton, ZZ3 2PF, England",
	}
	if got := rowsIn(pg, "Case 1: Creditors' voluntary liquidation"); !slices.Equal(got, want) {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, r := range pg.Sections[0].Rows {
		if ceased := strings.Contains(r.Value, "Ptolemy") || strings.Contains(r.Value, "ceased to act") || strings.Contains(r.Value, "88 Ledger"); ceased != (r.Tone == Quiet) {
			t.Errorf("row %q has tone %d", r.Value, r.Tone)
		}
	}
}

func TestNoInsolvencyRecordSaysSo(t *testing.T) {
	pg := demoPage(t, "/company/00006400/insolvency")
	if pg.Summary != "The registry has no insolvency record for this company." || len(pg.Sections) != 0 {
		t.Fatalf("summary %q, sections %v", pg.Summary, pg.Sections)
	}
	if got := plain(pg); got != "The registry has no insolvency record for this company.\n" {
		t.Fatalf("plain %q", got)
	}
}

func TestInsolvencyQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string // in the plain text, in order
	}{
		{"a status sent as a string, as the spec says", `{"status": "in-administration", "cases": [{"type": "in-administration", "number": 4,
		  "dates": [{"type": "administration-started-on", "date": "2025-01-02"}]}]}`,
			[]string{"1 insolvency case · In administration", "Case 4: Administration", "Administration started on  2 Jan 2025"}},
		{"two cases, unknown kinds and dates humanised", `{"status": ["liquidation", "receivership"], "cases": [
		  {"type": "members-voluntary-liquidation", "number": "1", "dates": [{"type": "declaration-solvent-on", "date": "2024-03-03"}]},
		  {"type": "rescue-by-dragon", "dates": [{"type": "dragon-arrived-on", "date": "2024-05-05"}],
		   "notes": ["A note"], "practitioners": [{"name": "Ada", "role": "dragon-tamer"}, {"appointed_on": "2024-05-06"}],
		   "links": {"charge": "/company/00000001/charges/a"}}]}`,
			[]string{"2 insolvency cases · In liquidation, In receivership",
				"Case 1: Members' voluntary liquidation (solvent)", "Declared solvent on  3 Mar 2024",
				"Case 2: Rescue by dragon", "Dragon arrived on  5 May 2024", "Notes", "A note",
				"Practitioner", "Ada", "Dragon tamer", "Practitioner", "(no name given)", "appointed 6 May 2024",
				"Charge", "the charge this case concerns"}},
		{"a record without cases", `{"status": ["liquidation"], "cases": []}`,
			[]string{"The registry has no insolvency record for this company."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := plain(servedPage(t, "/company/00000001/insolvency", tt.body))
			at := 0
			for _, w := range tt.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					t.Fatalf("%q missing after %d in:\n%s", w, at, out)
				}
				at += i + len(w)
			}
		})
	}
	t.Run("a 404 is no record", func(t *testing.T) {
		pg := servedStatus(t, "/company/00000001/insolvency", http.StatusNotFound, `{"errors":[{"error":"company-insolvencies-not-found"}]}`)
		if pg.Summary != "The registry has no insolvency record for this company." {
			t.Errorf("summary %q", pg.Summary)
		}
	})
	t.Run("hostile text is made harmless", func(t *testing.T) {
		assertSafe(t, servedPage(t, "/company/00000001/insolvency", `{"status": ["EVIL"], "cases": [{"type": "EVIL", "number": "EVIL",
		  "dates": [{"type": "EVIL", "date": "EVIL"}], "notes": ["EVIL"],
		  "practitioners": [{"name": "EVIL", "role": "EVIL", "appointed_on": "EVIL", "ceased_to_act_on": "EVIL", "address": {"address_line_1": "EVIL"}}]}]}`))
	})
}
