package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"coview/api/demo"
)

func demoClient(t *testing.T) *Client {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 1 << 30}))
	t.Cleanup(srv.Close)
	c, err := New(Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// typed is what an answer holds when it is of the Go type its kind is
// decoded into, else nil.
func typed(a *Answer) any {
	want, ok := kindTypes[a.Resource.Kind]
	if !ok || reflect.TypeOf(a.value) != reflect.TypeOf(want) {
		return nil
	}
	return a.value
}

// kindTypes are the Go types the kinds are decoded into, as callers read
// them with Value.
var kindTypes = map[ResourceKind]any{
	ResAdvancedSearch:     (*FoundCompanies)(nil),
	ResAlphabeticalSearch: (*FoundCompanies)(nil),
	ResDissolvedSearch:    (*FoundCompanies)(nil),

	ResCompany:          (*Profile)(nil),
	ResOfficers:         (*Officers)(nil),
	ResOfficer:          (*Officer)(nil),
	ResFilings:          (*FilingHistory)(nil),
	ResFiling:           (*FilingItem)(nil),
	ResPSCs:             (*PSCList)(nil),
	ResPSC:              (*PSC)(nil),
	ResPSCStatements:    (*PSCStatements)(nil),
	ResPSCStatement:     (*PSCStatement)(nil),
	ResCharges:          (*Charges)(nil),
	ResCharge:           (*Charge)(nil),
	ResInsolvency:       (*Insolvency)(nil),
	ResExemptions:       (*Exemptions)(nil),
	ResRegisters:        (*Registers)(nil),
	ResUKEstablishments: (*UKEstablishments)(nil),
	ResAppointments:     (*Appointments)(nil),
	ResSearch:           (*SearchResults)(nil),
	ResSearchCompanies:  (*SearchResults)(nil),
	ResSearchOfficers:   (*SearchResults)(nil),

	ResSearchDisqualified:    (*SearchResults)(nil),
	ResDisqualifiedNatural:   (*DisqualifiedPerson)(nil),
	ResDisqualifiedCorporate: (*DisqualifiedCorporate)(nil),
}

// Every link of every demo profile, and every item of the lists they
// lead to at its own link, is fetched and decoded into its kind's Go type
// with nothing unreadable: the demo serves the live shapes and the types
// read all of them.
func TestFetchReadsEveryResourceTheDemoProfilesLinkTo(t *testing.T) {
	c, ctx := demoClient(t), context.Background()
	fetch := func(t *testing.T, link string) *Answer {
		t.Helper()
		r, err := Route(link)
		if err != nil {
			t.Fatalf("Route(%s): %v", link, err)
		}
		a, err := c.Fetch(ctx, r, Page{ItemsPerPage: 100})
		if err != nil {
			t.Fatalf("Fetch(%s): %v", link, err)
		}
		if a.Raw == nil || typed(a) == nil {
			t.Fatalf("%s (kind %d): raw %d bytes, typed value %v", link, r.Kind, len(a.Raw), typed(a))
		}
		if len(a.Unreadable) > 0 {
			t.Errorf("%s: unreadable %v", link, a.Unreadable)
		}
		return a
	}
	kinds := map[ResourceKind]bool{}
	for _, n := range demo.Numbers() {
		t.Run(n, func(t *testing.T) {
			p, _ := Value[*Profile](fetch(t, CompanyPath(Number(n))))
			for _, l := range p.Links.All() {
				a := fetch(t, l.Path)
				kinds[a.Resource.Kind] = true
				var items []string
				switch v := a.value.(type) {
				case *PSCList:
					check(t, l.Path, v.Unreadable)
					for _, it := range v.Items {
						items = append(items, it.Links.Self)
					}
				case *Charges:
					check(t, l.Path, v.Unreadable)
					for _, it := range v.Items {
						items = append(items, it.Links.Self)
						for _, tx := range it.Transactions {
							items = append(items, tx.Links.Filing)
						}
					}
				case *Officers:
					check(t, l.Path, v.Unreadable)
					for _, it := range v.Items {
						items = append(items, it.Links.Self, it.Links.Appointments())
					}
				case *Insolvency:
					check(t, l.Path, v.Unreadable)
				case *Exemptions:
					check(t, l.Path, v.Unreadable)
				case *Registers:
					check(t, l.Path, v.Unreadable)
					for _, k := range v.Keys() {
						for _, m := range v.Registers[k].Items {
							items = append(items, m.Links.Filing)
						}
					}
				case *UKEstablishments:
					check(t, l.Path, v.Unreadable)
					for _, it := range v.Items {
						r, ok := it.Company()
						if !ok {
							t.Errorf("%s: %+v opens no company", l.Path, it)
						}
						items = append(items, r.Link)
					}
				}
				for _, link := range items {
					kinds[fetch(t, link).Resource.Kind] = true
				}
			}
		})
	}
	for _, k := range []ResourceKind{ResPSCs, ResPSC, ResCharges, ResCharge, ResFiling, ResOfficer, ResInsolvency,
		ResExemptions, ResRegisters, ResUKEstablishments, ResAppointments} {
		if !kinds[k] {
			t.Errorf("no demo company leads to a resource of kind %d", k)
		}
	}
}

func check(t *testing.T, link string, unreadable []string) {
	t.Helper()
	if len(unreadable) > 0 {
		t.Errorf("%s: unreadable %v", link, unreadable)
	}
}

// The walk the browser makes: a company, its owner (a corporate PSC that
// is a demo company), that company, its charges, a charge, and the filing
// that registered it.
func TestAnOwnershipChainLeadsToTheOwnersChargesAndTheirFilings(t *testing.T) {
	c, ctx := demoClient(t), context.Background()
	pscs, err := c.PSCs(ctx, "/company/00006413/persons-with-significant-control", Page{})
	if err != nil {
		t.Fatal(err)
	}
	if pscs.Total() != -1 {
		t.Errorf("00006413's PSC counts are meant to be missing, got a total of %d", pscs.Total())
	}
	var owner Number
	for _, p := range pscs.Items {
		if n, ok := p.RegisteredCompany(); ok && !p.IsCeased() {
			owner = n
		}
	}
	if owner != "00006412" {
		t.Fatalf("00006413's current owner is %q, want 00006412", owner)
	}
	profile, err := c.Company(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	charges, err := c.Charges(ctx, profile.Links.Charges, Page{})
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := charges.Outstanding(); !ok || out != 1 || *charges.PartSatisfiedCount != 1 || *charges.SatisfiedCount != 2 {
		t.Errorf("outstanding %d (%v), part satisfied %d, satisfied %d; want 1, 1, 2",
			out, ok, *charges.PartSatisfiedCount, *charges.SatisfiedCount)
	}
	lenders := 0
	for _, ch := range charges.Items {
		one, err := c.Charge(ctx, ch.Links.Self)
		if err != nil {
			t.Fatal(err)
		}
		lenders = max(lenders, len(one.PersonsEntitled))
		for _, tx := range one.Transactions {
			f, err := c.Filing(ctx, tx.Links.Filing)
			if err != nil {
				t.Fatalf("charge %s: its filing: %v", one.ChargeCode, err)
			}
			if f.Category != "mortgage" {
				t.Errorf("charge %s leads to a %q filing", one.ChargeCode, f.Category)
			}
		}
	}
	if lenders < 3 {
		t.Errorf("no charge of 00006412 has several lenders (most: %d)", lenders)
	}
	// And up the chain: 00006412 is owned by 00006411, whose owners are people.
	up, err := c.PSCs(ctx, "/company/00006412/persons-with-significant-control", Page{})
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := up.Items[0].RegisteredCompany(); !ok || n != "00006411" {
		t.Errorf("00006412's owner is %q, want 00006411", n)
	}
	top, err := c.PSCs(ctx, "/company/00006411/persons-with-significant-control", Page{})
	if err != nil {
		t.Fatal(err)
	}
	secure := 0
	for _, p := range top.Items {
		if _, ok := p.RegisteredCompany(); ok {
			t.Errorf("00006411 is owned by a company: %+v", p)
		}
		if p.Category() == PSCSuperSecure {
			secure++
			one, err := c.PSC(ctx, p.Links.Self)
			if err != nil {
				t.Fatal(err)
			}
			if one.Ceased == nil || one.IsCeased() || one.Name != "" {
				t.Errorf("the super-secure PSC alone: %+v", one)
			}
		}
	}
	if secure != 1 {
		t.Errorf("%d super-secure PSCs at the top of the chain, want 1", secure)
	}
}

func TestFetchKeepsWhatItDoesNotKnowAsRawAndSaysWhatItCouldNotRead(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/company/00000001/appointments/a":
			jsonReply(200, `{"name":"KEPT, Name","officer_role":["director"],"links":{"self":"/company/00000001/appointments/a"}}`)(w, r)
		case "/company/00000001/something-new":
			jsonReply(200, `{"anything":[1,2,3]}`)(w, r)
		case "/company/00000001/insolvency":
			jsonReply(404, `{"errors":[{"error":"company-insolvencies-not-found","type":"ch:service"}]}`)(w, r)
		}
	})
	c, ctx := newClient(t, srv.URL), context.Background()
	fetch := func(link string) *Answer {
		t.Helper()
		r, err := Route(link)
		if err != nil {
			t.Fatal(err)
		}
		a, err := c.Fetch(ctx, r, Page{})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	if a := fetch("/company/00000001/appointments/a"); typed(a) == nil || a.value.(*Officer).Name != "KEPT, Name" ||
		len(a.Unreadable) != 1 || a.Unreadable[0] != "officer_role" || a.Raw == nil {
		t.Errorf("a single officer: %+v", a)
	}
	if a := fetch("/company/00000001/something-new"); a.Resource.Kind != ResOther || string(a.Raw) != `{"anything":[1,2,3]}` || a.value != nil {
		t.Errorf("an unknown resource: %+v", a)
	}
	if a := fetch("/company/00000001/insolvency"); typed(a) == nil || a.value.(*Insolvency).Empty == "" || a.Raw != nil {
		t.Errorf("no insolvency: %+v", a)
	}
}
