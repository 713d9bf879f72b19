package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/internal/testkit"
)

// coview search, run as a user runs it, on the built-in demo registry:
// the words after the flags are the query, the output is plain in a pipe,
// nothing found is exit 4, and the cap on a search's depth is said.
func TestSearchFindsByNameOnTheDemo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"a company by two words of its name", []string{"search", "marzipan", "mountain", "--demo"}, 0,
			[]string{`1 match for "marzipan mountain"`, "MARZIPAN MOUNTAIN SOFTWARE LTD", "00006400"}, nil},
		{"an officer", []string{"--demo", "search", "--officers", "hargreave"}, 0,
			[]string{"Eleanor Mabel HARGREAVE", "Apr 1968"}, nil},
		{"a name with letters beyond ASCII", []string{"--demo", "search", "ça", "va"}, 0,
			[]string{"ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO", "CE006411"}, nil},
		{"the first page of many, saying how many more", []string{"--demo", "search", "--companies", "ltd"}, 0,
			[]string{`1,003 matches for "ltd"`}, []string{"900 more after these 100", "--all"}},
		{"every page up to the cap, saying so", []string{"--demo", "search", "--companies", "--all", "ltd"}, 0,
			[]string{`1,003 matches for "ltd"`}, []string{"the registry shows the first 1,000 of 1,003"}},
		{"nothing found", []string{"--demo", "search", "zzqxv"}, exitNotFound,
			nil, []string{`coview: no company or officer names match "zzqxv"`}},
		{"a query that needs escaping, found nowhere", []string{"--demo", "search", "a&b+c%"}, exitNotFound,
			nil, []string{`coview: no company or officer names match "a&b+c%"`}},
		{"no query", []string{"--demo", "search", "--plain"}, exitUsage,
			nil, []string{"coview: search needs a name"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runCoview(t, cleanEnv(t), "", tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\n%.300s\n%s", r.code, tc.code, r.stdout, r.stderr)
			}
			for _, w := range tc.stdout {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("stdout lacks %q:\n%.500s", w, r.stdout)
				}
			}
			for _, w := range tc.stderr {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
			if tc.code != 0 && r.stdout != "" {
				t.Errorf("printed on stdout: %.300s", r.stdout)
			}
			if strings.ContainsAny(r.stdout+r.stderr, "\x1b\u202e") {
				t.Errorf("terminal controls in the output:\n%q", r.stdout+r.stderr)
			}
		})
	}
	r := runCoview(t, cleanEnv(t), "", "--demo", "search", "--all", "--companies", "ltd")
	if rows := strings.Count(r.stdout, "\n") - 3; rows != 1000 {
		t.Errorf("--all printed %d matches of the 1,000 the registry serves", rows)
	}
}

// Text from the search is made safe for a terminal in plain output, and
// left exactly as received in JSON.
func TestSearchNeutralisesHostileText(t *testing.T) {
	t.Parallel()
	r := runCoview(t, cleanEnv(t), "", "--demo", "search", "grimthorpe")
	if r.code != 0 || !strings.Contains(r.stdout, "Mallory GRIMTHORPE ␛]0;all your base␇␛[2J") || strings.ContainsAny(r.stdout, "\x1b\x07") {
		t.Fatalf("exit %d:\n%q\n%s", r.code, r.stdout, r.stderr)
	}
	r = runCoview(t, cleanEnv(t), "", "--demo", "search", "--json", "grimthorpe")
	var page struct {
		Items []struct {
			Title string `json:"title"`
		} `json:"items"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &page) != nil || len(page.Items) != 1 || !strings.Contains(page.Items[0].Title, "\x1b]0;") {
		t.Fatalf("--json did not keep the title as received: exit %d, %.300s", r.code, r.stdout)
	}
}

// The query reaches the registry as typed, through the real binary: &, +,
// % and non-ASCII letters survive the URL.
func TestSearchEscapesTheQueryEndToEnd(t *testing.T) {
	t.Parallel()
	srv := testkit.Demo(t, demo.Options{})
	for _, tc := range []struct {
		args  []string
		query string
		code  int
	}{
		{[]string{"a&b+c%"}, "a&b+c%", exitNotFound},
		{[]string{"ça", "va"}, "ça va", 0},
		{[]string{"café", "&", "larder+", "100%"}, "café & larder+ 100%", 0},
	} {
		srv.Reset()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", append([]string{"search", "--base-url", srv.URL}, tc.args...)...)
		sent := srv.Queries()
		if r.code != tc.code {
			t.Errorf("%q: exit %d, want %d: %s", tc.query, r.code, tc.code, r.stderr)
		}
		if len(sent) != 1 || sent[0].Get("q") != tc.query {
			t.Errorf("%q reached the registry as %v", tc.query, sent)
		}
	}
}
