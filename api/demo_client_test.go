package api

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"coview/api/demo"
)

// The client against the demo registry over real loopback HTTP: every
// demo company, and the lists its profile links to, page by page.
func TestTheClientReadsEveryDemoCompanyAndItsLinks(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	defer srv.Close()
	c, err := New(Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, n := range demo.Numbers() {
		t.Run(n, func(t *testing.T) {
			p, err := c.Company(ctx, Number(n))
			if err != nil {
				t.Fatal(err)
			}
			if p.CompanyNumber != n || p.NumberMismatch() || len(p.Unreadable) > 0 || p.Links.Self == "" {
				t.Fatalf("profile %s: number %q, unreadable %v, self %q", n, p.CompanyNumber, p.Unreadable, p.Links.Self)
			}
			if l := p.Links.Officers; l != "" {
				seen := 0
				for start := 0; ; start += 35 {
					page, err := c.Officers(ctx, l, Page{StartIndex: start, ItemsPerPage: 35})
					if err != nil {
						t.Fatal(err)
					}
					seen += len(page.Items)
					if len(page.Items) == 0 || seen >= page.Total() {
						break
					}
				}
				if first, _ := c.Officers(ctx, l, Page{}); seen != first.Total() && first.Empty == "" {
					t.Fatalf("paged through %d officers, the list says %d", seen, first.Total())
				}
			}
			if l := p.Links.FilingHistory; l != "" {
				f, err := c.FilingHistory(ctx, l, Page{ItemsPerPage: 100})
				if err != nil {
					t.Fatal(err)
				}
				if len(f.Items) == 0 && f.Empty == "" {
					t.Fatal("an empty filing history without a reason")
				}
			}
			if l := p.Links.PersonsWithSignificantControlStatements; l != "" {
				s, err := c.PSCStatements(ctx, l, Page{})
				if err != nil || (len(s.Items) == 0 && s.Empty == "") {
					t.Fatalf("statements = %+v, %v", s, err)
				}
			}
		})
	}
}

func TestTheDemoRegistrysErrorsComeBackTyped(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	defer srv.Close()
	ctx := context.Background()
	wrong, _ := New(Options{BaseURL: srv.URL, Key: "00000000-0000-4000-8000-000000000000"})
	if _, err := wrong.Company(ctx, "00006400"); !errors.Is(err, ErrInvalidKey) {
		t.Fatalf("a wrong key: %v", err)
	}
	none, _ := New(Options{BaseURL: srv.URL})
	if _, err := none.Company(ctx, "00006400"); !errors.Is(err, ErrMissingKey) {
		t.Fatalf("no key: %v", err)
	}
	c, _ := New(Options{BaseURL: srv.URL, Key: demo.Key})
	if _, err := c.Company(ctx, "99999999"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown number: %v", err)
	}
	// A company without statements: the registry's 404 is "none", not an error.
	p, err := c.Company(ctx, "00006401")
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.PSCStatements(ctx, "/company/00006401/persons-with-significant-control-statements", Page{})
	if err != nil || s.Empty == "" || p.Links.PersonsWithSignificantControlStatements != "" {
		t.Fatalf("statements of 00006401 = %+v, %v", s, err)
	}
	// An officer's appointments lead to another company that exists.
	o, err := c.Officers(ctx, "/company/00006400/officers", Page{})
	if err != nil {
		t.Fatal(err)
	}
	walked := false
	for _, off := range o.Items {
		if off.Links.Appointments() == "" {
			continue
		}
		a, err := c.Appointments(ctx, off.Links.Appointments(), Page{})
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range a.Items {
			if item.AppointedTo.CompanyNumber != "00006400" {
				if _, err := c.Get(ctx, item.Links.Company, nil); err != nil {
					t.Fatalf("appointment link %s: %v", item.Links.Company, err)
				}
				walked = true
			}
		}
	}
	if !walked {
		t.Fatal("no officer of 00006400 leads to another company")
	}
}
