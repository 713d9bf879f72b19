package present

import (
	"slices"
	"testing"
)

func TestAPSCStatementReadsAsWords(t *testing.T) {
	tests := []struct {
		name, link string
		rows       []string
	}{
		{"the commonest statement, misspelt", "/company/00006400/persons-with-significant-control-statements/XEfPrHRNFkGNtOzP-Y3FZKEuuhq", []string{
			"Statement: The company believes that no person or legal entity has significant control over it.", "Notified: 30 Sep 2019"}},
		{"a withdrawn statement", "/company/00006400/persons-with-significant-control-statements/xrMq7WMdVddhUb6f6dWsm_dbqWR", []string{
			"Statement: The company believes someone has significant control over it but has not yet identified who.",
			"Notified: 6 Apr 2016", "Ceased: 1 Feb 2017"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rowsIn(demoPage(t, tt.link), "Statement about people with significant control"); !slices.Equal(got, tt.rows) {
				t.Errorf("rows %q", got)
			}
		})
	}
}

func TestAPSCStatementOpensThePersonItNames(t *testing.T) {
	pg := servedPage(t, "/company/00000001/persons-with-significant-control-statements/a", `{
	  "statement": "psc-has-failed-to-confirm-changed-details", "linked_psc_name": "EVIL",
	  "links": {"person_with_significant_control": "/company/00000001/persons-with-significant-control/individual/b"}}`)
	assertSafe(t, pg)
	links := linksIn(pg)
	if len(links) != 1 || links[0].Link != "/company/00000001/persons-with-significant-control/individual/b" || links[0].Open == "" {
		t.Fatalf("links %+v", links)
	}
	if odd := servedPage(t, "/company/00000001/persons-with-significant-control-statements/a", `{"statement": ["not", "a", "string"]}`); len(odd.Lines) == 0 {
		t.Fatalf("a statement that does not read is not shown as JSON: %+v", odd)
	}
}
