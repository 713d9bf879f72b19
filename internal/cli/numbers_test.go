package cli

import (
	"strings"
	"testing"
)

// Issue 11, item 22: numbers piped in are read only with "-"; without it,
// the message says so instead of only "no company number given".
func TestNoNumberSaysHowToReadThemFromStdin(t *testing.T) {
	for _, flag := range []string{"--json", "--plain"} {
		r := run(t, "6400\n", nil, "--demo", flag)
		if r.code != exitUsage || r.stdout != "" {
			t.Fatalf("coview --demo %s: exit %d, stdout %q", flag, r.code, r.stdout)
		}
		for _, w := range []string{"no company number given", " - ", "coview " + flag + " -"} {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("coview --demo %s: stderr lacks %q: %s", flag, w, r.stderr)
			}
		}
	}
}

func TestStdinNumbersAreReadWithADash(t *testing.T) {
	r := run(t, "Company No. 00006400\nnot a number here\n", nil, "--demo", "--json", "-")
	if r.code != 0 || !strings.Contains(r.stdout, `"company_number": "00006400"`) {
		t.Fatalf("exit %d: %.200s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, `ignoring "not a number here"`) {
		t.Fatalf("the junk line was not reported: %s", r.stderr)
	}
}
