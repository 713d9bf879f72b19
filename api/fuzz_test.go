package api

import (
	"bytes"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// Seed corpora live in testdata/fuzz/<target>; `go test` runs them as
// ordinary tests. To fuzz: go test -run='^$' -fuzz='^FuzzParseNumber$' -fuzztime=60s ./api/

var normalNumber = regexp.MustCompile(`^([A-Z]{2}\d{6}|\d{8}|R0\d{6})$`)

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"6400", "SC 1234", "01-23-45-67", "r0 12", "SC1234567", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		n, err := ParseNumber(input)
		if err != nil {
			if !errors.Is(err, ErrInvalidNumber) {
				t.Fatalf("ParseNumber(%q) failed with %v, not an invalid number", input, err)
			}
			if n != "" {
				t.Fatalf("ParseNumber(%q) = %q with error %v", input, n, err)
			}
			return
		}
		if !normalNumber.MatchString(string(n)) {
			t.Fatalf("ParseNumber(%q) = %q, which is not a company number", input, n)
		}
		again, err := ParseNumber(string(n))
		if err != nil || again != n {
			t.Fatalf("ParseNumber(%q) = %q, but normalising that again gives %q, %v", input, n, again, err)
		}
	})
}

func FuzzExtractNumbers(f *testing.F) {
	for _, s := range []string{"Company No. 00006400\nSC123456, NI 12345", "No 123456", "ref 12 of 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		numbers, ignored := ExtractNumbers(text)
		for _, n := range numbers {
			if again, err := ParseNumber(string(n)); err != nil || again != n {
				t.Fatalf("ExtractNumbers(%q) found %q, which normalises to %q, %v", text, n, again, err)
			}
		}
		for _, i := range ignored {
			if strings.TrimSpace(i.Text) == "" || !strings.Contains(text, i.Text) || i.Why == "" {
				t.Fatalf("ExtractNumbers(%q) ignored %+v, which is blank, not part of the text, or has no reason", text, i)
			}
		}
	})
}

func FuzzDecodeProfile(f *testing.F) {
	for _, s := range []string{`{"company_number":"00006400","company_name":"X"}`, `{"links":{"self":1}}`, `[]`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		in := bytes.Clone(body)
		p, err := DecodeProfile(body, "00006400")
		if err != nil {
			if p != nil || !errors.Is(err, ErrBadResponse) {
				t.Fatalf("DecodeProfile(%q) = %+v, %v; want no profile and an unreadable answer", body, p, err)
			}
			return
		}
		if p == nil {
			t.Fatalf("DecodeProfile(%q) gave neither a profile nor an error", body)
		}
		if !bytes.Equal(p.Raw, in) || !bytes.Equal(body, in) {
			t.Fatalf("Raw = %q, want the body as received %q", p.Raw, in)
		}
		if p.Requested != "00006400" || p.NumberMismatch() != (p.CompanyNumber != "00006400") {
			t.Fatalf("requested %q, number %q, mismatch %v", p.Requested, p.CompanyNumber, p.NumberMismatch())
		}
		for _, l := range p.Links.All() {
			_ = CheckLink(l.Path) // links are data: checking them must not panic either
		}
	})
}

func FuzzCheckLink(f *testing.F) {
	for _, s := range []string{"/company/00006400/officers", "//evil.example/x", "/company/%2e%2e/x", "/a?b=c"} {
		f.Add(s)
	}
	c, err := New(Options{BaseURL: "https://registry.example/base"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, link string) {
		checkErr := CheckLink(link)
		resolved, err := c.URLFor(link)
		if checkErr != nil {
			if !errors.Is(checkErr, ErrRefusedLink) {
				t.Fatalf("CheckLink(%q) = %v, not a refused link", link, checkErr)
			}
			if err == nil {
				t.Fatalf("CheckLink(%q) refused it but URLFor resolved it to %q", link, resolved)
			}
			return
		}
		if err != nil {
			t.Fatalf("CheckLink(%q) accepted it but URLFor failed: %v", link, err)
		}
		u, err := url.Parse(resolved)
		if err != nil {
			t.Fatalf("URLFor(%q) = %q, which does not parse: %v", link, resolved, err)
		}
		if u.Scheme != "https" || u.Host != "registry.example" || u.User != nil {
			t.Fatalf("URLFor(%q) = %q leaves the registry (scheme %q, host %q)", link, resolved, u.Scheme, u.Host)
		}
		if !strings.HasPrefix(u.Path, "/base/") || !strings.HasPrefix(u.EscapedPath(), "/base/") {
			t.Fatalf("URLFor(%q) = %q is outside the base path", link, resolved)
		}
		unescaped, err := url.PathUnescape(u.EscapedPath())
		if err != nil {
			t.Fatalf("URLFor(%q) = %q has a malformed escape: %v", link, resolved, err)
		}
		for _, p := range []string{u.Path, unescaped} {
			for _, seg := range strings.Split(p, "/") {
				if seg == ".." {
					t.Fatalf("URLFor(%q) = %q climbs with ..", link, resolved)
				}
			}
		}
	})
}

// FuzzDecodeLinkedResources reads any body as each resource a profile
// links to: decoding is lenient and never fails on a member, and what the
// types work out from the members (categories, owners, outstanding charges,
// the order of registers) never panics or says something impossible.
func FuzzDecodeLinkedResources(f *testing.F) {
	for _, s := range []string{pscListBody, `{"total_count":2,"unfiltered_count":1,"satisfied_count":3,"items":[{"status":["x"]}]}`,
		`{"registers":{"a":{"items":[{"moved_on":"2020"}]}},"exemptions":{"b":{"items":[{}]}}}`, `{"items":[{"company_number":"br 6410"}]}`, `[]`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var (
			pscs       PSCList
			charges    Charges
			insolvency Insolvency
			exemptions Exemptions
			registers  Registers
			ukEst      UKEstablishments
		)
		for _, v := range []any{&pscs, &charges, &insolvency, &exemptions, &registers, &ukEst, &PSC{}, &Charge{}, &FilingItem{}, &Officer{}} {
			bad, err := decodeLenient(body, v)
			if err != nil && len(bad) > 0 {
				t.Fatalf("decodeLenient(%q) failed (%v) and still listed members %v", body, err, bad)
			}
		}
		for _, p := range pscs.Items {
			_, _, _ = p.Category(), p.IsBeneficialOwner(), p.IsCeased()
			if n, ok := p.RegisteredCompany(); ok {
				if again, err := ParseNumber(string(n)); err != nil || again != n {
					t.Fatalf("RegisteredCompany() = %q, which is not a normalised number", n)
				}
			}
		}
		if n, ok := charges.Outstanding(); ok && n < 0 {
			t.Fatalf("Outstanding() = %d", n)
		}
		if len(exemptions.Keys()) != len(exemptions.Exemptions) || len(registers.Keys()) != len(registers.Registers) {
			t.Fatalf("Keys() lost or invented keys: %v of %v, %v of %v", exemptions.Keys(), exemptions.Exemptions, registers.Keys(), registers.Registers)
		}
		for _, k := range registers.Keys() {
			registers.Registers[k].Current()
		}
		for _, e := range ukEst.Items {
			if r, ok := e.Company(); ok && (r.Kind != ResCompany || CheckLink(r.Link) != nil) {
				t.Fatalf("Company() = %+v", r)
			}
		}
	})
}
