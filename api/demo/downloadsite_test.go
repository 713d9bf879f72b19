package demo

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestTheDownloadSiteLinksTheMonthsFileAndServesItInRanges(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC) }
	srv := httptest.NewServer(NewDownloadHandler(now))
	defer srv.Close()
	get := func(path string, header ...string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	page, _ := io.ReadAll(get("/en_output.html").Body)
	for _, want := range []string{`href="BasicCompanyDataAsOneFile-2026-11-01.zip"`, `href="BasicCompanyData-2026-11-01-part1_2.zip"`, `href="BasicCompanyData-2026-11-01-part2_2.zip"`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %s", want)
		}
	}
	whole, _ := io.ReadAll(get("/BasicCompanyDataAsOneFile-2026-11-01.zip").Body)
	tail := get("/BasicCompanyDataAsOneFile-2026-11-01.zip", "Range", "bytes=100-")
	rest, _ := io.ReadAll(tail.Body)
	if tail.StatusCode != http.StatusPartialContent || !bytes.Equal(rest, whole[100:]) {
		t.Errorf("a range: %s, %d bytes", tail.Status, len(rest))
	}
	z, err := zip.NewReader(bytes.NewReader(whole), int64(len(whole)))
	if err != nil || len(z.File) != 1 || z.File[0].Name != "BasicCompanyDataAsOneFile-2026-11-01.csv" {
		t.Fatalf("the zip: %v", err)
	}
	f, _ := z.File[0].Open()
	csv, _ := io.ReadAll(f)
	lines := strings.Split(string(csv), "\r\n")
	if lines[0] != monthlyHeader || !strings.HasPrefix(monthlyHeader, "CompanyName, CompanyNumber,") {
		t.Errorf("the header: %q", lines[0])
	}
	if n := len(lines) - 2; n != MonthlyRows()+len(MonthlyMalformed) {
		t.Errorf("%d rows, want %d and the malformed ones", n, MonthlyRows())
	}
	if resp := get("/BasicCompanyDataAsOneFile-2026-10-01.zip"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("last month's file: %s", resp.Status)
	}
}
