package present

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestAFilingHistoryReadsAsTheRegistrysPagesRead is the golden of
// 00006400's filing history as --plain prints it: each description in the
// registry's words, its dates written out, capital figures kept. Run with
// -update to rewrite testdata/ after a change that is meant.
func TestAFilingHistoryReadsAsTheRegistrysPagesRead(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history?items_per_page=100")
	var b bytes.Buffer
	WritePage(&b, pg, true)
	golden.RequireEqual(t, b.Bytes())
}

// The words the registry's pages show in bold are accents of the
// description cell, and they mark words, not spaces.
func TestWhatAFilingIsIsEmphasised(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history")
	marked := 0
	for _, it := range pg.Items {
		for _, a := range it.Accents {
			if a.Kind != Emphasis || a.Cell != 2 {
				t.Errorf("accent %+v on %q", a, it.Cells)
				continue
			}
			part := it.Cells[2][a.Start:a.End]
			if part == "" || strings.TrimSpace(part) != part || strings.Contains(part, "*") {
				t.Errorf("emphasis on %q of %q", part, it.Cells[2])
			}
			marked++
		}
	}
	if marked < len(pg.Items)/2 {
		t.Errorf("%d emphasised parts in %d filings", marked, len(pg.Items))
	}
}

func TestAStatementOfCapitalKeepsItsFigures(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history?items_per_page=100")
	found := false
	for _, it := range pg.Items {
		if it.Cells[1] == "SH01" {
			found = true
			if want := "Statement of capital following an allotment of shares on 30 September 2019: GBP 1,250.00"; it.Cells[2] != want {
				t.Errorf("SH01 reads %q, want %q", it.Cells[2], want)
			}
		}
	}
	if !found {
		t.Fatal("no SH01 in 00006400's filings")
	}
}

// A history the registry cannot give says why, in a sentence
// (labels.FilingHistoryStatus: coview's own, then the registry's words).
func TestAHistoryNotAvailableSaysWhyInASentence(t *testing.T) {
	body := `{"etag":"","kind":"filing-history","filing_history_status":"filing-history-not-available-royal-charter","items_per_page":25,"start_index":0,"total_count":0}`
	pg := servedPage(t, "/company/RC000123/filing-history", body)
	if want := "The registry keeps no filing history for bodies incorporated by royal charter; ask the body itself."; pg.Summary != want || pg.Empty != want {
		t.Errorf("summary %q, want %q", pg.Summary, want)
	}
}
