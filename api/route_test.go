package api

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"coview/api/demo"
)

func TestRouteReadsTheRegistrysPaths(t *testing.T) {
	cases := []struct {
		link   string
		kind   ResourceKind
		number Number
		id     string
	}{
		{"/company/00006400", ResCompany, "00006400", ""},
		{"/company/SC006405/officers", ResOfficers, "SC006405", ""},
		{"/company/00006400/officers?items_per_page=35", ResOfficers, "00006400", ""},
		{"/company/00006400/appointments/AbC-12_x", ResOfficer, "00006400", "AbC-12_x"},
		{"/company/00006400/filing-history", ResFilings, "00006400", ""},
		{"/company/00006400/filing-history/MzAxMjM0NTY3OGFkaXF6a2N4", ResFiling, "00006400", "MzAxMjM0NTY3OGFkaXF6a2N4"},
		{"/company/00006400/persons-with-significant-control", ResPSCs, "00006400", ""},
		{"/company/00006400/persons-with-significant-control/individual/abc", ResPSC, "00006400", "individual/abc"},
		{"/company/00006400/persons-with-significant-control/corporate-entity-beneficial-owner/x1", ResPSC, "00006400", "corporate-entity-beneficial-owner/x1"},
		{"/company/00006400/persons-with-significant-control-statements", ResPSCStatements, "00006400", ""},
		{"/company/00006400/persons-with-significant-control-statements/s1", ResPSCStatement, "00006400", "s1"},
		{"/company/00006400/charges", ResCharges, "00006400", ""},
		{"/company/00006400/charges/c1", ResCharge, "00006400", "c1"},
		{"/company/00006403/insolvency", ResInsolvency, "00006403", ""},
		{"/company/00006401/exemptions", ResExemptions, "00006401", ""},
		{"/company/00006400/registers", ResRegisters, "00006400", ""},
		{"/company/FC006406/uk-establishments", ResUKEstablishments, "FC006406", ""},
		{"/officers/abc123/appointments", ResAppointments, "", "abc123"},
		{"/search?q=marzipan", ResSearch, "", ""},
		{"/search/companies?q=marzipan&items_per_page=20", ResSearchCompanies, "", ""},
		{"/search/officers?q=hargreave", ResSearchOfficers, "", ""},
		{"/company/00006400/something-new", ResOther, "00006400", ""},
		{"/company/00006400/charges/c1/transactions", ResOther, "00006400", ""},
		{"/company/00006400/persons-with-significant-control/individual", ResOther, "00006400", ""},
		{"/company/00006400/officers/extra", ResOther, "00006400", ""},
		{"/company/6400", ResOther, "", ""},
		{"/company/sc006405", ResOther, "", ""},
		{"/search/disqualified-officers?q=grimthorpe", ResSearchDisqualified, "", ""},
		{"/disqualified-officers/natural/x1-Y_2", ResDisqualifiedNatural, "", "x1-Y_2"},
		{"/disqualified-officers/corporate/c9", ResDisqualifiedCorporate, "", "c9"},
		{"/disqualified-officers/natural", ResOther, "", ""},
		{"/disqualified-officers/someone/x", ResOther, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.link, func(t *testing.T) {
			r, err := Route(tc.link)
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != tc.kind || r.Number != tc.number || r.ID != tc.id || r.Link != tc.link {
				t.Fatalf("Route(%q) = %+v; want kind %d, number %q, id %q", tc.link, r, tc.kind, tc.number, tc.id)
			}
		})
	}
}

func TestRouteRefusesWhatIsNotTheRegistrys(t *testing.T) {
	for _, link := range []string{"", "insolvency", "https://evil.example/company/00006400", "//evil.example/x",
		"/company/00006400/../../x", "/company/0000\x1b6400", "/company/00006400#frag"} {
		if r, err := Route(link); !errors.Is(err, ErrRefusedLink) {
			t.Errorf("Route(%q) = %+v, %v; want it refused", link, r, err)
		}
	}
}

func TestCompanyResourceIsWhatRouteReadsBack(t *testing.T) {
	r := CompanyResource("SC006405")
	back, err := Route(r.Link)
	if err != nil || back != r {
		t.Fatalf("Route(%q) = %+v, %v; want %+v", r.Link, back, err, r)
	}
}

// Fetch decodes every kind the demo registry serves by its kind, and each
// kind's "nothing there" is an answer, not an error.
func TestFetchDecodesByKind(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	defer srv.Close()
	c, err := New(Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	get := func(link string) *Answer {
		t.Helper()
		r, err := Route(link)
		if err != nil {
			t.Fatal(err)
		}
		a, err := c.Fetch(ctx, r, Page{})
		if err != nil {
			t.Fatalf("Fetch(%s): %v", link, err)
		}
		if a.Resource != r {
			t.Fatalf("the answer is for %+v, not %+v", a.Resource, r)
		}
		return a
	}
	if p, _ := Value[*Profile](get("/company/00006400")); p == nil || p.CompanyName == "" || len(p.Raw) == 0 {
		t.Fatalf("profile answer %+v", p)
	}
	if a := get("/company/00006400/officers"); typed(a) == nil || len(a.value.(*Officers).Items) == 0 || len(a.Raw) == 0 {
		t.Fatalf("officers answer %+v", a)
	}
	if a := get("/company/00006400/filing-history"); typed(a) == nil || len(a.value.(*FilingHistory).Items) == 0 {
		t.Fatalf("filings answer %+v", a)
	}
	if a := get("/company/00006400/persons-with-significant-control-statements"); typed(a) == nil || len(a.value.(*PSCStatements).Items) == 0 {
		t.Fatalf("statements answer %+v", a)
	}
	if a := get("/company/00006401/persons-with-significant-control-statements"); typed(a) == nil || a.value.(*PSCStatements).Empty == "" {
		t.Fatalf("a 404 for statements is not an empty answer: %+v", a)
	}
	if a := get("/company/00006400/charges"); typed(a) == nil || len(a.value.(*Charges).Items) == 0 || a.Raw == nil {
		t.Fatalf("charges answer %+v", a)
	}
	if _, err := c.Fetch(ctx, CompanyResource("99999999"), Page{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Fetch of an unknown company: %v", err)
	}
}
