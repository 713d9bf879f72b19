package api

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestProfileReadsLiveShapes(t *testing.T) {
	body := `{
	  "company_number":"FC040879","company_name":"EXAMPLE","type":"oversea-company","can_file":true,
	  "accounts":{"accounting_reference_date":{"day":"31","month":2},"last_accounts":{"type":"null"},
	              "next_accounts":{"overdue":false,"period_end_on":"2026-12-31"}},
	  "previous_company_names":null,"sic_codes":null,"unknown_member":{"x":[1,2,3]},
	  "links":{"self":"/company/FC040879","uk_establishments":"/company/FC040879/uk-establishments","brand_new":"/x"},
	  "registered_office_address":{"country":"South Africa","region":"Gauteng 2000"}
	}`
	p, err := DecodeProfile([]byte(body), "FC040879")
	if err != nil {
		t.Fatal(err)
	}
	if p.Accounts.AccountingReferenceDate.Day != "31" || p.Accounts.AccountingReferenceDate.Month != "2" {
		t.Fatalf("day/month = %+v", p.Accounts.AccountingReferenceDate)
	}
	if p.PreviousCompanyNames != nil || p.SICCodes != nil || p.ConfirmationStatement != nil {
		t.Fatal("null and absent members should read as empty")
	}
	if p.Links.UKEstablishments == "" || p.Links.Other["brand_new"] != "/x" {
		t.Fatalf("links = %+v", p.Links)
	}
	if len(p.Unreadable) != 0 || p.NumberMismatch() {
		t.Fatalf("unreadable %v mismatch %v", p.Unreadable, p.NumberMismatch())
	}
	names := []string{}
	for _, l := range p.Links.All() {
		names = append(names, l.Name)
	}
	if !reflect.DeepEqual(names, []string{"self", "uk_establishments", "brand_new"}) {
		t.Fatalf("All() = %v", names)
	}
}

func TestMembersOfTheWrongTypeSpoilOnlyThemselves(t *testing.T) {
	body := `{
	  "company_number":"00006400","company_name":"GOOD NAME","type":["ltd"],"can_file":"yes",
	  "has_charges":true,"sic_codes":"62012","date_of_creation":20200101,
	  "accounts":{"overdue":"no","next_accounts":{"due_on":"2027-01-01","overdue":1},"accounting_reference_date":{"day":{},"month":"03"}},
	  "registered_office_address":["a","b"],
	  "previous_company_names":[{"name":"OLD","ceased_on":5},"junk"],
	  "links":{"self":"/company/00006400","officers":42}
	}`
	p, err := DecodeProfile([]byte(body), "00006400")
	if err != nil {
		t.Fatal(err)
	}
	if p.CompanyName != "GOOD NAME" || p.HasCharges == nil || !*p.HasCharges || p.Accounts.NextAccounts.DueOn != "2027-01-01" {
		t.Fatalf("good members lost: %+v", p)
	}
	if p.Accounts.AccountingReferenceDate.Month != "03" || p.PreviousCompanyNames[0].Name != "OLD" || p.Links.Self == "" {
		t.Fatalf("good nested members lost: %+v", p)
	}
	want := []string{"type", "sic_codes", "date_of_creation", "can_file", "registered_office_address",
		"accounts.accounting_reference_date.day", "accounts.next_accounts.overdue", "accounts.overdue",
		"previous_company_names[0].ceased_on", "previous_company_names[1]", "links.officers"}
	for _, w := range want {
		found := false
		for _, u := range p.Unreadable {
			found = found || u == w
		}
		if !found {
			t.Errorf("Unreadable %v does not list %q", p.Unreadable, w)
		}
	}
}

func TestDeeplyNestedJSONIsAnErrorNotACrash(t *testing.T) {
	body := `{"company_name":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	if _, err := DecodeProfile([]byte(body), "00000001"); err == nil {
		// Either refusing or reading it is fine; crashing is not. A very
		// deep value must at least not become the name.
		t.Log("deep JSON was read leniently")
	}
	body = `{"company_name":"X","accounts":` + strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000) + `}`
	p, err := DecodeProfile([]byte(body), "00000001")
	if err != nil || p.CompanyName != "X" {
		t.Fatalf("p = %+v, err = %v", p, err)
	}
}

func TestListsWithNothingInThemAreAnswersWithAReason(t *testing.T) {
	srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/company/1/officers":
			jsonReply(200, `{"items":[],"active_count":0,"resigned_count":0,"etag":""}`)(w, r)
		case "/company/1/filing-history":
			jsonReply(200, `{"total_count":0,"filing_history_status":"filing-history-not-available-invalid-format"}`)(w, r)
		case "/company/2/filing-history":
			jsonReply(404, `{"errors":[{"error":"filing-history-not-found"}]}`)(w, r)
		case "/company/1/persons-with-significant-control-statements":
			jsonReply(404, `{"errors":[{"error":"psc-statements-not-found"}]}`)(w, r)
		default:
			jsonReply(404, `{}`)(w, r)
		}
	})
	c := newClient(t, srv.URL)
	ctx := context.Background()
	o, err := c.Officers(ctx, "/company/1/officers", Page{})
	if err != nil || !strings.Contains(o.Empty, "No officers") {
		t.Fatalf("officers = %+v, %v", o, err)
	}
	f, err := c.FilingHistory(ctx, "/company/1/filing-history", Page{})
	if err != nil || !strings.Contains(f.Empty, "not available") || !strings.Contains(f.Empty, "invalid format") {
		t.Fatalf("filing = %+v, %v", f, err)
	}
	f, err = c.FilingHistory(ctx, "/company/2/filing-history", Page{})
	if err != nil || f.Empty == "" {
		t.Fatalf("filing 404 = %+v, %v", f, err)
	}
	p, err := c.PSCStatements(ctx, "/company/1/persons-with-significant-control-statements", Page{StartIndex: 25, ItemsPerPage: 25})
	if err != nil || !strings.Contains(p.Empty, "no statements") {
		t.Fatalf("psc = %+v, %v", p, err)
	}
	if q := rec.last().URL.Query(); q.Get("start_index") != "25" || q.Get("items_per_page") != "25" {
		t.Fatalf("paging query = %v", q)
	}
	if _, err := c.Officers(ctx, "https://elsewhere.example/company/1/officers", Page{}); err == nil {
		t.Fatal("an absolute officers link was followed")
	}
}

func TestFilingItemsReadSubcategoryEitherWayAndValuesAsText(t *testing.T) {
	srv, _ := serve(t, jsonReply(200, `{"total_count":2,"items":[
	  {"type":"AA","subcategory":"officers","description_values":{"made_up_date":"2026-03-31","capital":[{"figure":"1"}]},"pages":3},
	  {"type":"CS01","subcategory":["a","b"],"description_values":{"n":5}}]}`))
	f, err := newClient(t, srv.URL).FilingHistory(context.Background(), "/company/1/filing-history", Page{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Total() != 2 || len(f.Items) != 2 || !reflect.DeepEqual([]string(f.Items[1].Subcategory), []string{"a", "b"}) || f.Items[0].Subcategory[0] != "officers" {
		t.Fatalf("items = %+v", f.Items)
	}
	if v := f.Items[0].Values(); v["made_up_date"] != "2026-03-31" || len(v) != 1 {
		t.Fatalf("values = %v", v)
	}
	if v := f.Items[1].Values(); v["n"] != "5" {
		t.Fatalf("values = %v", v)
	}
}
