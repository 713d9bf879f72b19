package api

import "testing"

func TestReadFilingFindsAFilingInWhatTheRegistrySent(t *testing.T) {
	list := []byte(`{"kind":"filing-history","total_count":2,"items":[
		{"transaction_id":"AAA","type":"AA","date":"2025-12-09","links":{"self":"/company/00006400/filing-history/AAA","document_metadata":"https://document-api.example/document/x"}},
		{"transaction_id":"BBB","type":"CS01","date":"2025-01-02","pages":"three","links":{"self":"/company/00006400/filing-history/BBB"}}]}`)
	one := []byte(`{"transaction_id":"CCC","type":"MR01","date":"2024-03-06","links":{"self":"/company/00006412/filing-history/CCC","document_metadata":"https://document-api.example/document/y"}}`)
	for _, tc := range []struct {
		body     []byte
		id, want string // want: the document link, or "-" for not found
	}{
		{list, "AAA", "https://document-api.example/document/x"},
		{list, "BBB", ""}, // a member of the wrong type spoils only itself
		{list, "ZZZ", "-"},
		{one, "CCC", "https://document-api.example/document/y"},
		{one, "AAA", "-"},
		{list, "", "-"},
		{[]byte(`<html>gateway</html>`), "AAA", "-"},
		{nil, "AAA", "-"},
	} {
		f, ok := ReadFiling(tc.body, tc.id)
		switch {
		case tc.want == "-" && ok:
			t.Errorf("ReadFiling(%.20q, %q) found %+v, want nothing", tc.body, tc.id, f)
		case tc.want != "-" && !ok:
			t.Errorf("ReadFiling(%.20q, %q) found nothing", tc.body, tc.id)
		case ok && (f.TransactionID != tc.id || f.Links.DocumentMetadata != tc.want):
			t.Errorf("ReadFiling(%.20q, %q) = %+v, want the document link %q", tc.body, tc.id, f, tc.want)
		}
	}
}
