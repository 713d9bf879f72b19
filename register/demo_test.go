package register

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// demoIndex downloads the demo's monthly file from its download site, as
// coview --demo index update does, and builds an index of it.
func demoIndex(t *testing.T) *Index {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	site := testkit.Serve(t, demo.NewDownloadHandler(now))
	ctx := context.Background()
	m, err := Find(ctx, site.Client(), site.URL+"/en_output.html")
	if err != nil {
		t.Fatal(err)
	}
	if m.Date != "2026-11-01" || len(m.Parts) != 2 {
		t.Fatalf("the demo's page links %+v", m)
	}
	dir := t.TempDir()
	zipPath := filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.zip")
	if _, err := Download(ctx, m.URL, zipPath, DownloadOptions{Client: site.Client()}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, DemoFileName)
	meta, err := Update(ctx, path, []string{zipPath}, UpdateOptions{Origin: Origin{URL: m.URL, Demo: true}})
	if err != nil {
		t.Fatal(err)
	}
	if meta.Rows != demo.MonthlyRows()+1 || meta.Malformed != 3 || meta.Skipped != 2 || meta.FileDate != "2026-11-01" {
		t.Errorf("the demo's file read as %d rows (want %d and the kept malformed one), %d malformed, %d skipped, of %s",
			meta.Rows, demo.MonthlyRows(), meta.Malformed, meta.Skipped, meta.FileDate)
	}
	if len(meta.Unknown) > 0 {
		t.Errorf("words the tables lack: %v", meta.Unknown)
	}
	return open(t, path)
}

func TestTheDemosFileIsReadWithItsQuirksAndBrokenRowsReported(t *testing.T) {
	ix := demoIndex(t)
	var reasons []string
	for _, p := range ix.Meta().Problems {
		reasons = append(reasons, p.Reason)
	}
	want := []string{"it has 40 fields where the header has 55", "it has 56 fields where the header has 55", `IncorporationDate "31/02/2020" is not a day (DD/MM/YYYY)`}
	slices.Sort(reasons)
	slices.Sort(want)
	if !slices.Equal(reasons, want) {
		t.Errorf("problems %q, want %q", reasons, want)
	}
	c, err := ix.Company(context.Background(), "SC006405")
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != "active" || c.StatusDetail != "active-proposal-to-strike-off" || c.Incorporated != "2019-04-10" || c.SIC[0] != (SIC{"11010", "Distilling, rectifying and blending of spirits"}) {
		t.Errorf("SC006405 read as %+v", c)
	}
	// Its accounting reference month is the registry's "03", a string.
	if c, err := ix.Company(context.Background(), "00006400"); err != nil || c.Accounts.RefMonth != 3 || c.Accounts.NextDue != "2026-12-31" || c.Accounts.Type != "full" {
		t.Errorf("00006400's accounts read as %+v (%v)", c.Accounts, err)
	}
	if _, err := ix.Company(context.Background(), "00006402"); err == nil {
		t.Error("a dissolved company is in the file")
	}
}

// TestTheIndexFindsWhatTheRegistrysAdvancedSearchFinds asks the demo
// registry's advanced search and the index of the demo's file the same
// questions: the same companies come back, but for what the file does
// not hold (dissolved companies), what it does not say (the type of a
// community interest company, which a search for either type it may be
// finds), and the broken row of the file that it keeps.
func TestTheIndexFindsWhatTheRegistrysAdvancedSearchFinds(t *testing.T) {
	ix := demoIndex(t)
	client, _ := testclient.Demo(t, demo.Options{Limit: 100000})
	for _, tc := range []struct {
		q        api.CompanyQuery
		plusCICs bool
	}{
		{q: api.CompanyQuery{SICCodes: []string{"62020"}, Statuses: []string{"active"}}},
		{q: api.CompanyQuery{SICCodes: []string{"62020"}, Location: "saltmere"}},
		{q: api.CompanyQuery{Statuses: []string{"active"}, SICCodes: []string{"62020"}, Location: "saltmere", IncorporatedFrom: "2000-01-01"}},
		{q: api.CompanyQuery{Types: []string{"plc"}}},
		{q: api.CompanyQuery{Types: []string{"llp", "registered-overseas-entity"}}},
		{q: api.CompanyQuery{Types: []string{"private-limited-guarant-nsc"}}},
		{q: api.CompanyQuery{Types: []string{"ltd"}, Location: "wessex"}, plusCICs: true},
		{q: api.CompanyQuery{Subtypes: []string{"community-interest-company"}}},
		{q: api.CompanyQuery{Statuses: []string{"liquidation", "open"}}},
		{q: api.CompanyQuery{NameIncludes: "gooseberry fool"}},
		{q: api.CompanyQuery{NameIncludes: "ltd", NameExcludes: "trading hammock"}},
		{q: api.CompanyQuery{SICCodes: []string{"62012", "49410"}, IncorporatedTo: "2010-12-31"}},
		{q: api.CompanyQuery{IncorporatedFrom: "2011-01-01", IncorporatedTo: "2016-06-30"}},
		{q: api.CompanyQuery{Location: "zz4"}},
	} {
		t.Run(tc.q.Values().Encode(), func(t *testing.T) {
			live := liveNumbers(t, client, tc.q)
			var offline []string
			err := ix.Each(context.Background(), Query{CompanyQuery: tc.q}, func(c *Company) error {
				if tc.plusCICs && c.Subtype == CommunityInterestCompany || slices.Contains(demo.MonthlyMalformed, c.Number) {
					return nil // not the registry's: what the file does not say, or its broken row
				}
				offline = append(offline, c.Number)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(offline)
			if len(live) == 0 {
				t.Fatal("the registry finds nothing: the question tells nothing apart")
			}
			if !slices.Equal(offline, live) {
				t.Errorf("offline %d companies, live %d\noffline only %v\nlive only %v", len(offline), len(live), less(offline, live), less(live, offline))
			}
		})
	}
}

// liveNumbers are the companies on the register the registry's advanced
// search finds: every page, the dissolved ones left out.
func liveNumbers(t *testing.T, c *api.Client, q api.CompanyQuery) []string {
	t.Helper()
	var out []string
	page := api.Page{ItemsPerPage: api.MaxAdvancedPageSize}
	for {
		a, err := c.Fetch(context.Background(), q.Resource(), page)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := api.Value[*api.FoundCompanies](a)
		for _, it := range f.Items {
			if !slices.Contains(ceasedStatuses, it.CompanyStatus) {
				out = append(out, it.CompanyNumber)
			}
		}
		if !f.More() {
			break
		}
		page = f.NextPage()
	}
	slices.Sort(out)
	return out
}

func less(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	if len(out) > 10 {
		out = append(out[:10], "... "+strings.Repeat(".", 0))
	}
	return out
}
