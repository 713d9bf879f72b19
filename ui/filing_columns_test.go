package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A filing history's pages and category (issue 25) are drawn when there
// is room for them and the description keeps a line's worth of words:
// nothing new at 80 columns, the pages at 120, both at 200. The selected
// filing's description is under the list whole.
func TestAFilingsPagesAndCategoryShowWhenThereIsRoom(t *testing.T) {
	t.Parallel()
	cases := []struct {
		width    int
		heading  string // the list's column titles
		row      string // the first filing's row, as drawn
		noHeader []string
	}{
		{80, "Date         Type         Doc  Description", "19 Jan 2026  CS01         yes  Confirmation statement made on 14 January 2026…", []string{"Pages", "Category"}},
		{120, "Date         Type         Doc  Pages  Description", "19 Jan 2026  CS01         yes  3      Confirmation statement made on 14 January 2026 with no updates", []string{"Category"}},
		{200, "Date         Type         Doc  Pages  Description", "19 Jan 2026  CS01         yes  3      Confirmation statement made on 14 January 2026 with no updates", nil},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("at %d columns", c.width), func(t *testing.T) {
			t.Parallel()
			m := testModel(t, demoRegistry(t), wholeWidth)
			send(t, m, tea.WindowSizeMsg{Width: c.width, Height: 30})
			follow(t, m, "00006400", "Filing history")
			s := screen(m)
			mustContain(t, s, c.heading, c.row)
			head := headingLine(s, "Date ")
			for _, n := range c.noHeader {
				if strings.Contains(head, n) {
					t.Errorf("at %d columns the heading %q has %s", c.width, head, n)
				}
			}
			if c.width == 200 && !strings.Contains(head, "Category") {
				t.Errorf("at 200 columns the heading %q has no Category", head)
			}
		})
	}
}

// headingLine is the first line of a screen beginning (after its
// indent) with prefix.
func headingLine(s, prefix string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), prefix) {
			return l
		}
	}
	return ""
}
