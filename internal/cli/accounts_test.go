package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/accounts"
	"coview/api/demo"
	"coview/figures"
	"coview/internal/testkit"
)

// meteredDemo runs the whole demo, its three servers counted by one
// meter, and points coview at it.
func meteredDemo(t *testing.T) (map[string]string, *testkit.Meter) {
	t.Helper()
	m := &testkit.Meter{}
	s, err := demo.Start(demo.ServeOptions{Wrap: m.Wrap, ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return map[string]string{"COVIEW_BASE_URL": s.RegistryURL, "COVIEW_DOCUMENT_URL": s.DocumentURL, "COVIEW_API_KEY": demo.Key}, m
}

// jsonYears reads --json's output: one object a line.
func jsonYears(t *testing.T, out string) []map[string]any {
	t.Helper()
	var years []map[string]any
	for line := range strings.Lines(out) {
		var y map[string]any
		if err := json.Unmarshal([]byte(line), &y); err != nil {
			t.Fatalf("not a JSON object: %q: %v", line, err)
		}
		years = append(years, y)
	}
	return years
}

// Issue 33: the filing history's accounts once, then per document its
// metadata and its content (and the storage hop the content redirects
// to), nothing twice.
func TestAccountsAsksForTheAccountsOnceAndTwiceADocument(t *testing.T) {
	t.Parallel()
	env, m := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006400", "--years", "3", "--json")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var registry, docAPI, storage []string
	for _, u := range m.URIs() {
		switch {
		case strings.HasPrefix(u, "/company/"):
			registry = append(registry, u)
		case strings.HasPrefix(u, "/document/"):
			docAPI = append(docAPI, u)
		case strings.HasPrefix(u, "/docs/"):
			storage = append(storage, u)
		default:
			t.Errorf("asked for %s", u)
		}
	}
	if len(registry) != 1 || registry[0] != "/company/00006400/filing-history?category=accounts&items_per_page=100" {
		t.Errorf("the registry was asked %v", registry)
	}
	if len(docAPI) != 2*3 || len(storage) != 3 {
		t.Errorf("the document API was asked %v, the storage %v; want metadata and content for each of 3 documents", docAPI, storage)
	}
	for _, u := range docAPI {
		if !strings.HasSuffix(u, "/content") && !slices.Contains(docAPI, u+"/content") {
			t.Errorf("the metadata %s, but not its content", u)
		}
	}
	if twice := m.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
}

// The demo's 00006400, from its last three accounts: four years, each
// with its figures, the concepts they were read from, and the accounts
// they came from.
func TestAccountsGivesFourYearsOf00006400FromItsLastThreeAccounts(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006400", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	years := jsonYears(t, r.stdout)
	want := []struct {
		start, end, madeUp, id string
		netAssets              float64
	}{
		{"2024-04-01", "2025-03-31", "2025-03-31", demo.FilingWithXHTML, 687954},
		{"2023-04-01", "2024-03-31", "2024-03-31", demo.FilingSlowDocument, 573311},
		{"2022-04-01", "2023-03-31", "2023-03-31", "MjUxNjkzOTE1OWRtb3JlZ3h6", 475974},
		{"2021-04-01", "2022-03-31", "2023-03-31", "MjUxNjkzOTE1OWRtb3JlZ3h6", 386238},
	}
	if len(years) != len(want) {
		t.Fatalf("%d years:\n%s", len(years), r.stdout)
	}
	for i, w := range want {
		y := years[i]
		if y["company_number"] != "00006400" || y["period_start"] != w.start || y["period_end"] != w.end || y["made_up_to"] != w.madeUp ||
			y["transaction_id"] != w.id || y["consolidated"] != false || y["net_assets"] != w.netAssets ||
			y["net_assets_concept"] != "uk-core:NetAssetsLiabilities" || y["turnover_concept"] != "uk-core:TurnoverRevenue" {
			t.Errorf("year %d: %v", i, y)
		}
		for _, n := range figures.Names() {
			v, has := y[n.String()]
			concept, hasConcept := y[n.String()+"_concept"]
			if has != hasConcept || has && (concept == "" || v == nil) {
				t.Errorf("year %d: %s = %v from %v", i, n, v, concept)
			}
		}
		if _, ok := y["stock"]; ok {
			t.Errorf("year %d: a software company with stock %v (a figure not reported is absent)", i, y["stock"])
		}
	}
	if keys := slices.Collect(func(yield func(string) bool) {
		dec := json.NewDecoder(strings.NewReader(strings.SplitN(r.stdout, "\n", 2)[0]))
		dec.Token()
		for dec.More() {
			k, _ := dec.Token()
			if !yield(k.(string)) {
				return
			}
			var skip any
			dec.Decode(&skip)
		}
	}); !slices.Equal(keys[:6], []string{"company_number", "period_start", "period_end", "made_up_to", "transaction_id", "consolidated"}) {
		t.Errorf("keys in the order %v", keys)
	}
}

func TestAccountsPlainGivesWholeAmountsWithTheirChange(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006403", "--years", "1", "--plain")
	want := `WONKY WHEELBARROW WORKS LIMITED (00006403)

                                       29 Feb 2024         28 Feb 2023
Average employees                                4   -20%            5
Fixed assets                                28,000   -13%       32,000
Tangible fixed assets                       28,000   -13%       32,000
Stock                                       32,602   -19%       40,273
Debtors                                     20,958   -19%       25,890
Cash                                         1,700   -19%        2,100
Current assets                              55,260   -19%       68,263
Creditors due within one year              121,006   +74%       69,409
Net current assets                         -65,746 <-999%       -1,146
`
	if r.code != 0 || !strings.HasPrefix(r.stdout, want) || !strings.Contains(r.stdout, "\nNet assets                                -117,746  -140%      -49,146\n") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", r.code, r.stderr, r.stdout)
	}
	// Piped, the table is plain without being asked.
	if again := run(t, "", env, "accounts", "00006403", "--years", "1"); again.stdout != r.stdout {
		t.Errorf("piped:\n%s", again.stdout)
	}
}

func TestAccountsOfAGroupKeepTheCompanyApart(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006411", "--years", "1", "--json")
	years := jsonYears(t, r.stdout)
	if r.code != 0 || len(years) != 4 {
		t.Fatalf("exit %d, %d years: %s", r.code, len(years), r.stderr)
	}
	for i, group := range []bool{true, false, true, false} {
		if years[i]["consolidated"] != group {
			t.Errorf("year %d: consolidated %v", i, years[i]["consolidated"])
		}
	}
	if years[0]["net_assets"] == years[1]["net_assets"] || years[0]["turnover"] == nil || years[1]["turnover"] != nil {
		t.Errorf("the group's and the company's figures: %v\n%v", years[0], years[1])
	}
	plain := run(t, "", env, "accounts", "00006411", "--years", "1", "--plain")
	if !strings.Contains(plain.stdout, "\nThe group (consolidated)\n") || !strings.Contains(plain.stdout, "\nThe company alone\n") {
		t.Errorf("%s", plain.stdout)
	}
}

func TestAccountsCSVIsAHeaderAndARowAYear(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006400", "--years", "1", "--csv")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "company_number,period_start,period_end,made_up_to,transaction_id,consolidated,turnover,turnover_concept,") ||
		!strings.HasPrefix(lines[1], "00006400,2024-04-01,2025-03-31,2025-03-31,"+demo.FilingWithXHTML+",false,1569093,uk-core:TurnoverRevenue,") {
		t.Fatalf("exit %d:\n%s", r.code, r.stdout)
	}
}

// Accounts filed on paper are said to have no figures, not shown as
// empty; with none filed electronically, nothing is printed and the
// exit code says there was nothing to read.
func TestAccountsFiledOnPaperAreSaidToHaveNoFigures(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "accounts", "00006409", "--years", "2")
	want := "coview: the accounts made up to 30 June 2025: they were filed on paper or as a PDF only, so they have no figures\n" +
		"coview: the accounts made up to 30 June 2024: they were filed on paper or as a PDF only, so they have no figures\n" +
		"coview: company 00006409's last 2 accounts were filed on paper or as a PDF only: no figures\n"
	if r.code != exitNotFound || r.stdout != "" || r.stderr != want {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", env, "accounts", "00009999")
	if r.code != exitNotFound || !strings.Contains(r.stderr, "has no accounts listed") {
		t.Fatalf("no such company: exit %d, %q", r.code, r.stderr)
	}
}

func TestAccountsRefusesWhatItCannotDo(t *testing.T) {
	t.Parallel()
	env, m := meteredDemo(t)
	wrongKey := map[string]string{}
	for k, v := range env {
		wrongKey[k] = v
	}
	wrongKey["COVIEW_API_KEY"] = "0f8fad5b-d9cb-469f-a165-70867728950e"
	tests := []struct {
		name string
		env  map[string]string
		args []string
		code int
		says string
	}{
		{"two outputs", env, []string{"accounts", "6400", "--json", "--csv"}, 2, "cannot be used together"},
		{"no years", env, []string{"accounts", "6400", "--years", "0"}, 2, "--years must be from 1 to 20"},
		{"no number", env, []string{"accounts"}, 2, "accounts takes one company number"},
		{"no company number", env, []string{"accounts", "hello"}, 2, "hello"},
		{"a key refused", wrongKey, []string{"accounts", "6400"}, 3, "rejected the API key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "", tt.env, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.says) || r.stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
		})
	}
	if n := len(m.URIs()); n != 1 {
		t.Errorf("%d requests, want only the refused key's", n)
	}
}

// badAccounts is a registry and a document API whose accounts filings'
// documents are the given bodies, newest first: each filing's metadata
// offers XHTML, and its content is the body.
func badAccounts(t *testing.T, bodies ...[]byte) map[string]string {
	t.Helper()
	docs := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscanf(r.URL.Path, "/document/d%d", &i); err != nil || i >= len(bodies) {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, "/content") {
			w.Header().Set("Content-Type", "application/xhtml+xml")
			w.Write(bodies[i])
			return
		}
		fmt.Fprintf(w, `{"links":{"document":"/document/d%d/content"},"resources":{"application/pdf":{"content_length":10},"application/xhtml+xml":{"content_length":%d}}}`, i, len(bodies[i]))
	}))
	reg := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var items []string
		for i := range bodies {
			items = append(items, fmt.Sprintf(`{"transaction_id":"T%d","category":"accounts","type":"AA","date":"%d-12-01","description":"accounts-with-accounts-type-small","description_values":{"made_up_date":"%d-03-31"},"links":{"document_metadata":"%s/document/d%d"}}`,
				i, 2025-i, 2025-i, docs.URL, i))
		}
		fmt.Fprintf(w, `{"items":[%s],"total_count":%d,"items_per_page":100,"start_index":0}`, strings.Join(items, ","), len(items))
	}))
	return map[string]string{"COVIEW_BASE_URL": reg.URL, "COVIEW_DOCUMENT_URL": docs.URL, "COVIEW_API_KEY": demo.Key}
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "figures", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Bad documents: a clear line on stderr for what could not be read, every
// figure that could be read still shown, text from the documents
// cleaned; and when no figure at all could be read, exit 1.
func TestAccountsShowWhatCouldBeReadAndSayWhatCouldNot(t *testing.T) {
	t.Parallel()
	hostileName := []byte(strings.Replace(string(fixture(t, "frs102-small.xhtml")), "CRUMPET &amp; SONS", "CRUMPET \u202e&amp; SONS\u009b2J", 1))
	env := badAccounts(t, hostileName, fixture(t, "text-in-number.xhtml"), fixture(t, "not-xhtml.html"), fixture(t, "billion-laughs.xhtml"))
	r := run(t, "", env, "accounts", "04123456", "--years", "4", "--plain")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "CRUMPET <U+202E>& SONS<U+009B>2J BAKERY LIMITED (04123456)\n") {
		t.Errorf("the name is not cleaned:\n%s", r.stdout)
	}
	for label, want := range map[string][]string{
		"31 Mar 2025":  {"31", "Dec", "2024", "31", "Mar", "2024"},
		"Turnover":     {"1,482,106", "+493%", "250,000", "-81%", "1,305,772"},
		"Net assets":   {"324,914", "?", "282,660"},
		"Cash":         {"184,660", "?", "131,212"},
		"Average":      {"employees", "23", "?", "21"},
		"Gross profit": {"588,696", "504,473"},
	} {
		if got := rowOf(r.stdout, label); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q\n%s", label, got, want, r.stdout)
		}
	}
	for _, want := range []string{
		`coview: the accounts made up to 31 March 2024: could not read net assets from core:NetAssetsLiabilities (context bs) at line 13: it is not a number: "see note 7"`,
		`coview: the accounts made up to 31 March 2024: could not read average employees from core:AverageNumberEmployeesDuringPeriod (context y) at line 18: it is not a number: "<U+202E>7<U+202C>"`,
		"coview: the accounts made up to 31 March 2023: no figures: the document is not inline XBRL (it is not well-formed XML: element <meta> is closed by </head>), at line 3",
		"coview: the accounts made up to 31 March 2022: no figures: the document declares entities (<!ENTITY>), which accounts never need, so it was not read, at line 2",
	} {
		if !strings.Contains(r.stderr, want+"\n") {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.ContainsAny(r.stdout+r.stderr, "\u202e\u009b\x1b") {
		t.Error("a control character from a document reached the terminal")
	}
	none := badAccounts(t, fixture(t, "not-xhtml.html"), fixture(t, "unknown-taxonomy.xhtml"))
	r = run(t, "", none, "accounts", "09876543", "--years", "2")
	if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "no figure could be read from company 09876543's last 2 accounts") ||
		!strings.Contains(r.stderr, "a taxonomy coview does not read figures from") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// rowOf is the cells of the table's row that starts with label, split on
// runs of spaces.
func rowOf(table, label string) []string {
	for line := range strings.Lines(table) {
		if rest, ok := strings.CutPrefix(line, label); ok {
			return strings.Fields(rest)
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), label); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

// On a terminal, the table shortens amounts but not counts.
func TestAccountsTableOnATerminalShortensAmounts(t *testing.T) {
	t.Parallel()
	r, err := figures.Read(fixture(t, "frs102-small.xhtml"), figures.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := &accounts.Company{Number: "04123456", Filed: []*accounts.Filed{{Report: r}}}
	var out strings.Builder
	if err := writeAccounts(&out, accountsTable, c, c.Columns()); err != nil {
		t.Fatal(err)
	}
	for label, want := range map[string][]string{
		"Turnover":  {"1.48m", "+14%", "1.31m"},
		"Average":   {"employees", "23", "+10%", "21"},
		"Cash":      {"185k", "+41%", "131k"},
		"Called-up": {"share", "capital", "100", "0%", "100"},
	} {
		if got := rowOf(out.String(), label); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q\n%s", label, got, want, out.String())
		}
	}
}

// Issue 33: a watch list's check reads the figures of new accounts and
// says what they show against the year before. The demo's tea room
// files accounts made up to 31 March 2026 on 10 April 2026, which show
// its net assets fallen by more than half; a quarter of an hour later,
// accounts to 30 June 2025, which show none of the red flags.
func TestWatchCheckSaysWhatNewAccountsShow(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	at := func(when time.Time) map[string]string {
		return map[string]string{"COVIEW_DEMO_NOW": when.Format(time.RFC3339), "XDG_DATA_HOME": data}
	}
	filed := demo.LivingEventAt(demo.LivingFirst, 47520)
	if r := run(t, "", at(filed.Add(-30*time.Second)), "--demo", "watch", "add", demo.LivingFirst); r.code != 0 {
		t.Fatalf("watch add: exit %d, %q", r.code, r.stderr)
	}
	if r := run(t, "", at(filed.Add(-30*time.Second)), "--demo", "watch", "check"); r.code != 0 || r.stdout != "" {
		t.Fatalf("the first check: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	r := run(t, "", at(filed.Add(30*time.Second)), "--demo", "watch", "check")
	for _, want := range []string{"filed: full accounts made up to 31 March 2026 (AA)",
		"accounts filed: net assets fell from £59,992 to £10,212", "accounts filed: net current liabilities (-£10,788)"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Fatalf("exit %d, stdout lacks %q:\n%s%s", r.code, want, r.stdout, r.stderr)
		}
	}
	r = run(t, "", at(demo.LivingEventAt(demo.LivingFirst, 47525).Add(30*time.Second)), "--demo", "watch", "check")
	if r.code != 0 || !strings.Contains(r.stdout, "accounts filed: net assets £59,992") || strings.Contains(r.stdout, "fell") {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	j := run(t, "", at(demo.LivingEventAt(demo.LivingFirst, 47525).Add(time.Minute)), "--demo", "watch", "changes", "--json")
	if !strings.Contains(j.stdout, `"kind":"accounts/net-assets-fell"`) || !strings.Contains(j.stdout, `"before":"59992","after":"10212"`) {
		t.Errorf("watch changes --json:\n%s", j.stdout)
	}
}
