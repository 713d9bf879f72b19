package cli

import (
	"strings"
	"testing"
)

func TestFollowFilingsByCategoryAsksTheRegistry(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "--plain", "--follow", "filings", "--category", "accounts", "00006401")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	asked := false
	for _, q := range srv.Queries() {
		if q.Get("category") == "accounts" {
			asked = true
		}
	}
	if !asked {
		t.Errorf("the registry was not asked for category=accounts: %v", srv.Queries())
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	rows := 0
	for _, l := range lines[3:] { // the count, a blank line, the column titles
		rows++
		if f := strings.Fields(l); len(f) < 4 || f[3] != "AA" {
			t.Errorf("a filing that is not accounts: %q", l)
		}
	}
	if rows == 0 || !strings.Contains(lines[0], "filings") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}

func TestACategoryListIsCheckedBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"a misspelt category, with the nearest suggested", []string{"--plain", "--follow", "filings", "--category", "acounts", "00006401"}, `--category "acounts": the registry has no such filing category; did you mean accounts?`},
		{"a category's everyday name, with the key suggested", []string{"--plain", "--follow", "filings", "--category", "accounts,charges", "00006401"}, "did you mean mortgage?"},
		{"nothing like a category", []string{"--plain", "--follow", "filings", "--category", "zebra", "00006401"}, "no such filing category. The categories are: accounts, address,"},
		{"only commas", []string{"--plain", "--follow", "filings", "--category", ",,", "00006401"}, "--category needs one or more categories"},
		{"without --follow", []string{"--plain", "--category", "accounts", "00006401"}, "use it with --follow filings"},
		{"following another link", []string{"--plain", "--follow", "officers", "--category", "accounts", "00006401"}, "use it with --follow filings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := demoRegistry(t)
			r := run(t, "", demoEnv(srv), tt.args...)
			if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr %q, want 2 and %q", r.code, r.stderr, tt.want)
			}
			if n := len(srv.Queries()); n != 0 {
				t.Errorf("%d requests sent: %v", n, srv.Queries())
			}
		})
	}
}

func TestACategoryWithNoFilingsSaysSo(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "--plain", "--follow", "history", "--category", "insolvency,liquidation", "00006400")
	if r.code != 0 || !strings.Contains(r.stdout, "No filings are listed in the categories asked for (insolvency, liquidation).") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
