package demo_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
)

// startDemo runs the whole demo, documents included, for one test.
func startDemo(t *testing.T, opts demo.ServeOptions) *demo.Servers {
	t.Helper()
	s, err := demo.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// request makes one GET with the demo key or none, and an Accept header
// or none.
func request(t *testing.T, u string, withKey bool, accept string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if withKey {
		req.Header.Set("Authorization", basic(demo.Key))
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

type filingLinks struct {
	TransactionID string `json:"transaction_id"`
	Links         struct {
		DocumentMetadata string `json:"document_metadata"`
	} `json:"links"`
}

type metadata struct {
	CompanyNumber string `json:"company_number"`
	Pages         int    `json:"pages"`
	Links         struct {
		Self, Document string
	} `json:"links"`
	Resources map[string]struct {
		ContentLength int64 `json:"content_length"`
	} `json:"resources"`
}

// filing fetches one filing from the demo registry.
func filing(t *testing.T, s *demo.Servers, number, id string) filingLinks {
	t.Helper()
	resp, body := request(t, s.RegistryURL+"/company/"+number+"/filing-history/"+id, true, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("filing %s: %d %s", id, resp.StatusCode, body)
	}
	var f filingLinks
	if err := json.Unmarshal(body, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// fetchDocument follows a document_metadata link the way a client must:
// metadata and content request with the key, the redirect without it.
func fetchDocument(t *testing.T, link, format string) (metadata, *http.Response, []byte) {
	t.Helper()
	resp, body := request(t, link, true, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("metadata %s: %d %s", link, resp.StatusCode, body)
	}
	var m metadata
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	resp, body = request(t, m.Links.Document, true, format)
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("content %s: %d %s", m.Links.Document, resp.StatusCode, body)
	}
	resp, body = request(t, resp.Header.Get("Location"), false, "")
	return m, resp, body
}

func TestStartRunsTheRegistryTheDocumentAPIAndStorageOnThreeListeners(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{})
	hosts := map[string]bool{}
	for _, u := range []string{s.RegistryURL, s.DocumentURL, s.StorageURL} {
		p, err := url.Parse(u)
		if err != nil || p.Scheme != "http" || p.Hostname() != "127.0.0.1" {
			t.Fatalf("%q is not a loopback URL", u)
		}
		hosts[p.Host] = true
	}
	if len(hosts) != 3 {
		t.Fatalf("three services on %d listeners: %s %s %s", len(hosts), s.RegistryURL, s.DocumentURL, s.StorageURL)
	}
	// In a list and on its own, a filing links to this document API.
	f := filing(t, s, "00006400", demo.FilingWithXHTML)
	if !strings.HasPrefix(f.Links.DocumentMetadata, s.DocumentURL+"/document/") {
		t.Errorf("the filing links to %q, not to %s", f.Links.DocumentMetadata, s.DocumentURL)
	}
	resp, body := request(t, s.RegistryURL+"/company/00006400/filing-history?items_per_page=100", true, "")
	if resp.StatusCode != http.StatusOK || strings.Contains(string(body), "company-information.service.gov.uk") ||
		strings.Count(string(body), s.DocumentURL+"/document/") != 51 {
		t.Errorf("the list of 52 filings, 51 with documents, links elsewhere: %d\n%.500s", resp.StatusCode, body)
	}
}

func TestEveryDemoFilingWithADocumentLinkHasAValidPDFSayingWhichFilingItIs(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{Options: demo.Options{Limit: plenty}, SlowDocumentRate: 1 << 30})
	checked := 0
	for _, number := range demo.Numbers() {
		var list struct{ Items []filingLinks }
		resp, body := request(t, s.RegistryURL+"/company/"+number+"/filing-history?items_per_page=100", true, "")
		if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &list) != nil {
			t.Fatalf("%s: %d %.200s", number, resp.StatusCode, body)
		}
		for _, f := range list.Items {
			link := f.Links.DocumentMetadata
			if link == "" || f.TransactionID == demo.FilingDocumentMissing {
				continue
			}
			m, resp, pdf := fetchDocument(t, link, "")
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" {
				t.Fatalf("%s %s: %d %s %.200s", number, f.TransactionID, resp.StatusCode, resp.Header.Get("Content-Type"), pdf)
			}
			if int64(len(pdf)) != m.Resources["application/pdf"].ContentLength || m.CompanyNumber != number {
				t.Errorf("%s %s: %d bytes, metadata says %d for company %s", number, f.TransactionID, len(pdf), m.Resources["application/pdf"].ContentLength, m.CompanyNumber)
			}
			if pages := checkPDF(t, pdf); pages != m.Pages {
				t.Errorf("%s %s: %d pages, metadata says %d", number, f.TransactionID, pages, m.Pages)
			}
			if !bytes.Contains(pdf, []byte(f.TransactionID)) || !bytes.Contains(pdf, []byte(number)) {
				t.Errorf("%s %s: the PDF does not say which filing it is", number, f.TransactionID)
			}
			checked++
		}
	}
	if checked < 400 {
		t.Errorf("only %d documents checked", checked)
	}
}

// checkPDF fails the test unless pdf is a well-formed PDF file: header,
// cross-reference table whose every offset starts its object, streams
// exactly as long as they say, trailer. It returns the page count.
func checkPDF(t *testing.T, pdf []byte) int {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF: %.40q ... %q", pdf, pdf[max(len(pdf)-20, 0):])
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(pdf[max(len(pdf)-64, 0):])
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	head := regexp.MustCompile(`^xref\n0 (\d+)\n0000000000 65535 f \n`).FindSubmatch(pdf[xref:])
	if head == nil {
		t.Fatalf("startxref %d does not point at the cross-reference table", xref)
	}
	count, _ := strconv.Atoi(string(head[1]))
	entries := pdf[xref+len(head[0]):]
	for i := 1; i < count; i++ {
		entry := string(entries[(i-1)*20 : i*20])
		off, err := strconv.Atoi(entry[:10])
		if err != nil || entry[10:] != " 00000 n \n" {
			t.Fatalf("cross-reference entry %d is %q", i, entry)
		}
		obj := pdf[off:]
		if !bytes.HasPrefix(obj, []byte(fmt.Sprintf("%d 0 obj\n", i))) {
			t.Fatalf("object %d is not at %d: %.30q", i, off, obj)
		}
		if s := regexp.MustCompile(`^\d+ 0 obj\n<< /Length (\d+) >>\nstream\n`).FindSubmatch(obj); s != nil {
			n, _ := strconv.Atoi(string(s[1]))
			if !bytes.HasPrefix(obj[len(s[0])+n:], []byte("\nendstream\nendobj\n")) {
				t.Fatalf("object %d's stream is not %d bytes long", i, n)
			}
		}
	}
	if !bytes.Contains(pdf[xref:], []byte(fmt.Sprintf("trailer\n<< /Size %d /Root 1 0 R >>", count))) {
		t.Fatal("no trailer")
	}
	return bytes.Count(pdf, []byte("/Type /Page "))
}

func TestOneAccountsFilingAlsoComesAsXHTML(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{})
	link := filing(t, s, "00006400", demo.FilingWithXHTML).Links.DocumentMetadata
	m, resp, body := fetchDocument(t, link, "application/xhtml+xml")
	if len(m.Resources) != 2 || resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/xhtml+xml" {
		t.Fatalf("formats %v; %d %s", m.Resources, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if int64(len(body)) != m.Resources["application/xhtml+xml"].ContentLength ||
		!bytes.Contains(body, []byte(`<ix:nonFraction name="core:NetAssetsLiabilities"`)) || !bytes.Contains(body, []byte("00006400")) {
		t.Errorf("not the iXBRL accounts of 00006400 (%d bytes):\n%s", len(body), body)
	}
	// Accounts filed on paper have a PDF only: asking for XHTML is 406.
	other := filing(t, s, "00006400", demo.FilingPaperAccounts).Links.DocumentMetadata
	_, meta := request(t, other, true, "")
	var om metadata
	json.Unmarshal(meta, &om)
	if resp, body := request(t, om.Links.Document, true, "application/xhtml+xml"); resp.StatusCode != http.StatusNotAcceptable {
		t.Errorf("XHTML of a PDF-only document: %d %s", resp.StatusCode, body)
	}
}

func TestTheContentRedirectFollowsTheAcceptHeader(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{})
	link := filing(t, s, "00006400", demo.FilingWithXHTML).Links.DocumentMetadata
	tests := []struct{ accept, want string }{
		{"", "/application-pdf"},
		{"*/*", "/application-pdf"},
		{"application/pdf", "/application-pdf"},
		{"application/xhtml+xml", "/application-xhtml+xml"},
		{"text/html, application/xhtml+xml;q=0.9", "/application-xhtml+xml"},
	}
	for _, tt := range tests {
		resp, _ := request(t, link+"/content", true, tt.accept)
		loc, err := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusFound || err != nil || !strings.HasSuffix(loc.Path, tt.want) ||
			"http://"+loc.Host != s.StorageURL || loc.Query().Get("X-Amz-Signature") == "" || loc.Query().Get("X-Amz-Expires") == "" {
			t.Errorf("Accept %q: %d to %q, want a signed link on %s ending %s", tt.accept, resp.StatusCode, resp.Header.Get("Location"), s.StorageURL, tt.want)
		}
	}
	if resp, _ := request(t, link+"/content", true, "image/tiff"); resp.StatusCode != http.StatusNotAcceptable {
		t.Errorf("a format it does not have: %d, want 406", resp.StatusCode)
	}
}

func TestTheStorageRefusesAKeyAndServesOnlyLinksSignedAndUnexpired(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clock := &now
	s := startDemo(t, demo.ServeOptions{Options: demo.Options{Now: func() time.Time { return *clock }}})
	link := filing(t, s, "00006400", demo.FilingWithXHTML).Links.DocumentMetadata
	resp, _ := request(t, link+"/content", true, "")
	signed := resp.Header.Get("Location")

	if resp, body := request(t, signed, true, ""); resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "Only one auth mechanism allowed") {
		t.Errorf("with the key: %d %s", resp.StatusCode, body)
	}
	if resp, body := request(t, signed, false, ""); resp.StatusCode != http.StatusOK || !bytes.HasPrefix(body, []byte("%PDF-")) {
		t.Errorf("without the key: %d %.40s", resp.StatusCode, body)
	}
	u, _ := url.Parse(signed)
	q := u.Query()
	q.Set("X-Amz-Signature", strings.Repeat("0", 64))
	u.RawQuery = q.Encode()
	if resp, body := request(t, u.String(), false, ""); resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "SignatureDoesNotMatch") {
		t.Errorf("a forged signature: %d %s", resp.StatusCode, body)
	}
	other := strings.Replace(signed, "application-pdf", "application-xhtml+xml", 1)
	if resp, _ := request(t, other, false, ""); resp.StatusCode != http.StatusForbidden {
		t.Errorf("the signature of another format: %d", resp.StatusCode)
	}
	if resp, _ := request(t, s.StorageURL+u.Path, false, ""); resp.StatusCode != http.StatusForbidden {
		t.Errorf("no signature at all: %d", resp.StatusCode)
	}
	later := now.Add(61 * time.Second)
	clock = &later
	if resp, body := request(t, signed, false, ""); resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "expired") {
		t.Errorf("a minute later: %d %s", resp.StatusCode, body)
	}
}

func TestTheDocumentAPIWantsTheRegistrysKeyAndCountsItsOwnQuota(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{Options: demo.Options{Limit: 3}})
	link := filing(t, s, "00006400", demo.FilingWithXHTML).Links.DocumentMetadata
	resp, _ := request(t, link, false, "")
	if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("Registry-Authentication-Error") != "Empty Authorization header" {
		t.Errorf("without a key: %d %v", resp.StatusCode, resp.Header)
	}
	for i, want := range []int{200, 200, 200, 429} {
		resp, _ := request(t, link, true, "")
		if resp.StatusCode != want || resp.Header.Get("X-Ratelimit-Remaining") == "" {
			t.Errorf("request %d: %d, want %d; X-Ratelimit-Remaining %q", i+1, resp.StatusCode, want, resp.Header.Get("X-Ratelimit-Remaining"))
		}
	}
	// The registry's own quota is another: one filing fetched so far.
	if resp, _ := request(t, s.RegistryURL+"/company/00006400", true, ""); resp.StatusCode != http.StatusOK || resp.Header.Get("X-Ratelimit-Remain") != "1" {
		t.Errorf("the registry after the document API ran out: %d, remain %q", resp.StatusCode, resp.Header.Get("X-Ratelimit-Remain"))
	}
}

func TestSomeFilingsHaveNoDocumentAndOneHasAMissingOne(t *testing.T) {
	s := startDemo(t, demo.ServeOptions{})
	if f := filing(t, s, "00006400", demo.FilingWithoutDocument); f.Links.DocumentMetadata != "" {
		t.Errorf("FilingWithoutDocument links to %q", f.Links.DocumentMetadata)
	}
	link := filing(t, s, "00006400", demo.FilingDocumentMissing).Links.DocumentMetadata
	if resp, body := request(t, link, true, ""); link == "" || resp.StatusCode != http.StatusNotFound {
		t.Errorf("FilingDocumentMissing's metadata at %q: %d %s", link, resp.StatusCode, body)
	}
	if resp, _ := request(t, s.DocumentURL+"/document/no-such-document/content", true, ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("content of an unknown document: %d", resp.StatusCode)
	}
}

func TestTheSlowDocumentIs20MBSentAtTheRateAsked(t *testing.T) {
	const rate = 50_000_000 // 0.4s for 20 MB
	s := startDemo(t, demo.ServeOptions{SlowDocumentRate: rate})
	link := filing(t, s, "00006400", demo.FilingSlowDocument).Links.DocumentMetadata
	start := time.Now()
	m, resp, pdf := fetchDocument(t, link, "")
	took := time.Since(start)
	if resp.StatusCode != http.StatusOK || len(pdf) != 20_000_000 || m.Resources["application/pdf"].ContentLength != 20_000_000 ||
		resp.ContentLength != 20_000_000 {
		t.Fatalf("%d: %d bytes, Content-Length %d, metadata %d", resp.StatusCode, len(pdf), resp.ContentLength, m.Resources["application/pdf"].ContentLength)
	}
	checkPDF(t, pdf)
	if least := 20_000_000 * time.Second / rate * 9 / 10; took < least {
		t.Errorf("20 MB at %d bytes a second took %s, less than %s", rate, took, least)
	}
}
