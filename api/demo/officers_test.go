package demo_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"coview/api/demo"
)

type officerPage struct {
	TotalResults int `json:"total_results"`
	Items        []struct {
		Name        string `json:"name"`
		OfficerRole string `json:"officer_role"`
		AppointedOn string `json:"appointed_on"`
		ResignedOn  string `json:"resigned_on"`
	} `json:"items"`
}

func TestOfficersAreSortedAsAsked(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var p officerPage
	getJSON(t, srv, "/company/00006401/officers?order_by=appointed_on&items_per_page=100", &p)
	if len(p.Items) < 2 || !slices.IsSortedFunc(p.Items, func(a, b struct {
		Name        string `json:"name"`
		OfficerRole string `json:"officer_role"`
		AppointedOn string `json:"appointed_on"`
		ResignedOn  string `json:"resigned_on"`
	}) int {
		return strings.Compare(b.AppointedOn, a.AppointedOn)
	}) {
		t.Errorf("appointed_on: not the latest appointed first")
	}

	getJSON(t, srv, "/company/00006401/officers?order_by=resigned_on&items_per_page=100", &p)
	var resigned []string
	seenCurrent := false
	for _, o := range p.Items {
		switch {
		case o.ResignedOn == "":
			seenCurrent = true
		case seenCurrent:
			t.Fatalf("resigned_on: %s resigned, listed after an officer who has not", o.Name)
		default:
			resigned = append(resigned, o.ResignedOn)
		}
	}
	if len(resigned) < 2 || !slices.IsSortedFunc(resigned, func(a, b string) int { return strings.Compare(b, a) }) {
		t.Errorf("resigned_on: resignations %v are not the latest first", resigned)
	}

	getJSON(t, srv, "/company/00006400/officers?order_by=surname", &p)
	var surnames []string
	for _, o := range p.Items {
		s, _, _ := strings.Cut(o.Name, ",")
		surnames = append(surnames, strings.ToUpper(s))
	}
	if !slices.IsSorted(surnames) {
		t.Errorf("surname: %v", surnames)
	}
}

func TestOfficerQueriesTheRegistryRefusesAre400(t *testing.T) {
	tests := []struct{ name, query, parameter string }{
		{"an order the registry does not know", "order_by=name", "order_by"},
		{"an order in the wrong case", "order_by=Surname", "order_by"},
		{"a register view without its register", "register_view=true", "register_type"},
		{"a register that is not one of the three", "register_type=members", "register_type"},
		{"a register view that is not true or false", "register_type=directors&register_view=yes", "register_view"},
		{"a filter other than active", "filter=resigned", "filter"},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, srv, "/company/00006400/officers?"+tt.query)
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"location":"`+tt.parameter+`"`) {
				t.Errorf("status %d, body %s, want 400 naming %s", resp.StatusCode, body, tt.parameter)
			}
		})
	}
}

func TestOfficersOfOneRegister(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all, directors, secretaries officerPage
	getJSON(t, srv, "/company/00006400/officers", &all)
	getJSON(t, srv, "/company/00006400/officers?register_type=directors", &directors)
	getJSON(t, srv, "/company/00006400/officers?register_type=secretaries", &secretaries)
	if directors.TotalResults == 0 || directors.TotalResults+secretaries.TotalResults > all.TotalResults {
		t.Fatalf("%d directors and %d secretaries of %d officers", directors.TotalResults, secretaries.TotalResults, all.TotalResults)
	}
	for _, o := range directors.Items {
		if !strings.Contains(o.OfficerRole, "director") {
			t.Errorf("the register of directors lists a %s", o.OfficerRole)
		}
	}
	for _, o := range secretaries.Items {
		if !strings.Contains(o.OfficerRole, "secretary") {
			t.Errorf("the register of secretaries lists a %s", o.OfficerRole)
		}
	}
}

// A register view is the register as the registry holds it, so only a
// register moved to the public register has one: 00006411 moved its
// directors there in 2017 and kept its secretaries itself; 00006400 keeps
// every register at its office. The registry's appointments service
// answers 404 ("Register not held at Companies House") to the others.
func TestARegisterViewIsOfARegisterHeldAtTheRegistry(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var directors, view officerPage
	getJSON(t, srv, "/company/00006411/officers?register_type=directors", &directors)
	getJSON(t, srv, "/company/00006411/officers?register_type=directors&register_view=true", &view)
	for _, o := range view.Items {
		if o.ResignedOn != "" || !strings.Contains(o.OfficerRole, "director") {
			t.Errorf("the register of directors as held lists %s, a %s resigned on %q", o.Name, o.OfficerRole, o.ResignedOn)
		}
	}
	if view.TotalResults == 0 || view.TotalResults >= directors.TotalResults {
		t.Errorf("the register as held has %d of %d directors; the fixture has resigned ones", view.TotalResults, directors.TotalResults)
	}

	tests := []struct{ name, path string }{
		{"a company that keeps its registers itself", "/company/00006400/officers?register_type=directors&register_view=true"},
		{"a register the company did not move", "/company/00006411/officers?register_type=secretaries&register_view=true"},
		{"an LLP's members, kept at its office", "/company/OC006404/officers?register_type=llp_members&register_view=true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, srv, tt.path)
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("GET %s: status %d, body %s, want 404", tt.path, resp.StatusCode, body)
			}
		})
	}
}
