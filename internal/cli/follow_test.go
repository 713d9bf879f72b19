package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// wantFollowed is what --plain --follow should print for a link: present's
// words for the same answers, fetched here directly, page by page.
func wantFollowed(t *testing.T, c *api.Client, p *api.Profile, link string, all bool) (string, api.ResourceKind) {
	t.Helper()
	res, err := api.Route(link)
	if err != nil {
		t.Fatalf("route %s: %v", link, err)
	}
	company := p
	if res.Number != api.Number(p.CompanyNumber) {
		company = nil
	}
	var b strings.Builder
	loaded := 0
	for start, first := 0, true; ; first = false {
		a, err := c.Fetch(context.Background(), res, api.Page{StartIndex: start, ItemsPerPage: pageSize})
		if err != nil {
			t.Fatalf("fetch %s from %d: %v", link, start, err)
		}
		if p, ok := api.Value[*api.Profile](a); ok {
			present.WriteProfile(&b, p, time.Now())
			return b.String(), res.Kind
		}
		pg := present.Show(a, company)
		present.WritePage(&b, pg, first)
		loaded += len(pg.Items)
		if !all || !res.Kind.Paged() || len(pg.Items) == 0 || (pg.Total >= 0 && loaded >= pg.Total) {
			return b.String(), res.Kind
		}
		start += len(pg.Items)
	}
}

// --plain --follow prints, for every link of every demo company, exactly
// the rows present gives for the same answers: the browser draws from the
// same functions, so the two cannot drift apart.
func TestPlainFollowPrintsTheRowsPresentGivesForEveryKind(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	c := testclient.For(t, srv.URL)
	kinds := map[api.ResourceKind]bool{}
	for _, n := range demo.Numbers() {
		number, _ := api.ParseNumber(n)
		p, err := c.Company(context.Background(), number)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range p.Links.All() {
			for _, all := range []bool{false, true} {
				want, kind := wantFollowed(t, c, p, l.Path, all)
				kinds[kind] = true
				args := []string{"--plain", "--follow", l.Name, n}
				if all {
					args = append(args, "--all")
				}
				r := run(t, "", demoEnv(srv), args...)
				if r.code != 0 {
					t.Errorf("coview %s: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
					continue
				}
				if r.stdout != want {
					t.Errorf("coview %s printed\n%s\nwant present's rows\n%s", strings.Join(args, " "), r.stdout, want)
				}
				if strings.TrimSpace(r.stdout) == "" {
					t.Errorf("coview %s printed nothing", strings.Join(args, " "))
				}
			}
		}
	}
	for _, k := range []api.ResourceKind{api.ResCompany, api.ResOfficers, api.ResFilings, api.ResPSCStatements, api.ResCharges, api.ResInsolvency} {
		if !kinds[k] {
			t.Errorf("no demo company has a link of kind %d: the test no longer covers it", k)
		}
	}
}

func TestFollowPrintsTheFirstPageAndSaysHowManyMore(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "--plain", "--follow", "filings", "00006401")
	rows := strings.Count(r.stdout, "\n") - 3 // the summary, a blank line and the column titles
	if r.code != 0 || rows != pageSize {
		t.Fatalf("exit %d, %d rows:\n%.300s\n%s", r.code, rows, r.stdout, r.stderr)
	}
	for _, w := range []string{"4,900 more", "of 5,000", "--all"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q: %s", w, r.stderr)
		}
	}

	r = run(t, "", demoEnv(srv), "--plain", "--all", "--follow", "filing-history", "00006401")
	if r.code != 0 || strings.Count(r.stdout, "\n") != 5000+3 || strings.Count(r.stdout, "Description") != 1 || r.stderr != "" {
		t.Fatalf("--plain --all: exit %d, %d lines, column titles %d times; stderr %s",
			r.code, strings.Count(r.stdout, "\n"), strings.Count(r.stdout, "Description"), r.stderr)
	}

	r = run(t, "", demoEnv(srv), "--json", "--all", "--follow", "filing_history", "00006401")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != 5000/pageSize {
		t.Fatalf("--json --all: exit %d, %d lines; stderr %s", r.code, len(lines), r.stderr)
	}
	seen := 0
	for i, line := range lines {
		var page struct {
			StartIndex int   `json:"start_index"`
			Items      []any `json:"items"`
		}
		if err := json.Unmarshal([]byte(line), &page); err != nil || page.StartIndex != seen {
			t.Fatalf("line %d: %v, start_index %d, want %d", i+1, err, page.StartIndex, seen)
		}
		seen += len(page.Items)
	}
	if seen != 5000 {
		t.Fatalf("--json --all gave %d filings of 5,000", seen)
	}
}

func TestFollowJSONIsTheLinkedResourceAsReceived(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "--json", "--follow", "officers", "00006400")
	var list struct {
		Kind  string `json:"kind"`
		Items []any  `json:"items"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &list) != nil || list.Kind != "officer-list" || len(list.Items) != 8 {
		t.Fatalf("exit %d, stdout %.200s, stderr %s", r.code, r.stdout, r.stderr)
	}
}

// Issue 11, item 21: an empty or unknown link name is a usage error that
// lists the profile's links; a link the registry knows but this company
// lacks is "not found".
func TestFollowRefusesALinkTheProfileCannotHave(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		name string
		link string
		code int
		want []string
	}{
		{"an empty name", "", exitUsage, []string{"--follow needs a link name", "self, filing_history, officers", "charges"}},
		{"blanks", "  ", exitUsage, []string{"--follow needs a link name", "officers"}},
		{"an unknown name", "charges-and-more", exitUsage, []string{`"charges-and-more": no such link`, "filing_history, officers"}},
		{"a link this company lacks", "insolvency", exitNotFound, []string{"has no insolvency link", "officers"}},
		// Issue 20, item 3: a name means one link, and a missing one is
		// exit 4 with the links there are, never another link or nothing.
		{"the PSC link this company lacks", "persons_with_significant_control", exitNotFound,
			[]string{"has no persons_with_significant_control link", "persons_with_significant_control_statements"}},
		{"psc, which means the PSC list and not its statements", "psc", exitNotFound,
			[]string{"has no persons_with_significant_control link", "persons_with_significant_control_statements"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, form := range []string{"--plain", "--json"} {
				r := run(t, "", demoEnv(srv), form, "--follow", tc.link, "00006400")
				if r.code != tc.code || r.stdout != "" {
					t.Fatalf("%s: exit %d, want %d; stdout %q; stderr %s", form, r.code, tc.code, r.stdout, r.stderr)
				}
				for _, w := range tc.want {
					if !strings.Contains(r.stderr, w) {
						t.Errorf("%s: stderr lacks %q: %s", form, w, r.stderr)
					}
				}
			}
		})
	}
}

func TestFollowShortFormsNameTheUsualLinks(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct{ number, link, want string }{
		{"00006411", "psc", "Notified"},
		{"00006400", "statements", "statement"},
		{"00006400", "filings", "Description"},
		{"00006400", "Filing-History", "Description"},
		{"00006400", "OFFICERS", "Appointed"},
	}
	for _, tc := range cases {
		r := run(t, "", demoEnv(srv), "--plain", "--follow", tc.link, tc.number)
		if r.code != 0 || !strings.Contains(strings.ToLower(r.stdout), strings.ToLower(tc.want)) {
			t.Errorf("--follow %s %s: exit %d\n%.300s\n%s", tc.link, tc.number, r.code, r.stdout, r.stderr)
		}
	}
}

// Issue 20, item 26 (in part): a company whose filings the registry does
// not keep says why there are none in words, not in the registry's
// shorthand. The demo's FC006406 has its filings (issue 21): here its
// history is answered as the registry answers for a prefix it does not
// recognise.
func TestAFilingHistoryNotAvailableSaysWhyInWords(t *testing.T) {
	t.Parallel()
	h := demo.NewHandler(demo.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/company/FC006406/filing-history" {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"filing_history_status":"filing-history-not-available-unknown-prefix","items":[],"total_count":0}`))
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	r := run(t, "", demoEnv(srv), "--plain", "--follow", "filings", "FC006406")
	if r.code != 0 || strings.Contains(r.stdout, "unknown prefix") || !strings.Contains(r.stdout, "does not recognise the letters its number starts with") {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}
