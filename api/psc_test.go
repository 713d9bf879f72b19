package api

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A PSC list with one item of every kind the registry sends, one it may
// add later, and one whose kind it could not map (the list sends null).
const pscListBody = `{
  "items_per_page": 25, "start_index": 0, "total_results": 10, "active_count": 9, "ceased_count": 1,
  "links": {"self": "/company/1/persons-with-significant-control"},
  "items": [
    {"kind": "individual-person-with-significant-control", "name": "Mrs Ada Example",
     "name_elements": {"title": "Mrs", "forename": "Ada", "surname": "Example"},
     "date_of_birth": {"month": 5, "year": 1972}, "nationality": "British", "country_of_residence": "England",
     "notified_on": "2016-04-06", "ceased": false,
     "natures_of_control": ["ownership-of-shares-75-to-100-percent", "a-nature-added-next-year"],
     "address": {"premises": "1", "address_line_1": "High Street", "locality": "Town"},
     "links": {"self": "/company/1/persons-with-significant-control/individual/a",
               "statement": "/company/1/persons-with-significant-control-statements/s"}},
    {"kind": "corporate-entity-person-with-significant-control", "name": "Parent Limited",
     "identification": {"registration_number": "6412", "place_registered": "Companies House", "legal_form": "Ltd"},
     "notified_on": "2016-04-06", "ceased_on": "2019-06-30", "ceased": true,
     "links": {"self": "/company/1/persons-with-significant-control/corporate-entity/b"}},
    {"kind": "legal-person-person-with-significant-control", "name": "A County Council",
     "identification": {"legal_authority": "Local Government Act 1972", "legal_form": "Local Authority"},
     "links": {"self": "/company/1/persons-with-significant-control/legal-person/c"}},
    {"kind": "super-secure-person-with-significant-control", "description": "super-secure-persons-with-significant-control",
     "ceased": false, "links": {"self": "/company/1/persons-with-significant-control/super-secure/d"}},
    {"kind": "individual-beneficial-owner", "name": "Mr B", "is_sanctioned": false,
     "links": {"self": "/company/1/persons-with-significant-control/individual-beneficial-owner/e"}},
    {"kind": "corporate-entity-beneficial-owner", "name": "Foreign S.A.",
     "principal_office_address": {"address_line_1": "Avenida 1", "country": "Freedonia"},
     "identification": {"registration_number": "FRC-1-B", "place_registered": "Freedonian Registry"},
     "links": {"self": "/company/1/persons-with-significant-control/corporate-entity-beneficial-owner/f"}},
    {"kind": "legal-person-beneficial-owner", "name": "A Treasury",
     "links": {"self": "/company/1/persons-with-significant-control/legal-person-beneficial-owner/g"}},
    {"kind": "super-secure-beneficial-owner", "description": "super-secure-beneficial-owner",
     "links": {"self": "/company/1/persons-with-significant-control/super-secure-beneficial-owner/h"}},
    {"kind": "trust-person-with-significant-control", "name": "A Kind Added Later",
     "links": {"self": "/company/1/persons-with-significant-control/trust/i"}},
    {"kind": null, "name": "An Unmapped Kind",
     "links": {"self": "/company/1/persons-with-significant-control/x/j"}}
  ]
}`

func TestEveryPSCKindDecodesAndIsSortedIntoItsCategory(t *testing.T) {
	srv, _ := serve(t, jsonReply(200, pscListBody))
	l, err := newClient(t, srv.URL).PSCs(context.Background(), "/company/1/persons-with-significant-control", Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Unreadable) != 0 || l.Empty != "" || l.Total() != 10 || len(l.Items) != 10 {
		t.Fatalf("unreadable %v, empty %q, total %d, %d items", l.Unreadable, l.Empty, l.Total(), len(l.Items))
	}
	want := []struct {
		category PSCCategory
		owner    bool // a beneficial owner of an overseas entity
		ceased   bool
	}{
		{PSCIndividual, false, false}, {PSCCorporateEntity, false, true}, {PSCLegalPerson, false, false},
		{PSCSuperSecure, false, false}, {PSCIndividual, true, false}, {PSCCorporateEntity, true, false},
		{PSCLegalPerson, true, false}, {PSCSuperSecure, true, false}, {PSCUnknown, false, false}, {PSCUnknown, false, false},
	}
	for i, w := range want {
		p := &l.Items[i]
		if p.Category() != w.category || p.IsBeneficialOwner() != w.owner || p.IsCeased() != w.ceased {
			t.Errorf("item %d (%q): category %d, owner %v, ceased %v; want %d, %v, %v",
				i, p.Kind, p.Category(), p.IsBeneficialOwner(), p.IsCeased(), w.category, w.owner, w.ceased)
		}
	}
	ada := l.Items[0]
	if ada.NameElements.Surname != "Example" || ada.DateOfBirth.Month != "5" || ada.Address.Premises != "1" ||
		!slices.Contains(ada.NaturesOfControl, "a-nature-added-next-year") || ada.Links.Statement == "" {
		t.Errorf("the individual lost members: %+v", ada)
	}
	secure := l.Items[3]
	if secure.Name != "" || secure.Address != nil || secure.Description != "super-secure-persons-with-significant-control" {
		t.Errorf("the super-secure PSC: %+v", secure)
	}
	if l.Items[5].PrincipalOfficeAddress.Country != "Freedonia" || l.Items[4].IsSanctioned == nil || bool(*l.Items[4].IsSanctioned) {
		t.Errorf("beneficial owners lost members: %+v", l.Items[4:6])
	}
}

func TestASuperSecurePSCFetchedAloneSaysCeasedAsAString(t *testing.T) {
	tests := []struct {
		name   string
		ceased string
		want   bool
	}{
		{"ceased as the string 1", `"1"`, true},
		{"not ceased as the string 0", `"0"`, false},
		{"ceased as a boolean, as in the list", `true`, true},
		{"ceased as null", `null`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(200, `{"kind":"super-secure-person-with-significant-control",
			  "description":"super-secure-persons-with-significant-control","etag":"e","ceased":`+tt.ceased+`,
			  "links":{"self":"/company/1/persons-with-significant-control/super-secure/d"}}`))
			p, err := newClient(t, srv.URL).PSC(context.Background(), "/company/1/persons-with-significant-control/super-secure/d")
			if err != nil {
				t.Fatal(err)
			}
			if p.IsCeased() != tt.want || p.Category() != PSCSuperSecure || p.Name != "" {
				t.Errorf("ceased %v, category %d, name %q", p.IsCeased(), p.Category(), p.Name)
			}
		})
	}
}

func TestPSCListsWithoutCountsOrWithoutPSCs(t *testing.T) {
	tests := []struct {
		name      string
		status    int
		body      string
		total     int
		empty     string // a word the reason must contain, or "" for no reason
		exemption bool
	}{
		{"counts missing when the counts service fails", 200,
			`{"items_per_page":25,"start_index":0,"links":{"self":"/x"},"items":[{"kind":"individual-person-with-significant-control","name":"A"}]}`,
			-1, "", false},
		{"none is 200 with an empty list and zero counts", 200,
			`{"items_per_page":25,"start_index":0,"total_results":0,"active_count":0,"ceased_count":0,"links":{"self":"/x"},"items":[]}`,
			0, "No persons", false},
		{"none was a 404 in older versions of the service", 404,
			`{"errors":[{"error":"not-found","type":"ch:service"}]}`, -1, "No persons", false},
		{"an exempt company's empty list says why", 200,
			`{"items_per_page":25,"start_index":0,"total_results":0,"links":{"self":"/x","exemptions":"/company/1/exemptions"},"items":[]}`,
			0, "exempt", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(tt.status, tt.body))
			l, err := newClient(t, srv.URL).PSCs(context.Background(), "/company/1/persons-with-significant-control", Page{})
			if err != nil {
				t.Fatal(err)
			}
			if l.Total() != tt.total || (tt.empty == "") != (l.Empty == "") || !strings.Contains(l.Empty, tt.empty) {
				t.Errorf("total %d, empty %q; want %d, %q", l.Total(), l.Empty, tt.total, tt.empty)
			}
			if (l.Links.Exemptions != "") != tt.exemption {
				t.Errorf("links.exemptions %q", l.Links.Exemptions)
			}
		})
	}
}

func TestAPSCMemberOfTheWrongTypeSpoilsOnlyItself(t *testing.T) {
	srv, _ := serve(t, jsonReply(200, `{"total_results":"two","items":[
	  {"kind":"individual-person-with-significant-control","name":"Kept","natures_of_control":"not-a-list",
	   "date_of_birth":{"month":{},"year":1970},"ceased":"maybe","links":{"self":"/company/1/persons-with-significant-control/individual/a"}},
	  {"kind":42,"name":"Also kept"}]}`))
	l, err := newClient(t, srv.URL).PSCs(context.Background(), "/company/1/persons-with-significant-control", Page{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Items[0].Name != "Kept" || l.Items[0].DateOfBirth.Year != "1970" || l.Items[0].Links.Self == "" || l.Items[1].Name != "Also kept" {
		t.Fatalf("good members lost: %+v", l.Items)
	}
	for _, w := range []string{"total_results", "items[0].natures_of_control", "items[0].date_of_birth.month", "items[0].ceased", "items[1].kind"} {
		if !slices.Contains(l.Unreadable, w) {
			t.Errorf("Unreadable %v does not list %q", l.Unreadable, w)
		}
	}
}

func TestACorporatePSCLeadsToItsCompanyOnlyWhenRegisteredHere(t *testing.T) {
	corporate := func(number, place, country, authority string) *PSC {
		return &PSC{Kind: PSCKindCorporateEntity, Identification: &PSCIdentity{
			RegistrationNumber: number, PlaceRegistered: place, CountryRegistered: country, LegalAuthority: authority}}
	}
	tests := []struct {
		name string
		psc  *PSC
		want Number // "" for none
	}{
		{"registered at Companies House", corporate("00006411", "Companies House", "", ""), "00006411"},
		{"an unpadded number is normalised", corporate("6412", "Register Of Companies For England And Wales", "England", ""), "00006412"},
		{"a Scottish company by its country", corporate("SC006414", "", "Scotland", ""), "SC006414"},
		{"only the Companies Act named", corporate("06411", "", "", "Companies Act 2006"), "00006411"},
		{"a foreign registry, though the number looks like ours", corporate("1234567", "Delaware Secretary of State", "USA", ""), ""},
		{"a foreign number", corporate("FRC-006406-B", "Freedonian Registry of Commerce", "Freedonia", ""), ""},
		{"no place at all", corporate("00006411", "", "", ""), ""},
		{"no identification", &PSC{Kind: PSCKindCorporateEntity}, ""},
		{"a legal person is not a company", &PSC{Kind: PSCKindLegalPerson, Identification: &PSCIdentity{
			RegistrationNumber: "00006411", PlaceRegistered: "Companies House"}}, ""},
		{"a corporate beneficial owner registered here", &PSC{Kind: PSCKindCorporateBeneficialOwner, Identification: &PSCIdentity{
			RegistrationNumber: "00006401", PlaceRegistered: "Companies House"}}, "00006401"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, ok := tt.psc.RegisteredCompany()
			if n != tt.want || ok != (tt.want != "") {
				t.Errorf("RegisteredCompany() = %q, %v; want %q", n, ok, tt.want)
			}
		})
	}
}

func TestThePSCListIsPagedLikeTheOthers(t *testing.T) {
	srv, rec := serve(t, jsonReply(http.StatusOK, `{"items":[]}`))
	l, err := newClient(t, srv.URL).PSCs(context.Background(), "/company/1/persons-with-significant-control", Page{StartIndex: 25, ItemsPerPage: 25})
	if err != nil {
		t.Fatal(err)
	}
	if q := rec.last().URL.Query(); q.Get("start_index") != "25" || q.Get("items_per_page") != "25" {
		t.Errorf("query %v", q)
	}
	if l.Empty != "" {
		t.Errorf("a page past the end is not the company having none: %q", l.Empty)
	}
}
