package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"coview/api"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// recording is a registry answering every request with answer, its
// meter counting what it was asked, and the environment pointing coview
// at it.
func recording(t *testing.T, answer http.HandlerFunc) (*testkit.Server, map[string]string) {
	t.Helper()
	srv := testkit.Serve(t, answer)
	return srv, demoEnv(srv)
}

// oneCompany answers any search with one company.
func oneCompany(w http.ResponseWriter, r *http.Request) {
	fmt.Fprint(w, `{"kind":"search#advanced-search","hits":1,"items":[{"company_number":"00000001","company_name":"ONE LTD","company_status":"active"}]}`)
}

// Every flag reaches the registry as its own parameter, in both
// spellings (coview's and the registry's own), lists repeatable or
// comma-separated, dates as people type them; nothing else is sent.
func TestEveryFilterFlagReachesItsParameter(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want url.Values
	}{
		{[]string{"--status", "active", "--status", "Dissolved"}, url.Values{"company_status": {"active,dissolved"}}},
		{[]string{"--company-status", "liquidation,active"}, url.Values{"company_status": {"active,liquidation"}}},
		{[]string{"--status", "active", "--company-status", "removed"}, url.Values{"company_status": {"active,removed"}}},
		{[]string{"--type", "plc", "--company-type", "llp"}, url.Values{"company_type": {"llp,plc"}}},
		{[]string{"--subtype", "community-interest-company"}, url.Values{"company_subtype": {"community-interest-company"}}},
		{[]string{"--company-subtype", "private-fund-limited-partnership"}, url.Values{"company_subtype": {"private-fund-limited-partnership"}}},
		{[]string{"--sic", "62020,62012", "--sic-codes", "0111"}, url.Values{"sic_codes": {"0111,62012,62020"}}},
		// Words stand for every code whose words hold them.
		{[]string{"--sic", "software", "--sic", "raising SHEEP,62020"}, url.Values{"sic_codes": {"01450,46510,47410,58290,62011,62012,62020,7220,7221,7222"}}},
		{[]string{"--location", "ZZ1  6TP", "--type", "ltd"}, url.Values{"location": {"ZZ1 6TP"}, "company_type": {"ltd"}}},
		{[]string{"--exclude", "dairies", "gooseberry", "fool"}, url.Values{"company_name_excludes": {"dairies"}, "company_name_includes": {"gooseberry fool"}}},
		{[]string{"--company-name-excludes", "dairies", "--company-name-includes", "fool"}, url.Values{"company_name_excludes": {"dairies"}, "company_name_includes": {"fool"}}},
		{[]string{"--incorporated-from", "2024", "--incorporated-to", "2024"}, url.Values{"incorporated_from": {"2024-01-01"}, "incorporated_to": {"2024-12-31"}}},
		{[]string{"--dissolved-from", "31/01/2001", "--dissolved-to", "2008-06-30"}, url.Values{"dissolved_from": {"2001-01-31"}, "dissolved_to": {"2008-06-30"}}},
		// Issue 31, item 5: the words of a flag given twice add up, as the
		// lists do.
		{[]string{"--exclude", "anvil", "--exclude", "beacon"}, url.Values{"company_name_excludes": {"anvil beacon"}}},
		{[]string{"--exclude", "anvil", "--company-name-excludes", "beacon", "--exclude", "dairies"}, url.Values{"company_name_excludes": {"anvil dairies beacon"}}},
		{[]string{"--company-name-includes", "gooseberry", "--company-name-includes", "fool"}, url.Values{"company_name_includes": {"gooseberry fool"}}},
		{[]string{"--company-name-includes", "fool", "gooseberry"}, url.Values{"company_name_includes": {"gooseberry fool"}}},
	}
	for _, tc := range cases {
		rec, env := recording(t, oneCompany)
		r := run(t, "", env, append([]string{"search"}, tc.args...)...)
		if r.code != 0 || rec.Requests() != 1 {
			t.Errorf("coview search %v: exit %d, %d requests: %s", tc.args, r.code, rec.Requests(), r.stderr)
			continue
		}
		got := rec.Queries()[0]
		path, _, _ := strings.Cut(rec.URIs()[0], "?")
		if got.Get("size") != "100" || got.Get("start_index") != "0" || path != "/advanced-search/companies" {
			t.Errorf("coview search %v: %s?%s", tc.args, path, got.Encode())
		}
		got.Del("size")
		got.Del("start_index")
		if got.Encode() != tc.want.Encode() {
			t.Errorf("coview search %v sent %s, want %s", tc.args, got.Encode(), tc.want.Encode())
		}
	}
}

// A value the registry would refuse or misread never reaches it: the
// command ends with exit 2, naming the flag, and the nearest valid value.
func TestInvalidValuesNeverReachTheRegistry(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--status", "actve"}, `--status "actve" is not a company status the advanced search takes; did you mean active?`},
		{[]string{"--company-status", "registered"}, `--status "registered" is not a company status`},
		{[]string{"--type", "plx"}, `did you mean plc (Public limited company)?`},
		{[]string{"--subtype", "cic"}, `did you mean community-interest-company`},
		{[]string{"--sic", "62021"}, `did you mean 62020 (Information technology consultancy activities)?`},
		{[]string{"--sic", "bakery"}, `--sic "bakery" is neither a SIC code nor words of one: give a code (62020) or words of its description (software)`},
		{[]string{"--sic", "manufacture"}, `--sic "manufacture" is in the words of 382 SIC codes, more than the 100 one search may ask for`},
		{[]string{"--incorporated-from", "2024-02-30"}, `--incorporated-from "2024-02-30" is not a date`},
		{[]string{"--incorporated-from", "2025", "--incorporated-to", "2024"}, `--incorporated-from "2025-01-01" is after the end of the range`},
		{[]string{"--location", " "}, "needs at least one filter"},
		{[]string{"--previous-names", "x"}, "use it with --dissolved"},
		{[]string{"--dissolved", "--sic", "62020", "x"}, "use one or the other"},
		{[]string{"--sic", "62020", "--officers"}, "finds companies only"},
		{[]string{"--dissolved", "--disqualified", "grimthorpe"}, "finds companies only"},
		{[]string{"--sic", "62020", "--csv", "--json"}, "cannot be used together"},
		{[]string{"--alphabetical"}, "need a name"},
		// Issue 31, item 5: a flag of one value given twice is a mistake,
		// said before any request, not the last one silently kept.
		{[]string{"--location", "leeds", "--location", "york"}, `--location is given twice ("leeds" and "york"): it takes one place`},
		{[]string{"--incorporated-from", "2020", "--incorporated-from", "2021"}, `--incorporated-from is given twice ("2020" and "2021"): it takes one date`},
		{[]string{"--incorporated-to", "2020", "--incorporated-to", "2020"}, `--incorporated-to is given twice`},
		{[]string{"--dissolved-from", "2001", "--dissolved-from", "2002", "--dissolved-from", "2003"}, `--dissolved-from is given 3 times ("2001", "2002" and "2003")`},
		{[]string{"--dissolved-to", "2008", "--sic", "62020", "--dissolved-to", "2009"}, `--dissolved-to is given twice`},
	}
	rec, env := recording(t, oneCompany)
	for _, tc := range cases {
		r := run(t, "", env, append([]string{"search"}, tc.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("coview search %v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
	if n := rec.Requests(); n != 0 {
		t.Errorf("%d requests reached the registry", n)
	}
}

// Nothing found (the registry's 404 with an empty body) is "no companies
// match", exit 4; a refusal's plain text is shown cleaned, exit 2.
func TestNothingFoundAndRefusalsAreSaid(t *testing.T) {
	t.Parallel()
	_, env := recording(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	r := run(t, "", env, "search", "--sic", "62020", "--location", "leeds")
	if r.code != exitNotFound || r.stdout != "" || !strings.Contains(r.stderr, "no companies match: SIC 62020, in leeds") {
		t.Errorf("nothing found: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, status := range []int{400, 422} {
		_, env := recording(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprint(w, "Invalid size parameter, size\x1b]0;owned\x07 must be\r\ngreater than zero")
		})
		r := run(t, "", env, "search", "--status", "active")
		if r.code != exitUsage || !strings.Contains(r.stderr, "the registry refused it") || !strings.Contains(r.stderr, "Invalid size parameter, size]0;owned must be greater than zero") || strings.ContainsAny(r.stderr, "\x1b\x07\r") {
			t.Errorf("%d: exit %d, stderr %q", status, r.code, r.stderr)
		}
	}
}

// --all asks 5,000 a request and stops where the registry stops serving
// (10,000), saying so on stderr with how to reach the rest.
func TestAllStopsAtTheRegistrysCapAndSaysSo(t *testing.T) {
	t.Parallel()
	rec, env := recording(t, func(w http.ResponseWriter, r *http.Request) {
		start := r.URL.Query().Get("start_index")
		fmt.Fprintf(w, `{"kind":"search#advanced-search","hits":12345,"items":[{"company_number":"0000%s","company_name":"A LTD"}]}`, start)
	})
	r := run(t, "", env, "search", "--all", "--status", "active", "--json")
	var asked []string
	for _, q := range rec.Queries() {
		asked = append(asked, q.Get("start_index")+"/"+q.Get("size"))
	}
	if r.code != 0 || strings.Join(asked, " ") != "0/5000 5000/5000" || strings.Count(r.stdout, "\n") != 2 {
		t.Fatalf("exit %d, asked %v, stdout %q", r.code, asked, r.stdout)
	}
	if !strings.Contains(r.stderr, "the registry serves the first 10,000 of the 12,345 companies") || !strings.Contains(r.stderr, "--incorporated-from") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// An advanced search of up to 5,000 companies costs one request with
// --all, of up to 10,000 two; the demo's (883 active) one.
func TestAdvancedSearchRequests(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ hits, want int }{{883, 1}, {5000, 1}, {5001, 2}, {10000, 2}} {
		rec, env := recording(t, func(w http.ResponseWriter, r *http.Request) {
			// A company of its own on each page: a page that repeats one
			// ends the search (issue 31, item 11).
			fmt.Fprintf(w, `{"kind":"search#advanced-search","hits":%d,"items":[{"company_number":"%08s"}]}`, tc.hits, r.URL.Query().Get("start_index"))
		})
		r := run(t, "", env, "search", "--all", "--json", "--status", "active")
		if r.code != 0 || rec.Requests() != tc.want {
			t.Errorf("%d hits: exit %d, %d requests, want %d", tc.hits, r.code, rec.Requests(), tc.want)
		}
		t.Logf("advanced search --all of %d results: %d requests", tc.hits, rec.Requests()) // read by .ci/measure.sh
	}
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "search", "--all", "--csv", "--status", "active")
	if lines := strings.Count(r.stdout, "\n"); r.code != 0 || lines != 884 {
		t.Errorf("the demo's active companies: exit %d, %d lines", r.code, lines)
	}
}

// --csv is one row per company under a header, quoted so that a CSV
// reader reads back names with commas, quotes and line breaks.
func TestCSVRoundTrips(t *testing.T) {
	t.Parallel()
	names := []string{`SMITH, JONES & CO LTD`, `THE "BEST" LTD`, "TWO\nLINES LTD", "PLAIN LTD"}
	_, env := recording(t, func(w http.ResponseWriter, r *http.Request) {
		var items []map[string]any
		for i, n := range names {
			items = append(items, map[string]any{"company_number": fmt.Sprintf("0000000%d", i), "company_name": n, "company_status": "active",
				"sic_codes": []string{"62020"}, "registered_office_address": map[string]string{"address_line_1": "1, High St", "locality": "Leeds"}})
		}
		json.NewEncoder(w).Encode(map[string]any{"kind": "search#advanced-search", "hits": len(items), "items": items})
	})
	r := run(t, "", env, "search", "--csv", "--sic", "62020")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if r.code != 0 || err != nil || len(rows) != 5 {
		t.Fatalf("exit %d, %v, rows %q", r.code, err, rows)
	}
	if strings.Join(rows[0], ",") != strings.Join(present.CSVHeader, ",") {
		t.Errorf("header %q", rows[0])
	}
	for i, n := range names {
		if rows[i+1][1] != n || rows[i+1][8] != "1, High St, Leeds" || rows[i+1][7] != "62020" {
			t.Errorf("row %d read back as %q", i+1, rows[i+1])
		}
	}
}

// --plain prints present's rows of the same answers, and the other two
// searches find what the demo holds.
func TestFindPrintsTheRowsPresentGives(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	c := testclient.For(t, srv.URL)
	cases := []struct {
		args []string
		res  api.Resource
		page int
	}{
		{[]string{"--sic", "62020", "--location", "saltmere"}, api.CompanyQuery{SICCodes: []string{"62020"}, Location: "saltmere"}.Resource(), 100},
		{[]string{"--alphabetical", "gooseberry", "fool"}, api.AlphabeticalResource("gooseberry fool", "", ""), 20},
		{[]string{"--dissolved", "snoozewell"}, api.DissolvedResource("snoozewell", api.DissolvedBestMatch, "", ""), 100},
	}
	for _, tc := range cases {
		a, err := c.Fetch(context.Background(), tc.res, api.Page{ItemsPerPage: tc.page})
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		present.WritePage(&want, present.Show(a, nil), true)
		r := run(t, "", demoEnv(srv), append([]string{"search", "--plain"}, tc.args...)...)
		if r.code != 0 || r.stdout != want.String() {
			t.Errorf("coview search %v: exit %d\n%s\nwant\n%s%s", tc.args, r.code, r.stdout, want.String(), r.stderr)
		}
	}
}

// Issue 31, item 36: a search by a name once had lists the companies
// that bore it, not every company that once had one of its words.
func TestAPreviousNameSearchListsOnlyTheCompaniesThatBoreTheName(t *testing.T) {
	t.Parallel()
	r := run(t, "", demoEnv(demoRegistry(t)), "search", "--plain", "--dissolved", "--previous-names", "dynamo", "amber", "trading")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || !strings.HasPrefix(r.stdout, `1 company: once named "dynamo amber trading"`) || len(lines) != 5 ||
		!strings.Contains(lines[4], "00007003") || !strings.Contains(lines[4], "DYNAMO AMBER TRADING LTD") {
		t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// Issue 31, item 34: the advanced and the dissolved searches say when
// each company was dissolved, in --plain as in --csv.
func TestWhenACompanyFoundWasDissolvedIsPrinted(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	for _, args := range [][]string{{"--status", "dissolved", "--dissolved-to", "2008"}, {"--dissolved", "snoozewell"}} {
		plain := run(t, "", demoEnv(srv), append([]string{"search", "--plain"}, args...)...)
		lines := strings.Split(plain.stdout, "\n")
		head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Company  ") })
		if plain.code != 0 || head < 0 || !strings.Contains(lines[head], "  Dissolved  ") {
			t.Errorf("search --plain %v: exit %d, no Dissolved column:\n%s%s", args, plain.code, plain.stdout, plain.stderr)
			continue
		}
		col := strings.Index(lines[head], "Dissolved  ")
		if row := lines[head+1]; len(row) <= col || !regexp.MustCompile(`^\d{1,2} [A-Z][a-z]{2} \d{4}`).MatchString(row[col:]) {
			t.Errorf("search --plain %v: first row has no date under Dissolved: %q", args, row)
		}
		c := run(t, "", demoEnv(srv), append([]string{"search", "--csv"}, args...)...)
		rows, err := csv.NewReader(strings.NewReader(c.stdout)).ReadAll()
		if c.code != 0 || err != nil || len(rows) < 2 || rows[0][6] != "date_of_cessation" || !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(rows[1][6]) {
			t.Errorf("search --csv %v: exit %d, %v, %q", args, c.code, err, rows[:min(len(rows), 2)])
		}
	}
}
