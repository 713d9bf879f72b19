package register

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

// liveCounter is a registry that counts what it is asked, and answers
// nothing.
type liveCounter struct{ asked []api.ResourceKind }

var errLive = errors.New("asked the registry")

func (l *liveCounter) Fetch(_ context.Context, res api.Resource, _ api.Page) (*api.Answer, error) {
	l.asked = append(l.asked, res.Kind)
	return nil, errLive
}

func TestASourceAnswersFromTheIndexWhatItHoldsAndAsksTheRegistryTheRest(t *testing.T) {
	ix := town(t)
	ctx := context.Background()
	advanced := api.CompanyQuery{NameIncludes: "software", Statuses: []string{"active"}}.Resource()
	dissolved := api.CompanyQuery{NameIncludes: "software", Statuses: []string{"dissolved"}}.Resource()
	alphabetical := api.AlphabeticalResource("gamma", "", "")
	company := api.CompanyResource("SC000007")
	officers, _ := api.Route("/company/SC000007/officers")
	for _, tc := range []struct {
		name       string
		res        api.Resource
		online     bool // asked of the registry online; offline, the index answers or refuses
		offlineErr bool
	}{
		{"an advanced search", advanced, false, false},
		{"the alphabetical index", alphabetical, false, false},
		{"a company: the live profile online, the file's offline", company, true, false},
		{"an advanced search for dissolved companies", dissolved, true, true},
		{"officers", officers, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			live := &liveCounter{}
			on := &Source{Index: ix, Live: live}
			a, err := on.Fetch(ctx, tc.res, api.Page{ItemsPerPage: 20})
			if asked := len(live.asked) == 1; asked != tc.online || asked != errors.Is(err, errLive) {
				t.Errorf("online: the registry asked %v, err %v", live.asked, err)
			}
			if !tc.online && (err != nil || a == nil || a.Raw == nil) {
				t.Errorf("online: the index's answer %v, %v", a, err)
			}
			off := &Source{Index: ix}
			a, err = off.Fetch(ctx, tc.res, api.Page{ItemsPerPage: 20})
			var le *LacksError
			if tc.offlineErr != errors.As(err, &le) || !tc.offlineErr && (err != nil || a == nil) {
				t.Errorf("offline: %v, %v", a, err)
			}
		})
	}
	a, err := (&Source{Index: ix}).Fetch(ctx, company, api.Page{})
	if p, ok := api.Value[*api.Profile](a); err != nil || !ok || p.CompanyName != "EPSILON SOFTWARE SOLUTIONS LTD" {
		t.Errorf("offline, the company is the file's: %+v %v", a, err)
	}
	if _, err := (&Source{Index: ix}).Fetch(ctx, api.CompanyResource("00009999"), api.Page{}); !errors.Is(err, ErrNotInFile) {
		t.Errorf("offline, a company the file does not hold: %v", err)
	}
}

func TestAProfileFromTheFileIsOverdueAsOfTheRegistersDayAndItsJSONLeavesOutWhatTheFileLacks(t *testing.T) {
	ix := indexOf(t,
		active("LATE LTD", "00000001").with("Accounts.NextDueDate", "31/10/2026", "ConfStmtNextDueDate", "02/11/2026",
			"Accounts.AccountRefDay", "31", "Accounts.AccountRefMonth", "1", "Accounts.AccountCategory", "DORMANT"),
	)
	p, err := ix.Profile(context.Background(), "00000001")
	if err != nil {
		t.Fatal(err)
	}
	// The register's file is of 1 Nov 2026: due on 31 Oct, the accounts
	// were overdue that day; due on 2 Nov, the statement was not.
	if a := p.Accounts; a == nil || a.Overdue == nil || !*a.Overdue || a.NextAccounts == nil || !*a.NextAccounts.Overdue {
		t.Errorf("accounts %+v", p.Accounts)
	}
	if c := p.ConfirmationStatement; c == nil || c.Overdue == nil || *c.Overdue {
		t.Errorf("confirmation statement %+v", p.ConfirmationStatement)
	}
	var raw map[string]any
	if err := json.Unmarshal(p.Raw, &raw); err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{"jurisdiction", "etag", "has_insolvency_history", "registered_office_is_in_dispute", "service_address"} {
		if _, ok := raw[absent]; ok {
			t.Errorf("the JSON has %s, which the file does not hold: %s", absent, p.Raw)
		}
	}
	if raw["company_name"] != "LATE LTD" || raw["links"].(map[string]any)["self"] != "/company/00000001" {
		t.Errorf("the JSON %s", p.Raw)
	}
	if !strings.Contains(string(p.Raw), `"accounting_reference_date":{"day":"31","month":"1"}`) {
		t.Errorf("the reference date in %s", p.Raw)
	}
}

func TestPagesListEveryMatchAsSearchPagesThem(t *testing.T) {
	ix := town(t)
	ctx := context.Background()
	q := Query{CompanyQuery: api.CompanyQuery{Location: "leeds"}}
	var got []string
	var starts []int
	err := ix.Pages(ctx, q, 2, func(f *api.FoundCompanies) error {
		if f.Total() != 5 || f.ItemsPerPage != 2 {
			t.Errorf("a page of %d counts %d", f.ItemsPerPage, f.Total())
		}
		starts = append(starts, f.StartIndex)
		for _, it := range f.Items {
			got = append(got, it.CompanyNumber)
		}
		var raw map[string]any
		if err := json.Unmarshal(f.Raw, &raw); err != nil || raw["kind"] != "search#advanced-search" {
			t.Errorf("a page's JSON %s", f.Raw)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := numbers(t, ix, q); !slices.Equal(got, want) || !slices.Equal(starts, []int{0, 2, 4}) {
		t.Errorf("pages at %v hold %v, want %v", starts, got, want)
	}
	stop := errors.New("enough")
	n := 0
	if err := ix.Pages(ctx, q, 2, func(*api.FoundCompanies) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Errorf("stopped after %d pages: %v", n, err)
	}
	empty := 0
	err = ix.Pages(ctx, Query{CompanyQuery: api.CompanyQuery{NameIncludes: "zebra"}}, 2, func(f *api.FoundCompanies) error {
		if f.Empty == "" || len(f.Items) != 0 {
			t.Errorf("nothing found: %+v", f)
		}
		empty++
		return nil
	})
	if err != nil || empty != 1 {
		t.Errorf("nothing found: %d pages, %v", empty, err)
	}
}
