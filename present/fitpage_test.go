package present

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// people is a list with a name, a brief role, a date, an optional column
// and a long flexible note last.
func people() *Page {
	pg := &Page{Summary: "3 people", Columns: []Column{{Title: "Name", Flex: true}, {Title: "Role", Brief: true},
		{Title: "Appointed"}, {Title: "Identity", Optional: true}, {Title: "Note", Flex: true}}}
	for _, cells := range [][]string{
		{"ABERNATHY-QUAYLE, Rosalind Jane", "Director", "14 Feb 2022", "due 14 Dec 2026", "a note that runs on for a while, as notes will, past any line"},
		{"DE VRIES-MOTT, Caspar", "Director", "30 Sep 2019", "", ""},
		{"QUILLFEATHER SECRETARIES LIMITED", "Corporate secretary", "14 Jan 2011", "", "short"},
	} {
		pg.Items = append(pg.Items, Item{Cells: cells})
	}
	return pg
}

func fitted(pg *Page, width int) string {
	var b strings.Builder
	FitPage(&b, pg, true, width)
	return b.String()
}

func TestAPrintedTableFitsTheTerminalOrBecomesBlocks(t *testing.T) {
	t.Parallel()
	var piped strings.Builder
	WritePage(&piped, people(), true)
	for _, tc := range []struct {
		width  int
		blocks bool
		want   []string // each on a line of its own
		not    []string
	}{
		{0, false, []string{"ABERNATHY-QUAYLE, Rosalind Jane   Director", "due 14 Dec 2026", "past any line"}, nil},
		{200, false, []string{"ABERNATHY-QUAYLE, Rosalind Jane   Director", "due 14 Dec 2026", "past any line"}, nil},
		// The optional column left out, and said so; the note cut.
		{100, false, []string{"(not shown at 100 columns: Identity; piped, every column is printed)", "QUILLFEATHER SECRETARIES LIMITED  Corporate secretary", "a note that runs on for a while…"}, []string{"due 14 Dec"}},
		// Too narrow for a date whole: a block a row, nothing cut.
		{50, true, []string{"ABERNATHY-QUAYLE, Rosalind Jane", "  Role       Director", "  Appointed  14 Feb 2022", "  Identity   due 14 Dec 2026", "  Note       a note that runs on for a while, as", "             notes will, past any line", "QUILLFEATHER SECRETARIES LIMITED"}, []string{"…", "—"}},
	} {
		out := fitted(people(), tc.width)
		if tc.width == 0 && out != piped.String() {
			t.Errorf("at 0 (piped) it differs from WritePage:\n%s", out)
		}
		for _, l := range strings.Split(out, "\n") {
			if tc.width > 0 && ansi.StringWidth(l) > tc.width {
				t.Errorf("at %d a line of %d cells: %q", tc.width, ansi.StringWidth(l), l)
			}
		}
		if got := !strings.Contains(out, "Name"); got != tc.blocks {
			t.Errorf("at %d blocks %v, want %v:\n%s", tc.width, got, tc.blocks, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("at %d %q is not there:\n%s", tc.width, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("at %d %q is there:\n%s", tc.width, w, out)
			}
		}
	}
}
