package demo_test

import (
	"fmt"
	"slices"
	"testing"

	"coview/api"
	"coview/api/demo"
)

// nomineeID is the formation agent's nominee director, first director of
// 00006413 and of the generated companies 00007900-00007959.
const nomineeID = "q7HnT2pW-xKc9vRm0LzAe4YbJ8s"

type officerRef struct {
	Name        string `json:"name"`
	ResignedOn  string `json:"resigned_on"`
	DateOfBirth *struct {
		Month, Year int
	} `json:"date_of_birth"`
	Links struct {
		Officer struct {
			Appointments string `json:"appointments"`
		} `json:"officer"`
	} `json:"links"`
}

// The registry opens a new officer record when details differ, so one
// woman appears under two ids with the same name and birth month; another
// woman of the same name was born in another month and must stay apart.
func TestOnePersonUnderTwoIdsAndANamesakeBornInAnotherMonth(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	type record struct {
		dob       string
		companies []string
	}
	ids := map[string]*record{}
	for _, number := range demo.Numbers() {
		var list struct {
			Items []officerRef `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/officers?items_per_page=100", &list)
		for _, o := range list.Items {
			if o.Name != "SPROCKETT, Wilhelmina Joan" {
				continue
			}
			id := o.Links.Officer.Appointments
			if ids[id] == nil {
				ids[id] = &record{dob: fmt.Sprintf("%d/%d", o.DateOfBirth.Month, o.DateOfBirth.Year)}
			}
			ids[id].companies = append(ids[id].companies, number)
		}
	}
	byDOB := map[string][]string{}
	for id, r := range ids {
		byDOB[r.dob] = append(byDOB[r.dob], id)
		var a appointments
		getJSON(t, srv, id, &a)
		got := []string{}
		for _, it := range a.Items {
			got = append(got, it.AppointedTo.CompanyNumber)
		}
		slices.Sort(got)
		slices.Sort(r.companies)
		if !slices.Equal(got, r.companies) || fmt.Sprintf("%d/%d", a.DateOfBirth.Month, a.DateOfBirth.Year) != r.dob {
			t.Errorf("%s lists %v born %v; the officer lists say %v born %s", id, got, a.DateOfBirth, r.companies, r.dob)
		}
	}
	if len(byDOB["5/1972"]) != 2 || len(byDOB["8/1972"]) != 1 || len(ids) != 3 {
		t.Errorf("Wilhelmina Joan Sprockett's ids by date of birth: %v; want two for 5/1972 and one for 8/1972", byDOB)
	}
}

func TestAnOfficerWithMoreThan50Appointments(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all []appointment
	var first struct {
		appointments
		ActiveCount   int `json:"active_count"`
		ResignedCount int `json:"resigned_count"`
	}
	for start := 0; ; start += 50 {
		var page appointments
		getJSON(t, srv, fmt.Sprintf("/officers/%s/appointments?items_per_page=50&start_index=%d", nomineeID, start), &page)
		all = append(all, page.Items...)
		if start+len(page.Items) >= page.TotalResults {
			break
		}
	}
	getJSON(t, srv, "/officers/"+nomineeID+"/appointments", &first)
	if len(all) != 61 || first.TotalResults != 61 || first.ActiveCount != 12 || first.ResignedCount != 49 {
		t.Fatalf("%d appointments over the pages; total %d, active %d, resigned %d; want 61, 61, 12, 49",
			len(all), first.TotalResults, first.ActiveCount, first.ResignedCount)
	}
	seen := map[string]bool{}
	for i, a := range all {
		n := a.AppointedTo.CompanyNumber
		if seen[n] {
			t.Errorf("%s is listed twice", n)
		}
		seen[n] = true
		var p struct {
			CompanyName string `json:"company_name"`
		}
		getJSON(t, srv, a.Links.Company, &p)
		if p.CompanyName != a.AppointedTo.CompanyName {
			t.Errorf("appointment %d names %q, the company is %q", i, a.AppointedTo.CompanyName, p.CompanyName)
		}
		if n != "00006413" && (!demo.IsGenerated(n) || n < "00007900" || n > "00007959") {
			t.Errorf("appointment %d is at %s", i, n)
		}
	}
	if !seen["00006413"] {
		t.Error("the nominee's appointments leave out 00006413")
	}
	// Each generated company lists the nominee under the same id.
	var officers struct {
		Items []officerRef `json:"items"`
	}
	getJSON(t, srv, "/company/00007925/officers", &officers)
	if len(officers.Items) != 2 || officers.Items[1].Links.Officer.Appointments != "/officers/"+nomineeID+"/appointments" {
		t.Errorf("00007925's officers: %+v", officers.Items)
	}
}

// link is a tie between two demo companies: a person on both boards, or
// one company owning the other. It is current when both appointments (or
// the ownership) still stand.
type link struct {
	a, b    string // for ownership, a owns b
	current bool
	via     string // the officer's or the owner's name
	owns    bool
}

// demoNetwork gathers the ties among the catalogue companies, as a
// connections page would: through each officer's appointments and each
// corporate PSC registered here.
func demoNetwork(t *testing.T) []link {
	srv := serve(t, demo.Options{Limit: plenty})
	var links []link
	catalogue := demo.Numbers()
	for _, number := range catalogue {
		var list struct {
			Items []officerRef `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/officers?items_per_page=100", &list)
		for _, o := range list.Items {
			var a struct {
				Items []struct {
					appointment
					ResignedOn string `json:"resigned_on"`
				} `json:"items"`
			}
			getJSON(t, srv, o.Links.Officer.Appointments+"?items_per_page=50", &a)
			for _, it := range a.Items {
				other := it.AppointedTo.CompanyNumber
				if other <= number || !slices.Contains(catalogue, other) {
					continue
				}
				current := o.ResignedOn == "" && it.ResignedOn == "" && it.AppointedTo.CompanyStatus != "dissolved"
				links = append(links, link{a: number, b: other, current: current, via: o.Name})
			}
		}
		var pscs api.PSCList
		getJSON(t, srv, "/company/"+number+"/persons-with-significant-control", &pscs)
		for _, p := range pscs.Items {
			if owner, ok := p.RegisteredCompany(); ok {
				links = append(links, link{a: string(owner), b: number, current: !p.IsCeased(), via: p.Name, owns: true})
			}
		}
	}
	return links
}

// cluster is the set of companies reachable from start over the links
// that pass keep.
func cluster(links []link, start string, keep func(link) bool) []string {
	in := map[string]bool{start: true}
	for grew := true; grew; {
		grew = false
		for _, l := range links {
			if keep(l) && in[l.a] != in[l.b] {
				in[l.a], in[l.b], grew = true, true, true
			}
		}
	}
	var out []string
	for n := range in {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

func TestTheDemoCompaniesFormANetwork(t *testing.T) {
	links := demoNetwork(t)
	all := func(link) bool { return true }
	current := func(l link) bool { return l.current }
	tests := []struct {
		name  string
		start string
		keep  func(link) bool
		want  []string
	}{
		{"the Gooseberry group is held together by current directors and owners", "00006413", current,
			[]string{"00006411", "00006412", "00006413"}},
		{"the Scottish confectioners form their own cluster", "SC006414", all,
			[]string{"SC006414", "SC006416"}},
		{"the overseas company reaches its overseas-entity cousin through a managing officer", "FC006406", all,
			[]string{"FC006406", "OE006415"}},
		{"the fully populated company's cluster, by current ties alone", "00006400", current,
			[]string{"00006400", "00006401", "00006407", "00006409", "OC006404"}},
		{"the liquidated company shares a current director with the Scottish distiller", "00006403", current,
			[]string{"00006403", "SC006405"}},
		{"past ties join the Gooseberry group to the PLC that once owned 00006413", "00006413", all,
			[]string{"00006400", "00006401", "00006402", "00006403", "00006407", "00006409", "00006411", "00006412", "00006413", "OC006404", "SC006405"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cluster(links, tt.start, tt.keep); !slices.Equal(got, tt.want) {
				t.Errorf("cluster of %s = %v, want %v", tt.start, got, tt.want)
			}
		})
	}
	var owned []string
	for _, l := range links {
		if l.owns {
			owned = append(owned, fmt.Sprintf("%s owns %s (current %v)", l.a, l.b, l.current))
		}
	}
	want := []string{
		"00006411 owns 00006412 (current true)", "00006412 owns 00006413 (current true)",
		"00006401 owns 00006413 (current false)", "SC006414 owns SC006416 (current true)",
	}
	slices.Sort(owned)
	slices.Sort(want)
	if !slices.Equal(owned, want) {
		t.Errorf("corporate PSCs between demo companies: %v, want %v", owned, want)
	}
}
