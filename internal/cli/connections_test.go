package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/connections"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// connectionsRegistry serves the demo registry with a quota no test
// reaches, so that every run and its expectation start alike; fail, when
// it gives a status, answers that request with it instead.
func connectionsRegistry(t *testing.T, fail func(*http.Request) int) *testkit.Server {
	t.Helper()
	srv := testkit.Demo(t, demo.Options{Limit: testkit.Plenty})
	srv.Fail(fail)
	return srv
}

// wantConnections is what --plain should print: present's words for the
// same walk, made here with a client and walker of its own.
func wantConnections(t *testing.T, srv *testkit.Server, number string, opts connections.Options, current bool) string {
	t.Helper()
	c := testclient.For(t, srv.URL)
	r, err := connections.NewWalker(c).Walk(context.Background(), api.Number(number), opts)
	if err != nil {
		t.Fatal(err)
	}
	if current {
		r = r.CurrentOnly()
	}
	var b strings.Builder
	present.WriteConnections(&b, r)
	return b.String()
}

// --plain prints exactly the rows present gives for the same walk, as
// the browser shows them.
func TestPlainConnectionsPrintTheRowsPresentGives(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args    []string
		number  string
		opts    connections.Options
		current bool
	}{
		{[]string{"6412"}, "00006412", connections.Options{}, false},
		{[]string{"--plain", "--depth", "2", "00006412"}, "00006412", connections.Options{Depth: 2}, false},
		{[]string{"--current", "00006413"}, "00006413", connections.Options{}, true},
		{[]string{"--budget", "30", "00006401"}, "00006401", connections.Options{Budget: 30}, false},
	} {
		srv := connectionsRegistry(t, nil)
		want := wantConnections(t, srv, c.number, c.opts, c.current)
		r := run(t, "", demoEnv(srv), append([]string{"connections"}, c.args...)...)
		if r.code != 0 || r.stdout != want {
			t.Errorf("coview connections %s: exit %d, printed\n%.900s\nwant\n%.900s\nstderr: %s", strings.Join(c.args, " "), r.code, r.stdout, want, r.stderr)
		}
		if c.opts.Budget == 30 && !strings.Contains(r.stderr, "not checked: the budget of 30 requests was spent; --budget raises it") {
			t.Errorf("a walk cut short by its budget does not say so on stderr: %q", r.stderr)
		}
	}
}

// connectionsJSON is the part of --json the tests read.
type connectionsJSON struct {
	Company struct {
		Number, Name string
	}
	Depth     int
	Complete  bool
	Requests  int
	Budget    int
	Companies []struct {
		Number, Name string
		LinkedBy     string `json:"linked_by"`
	}
	People []struct {
		ID                 string
		Name, Label        string
		OfficerIDs         []string `json:"officer_ids"`
		ProbablySamePerson bool     `json:"probably_same_person"`
	}
	Links []struct {
		Kind, Person, Owner, Company, Role, Words string
		Natures                                   []string `json:"natures_of_control"`
		Current                                   bool
	}
	NotChecked []any `json:"not_checked"`
}

func TestJSONConnectionsHoldThePeopleAndTheLinksBetweenThem(t *testing.T) {
	t.Parallel()
	srv := connectionsRegistry(t, nil)
	r := run(t, "", demoEnv(srv), "connections", "--json", "--depth", "2", "00006412")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var doc connectionsJSON
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, r.stdout)
	}
	if doc.Company.Number != "00006412" || doc.Depth != 2 || !doc.Complete || doc.Requests != 15 || doc.NotChecked == nil || len(doc.NotChecked) != 0 {
		t.Errorf("company %+v, depth %d, complete %v, %d requests, not checked %v", doc.Company, doc.Depth, doc.Complete, doc.Requests, doc.NotChecked)
	}
	if len(doc.Companies) == 0 || doc.Companies[0].Number != "00006411" || !strings.HasPrefix(doc.Companies[0].LinkedBy, "owns this company: 75–100% of shares") {
		t.Errorf("the strongest connection: %+v", doc.Companies[:1])
	}
	var sprockett string
	for _, p := range doc.People {
		if slices.Contains(p.OfficerIDs, "6XyEBl7PtQ5TsJXL5gET4C6WdpF") {
			sprockett = p.ID
			if !slices.Equal(p.OfficerIDs, []string{"6XyEBl7PtQ5TsJXL5gET4C6WdpF", "q-98SZGThXf0Q-yC6Bj6X_MjmH9"}) || !p.ProbablySamePerson ||
				p.Name != "SPROCKETT, Wilhelmina Joan" || p.Label != "Wilhelmina Joan Sprockett" {
				t.Errorf("Wilhelmina Sprockett: %+v", p)
			}
		}
	}
	type edge struct {
		kind, from, to, role string
		current              bool
	}
	var edges []edge
	for _, l := range doc.Links {
		edges = append(edges, edge{l.Kind, l.Person + l.Owner, l.Company, l.Role, l.Current})
	}
	for _, want := range []edge{
		{"appointment", sprockett, "00006412", "director", true},
		{"appointment", sprockett, "00006413", "director", true},
		{"ownership", "00006411", "00006412", "", true},
		{"ownership", "00006412", "00006413", "", true},
		{"ownership", "00006401", "00006413", "", false},
	} {
		if !slices.Contains(edges, want) {
			t.Errorf("no link %+v among %d", want, len(edges))
		}
	}
	for _, l := range doc.Links {
		if l.Kind == "ownership" && l.Owner == "00006411" && (!slices.Contains(l.Natures, "ownership-of-shares-75-to-100-percent") || l.Words != "owns 75–100% of shares") {
			t.Errorf("the ownership link: %+v", l)
		}
	}
}

func TestDotConnectionsAreAGraphWithPastLinksDashed(t *testing.T) {
	t.Parallel()
	srv := connectionsRegistry(t, nil)
	r := run(t, "", demoEnv(srv), "connections", "--dot", "00006413")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	checkDot(t, r.stdout)
	for _, want := range []string{
		`"company 00006413" [shape=box, label="GOOSEBERRY FOOL LOGISTICS LIMITED\n00006413\nActive", penwidth=2];`,
		`"company 00006412" -> "company 00006413" [label="owns 75–100% of shares"];`,
		`"company 00006401" -> "company 00006413" [label="owns 75–100% of shares", style=dashed];`,
		`"person officer:5XaNFRNAyicbLXuyyqc_8hevpN-" -> "company 00006413" [label="director", style=dashed];`,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the graph lacks %s", want)
		}
	}
}

// checkDot fails unless out looks like one Graphviz digraph: a header,
// statements ending with ";" whose quotes all close, and a closing brace.
func checkDot(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || lines[0] != "digraph connections {" || lines[len(lines)-1] != "}" {
		t.Fatalf("not a digraph:\n%s", out)
	}
	for _, l := range lines[1 : len(lines)-1] {
		if !strings.HasPrefix(l, "  ") || !strings.HasSuffix(l, ";") || !quotesClose(l) {
			t.Errorf("not a statement whose strings close: %q", l)
		}
	}
}

// quotesClose reports whether every DOT string on the line ends: quotes
// not escaped by a backslash come in pairs.
func quotesClose(l string) bool {
	in := false
	for i := 0; i < len(l); i++ {
		switch {
		case in && l[i] == '\\':
			i++ // what it escapes
		case l[i] == '"':
			in = !in
		}
	}
	return !in
}

// hostileRegistry is a registry whose names are out to do harm: escape
// sequences, a bell, a bidi override, DOT quotes and backslashes.
func hostileRegistry(t *testing.T) *httptest.Server {
	t.Helper()
	bodies := map[string]any{
		"/company/00000001/officers": map[string]any{"total_results": 1, "items": []any{map[string]any{
			"name": "EVIL\x1b]0;pwned\x07 \"Q\" \\, Guy\u202e", "officer_role": "director", "date_of_birth": map[string]int{"month": 1, "year": 1970},
			"links": map[string]any{"officer": map[string]string{"appointments": "/officers/X1/appointments"}},
		}}},
		"/officers/X1/appointments": map[string]any{"name": "EVIL\x1b]0;pwned\x07 \"Q\" \\, Guy\u202e", "total_results": 2, "items": []any{
			map[string]any{"officer_role": "director", "appointed_to": map[string]string{"company_number": "00000001", "company_name": "ROOT \x1b[2J LTD", "company_status": "active"}},
			map[string]any{"officer_role": "director", "appointed_to": map[string]string{"company_number": "00000002", "company_name": "OTHER \"LTD\" \\N \u009b\u202e", "company_status": "active"}},
		}},
		"/company/00000001/persons-with-significant-control": map[string]any{"total_results": 0, "items": []any{}},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := bodies[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestConnectionsNeutraliseHostileNames(t *testing.T) {
	t.Parallel()
	srv := hostileRegistry(t)
	env := map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": demo.Key}
	for _, format := range []string{"--plain", "--json", "--dot"} {
		r := run(t, "", env, "connections", format, "00000001")
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", format, r.code, r.stderr)
		}
		if strings.ContainsAny(r.stdout, "\x1b\x07\u202e\u009b") {
			t.Errorf("%s printed control characters:\n%q", format, r.stdout)
		}
		if !strings.Contains(r.stdout, "OTHER") || !strings.Contains(r.stdout, "␛") {
			t.Errorf("%s does not show the names, neutralised:\n%s", format, r.stdout)
		}
		switch format {
		case "--json":
			if !json.Valid([]byte(r.stdout)) {
				t.Errorf("--json is not JSON:\n%s", r.stdout)
			}
		case "--dot":
			checkDot(t, r.stdout)
			if !strings.Contains(r.stdout, `label="OTHER \"LTD\" \\N`) {
				t.Errorf("the quotes and backslash of a name are not escaped:\n%s", r.stdout)
			}
		}
	}
}

func TestConnectionsExitCodes(t *testing.T) {
	t.Parallel()
	srv := connectionsRegistry(t, nil)
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"99999999"}, exitNotFound, "company 99999999 not found"},
		{nil, exitUsage, "connections takes one company number"},
		{[]string{"6400", "6401"}, exitUsage, "connections takes one company number"},
		{[]string{"--depth", "3", "6412"}, exitUsage, "--depth is 1 or 2, not 3"},
		{[]string{"--depth", "0", "6412"}, exitUsage, "--depth is 1 or 2, not 0"},
		{[]string{"--json", "--dot", "6412"}, exitUsage, "cannot be used together"},
		{[]string{"--budget", "-1", "6412"}, exitUsage, "--budget is a number of requests"},
		// Issue 20, item 24: 0 given is a mistake, not the default.
		{[]string{"--budget", "0", "6412"}, exitUsage, "--budget is a number of requests, at least 1, not 0"},
		{[]string{"not a number at all"}, exitUsage, ""},
	} {
		r := run(t, "", demoEnv(srv), append([]string{"connections"}, c.args...)...)
		if r.code != c.code || !strings.Contains(r.stderr, c.stderr) {
			t.Errorf("coview connections %s: exit %d, stderr %q; want %d and %q", strings.Join(c.args, " "), r.code, r.stderr, c.code, c.stderr)
		}
	}
	r := run(t, "", map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "wrong"}, "connections", "6412")
	if r.code != exitAuth {
		t.Errorf("a refused key: exit %d, %s", r.code, r.stderr)
	}
}

// What could not be read because of an error is listed, said on stderr,
// and the exit code says the answer is not whole.
func TestAnErrorLeftOutIsListedAndExits1(t *testing.T) {
	t.Parallel()
	srv := connectionsRegistry(t, func(r *http.Request) int {
		if strings.Contains(r.URL.Path, "5XaNFRNAyicbLXuyyqc_8hevpN-") {
			return http.StatusInternalServerError
		}
		return 0
	})
	r := run(t, "", demoEnv(srv), "connections", "00006413")
	if r.code != exitFailure {
		t.Errorf("exit %d, want %d", r.code, exitFailure)
	}
	if !strings.Contains(r.stdout, "Not checked") || !strings.Contains(r.stdout, "appointments of Wilfred Ellis Paddington-Brew") {
		t.Errorf("the appointments not read are not listed:\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "1 not checked because of errors") {
		t.Errorf("stderr: %q", r.stderr)
	}
}

func TestTheStatusLineIsRewrittenInPlaceAndWaitsGoAboveIt(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	s := &statusLine{w: &b, width: 12}
	s.Set("officers checked 1 of 9")
	s.Set("officers checked 1 of 9")
	s.Write([]byte("coview: a wait\n"))
	s.Set("done")
	s.Clear()
	s.Clear()
	want := "\r\x1b[Kofficers c…" + "\r\x1b[Kcoview: a wait\nofficers c…" + "\r\x1b[Kdone" + "\r\x1b[K"
	if b.String() != want {
		t.Errorf("wrote %q\nwant  %q", b.String(), want)
	}
}

// Issue 20, items 7 and 24: the JSON's count is the requests the
// registry got, retries included, never more than --budget; and however
// small the budget, the heading names the company.
func TestTheBudgetIsOfRequestsSentAndTheHeadingNamesTheCompany(t *testing.T) {
	t.Parallel()
	h := demo.NewHandler(demo.Options{Limit: testkit.Plenty})
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/officers/") {
			http.Error(w, `{"error":"down"}`, http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}))
	r := run(t, "", demoEnv(srv), "connections", "--json", "--budget", "10", "00006401")
	var doc struct {
		Requests int `json:"requests"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("exit %d: %v\n%s", r.code, err, r.stderr)
	}
	if sent := srv.Requests(); sent > 10 || doc.Requests != sent {
		t.Fatalf("the registry got %d requests; the JSON says %d; the budget was 10", sent, doc.Requests)
	}

	for _, budget := range []string{"1", "3"} {
		r := run(t, "", demoEnv(connectionsRegistry(t, nil)), "connections", "--budget", budget, "00006401")
		if !strings.HasPrefix(r.stdout, "Connections of GRAND UNIFIED TEAPOT HOLDINGS PLC (00006401)\n") {
			t.Errorf("--budget %s: exit %d\n%.300s", budget, r.code, r.stdout)
		}
		if strings.Count(r.stdout, "No other company is linked") > 1 {
			t.Errorf("--budget %s: says twice that nothing is linked:\n%s", budget, r.stdout)
		}
	}
}

// Issue 20, item 5: the README's example shows what it says it shows at
// --depth 2: the person under two officer ids, the company 00006412
// owns, and both directors it shares with it; at depth 1 the output says
// what it cannot see and what --depth 2 adds.
func TestTheReadmesConnectionsExampleShowsWhatItSays(t *testing.T) {
	t.Parallel()
	srv := connectionsRegistry(t, nil)
	r := run(t, "", demoEnv(srv), "connections", "--depth", "2", "00006412")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, w := range []string{
		"GOOSEBERRY FOOL LOGISTICS LIMITED  00006413  Active  current  owned by this company: 75–100% of shares; 2 directors in common: Rupert Pimpernel-Stoat, Wilhelmina Joan Sprockett",
		"probably the same person: officer ids 6XyEBl7PtQ5TsJXL5gET4C6WdpF, q-98SZGThXf0Q-yC6Bj6X_MjmH9",
	} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("--depth 2 lacks %q:\n%s", w, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "--depth 2 reads them") {
		t.Errorf("--depth 2 says what --depth 2 adds:\n%s", r.stdout)
	}
	one := run(t, "", demoEnv(srv), "connections", "00006412")
	for _, w := range []string{"Seen from this company only", "there may be more in common than counted here", "--depth 2 reads them"} {
		if !strings.Contains(one.stdout, w) {
			t.Errorf("depth 1 lacks %q:\n%s", w, one.stdout)
		}
	}
}
