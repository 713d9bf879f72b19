package demo_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
	"coview/figures"
)

// accountsFilings are a company's annual accounts, newest first, as its
// filing history's accounts category lists them.
func accountsFilings(t *testing.T, s *demo.Servers, number string) []filingLinks {
	t.Helper()
	resp, body := request(t, s.RegistryURL+"/company/"+number+"/filing-history?category=accounts&items_per_page=100", true, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", number, resp.StatusCode, body)
	}
	var page struct {
		Items []struct {
			filingLinks
			Description string `json:"description"`
		} `json:"items"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	var out []filingLinks
	for _, f := range page.Items {
		if strings.HasPrefix(f.Description, "accounts-with-") {
			out = append(out, f.filingLinks)
		}
	}
	return out
}

// The demo's document API serves accounts as the registry does: the
// metadata lists the inline XBRL beside the PDF, with its size, and the
// content link gives it when asked for by its type.
func TestTheDemoServesAccountsAsInlineXBRLAsTheRegistryDoes(t *testing.T) {
	t.Parallel()
	s := startDemo(t, demo.ServeOptions{})
	var ends []time.Time
	for _, f := range accountsFilings(t, s, "00006400")[:3] {
		m, resp, body := fetchDocument(t, f.Links.DocumentMetadata, "application/xhtml+xml")
		if len(m.Resources) != 2 || m.Resources["application/pdf"].ContentLength == 0 ||
			resp.Header.Get("Content-Type") != "application/xhtml+xml" || int64(len(body)) != m.Resources["application/xhtml+xml"].ContentLength {
			t.Fatalf("%s: resources %v, %s of %d bytes", f.TransactionID, m.Resources, resp.Header.Get("Content-Type"), len(body))
		}
		r, err := figures.Read(body, figures.Options{})
		if err != nil || len(r.Years) != 2 || len(r.Problems) != 0 {
			t.Fatalf("%s: %v, %d years, problems %v", f.TransactionID, err, len(r.Years), r.Problems)
		}
		for _, y := range r.Years {
			if !slices.ContainsFunc(ends, y.End.Equal) {
				ends = append(ends, y.End)
			}
		}
	}
	want := []string{"2025-03-31", "2024-03-31", "2023-03-31", "2022-03-31"}
	var got []string
	for _, e := range ends {
		got = append(got, e.Format(time.DateOnly))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("00006400's last three accounts give the years %v, want %v", got, want)
	}
}

func TestAccountsFiledOnPaperComeAsAPDFOnly(t *testing.T) {
	t.Parallel()
	s := startDemo(t, demo.ServeOptions{})
	for _, number := range []string{"00006409", "FC006406"} {
		filings := accountsFilings(t, s, number)
		if len(filings) == 0 {
			t.Fatalf("%s lists no accounts", number)
		}
		for _, f := range filings {
			_, body := request(t, f.Links.DocumentMetadata, true, "")
			var m metadata
			if err := json.Unmarshal(body, &m); err != nil || len(m.Resources) != 1 || m.Resources["application/pdf"].ContentLength == 0 {
				t.Errorf("%s %s: resources %v, %v", number, f.TransactionID, m.Resources, err)
			}
		}
	}
}
