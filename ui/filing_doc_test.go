package ui

import (
	"strings"
	"testing"
)

// Issue 20, item 20: a filing's row says whether it has a document, and
// the footer offers d and D only on a row that has one.
func TestAFilingsRowSaysWhetherItHasADocument(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{Documents: noDocuments{}})
	follow(t, m, "00006400", "Filing history")
	footer := func() string {
		lines := splitLines(screen(m))
		return lines[len(lines)-1]
	}
	rowOf := func(id string) string {
		toFiling(t, m, id)
		for _, l := range splitLines(screen(m)) {
			if strings.HasPrefix(l, "▸ ") {
				return l
			}
		}
		t.Fatalf("no row selected:\n%s", screen(m))
		return ""
	}
	mustContain(t, bodyLines(screen(m))[0], "Date", "Type", "Doc", "Description")
	// The full accounts of 9 Dec 2025 have a document.
	row := rowOf("OTI1ODMyMTcxNWRtb3JlZ3h6")
	mustContain(t, row, "9 Dec 2025", "AA", "yes")
	mustContain(t, footer(), "d save document")
	// The satisfied charge of 11 Apr 2023 has none.
	row = rowOf("MjM3MDkwNDE2NGRtb3JlZ3h6")
	mustContain(t, row, "11 Apr 2023", "MR04", "—")
	mustNotContain(t, row, "yes")
	mustNotContain(t, footer(), "d save document")
	press(t, m, "?")
	mustContain(t, screen(m), "(save document)", "(open document)")
}
