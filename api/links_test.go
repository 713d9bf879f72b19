package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

func TestCheckLink(t *testing.T) {
	ok := []string{
		"/company/00006400/officers",
		"/officers/abc_DEF-123/appointments",
		"/company/00006400/filing-history?category=accounts",
		"/company/00006400/a%20b",
	}
	for _, l := range ok {
		if err := CheckLink(l); err != nil {
			t.Errorf("CheckLink(%q) = %v, want ok", l, err)
		}
	}
	refused := map[string]string{
		"https://evil.example/company/1": "absolute URL",
		"http://127.0.0.1:1/x":           "absolute URL",
		"//evil.example/company/1":       "protocol-relative",
		"insolvency":                     "does not start with /",
		"company/1":                      "does not start with /",
		"/company/../../etc/passwd":      ". or .. segment",
		"/company/%2e%2e/secret":         ". or .. segment",
		"/company/./1":                   ". or .. segment",
		"/company//1":                    "empty segment",
		"/company/1\r\nHost: evil":       "control characters",
		"/company/1 x":                   "spaces",
		"\\\\evil\\share":                "backslashes",
		"":                               "empty",
		"javascript:alert(1)":            "absolute URL",
		"/company/1#frag":                "fragment",
		"/\x1b]0;title\x07":              "control characters",
		"https://api.company-information.service.gov.uk/company/1": "absolute URL",
	}
	for l, why := range refused {
		err := CheckLink(l)
		if !errors.Is(err, ErrRefusedLink) {
			t.Errorf("CheckLink(%q) = %v, want refused", l, err)
			continue
		}
		if !strings.Contains(err.Error(), why) {
			t.Errorf("CheckLink(%q) message %q does not say %q", l, err, why)
		}
	}
}

// A hostile link must never reach another server, let alone with the key.
func TestHostileLinksNeverCarryTheKey(t *testing.T) {
	other, otherRec := serve(t, jsonReply(200, `{}`))
	registry, regRec := serve(t, jsonReply(200, `{}`))
	c := newClient(t, registry.URL)
	otherHost := strings.TrimPrefix(other.URL, "http://")
	for _, link := range []string{
		other.URL + "/company/1",
		"//" + otherHost + "/company/1",
		"/../" + otherHost,
		"http:" + "//" + otherHost,
	} {
		_, err := c.Get(context.Background(), link, nil)
		if !errors.Is(err, ErrRefusedLink) {
			t.Errorf("Get(%q) = %v, want refused", link, err)
		}
	}
	if otherRec.count() != 0 || regRec.count() != 0 {
		t.Fatalf("requests made: other %d, registry %d; want none", otherRec.count(), regRec.count())
	}
}

func TestRedirectsToAnotherOriginAreNotFollowed(t *testing.T) {
	other, otherRec := serve(t, jsonReply(200, `{"company_number":"00000001"}`))
	registry, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/company/00000001", http.StatusFound)
	})
	_, err := newClient(t, registry.URL).Company(context.Background(), "00000001")
	if !errors.Is(err, ErrRefusedLink) || !strings.Contains(err.Error(), "the redirect for company 00000001: it goes to "+other.URL+" and leaves the registry's origin") {
		t.Fatalf("err = %v", err)
	}
	if otherRec.count() != 0 {
		t.Fatalf("the other origin received %d requests", otherRec.count())
	}
}

func TestRedirectsWithinTheRegistryAreFollowedWithTheKey(t *testing.T) {
	var srvURL string
	srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/company/00000001" {
			http.Redirect(w, r, srvURL+"/company/00000002", http.StatusMovedPermanently)
			return
		}
		jsonReply(200, `{"company_number":"00000002"}`)(w, r)
	})
	srvURL = srv.URL
	p, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
	if err != nil {
		t.Fatal(err)
	}
	if !p.NumberMismatch() {
		t.Fatal("a profile for another number than asked is not flagged")
	}
	if rec.last().Header.Get("Authorization") == "" {
		t.Fatal("the same-origin redirect lost the key")
	}
}

func TestURLForGivesTheFullURLWithoutTheKey(t *testing.T) {
	c := newClient(t, "https://registry.example/base")
	u, err := c.URLFor("/company/00006400/officers")
	if err != nil || u != "https://registry.example/base/company/00006400/officers" {
		t.Fatalf("URLFor = %q, %v", u, err)
	}
}

func TestAFilingHistoryLinkAsksForItsCategories(t *testing.T) {
	tests := []struct {
		name, link string
		categories []string
		want       string
	}{
		{"one category", "/company/00006400/filing-history", []string{"accounts"}, "/company/00006400/filing-history?category=accounts"},
		{"a comma list, blanks left out", "/company/00006400/filing-history", []string{"accounts", " ", "officers"}, "/company/00006400/filing-history?category=accounts%2Cofficers"},
		{"none: the link as it was", "/company/00006400/filing-history", nil, "/company/00006400/filing-history"},
		{"a query kept, a category replaced", "/company/00006400/filing-history?category=capital&x=1", []string{"mortgage"}, "/company/00006400/filing-history?category=mortgage&x=1"},
		{"none: every filing again, the category taken out", "/company/00006400/filing-history?category=capital", nil, "/company/00006400/filing-history"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FilingHistoryLink(tt.link, tt.categories)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if err := CheckLink(got); err != nil {
				t.Errorf("%q is refused: %v", got, err)
			}
		})
	}
}
