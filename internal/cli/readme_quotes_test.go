package cli

import (
	"os"
	"strings"
	"testing"
)

// The README quotes what a refused search value gets: the words the
// command says, not others.
func TestTheREADMEQuotesTheDidYouMeanTheSearchSays(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	srv := demoRegistry(t)
	for _, c := range []struct {
		args   []string
		quoted func(said string) string // the part of what is said that the README quotes
	}{
		{[]string{"search", "--status", "actve"}, func(said string) string { return said }},
		{[]string{"search", "--type", "ltdd"}, func(said string) string { return said[strings.Index(said, "did you mean"):] }},
	} {
		r := run(t, "", demoEnv(srv), c.args...)
		said := strings.TrimSpace(strings.TrimPrefix(r.stderr, "coview: "))
		if r.code != exitUsage || !strings.Contains(said, "did you mean") {
			t.Fatalf("%q: exit %d, %q", c.args, r.code, r.stderr)
		}
		if q := c.quoted(said); !strings.Contains(readme, "`"+q+"`") {
			t.Errorf("the README does not quote what %q says: `%s`", c.args, q)
		}
	}
}
