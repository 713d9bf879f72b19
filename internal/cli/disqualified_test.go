package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// recordPage is what coview disqualified --plain should print for a
// record's link: present's page for the answer, fetched here directly.
func recordPage(t *testing.T, c *api.Client, link string) (string, []byte) {
	t.Helper()
	res, err := api.Route(link)
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Fetch(context.Background(), res, api.Page{})
	if err != nil {
		t.Fatalf("%s: %v", link, err)
	}
	var b strings.Builder
	present.WritePage(&b, present.Show(a, nil), true)
	return b.String(), a.Raw
}

// A script finds disqualified officers by name and prints each one's
// record: every line of search --disqualified --plain is present's row
// with the record last, and coview disqualified prints that record as
// present puts it in words, or as the registry's JSON as received.
func TestASearchOfTheDisqualifiedLeadsAScriptToEachRecord(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	c := testclient.For(t, srv.URL)
	for _, tt := range []struct{ query, link string }{
		{"grimthorpe", "/disqualified-officers/natural/" + demo.DisqualifiedNaturalID},
		{"crooked candlestick", "/disqualified-officers/corporate/" + demo.DisqualifiedCorporateID},
	} {
		t.Run(tt.query, func(t *testing.T) {
			r := run(t, "", demoEnv(srv), append([]string{"search", "--disqualified", "--plain"}, strings.Fields(tt.query)...)...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("search: exit %d: %s", r.code, r.stderr)
			}
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			if len(lines) != 4 || !strings.HasSuffix(lines[2], "Record") {
				t.Fatalf("want a summary, a blank line, the column titles ending in Record, and one match:\n%s", r.stdout)
			}
			want := wantSearched(t, c, api.ResSearchDisqualified, tt.query, false)
			fields := strings.Fields(lines[3])
			record := fields[len(fields)-1]
			if wantLines := strings.Split(want, "\n"); !strings.HasPrefix(lines[3], strings.TrimRight(wantLines[3], " ")) {
				t.Errorf("the match is not present's row followed by its record:\n%s\n%s", lines[3], wantLines[3])
			}
			if strings.ContainsAny(r.stdout, "\x1b\x07\u202e") {
				t.Errorf("a control character reaches stdout: %q", r.stdout)
			}

			page, raw := recordPage(t, c, tt.link)
			plain := run(t, "", demoEnv(srv), "disqualified", record)
			if plain.code != 0 || plain.stdout != page || plain.stderr != "" {
				t.Errorf("coview disqualified %s: exit %d, printed\n%s\nwant\n%s\n%s", record, plain.code, plain.stdout, page, plain.stderr)
			}
			if strings.ContainsAny(plain.stdout, "\x1b\x07\u202e") {
				t.Errorf("a control character reaches stdout: %q", plain.stdout)
			}

			// The JSON way: links.self from the search, the record as received.
			js := run(t, "", demoEnv(srv), append([]string{"search", "--disqualified", "--json"}, strings.Fields(tt.query)...)...)
			var found struct {
				Items []struct {
					Links struct{ Self string } `json:"links"`
				} `json:"items"`
			}
			if err := json.Unmarshal([]byte(js.stdout), &found); err != nil || len(found.Items) != 1 || found.Items[0].Links.Self != tt.link {
				t.Fatalf("search --json: %v, %s", err, js.stdout)
			}
			rec := run(t, "", demoEnv(srv), "disqualified", "--json", found.Items[0].Links.Self)
			if rec.code != 0 || rec.stdout != string(raw)+"\n" {
				t.Errorf("coview disqualified --json %s: exit %d, printed\n%s\nwant the body as received\n%s\n%s", tt.link, rec.code, rec.stdout, raw, rec.stderr)
			}
		})
	}
}

// A record is named as search prints it, by its link, or by its web
// page's address, with flags anywhere on the line.
func TestADisqualifiedRecordIsNamedInEveryFormAScriptHas(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	for _, args := range [][]string{
		{"disqualified", "natural/" + demo.DisqualifiedNaturalID},
		{"disqualified", "/disqualified-officers/natural/" + demo.DisqualifiedNaturalID, "--plain"},
		{"--plain", "disqualified", "https://find-and-update.company-information.service.gov.uk/disqualified-officers/natural/" + demo.DisqualifiedNaturalID},
	} {
		r := run(t, "", demoEnv(srv), args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Disqualification 1 of 2") {
			t.Errorf("coview %s: exit %d\n%s\n%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
	}
	if r := run(t, "", nil, "--demo", "disqualified", "corporate/"+demo.DisqualifiedCorporateID); r.code != 0 || !strings.Contains(r.stdout, "CROOKED CANDLESTICK") {
		t.Errorf("--demo: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestDisqualifiedExitCodes(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	natural := "natural/" + demo.DisqualifiedNaturalID
	cases := []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string
	}{
		{"a record exits 0", []string{natural}, demoEnv(srv), 0, ""},
		{"no record is a usage error", nil, demoEnv(srv), exitUsage, "disqualified takes one record"},
		{"two records are a usage error", []string{natural, natural}, demoEnv(srv), exitUsage, "disqualified takes one record"},
		{"what is not a record is a usage error", []string{"GRIMTHORPE"}, demoEnv(srv), exitUsage, `"GRIMTHORPE" is not a disqualified officer's record: want natural/ID or corporate/ID`},
		{"hostile text in a refused record is shown harmless", []string{"natural/\x1b[2J"}, demoEnv(srv), exitUsage, `"natural/␛[2J" is not`},
		{"--json with --plain is a usage error", []string{"--json", "--plain", natural}, demoEnv(srv), exitUsage, "cannot be used together"},
		{"a record not on the register exits 4", []string{"natural/nobody"}, demoEnv(srv), exitNotFound, "the register of disqualified directors has no record natural/nobody"},
		{"a person's id asked as a corporate body's exits 4", []string{"corporate/" + demo.DisqualifiedNaturalID}, demoEnv(srv), exitNotFound, "has no record corporate/"},
		{"no key exits 3", []string{natural}, map[string]string{"COVIEW_BASE_URL": srv.URL}, exitAuth, "no API key"},
		{"a rejected key exits 3", []string{natural}, map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "4c2a8f3e-1b7d-4e9a-8c61-2f0d9b7e5a13"}, exitAuth, "rejected the API key"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", tc.env, append([]string{"disqualified"}, tc.args...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			if tc.code != 0 && r.stdout != "" {
				t.Errorf("printed on stdout: %.200s", r.stdout)
			}
			if !strings.Contains(r.stderr, tc.want) || (tc.want != "" && !strings.HasPrefix(r.stderr, "coview: ")) || strings.ContainsAny(r.stderr, "\x1b") {
				t.Errorf("stderr lacks %q: %q", tc.want, r.stderr)
			}
		})
	}
}

func TestDisqualifiedHelpSaysWhatARecordIs(t *testing.T) {
	t.Parallel()
	r := run(t, "", nil, "disqualified", "--help")
	for _, w := range []string{"natural/ID", "corporate/ID", "search --disqualified", "--json", "Exit codes"} {
		if r.code != 0 || !strings.Contains(r.stdout, w) {
			t.Errorf("exit %d; --help lacks %q:\n%s", r.code, w, r.stdout)
		}
	}
	if r := run(t, "", nil, "search", "--help"); !strings.Contains(r.stdout, "--disqualified") {
		t.Errorf("search --help lacks --disqualified:\n%s", r.stdout)
	}
}
