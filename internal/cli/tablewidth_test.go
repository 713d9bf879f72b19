package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"coview/api/demo"
)

// Issue 31, item 2: a one-shot table printed on a terminal fits its
// width, as the browser's lists do: the columns that matter least
// narrowed or left out (and said so), or one record a block; piped, it
// keeps every column whole.

// onTerminal is a run's Env with stdout a terminal so many columns wide.
func onTerminal(columns int) func(*Env) {
	return func(e *Env) { e.Columns = func() int { return columns } }
}

// widest is the width of out's widest line, and that line.
func widest(out string) (int, string) {
	n, line := 0, ""
	for _, l := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(l); w > n {
			n, line = w, l
		}
	}
	return n, line
}

func TestOneShotTablesFitTheTerminalAndKeepEveryColumnPiped(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	screenArgs := []string{"screen", "6400", "6402", "6403", "SC006405", "6407", "99999999", "0123 4567"}

	w := newWatchWorld(t, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), demo.Options{})
	if r := w.run(t, "", "watch", "add", "6400", "6401", "6402", "6403", "SC006405", "6407", "6409", "OC006404"); r.code != 0 {
		t.Fatalf("watch add: exit %d, %s", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "check"); r.code > 1 {
		t.Fatalf("watch check: exit %d, %s", r.code, r.stderr)
	}

	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want []string // on one line each, at every width
	}{
		{"screen", demoEnv(srv), screenArgs, []string{"MARZIPAN MOUNTAIN SOFTWARE LTD", "CLOUDBERRY & CRANACHAN DISTILLERS LTD", "in liquidation; accounts overdue", "no company has this number"}},
		{"watch list", w.env, []string{"watch", "list"}, []string{"MARZIPAN MOUNTAIN SOFTWARE LTD", "SNOOZEWELL HAMMOCK IMPORTERS LIMITED", "30 Nov 2025 (overdue)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			piped := runWith(t, "", tc.env, nil, tc.args...)
			full, _ := widest(piped.stdout)
			if piped.code != 0 || full <= 120 {
				t.Fatalf("piped: exit %d, the widest line %d cells:\n%s", piped.code, full, piped.stdout)
			}
			for _, columns := range []int{80, 120, 160} {
				r := runWith(t, "", tc.env, onTerminal(columns), tc.args...)
				if n, line := widest(r.stdout); r.code != 0 || n > columns {
					t.Fatalf("at %d columns: exit %d, a line of %d cells: %q\n%s", columns, r.code, n, line, r.stdout)
				}
				for _, want := range tc.want {
					if !strings.Contains(r.stdout, want) {
						t.Errorf("at %d columns %q is not whole on a line:\n%s", columns, want, r.stdout)
					}
				}
			}
			// At the width of its widest line, it is the table piped.
			if r := runWith(t, "", tc.env, onTerminal(full), tc.args...); r.stdout != piped.stdout {
				t.Errorf("at %d columns:\n%s\npiped:\n%s", full, r.stdout, piped.stdout)
			}
		})
	}
}
