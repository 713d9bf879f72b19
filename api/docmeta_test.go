package api

import (
	"context"
	"strings"
	"testing"
)

func TestFormatsAreReadAsPeopleTypeThem(t *testing.T) {
	for in, want := range map[string]string{
		"": FormatPDF, "pdf": FormatPDF, " PDF ": FormatPDF, "xhtml": FormatXHTML, "iXBRL": FormatXHTML,
		"application/xhtml+xml": FormatXHTML, "text/csv": "text/csv",
	} {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"docx", "application/", "a/b c", "pdf,xhtml"} {
		if _, err := ParseFormat(in); err == nil || !strings.Contains(err.Error(), "pdf or xhtml") {
			t.Errorf("ParseFormat(%q): %v", in, err)
		}
	}
}

// The metadata as live captures show it, and with members of the wrong
// type, which spoil only themselves.
func TestMetadataIsReadLeniently(t *testing.T) {
	tests := []struct {
		name, body string
		formats    []string
		pdfSize    int64
		bad        []string
	}{
		{"as live", `{"company_number":"00445790","barcode":"X5J8O0R4","significant_date":null,"significant_date_type":"","category":"confirmation-statement","pages":3,"filename":"00445790_cs01_2026-07-01","created_at":"2026-07-01T10:12:31.829283746Z","etag":"","links":{"self":"https://document-api.company-information.service.gov.uk/document/abc","document":"https://document-api.company-information.service.gov.uk/document/abc/content"},"resources":{"application/pdf":{"content_length":90210}}}`,
			[]string{FormatPDF}, 90210, nil},
		{"iXBRL too, with a string length", `{"resources":{"application/xhtml+xml":{"content_length":"1200"},"application/pdf":{"content_length":5}}}`,
			[]string{FormatPDF, FormatXHTML}, 5, nil},
		{"pages as text and a bad resource", `{"pages":"three","resources":{"application/pdf":{"content_length":true},"application/json":{}}}`,
			[]string{FormatPDF, "application/json"}, -1, []string{"pages", "resources.application/pdf.content_length"}},
		{"no resources", `{"links":{"document":"/document/abc/content"}}`, nil, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(200, tt.body))
			d, err := NewDocumentClient(newClient(t, DefaultBaseURL), DocumentOptions{BaseURL: srv.URL})
			if err != nil {
				t.Fatal(err)
			}
			m, err := d.Metadata(context.Background(), srv.URL+"/document/abc")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(m.Formats(), " ") != strings.Join(tt.formats, " ") || m.Size(FormatPDF) != tt.pdfSize ||
				strings.Join(m.Unreadable, " ") != strings.Join(tt.bad, " ") || string(m.Raw) != tt.body {
				t.Errorf("formats %v, PDF size %d, unreadable %v", m.Formats(), m.Size(FormatPDF), m.Unreadable)
			}
		})
	}
}

func TestByteSizesReadAsFileManagersShowThem(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1: "1 byte", 999: "999 bytes", 1000: "1.0 kB", 12345: "12.3 kB", 20_000_000: "20.0 MB", 200 << 20: "209.7 MB", 3e12: "3000.0 GB"} {
		if got := ByteSize(n); got != want {
			t.Errorf("ByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}
