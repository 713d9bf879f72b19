package e2e

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Issue 31, item 2: in a real terminal of 80 columns, the real binary's
// screening and watch list fit it, no line wrapping mid-word; piped, the
// same commands keep every column.
func TestEndToEndOneShotTablesFitAnEightyColumnTerminal(t *testing.T) {
	t.Parallel()
	env := cleanEnv(t)
	if r := runCoview(t, env, "", "--demo", "watch", "add", "6400", "6402", "6403", "SC006405", "6407"); r.code != 0 {
		t.Fatalf("watch add: exit %d, %s", r.code, r.stderr)
	}
	if r := runCoview(t, env, "", "--demo", "watch", "check"); r.code > 1 {
		t.Fatalf("watch check: exit %d, %s", r.code, r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--demo", "screen", "6400", "6402", "6403", "SC006405", "6407", "99999999", "0123 4567"},
			[]string{"CLOUDBERRY & CRANACHAN DISTILLERS LTD", "in liquidation; accounts overdue", "no company has this number"}},
		{[]string{"--demo", "watch", "list"}, []string{"CLOUDBERRY & CRANACHAN DISTILLERS LTD", "30 Nov 2025 (overdue)"}},
	} {
		t.Run(tc.args[1], func(t *testing.T) {
			t.Parallel()
			piped := runCoview(t, env, "", tc.args...)
			wide := false
			for _, l := range strings.Split(piped.stdout, "\n") {
				wide = wide || ansi.StringWidth(l) > 120
			}
			if piped.code != 0 || !wide {
				t.Fatalf("piped: exit %d, every column whole? %v\n%s", piped.code, wide, piped.stdout)
			}
			s := startTmux(t, 80, 100, env, tc.args...)
			s.waitFor("coview exited with 0")
			// Lines the terminal wrapped, joined again: none is over 80.
			joined := s.tmux("capture-pane", "-p", "-J")
			for _, l := range strings.Split(joined, "\n") {
				if ansi.StringWidth(l) > 80 {
					t.Errorf("a line of %d cells wrapped: %q", ansi.StringWidth(l), l)
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(joined, w) {
					t.Errorf("%q is not whole on a line:\n%s", w, joined)
				}
			}
		})
	}
}
