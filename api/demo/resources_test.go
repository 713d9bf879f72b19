package demo_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"coview/api/demo"
)

func TestOfficerLists(t *testing.T) {
	tests := []struct {
		name                              string
		number                            string
		total, active, resigned, inactive int
		roles                             []string
	}{
		{"the fully populated company has current and former officers", "00006400", 8, 5, 3, 0, []string{"director", "secretary", "corporate-secretary"}},
		{"the PLC has a long list with every kind of director", "00006401", 130, 12, 118, 0, []string{"director", "secretary", "corporate-director", "corporate-secretary"}},
		{"a dissolved company's remaining officers are inactive, not active", "00006402", 3, 0, 1, 2, []string{"director"}},
		{"an LLP has designated and ordinary members", "OC006404", 4, 3, 1, 0, []string{"llp-designated-member", "llp-member"}},
		{"a company without officers answers an empty list, not 404", "00006408", 0, 0, 0, 0, nil},
		{"a UK establishment has no officers of its own", "BR006410", 0, 0, 0, 0, nil},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p page
			getJSON(t, srv, "/company/"+tt.number+"/officers?items_per_page=100", &p)
			if p.Kind != "officer-list" || p.Links.Self != "/company/"+tt.number+"/officers" {
				t.Errorf("kind %q, links.self %q", p.Kind, p.Links.Self)
			}
			if p.total() != tt.total || p.ActiveCount != tt.active || p.ResignedCount != tt.resigned || p.InactiveCount != tt.inactive {
				t.Errorf("total %d active %d resigned %d inactive %d; want %d %d %d %d",
					p.total(), p.ActiveCount, p.ResignedCount, p.InactiveCount, tt.total, tt.active, tt.resigned, tt.inactive)
			}
			if p.Items == nil {
				t.Error("items is null or absent, want a list")
			}
			roles := map[string]bool{}
			for _, raw := range p.Items {
				var o struct {
					Name        string `json:"name"`
					OfficerRole string `json:"officer_role"`
					DateOfBirth *struct {
						Month, Year int
					} `json:"date_of_birth"`
				}
				if err := json.Unmarshal(raw, &o); err != nil {
					t.Fatalf("%v in %s", err, raw)
				}
				roles[o.OfficerRole] = true
				person := !strings.HasPrefix(o.OfficerRole, "corporate-")
				if person && !strings.Contains(o.Name, ", ") {
					t.Errorf("%q is not written SURNAME, Forenames", o.Name)
				}
				if person && !strings.Contains(o.OfficerRole, "secretary") && o.DateOfBirth == nil {
					t.Errorf("%s has no date of birth", o.Name)
				}
			}
			for _, r := range tt.roles {
				if !roles[r] {
					t.Errorf("no officer has the role %s", r)
				}
			}
		})
	}
	t.Run("a company without officers has an empty etag, as live", func(t *testing.T) {
		_, body := get(t, srv, "/company/00006408/officers")
		want := `{"etag":"","kind":"officer-list","links":{"self":"/company/00006408/officers"},"items_per_page":35,"start_index":0,"total_results":0,"active_count":0,"resigned_count":0,"inactive_count":0,"items":[]}`
		if string(body) != want {
			t.Errorf("body %s\nwant %s", body, want)
		}
	})
}

func TestFilingHistoryWithNothingOnFile(t *testing.T) {
	tests := []struct {
		name, number, body string
	}{
		{"a company with no filings has an available but empty history", "BR006410",
			`{"etag":"","kind":"filing-history","filing_history_status":"filing-history-available","items_per_page":25,"start_index":0,"total_count":0}`},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, srv, "/company/"+tt.number+"/filing-history")
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			// The etag is made from the fixture; compare the rest.
			var got, want map[string]any
			json.Unmarshal(body, &got)
			json.Unmarshal([]byte(tt.body), &want)
			delete(got, "etag")
			delete(want, "etag")
			if !jsonMapsEqual(got, want) {
				t.Errorf("body %s\nwant %s", body, tt.body)
			}
		})
	}
}

// An overseas company's number starts FC, for which the registry's rules
// say its filing history is available: its status and its list agree.
func TestAnOverseasCompanysHistoryIsAvailableAndListed(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var fh struct {
		Status     string `json:"filing_history_status"`
		TotalCount int    `json:"total_count"`
		Items      []struct {
			Type string `json:"type"`
		} `json:"items"`
	}
	getJSON(t, srv, "/company/FC006406/filing-history", &fh)
	if fh.Status != "filing-history-available" || fh.TotalCount != len(fh.Items) || fh.TotalCount == 0 {
		t.Fatalf("status %q with %d of %d filings", fh.Status, len(fh.Items), fh.TotalCount)
	}
	if fh.Items[len(fh.Items)-1].Type != "OSIN01" {
		t.Errorf("the first filing is %q, want the UK establishment's registration (OSIN01)", fh.Items[len(fh.Items)-1].Type)
	}
}

func jsonMapsEqual(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func TestPSCStatements(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var p page
	getJSON(t, srv, "/company/00006400/persons-with-significant-control-statements", &p)
	if p.total() != 2 || p.ActiveCount != 1 || p.CeasedCount != 1 {
		t.Errorf("total %d, active %d, ceased %d; want 2, 1, 1", p.total(), p.ActiveCount, p.CeasedCount)
	}
	var s struct {
		Kind, Statement string
	}
	json.Unmarshal(p.Items[0], &s)
	if s.Kind != "persons-with-significant-control-statement" || s.Statement != "no-individual-or-entity-with-signficant-control" {
		t.Errorf("first statement %+v: want the live (misspelt) no-individual key", s)
	}

	var failed page
	getJSON(t, srv, "/company/00006407/persons-with-significant-control-statements", &failed)
	var linked struct {
		Statement     string `json:"statement"`
		LinkedPSCName string `json:"linked_psc_name"`
	}
	json.Unmarshal(failed.Items[0], &linked)
	if linked.Statement != "psc-has-failed-to-confirm-changed-details" || linked.LinkedPSCName == "" {
		t.Errorf("00006407's statement %+v: want a failure to confirm with the PSC's name", linked)
	}
}

// TestPSCStatementLinksMatchThe404s checks that the profile links to PSC
// statements exactly when the list exists, so a client that follows links
// never meets the 404.
func TestPSCStatementLinksMatchThe404s(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, number := range demo.Numbers() {
		var profile struct {
			Links map[string]string `json:"links"`
		}
		getJSON(t, srv, "/company/"+number, &profile)
		_, linked := profile.Links["persons_with_significant_control_statements"]
		resp, _ := get(t, srv, "/company/"+number+"/persons-with-significant-control-statements")
		if linked != (resp.StatusCode == http.StatusOK) {
			t.Errorf("%s: linked %v, but the list answers %d", number, linked, resp.StatusCode)
		}
	}
}

type appointments struct {
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	IsCorporateOfficer bool   `json:"is_corporate_officer"`
	DateOfBirth        *struct {
		Month, Year int
	} `json:"date_of_birth"`
	TotalResults int           `json:"total_results"`
	Items        []appointment `json:"items"`
}

type appointment struct {
	AppointedTo struct {
		CompanyNumber string `json:"company_number"`
		CompanyName   string `json:"company_name"`
		CompanyStatus string `json:"company_status"`
	} `json:"appointed_to"`
	Name        string `json:"name"`
	OfficerRole string `json:"officer_role"`
	Links       struct {
		Company string `json:"company"`
	} `json:"links"`
}

func TestWalkingFromACompanyThroughItsOfficersToOtherCompanies(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var officers struct {
		Items []struct {
			Name  string `json:"name"`
			Links struct {
				Officer struct {
					Appointments string `json:"appointments"`
				} `json:"officer"`
			} `json:"links"`
		} `json:"items"`
	}
	getJSON(t, srv, "/company/00006400/officers", &officers)

	elsewhere := map[string][]string{} // officer name -> other companies
	for _, o := range officers.Items {
		var a appointments
		getJSON(t, srv, o.Links.Officer.Appointments, &a)
		if a.Kind != "personal-appointment" || a.Name != o.Name || a.TotalResults != len(a.Items) {
			t.Errorf("%s: kind %q, name %q, %d of %d items", o.Name, a.Kind, a.Name, len(a.Items), a.TotalResults)
		}
		if !slices.ContainsFunc(a.Items, func(it appointment) bool {
			return it.AppointedTo.CompanyNumber == "00006400"
		}) {
			t.Errorf("%s's appointments do not include the company we came from", o.Name)
		}
		for _, it := range a.Items {
			if it.AppointedTo.CompanyNumber == "00006400" {
				continue
			}
			var profile struct {
				CompanyNumber string `json:"company_number"`
				CompanyName   string `json:"company_name"`
			}
			getJSON(t, srv, it.Links.Company, &profile)
			if profile.CompanyNumber != it.AppointedTo.CompanyNumber || profile.CompanyName != it.AppointedTo.CompanyName {
				t.Errorf("%s leads to %s %q, but the appointment says %s %q", o.Name,
					profile.CompanyNumber, profile.CompanyName, it.AppointedTo.CompanyNumber, it.AppointedTo.CompanyName)
			}
			elsewhere[o.Name] = append(elsewhere[o.Name], profile.CompanyNumber)
		}
	}
	if len(elsewhere) < 3 {
		t.Errorf("only %d officers of 00006400 sit on other demo boards: %v", len(elsewhere), elsewhere)
	}
	if len(elsewhere["HARGREAVE, Eleanor Mabel"]) != 2 {
		t.Errorf("Eleanor Hargreave should lead to two other companies, got %v", elsewhere["HARGREAVE, Eleanor Mabel"])
	}
}

func TestAppointmentLists(t *testing.T) {
	tests := []struct {
		name      string
		id        string
		corporate bool
		total     int
		first     string // company of the first item: current appointments come first
	}{
		{"a director of three companies, one dissolved", "aLPIZckotbZ8y-YwrnfapWZqBTz", false, 3, "00006401"},
		{"a corporate secretary is flagged as a corporate officer", "bAGZqULdEViF0Xqf8CBMEFeujCV", true, 3, "00006403"},
		{"a secretary, director and LLP member", "zzqqNr90DDKjJFrMw5VW-e--1J0", false, 3, "OC006404"},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a appointments
			getJSON(t, srv, "/officers/"+tt.id+"/appointments", &a)
			if a.IsCorporateOfficer != tt.corporate || a.TotalResults != tt.total || a.Items[0].AppointedTo.CompanyNumber != tt.first {
				t.Errorf("corporate %v, %d appointments, first at %s; want %v, %d, %s",
					a.IsCorporateOfficer, a.TotalResults, a.Items[0].AppointedTo.CompanyNumber, tt.corporate, tt.total, tt.first)
			}
			if !tt.corporate && a.DateOfBirth == nil {
				t.Error("a person's appointment list has no date of birth")
			}
			if tt.corporate && a.DateOfBirth != nil {
				t.Error("a corporate officer has a date of birth")
			}
		})
	}
}

func TestSingleItemsAreServedAtTheirSelfLinks(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, list := range []string{
		"/company/00006400/officers",
		"/company/00006400/filing-history",
		"/company/00006400/persons-with-significant-control-statements",
		"/company/00006400/charges",
		"/company/00006412/charges",
		"/company/00006412/persons-with-significant-control",
		"/company/OE006415/officers",
		"/company/00007900/officers",
	} {
		t.Run(list, func(t *testing.T) {
			var p page
			getJSON(t, srv, list, &p)
			for _, raw := range p.Items {
				var it struct {
					Links struct{ Self string } `json:"links"`
				}
				json.Unmarshal(raw, &it)
				_, body := get(t, srv, it.Links.Self)
				if !jsonEqual(t, body, raw) {
					t.Errorf("%s is not the item of the list", it.Links.Self)
				}
			}
		})
	}
}

// A person's appointments carry their name in parts (name_elements), as
// live; a corporate body's do not.
func TestAppointmentsCarryNameElements(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	type page struct {
		Items []struct {
			Name         string `json:"name"`
			NameElements *struct {
				Forename       string `json:"forename"`
				OtherForenames string `json:"other_forenames"`
				Surname        string `json:"surname"`
			} `json:"name_elements"`
		} `json:"items"`
	}
	var officers struct {
		Items []struct {
			Name           string          `json:"name"`
			Identification json.RawMessage `json:"identification"`
			Links          struct {
				Officer struct {
					Appointments string `json:"appointments"`
				} `json:"officer"`
			} `json:"links"`
		} `json:"items"`
	}
	getJSON(t, srv, "/company/00006400/officers", &officers)
	people, bodies := 0, 0
	for _, o := range officers.Items {
		var a page
		getJSON(t, srv, o.Links.Officer.Appointments, &a)
		for _, it := range a.Items {
			e := it.NameElements
			switch {
			case o.Identification != nil && e != nil:
				t.Errorf("%s, a corporate body, has name elements %+v", it.Name, *e)
			case o.Identification != nil:
				bodies++
			case e == nil:
				t.Errorf("%s has no name elements", it.Name)
			case !strings.HasPrefix(it.Name, e.Surname+", "+e.Forename) || (e.OtherForenames != "" && !strings.HasSuffix(it.Name, " "+e.OtherForenames)):
				t.Errorf("%s is %+v in parts", it.Name, *e)
			default:
				people++
			}
		}
	}
	if people == 0 || bodies == 0 {
		t.Errorf("%d people's and %d corporate bodies' appointments seen; the fixture has both", people, bodies)
	}
}
