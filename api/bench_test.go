package api

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coview/api/demo"
)

// The hot paths of a lookup that are not the network: reading a number as
// typed, decoding the profile, decoding a page of a long list. Run with
//
//	go test -run '^$' -bench . -benchmem ./api/

func demoFixture(b *testing.B, number, file string) []byte {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("demo", "fixtures", number, file))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeProfile decodes the fullest demo profile, as every lookup
// and every opened company does.
func BenchmarkDecodeProfile(b *testing.B) {
	for _, number := range []string{"00006400", "FC006406"} {
		body := demoFixture(b, number, "profile.json")
		b.Run(number, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				p, err := DecodeProfile(body, Number(number))
				if err != nil || len(p.Unreadable) > 0 {
					b.Fatal(err, p.Unreadable)
				}
			}
		})
	}
}

// BenchmarkDecodeProfileLenient decodes a profile with members of the wrong
// type, which takes the slow, member-by-member path.
func BenchmarkDecodeProfileLenient(b *testing.B) {
	body := []byte(strings.Replace(string(demoFixture(b, "00006400", "profile.json")),
		`"has_charges": true`, `"has_charges": "yes"`, 1))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := DecodeProfile(body, "00006400")
		if err != nil || len(p.Unreadable) != 1 {
			b.Fatal(err, p.Unreadable)
		}
	}
}

// BenchmarkDecodeFilingPage decodes one full page (100 items) of the demo
// PLC's filing history, as scrolling a long list does for every page.
func BenchmarkDecodeFilingPage(b *testing.B) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 1 << 30}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/company/00006401/filing-history?items_per_page=100", nil)
	req.SetBasicAuth(demo.Key, "")
	resp, err := srv.Client().Do(req)
	if err != nil {
		b.Fatal(err)
	}
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatal(resp.Status, err)
	}
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		var fh FilingHistory
		bad, err := decodeLenient(page, &fh)
		if err != nil || len(bad) > 0 || len(fh.Items) != 100 {
			b.Fatal(err, bad, len(fh.Items))
		}
	}
}

// BenchmarkParseNumber reads numbers in the forms people paste them,
// and refuses one that cannot be a number (which builds the reason).
func BenchmarkParseNumber(b *testing.B) {
	for _, in := range []string{"00006400", "sc 6405", "  01-23-45-67\n", "Company No. 01234567"} {
		valid := !strings.Contains(in, "No.")
		b.Run(strings.TrimSpace(in), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseNumber(in); (err == nil) != valid {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExtractNumbers reads 500 pasted lines, as coview --json - does.
func BenchmarkExtractNumbers(b *testing.B) {
	var text strings.Builder
	for i := range 500 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&text, "%08d\n", 7000+i)
		case 1:
			fmt.Fprintf(&text, "Company No. %d\r\n", 7000+i)
		case 2:
			fmt.Fprintf(&text, "sc %d, oc%d\n", i, i+1)
		default:
			fmt.Fprintf(&text, "  %d  \n", 7000+i)
		}
	}
	in := text.String()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if nums, _ := ExtractNumbers(in); len(nums) < 500 {
			b.Fatal(len(nums))
		}
	}
}
