package present

import (
	"slices"
	"strings"
	"testing"
)

func TestAFilingInFull(t *testing.T) {
	tests := []struct {
		name, link string
		want       map[string][]string
	}{
		{"a charge's registration", "/company/00006412/filing-history/NzM4NjMzNjM5MWRtb3JlZ3h6", map[string][]string{
			"Filing": {"Date: 6 Mar 2024", "Type: MR01", "Description: Registration of charge 000064120004, created on 1 March 2024",
				"Category: Charges (mortgages)", "Pages: 57", "Document: available from the registry's document service",
				"Transaction: NzM4NjMzNjM5MWRtb3JlZ3h6", "Barcode: X2LBSYND"},
		}},
		{"resolutions, with the subcategory beside the category", "/company/00006400/filing-history/MzE0MTIxMDYzMGRtb3JlZ3h6", map[string][]string{
			"Resolutions": {"2 Oct 2019: Resolution of adoption of Articles of Association (RES01)", "2 Oct 2019: Resolution of removal of pre-emption rights (RES09)"},
		}},
		{"a resolution with a date in its values", "/company/00006403/filing-history/NDg4NjgxNTc2OWRtb3JlZ3h6", map[string][]string{
			"Resolutions": {"25 Jun 2026: Special resolution to wind up on 18 June 2026 (LRESEX)"},
		}},
		{"an associated filing", "/company/00006400/filing-history/Mzc2Mzk1ODc1OGRtb3JlZ3h6", map[string][]string{
			"Associated filings": {"2 Jun 2015: Change of name by resolution (NM01)"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := demoPage(t, tt.link)
			for title, rows := range tt.want {
				if got := rowsIn(pg, title); !slices.Equal(got, rows) {
					t.Errorf("%s:\n%s\nwant:\n%s", title, strings.Join(got, "\n"), strings.Join(rows, "\n"))
				}
			}
		})
	}
	t.Run("a subcategory beside its category", func(t *testing.T) {
		if got := rowsIn(demoPage(t, "/company/00006400/filing-history/MzE0MTIxMDYzMGRtb3JlZ3h6"), "Filing"); !slices.Contains(got, "Category: Resolution · Share capital") {
			t.Errorf("rows %q", got)
		}
	})
}

func TestAFilingsQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	pg := servedPage(t, "/company/00000001/filing-history/a", `{
	  "type": "EVIL", "date": "2001-02-03", "category": "EVIL", "subcategory": "a-new-subcategory",
	  "description": "legacy", "description_values": {"description": "EVIL"},
	  "pages": 0, "paper_filed": true, "barcode": "EVIL",
	  "annotations": [{"annotation": "EVIL", "date": "2002-03-04"}, {"description": "annotation-clarification", "date": "EVIL"}],
	  "resolutions": [{"description": "EVIL", "type": "EVIL", "receive_date": "EVIL", "description_values": {"x": "EVIL"}}, "not an object"],
	  "associated_filings": {"not": "a list"}
	}`)
	rows := strings.Join(append(rowsIn(pg, "Filing"), rowsIn(pg, "Annotations")...), "\n")
	for _, want := range []string{
		"Category: ␛]0;pwned␇␛[2j<U+202E>evil · A new subcategory",
		"Filed: on paper",
		"Document: none available",
		"4 Mar 2002: ␛]0;pwned␇␛[2J<U+202E>evil",
		"␛]0;pwned␇␛[2J<U+202E>evil: Annotation clarification", // a date that is not one is shown as sent, made harmless
	} {
		if !strings.Contains(rows, want) {
			t.Errorf("missing %q in:\n%s", want, rows)
		}
	}
	if strings.Contains(rows, "Pages") {
		t.Errorf("zero pages shown:\n%s", rows)
	}
	if got := rowsIn(pg, "Resolutions"); len(got) != 1 {
		t.Errorf("resolutions %q", got)
	}
	if got := rowsIn(pg, "Associated filings"); got != nil {
		t.Errorf("associated filings from an object: %q", got)
	}
	assertSafe(t, pg)
}
