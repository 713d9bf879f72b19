package demo_test

import (
	"net/http"
	"strings"
	"testing"

	"coview/api/demo"
)

// The demo's search results link to disqualified officers; the links lead
// to their records, in the registry's two shapes.
func TestDisqualifiedOfficersAreSearchedAndTheirLinksLeadToTheirRecords(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	tests := []struct {
		name, query, kind, title string
	}{
		{"a natural person", "grimthorpe", "natural-disqualification", "GRIMTHORPE"},
		{"a corporate body", "crooked candlestick", "corporate-disqualification", "CROOKED CANDLESTICK TRADING CORPORATION"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p searchPage
			getJSON(t, srv, searchPath("/search/disqualified-officers", tt.query), &p)
			if p.Kind != "search#disqualified-officers" || p.TotalResults != 1 || len(p.Items) != 1 {
				t.Fatalf("search: %+v", p)
			}
			hit := p.Items[0]
			if hit.Kind != "searchresults#disqualified-officer" || !strings.Contains(hit.Title, tt.title) {
				t.Fatalf("hit %+v", hit)
			}
			var rec struct {
				Kind              string                `json:"kind"`
				Links             struct{ Self string } `json:"links"`
				Disqualifications []struct {
					DisqualifiedFrom string   `json:"disqualified_from"`
					CompanyNames     []string `json:"company_names"`
					Reason           struct {
						DescriptionIdentifier string `json:"description_identifier"`
						Act                   string `json:"act"`
					} `json:"reason"`
				} `json:"disqualifications"`
			}
			getJSON(t, srv, hit.Links.Self, &rec)
			if rec.Kind != tt.kind || rec.Links.Self != hit.Links.Self || len(rec.Disqualifications) == 0 {
				t.Fatalf("record %+v", rec)
			}
			for _, d := range rec.Disqualifications {
				if d.DisqualifiedFrom == "" || len(d.CompanyNames) == 0 || d.Reason.DescriptionIdentifier == "" || d.Reason.Act == "" {
					t.Errorf("a disqualification without its dates, companies or reason: %+v", d)
				}
			}
		})
	}
}

func TestDisqualifiedOfficersNotOnTheRegisterAreNotFound(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, path := range []string{
		"/disqualified-officers/natural/nobody",
		"/disqualified-officers/corporate/" + demo.DisqualifiedNaturalID, // a person's id, asked as a corporate body
		"/disqualified-officers/natural/" + demo.DisqualifiedCorporateID,
	} {
		resp, body := get(t, srv, path)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "disqualified-officer-not-found") {
			t.Errorf("%s: status %d, body %s", path, resp.StatusCode, body)
		}
	}
}

func TestTheRegisteredOfficeAddressIsServedOnItsOwn(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var profile struct {
		Address map[string]string `json:"registered_office_address"`
	}
	getJSON(t, srv, "/company/00006400", &profile)
	var roa map[string]any
	getJSON(t, srv, "/company/00006400/registered-office-address", &roa)
	if roa["kind"] != "registered-office-address" || roa["etag"] == "" {
		t.Errorf("kind %v, etag %v", roa["kind"], roa["etag"])
	}
	if links, _ := roa["links"].(map[string]any); links["self"] != "/company/00006400/registered-office-address" {
		t.Errorf("links %v", roa["links"])
	}
	for k, v := range profile.Address {
		if roa[k] != v {
			t.Errorf("%s is %v, the profile says %q", k, roa[k], v)
		}
	}
	if resp, _ := get(t, srv, "/company/99999999/registered-office-address"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown company's address: status %d", resp.StatusCode)
	}
}
