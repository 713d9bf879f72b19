package cli

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// wantSearched is what "coview search --plain" should print: present's
// rows for the same answers, fetched here directly, a hundred at a time,
// the first page or every page up to the registry's cap.
func wantSearched(t *testing.T, c *api.Client, kind api.ResourceKind, query string, all bool) string {
	t.Helper()
	res := api.SearchResource(kind, query)
	var b strings.Builder
	page := api.Page{ItemsPerPage: pageSize}
	for first := true; ; first = false {
		a, err := c.Fetch(context.Background(), res, page)
		if err != nil {
			t.Fatalf("search %q from %d: %v", query, page.StartIndex, err)
		}
		found, _ := api.Value[*api.SearchResults](a)
		if len(found.Items) > 0 {
			present.WritePage(&b, present.Show(a, nil), first)
		}
		if !all || !found.More() {
			return b.String()
		}
		page = found.NextPage()
	}
}

// --plain prints, for every kind of search and for one page or all,
// exactly the rows present gives for the same answers: the browser draws
// its results from the same functions, so the two cannot drift apart.
func TestPlainSearchPrintsTheRowsPresentGives(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	c := testclient.For(t, srv.URL)
	kinds := []struct {
		flag string
		kind api.ResourceKind
	}{{"", api.ResSearch}, {"--companies", api.ResSearchCompanies}, {"--officers", api.ResSearchOfficers}}
	for _, query := range []string{"marzipan", "hargreave", "grimthorpe ça", "ltd"} {
		for _, k := range kinds {
			for _, all := range []bool{false, true} {
				want := wantSearched(t, c, k.kind, query, all)
				args := append([]string{"search", "--plain"}, strings.Fields(query)...)
				if k.flag != "" {
					args = append(args, k.flag)
				}
				if all {
					args = append(args, "--all")
				}
				r := run(t, "", demoEnv(srv), args...)
				if want == "" {
					if r.code != exitNotFound || r.stdout != "" {
						t.Errorf("coview %s: exit %d, stdout %q; want nothing found", strings.Join(args, " "), r.code, r.stdout)
					}
					continue
				}
				if r.code != 0 || r.stdout != want {
					t.Errorf("coview %s: exit %d, printed\n%.600s\nwant present's rows\n%.600s\n%s", strings.Join(args, " "), r.code, r.stdout, want, r.stderr)
				}
			}
		}
	}
}

// Every match is on a line of its own, with what the browser shows of
// it: a company's name, number and status; an officer's name, birth and
// appointments.
func TestPlainSearchPrintsAMatchALine(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"marzipan"}, []string{"MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400", "Active", "ZZ6 4AA"}},
		{[]string{"--companies", "marzipan"}, []string{"MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400", "Active", "14 Jan 2011"}},
		{[]string{"--officers", "hargreave"}, []string{"Eleanor Mabel HARGREAVE", "Apr 1968", "3", "ZZ1 6TP"}},
		{[]string{"--disqualified", "grimthorpe"}, []string{"Mallory GRIMTHORPE", "29 Feb 1964", "ZZ3 1XX", "natural/" + demo.DisqualifiedNaturalID}},
	}
	for _, tc := range cases {
		r := run(t, "", demoEnv(srv), append([]string{"search", "--plain"}, tc.args...)...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("coview search %v: exit %d: %s", tc.args, r.code, r.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], `1 match for "`) || lines[1] != "" {
			t.Fatalf("coview search %v: want a summary, a blank line, the column titles and one match:\n%s", tc.args, r.stdout)
		}
		for _, w := range tc.want {
			if !strings.Contains(lines[3], w) {
				t.Errorf("coview search %v: the match lacks %q:\n%s", tc.args, w, lines[3])
			}
		}
	}
}

// --json prints the registry's bodies exactly as received: one page
// without --all, every page, one a line, with it.
func TestSearchJSONIsTheBodiesAsReceived(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	var bodies []string
	for start := 0; start < api.SearchDepthCap; start += pageSize {
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/search/companies?q=ltd&items_per_page=%d&start_index=%d", srv.URL, pageSize, start), nil)
		req.SetBasicAuth(demo.Key, "")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("page from %d: %d", start, resp.StatusCode)
		}
		bodies = append(bodies, strings.TrimSuffix(string(body), "\n"))
	}

	r := run(t, "", demoEnv(srv), "search", "--json", "--companies", "ltd")
	if r.code != 0 || r.stdout != bodies[0]+"\n" {
		t.Fatalf("exit %d; the first page is not the body as received:\n%.300s\nwant\n%.300s\n%s", r.code, r.stdout, bodies[0], r.stderr)
	}
	r = run(t, "", demoEnv(srv), "search", "--json", "--all", "--companies", "ltd")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != len(bodies) {
		t.Fatalf("--all: exit %d, %d lines for %d pages: %s", r.code, len(lines), len(bodies), r.stderr)
	}
	for i := range lines {
		if lines[i] != bodies[i] {
			t.Fatalf("line %d is not page %d as received:\n%.300s\nwant\n%.300s", i+1, i+1, lines[i], bodies[i])
		}
	}
}

// "ltd" matches 1,003 demo companies and the registry serves the first
// 1,000: the first page says how many more there are, and --all prints
// up to the cap and says that the cap cut it.
func TestSearchAllStopsAtTheRegistrysCapAndSaysSo(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "search", "--plain", "--companies", "ltd")
	rows := strings.Count(r.stdout, "\n") - 3 // the summary, a blank line and the column titles
	if r.code != 0 || rows != pageSize || !strings.HasPrefix(r.stdout, `1,003 matches for "ltd"`) {
		t.Fatalf("exit %d, %d rows:\n%.300s\n%s", r.code, rows, r.stdout, r.stderr)
	}
	for _, w := range []string{"900 more after these 100", "of 1,003", "the registry shows the first 1,000", "--all"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("without --all, stderr lacks %q: %s", w, r.stderr)
		}
	}

	for _, out := range []string{"--plain", "--json"} {
		r = run(t, "", demoEnv(srv), "search", out, "--all", "--companies", "ltd")
		lines := strings.Count(r.stdout, "\n")
		want := api.SearchDepthCap + 3
		if out == "--json" {
			want = api.SearchDepthCap / pageSize
		}
		if r.code != 0 || lines != want {
			t.Errorf("%s --all: exit %d, %d lines, want %d: %s", out, r.code, lines, want, r.stderr)
		}
		if r.stderr != "coview: the registry shows the first 1,000 of 1,003; a narrower query reaches the rest\n" {
			t.Errorf("%s --all: stderr %q", out, r.stderr)
		}
	}

	// Under the cap, --all prints every match and stderr stays quiet.
	r = run(t, "", demoEnv(srv), "search", "--plain", "--all", "grimthorpe")
	if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "GRIMTHORPE") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestSearchExitCodes(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string
	}{
		{"matches exit 0", []string{"marzipan"}, demoEnv(srv), 0, ""},
		{"nothing found exits 4", []string{"zzqxv"}, demoEnv(srv), exitNotFound, `no company or officer names match "zzqxv"`},
		{"no company found exits 4", []string{"--companies", "hargreave"}, demoEnv(srv), exitNotFound, `no company names match "hargreave"`},
		{"no officer found exits 4", []string{"--officers", "--json", "zzqxv"}, demoEnv(srv), exitNotFound, `no officer names match "zzqxv"`},
		{"no query is a usage error", nil, demoEnv(srv), exitUsage, "search needs a name"},
		{"a blank query is a usage error", []string{"  ", "\t"}, demoEnv(srv), exitUsage, "search needs a name"},
		{"a query of control characters is a usage error", []string{"\x1b\u200b"}, demoEnv(srv), exitUsage, "search needs a name"},
		{"--json with --plain is a usage error", []string{"--json", "--plain", "ltd"}, demoEnv(srv), exitUsage, "cannot be used together"},
		{"--companies with --officers is a usage error", []string{"--companies", "--officers", "ltd"}, demoEnv(srv), exitUsage, "cannot be used together"},
		{"--disqualified with --officers is a usage error", []string{"--disqualified", "--officers", "ltd"}, demoEnv(srv), exitUsage, "cannot be used together"},
		{"no disqualified officer found exits 4", []string{"--disqualified", "hargreave"}, demoEnv(srv), exitNotFound, `no disqualified officer names match "hargreave"`},
		{"no key exits 3", []string{"marzipan"}, map[string]string{"COVIEW_BASE_URL": srv.URL}, exitAuth, "no API key"},
		{"a rejected key exits 3", []string{"marzipan"}, map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "4c2a8f3e-1b7d-4e9a-8c61-2f0d9b7e5a13"}, exitAuth, "rejected the API key"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", tc.env, append([]string{"search"}, tc.args...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			if tc.code != 0 && r.stdout != "" {
				t.Errorf("printed on stdout: %.200s", r.stdout)
			}
			if !strings.Contains(r.stderr, tc.want) || (tc.want != "" && !strings.HasPrefix(r.stderr, "coview: ")) {
				t.Errorf("stderr lacks %q: %s", tc.want, r.stderr)
			}
		})
	}
}

// The words after the flags form the query, with flags anywhere on the
// line, before "search" included.
func TestSearchWordsFormTheQueryWhereverTheFlagsAre(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"--demo search marzipan mountain",
		"search marzipan --demo mountain",
		"search --plain marzipan mountain --demo",
		"--plain --demo search marzipan mountain",
		"--demo search -- marzipan mountain",
	} {
		r := run(t, "", nil, strings.Fields(line)...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, `1 match for "marzipan mountain"`) {
			t.Errorf("coview %s: exit %d\n%.200s\n%s", line, r.code, r.stdout, r.stderr)
		}
	}
}

// A query reaches the registry as typed, whatever it holds: &, +, %, ?,
// non-ASCII letters; runs of white space are one space.
func TestSearchSendsTheQueryAsTyped(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args  []string
		query string
		found string
	}{
		{[]string{"a&b+c%"}, "a&b+c%", ""},
		{[]string{"ça", "va"}, "ça va", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{[]string{"larder+", "100%"}, "larder+ 100%", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{[]string{"grumble  &", "sons?"}, "grumble & sons?", "GRUMBLE & SONS PLUMBING LTD"},
	}
	for _, tc := range cases {
		srv := demoRegistry(t)
		r := run(t, "", demoEnv(srv), append([]string{"search", "--companies"}, tc.args...)...)
		got := srv.Queries()
		if len(got) != 1 {
			t.Fatalf("%q: %d requests", tc.query, len(got))
		}
		q := got[0]
		if q.Get("q") != tc.query || q.Get("items_per_page") != "100" || q.Get("start_index") != "0" || len(q) != 3 {
			t.Errorf("%q reached the registry as %v", tc.query, q)
		}
		if tc.found == "" {
			if r.code != exitNotFound {
				t.Errorf("%q: exit %d: %s", tc.query, r.code, r.stderr)
			}
			continue
		}
		if r.code != 0 || !strings.Contains(r.stdout, tc.found) {
			t.Errorf("%q: exit %d, %.300s %s", tc.query, r.code, r.stdout, r.stderr)
		}
	}
}

// Issue 31, item 4: --csv prints the rows of the search asked for, a
// name search of any kind as much as an advanced one: one row a match
// under one header, whatever it matched (a company, an officer, a
// disqualified officer), read back whole by a CSV reader.
func TestCSVPrintsTheRowsOfTheSearchAskedFor(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		path string
		want map[string]string // a row's cells by the header's names
	}{
		{[]string{"hargreave"}, "/search", map[string]string{"kind": "officer", "name": "Eleanor Mabel HARGREAVE", "date_of_birth": "1968-04", "appointment_count": "3"}},
		{[]string{"--officers", "hargreave"}, "/search/officers", map[string]string{"kind": "officer", "name": "Eleanor Mabel HARGREAVE", "address": "1 Kettle Circus, Spout Quay, Brewminster, United Kingdom, ZZ1 6TP"}},
		{[]string{"--companies", "marzipan"}, "/search/companies", map[string]string{"kind": "company", "name": "MARZIPAN MOUNTAIN SOFTWARE LTD", "company_number": "00006400", "company_status": "active", "company_type": "ltd", "date_of_creation": "2011-01-14", "link": "/company/00006400"}},
		{[]string{"--disqualified", "grimthorpe"}, "/search/disqualified-officers", map[string]string{"kind": "disqualified-officer", "date_of_birth": "1964-02-29", "link": "/disqualified-officers/natural/GrImThOrPe0x1b0DeAdBeEf42"}},
	}
	for _, tc := range cases {
		srv := demoRegistry(t)
		r := run(t, "", demoEnv(srv), append([]string{"search", "--csv"}, tc.args...)...)
		rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
		if r.code != 0 || err != nil || len(rows) < 2 {
			t.Errorf("search --csv %v: exit %d, %v\n%s%s", tc.args, r.code, err, r.stdout, r.stderr)
			continue
		}
		if strings.Join(rows[0], ",") != strings.Join(present.SearchCSVHeader, ",") {
			t.Errorf("search --csv %v: header %q", tc.args, rows[0])
		}
		for name, want := range tc.want {
			col := slices.Index(rows[0], name)
			if col < 0 || rows[1][col] != want {
				t.Errorf("search --csv %v: %s is %q, want %q", tc.args, name, rows[1][min(max(col, 0), len(rows[1])-1)], want)
			}
		}
		if uris := srv.URIs(); len(uris) != 1 || !strings.HasPrefix(uris[0], tc.path+"?") {
			t.Errorf("search --csv %v asked %v, want one request of %s", tc.args, uris, tc.path)
		}
		if strings.ContainsAny(r.stdout, "\x1b\x07\u202e") {
			t.Errorf("search --csv %v wrote control characters: %q", tc.args, r.stdout)
		}
	}
	for _, args := range [][]string{{"--csv", "--json", "ltd"}, {"--csv", "--plain", "ltd"}} {
		if r := run(t, "", demoEnv(demoRegistry(t)), append([]string{"search"}, args...)...); r.code != exitUsage || !strings.Contains(r.stderr, "cannot be used together") {
			t.Errorf("search %v: exit %d, %s", args, r.code, r.stderr)
		}
	}
}
