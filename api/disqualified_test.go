package api

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
)

// Each record the demo's register of disqualified directors finds is
// fetched at its search result's link and read whole into its kind's
// type: every disqualification with its dates, reason, act and companies,
// and the permissions to act.
func TestADisqualifiedOfficersRecordIsReadAtItsSearchResultsLink(t *testing.T) {
	t.Parallel()
	c, ctx := demoClient(t), context.Background()
	tests := []struct {
		name, query string
		kind        ResourceKind
		check       func(t *testing.T, a *Answer)
	}{
		{"a person", "grimthorpe", ResDisqualifiedNatural, func(t *testing.T, a *Answer) {
			p, ok := Value[*DisqualifiedPerson](a)
			if !ok || p.Kind != "natural-disqualification" || p.Forename != "Mallory" || p.DateOfBirth != "1964-02-29" || p.Nationality != "British" {
				t.Fatalf("%+v", p)
			}
			if len(p.Disqualifications) != 2 || len(p.PermissionsToAct) != 1 {
				t.Fatalf("%d disqualifications, %d permissions", len(p.Disqualifications), len(p.PermissionsToAct))
			}
			d := p.Disqualifications[0]
			if d.DisqualifiedFrom != "2021-03-15" || d.DisqualifiedUntil != "2031-03-14" || d.HeardOn != "2021-02-22" || d.CourtName == "" ||
				d.Reason.Act != "company-directors-disqualification-act-1986" || d.Reason.Section != "6" ||
				!reflect.DeepEqual([]string(d.CompanyNames), []string{"WONKY WHEELBARROW WORKS LIMITED", "SNOOZEWELL HAMMOCK IMPORTERS LIMITED"}) ||
				d.Address.Lines().Premises != "13" {
				t.Errorf("the first disqualification: %+v", d)
			}
			if pa := p.PermissionsToAct[0]; pa.GrantedOn != "2022-01-10" || pa.ExpiresOn != "2024-01-09" || len(pa.CompanyNames) != 1 {
				t.Errorf("the permission to act: %+v", pa)
			}
		}},
		{"a corporate body", "crooked candlestick", ResDisqualifiedCorporate, func(t *testing.T, a *Answer) {
			b, ok := Value[*DisqualifiedCorporate](a)
			if !ok || b.Kind != "corporate-disqualification" || b.Name != "CROOKED CANDLESTICK TRADING CORPORATION" || b.CountryOfRegistration != "Freedonia" {
				t.Fatalf("%+v", b)
			}
			if len(b.Disqualifications) != 1 || b.Disqualifications[0].DisqualifiedUntil != "" || b.Disqualifications[0].DisqualificationType != "sanction" {
				t.Errorf("%+v", b.Disqualifications)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := c.Search(ctx, ResSearchDisqualified, tt.query, Page{})
			if err != nil || len(s.Items) != 1 || s.Items[0].ItemKind() != SearchDisqualifiedOfficer {
				t.Fatalf("search: %+v, %v", s, err)
			}
			res, ok := s.Items[0].Resource()
			if !ok || res.Kind != tt.kind {
				t.Fatalf("the result leads to %+v", res)
			}
			a, err := c.Fetch(ctx, res, Page{})
			if err != nil || len(a.Unreadable) > 0 || len(a.Raw) == 0 {
				t.Fatalf("%v, unreadable %v", err, a.Unreadable)
			}
			tt.check(t, a)
		})
	}
}

// What the registry's own data and other readers of it show beside the
// published schema is read too: "premise" for premises, an upper-case
// disqualification type, a last variation as one object rather than a
// list, and a person number.
func TestADisqualifiedRecordIsReadInTheFormsTheRegistrySends(t *testing.T) {
	t.Parallel()
	body := func(variation string) string {
		return `{"kind":"natural-disqualification","surname":"DOE","forename":"Jane","person_number":"123456780001","date_of_birth":"1970-01-02",
			"disqualifications":[{"disqualification_type":"UNDERTAKING","disqualified_from":"2020-01-02","disqualified_until":"2026-01-01",
			"address":{"premise":"7","address_line_1":"Any Street"},"reason":{"act":"company-directors-disqualification-northern-ireland-order-2002","article":"4","description_identifier":"x"},
			"last_variation":` + variation + `}],"links":{"self":"/disqualified-officers/natural/n1"}}`
	}
	for _, tt := range []struct{ name, variation string }{
		{"a variation as an object", `{"varied_on":"2021-01-01","court_name":"High Court","case_identifier":"V1"}`},
		{"a variation as a list", `[{"varied_on":"2021-01-01","court_name":"High Court","case_identifier":"V1"}]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := serve(t, jsonReply(http.StatusOK, body(tt.variation)))
			res, _ := Route("/disqualified-officers/natural/n1")
			a, err := newClient(t, srv.URL).Fetch(context.Background(), res, Page{})
			if err != nil || len(a.Unreadable) > 0 {
				t.Fatalf("%v, unreadable %v", err, a.Unreadable)
			}
			p, _ := Value[*DisqualifiedPerson](a)
			d := p.Disqualifications[0]
			if p.PersonNumber != "123456780001" || d.DisqualificationType != "UNDERTAKING" || d.Address.Lines().Premises != "7" || d.Reason.Article != "4" {
				t.Errorf("%+v", p)
			}
			if want := (Variations{{VariedOn: "2021-01-01", CourtName: "High Court", CaseIdentifier: "V1"}}); !reflect.DeepEqual(d.LastVariation, want) {
				t.Errorf("last variation %+v", d.LastVariation)
			}
		})
	}
}

func TestADisqualifiedRecordIsNamedAsAPersonWritesIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		kind     ResourceKind
		id       string
	}{
		{"a person, as coview search prints it", "natural/GrImThOrPe0x1b0DeAdBeEf42", ResDisqualifiedNatural, "GrImThOrPe0x1b0DeAdBeEf42"},
		{"a corporate body", "corporate/CrOoK5a17", ResDisqualifiedCorporate, "CrOoK5a17"},
		{"the record's link", "/disqualified-officers/natural/abc-DEF_1", ResDisqualifiedNatural, "abc-DEF_1"},
		{"the link without its first slash", "disqualified-officers/corporate/c1", ResDisqualifiedCorporate, "c1"},
		{"the web page's address", "https://find-and-update.company-information.service.gov.uk/disqualified-officers/natural/abc", ResDisqualifiedNatural, "abc"},
		{"the API's address", "https://api.company-information.service.gov.uk/disqualified-officers/corporate/xyz", ResDisqualifiedCorporate, "xyz"},
		{"blanks around it", "  natural/abc\n", ResDisqualifiedNatural, "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := DisqualifiedResource(tt.in)
			if err != nil || res.Kind != tt.kind || res.ID != tt.id {
				t.Fatalf("%+v, %v", res, err)
			}
			if back, err := DisqualifiedResource(DisqualifiedRecord(res)); err != nil || back != res {
				t.Errorf("read back from %q: %+v, %v", DisqualifiedRecord(res), back, err)
			}
		})
	}
	for _, bad := range []string{"", "natural", "natural/", "abc", "someone/abc", "natural/a/b", "natural/..", "natural/a b", "natural/a\x1b[2J",
		"natural/a?x=1", "/company/00006400", "https://evil.example/x"} {
		if res, err := DisqualifiedResource(bad); !errors.Is(err, ErrNotARecord) {
			t.Errorf("DisqualifiedResource(%q) = %+v, %v; want it refused", bad, res, err)
		}
	}
	if r := DisqualifiedRecord(CompanyResource("00006400")); r != "" {
		t.Errorf("a company is the record %q", r)
	}
}
