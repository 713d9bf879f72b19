package ui

import (
	"context"
	"github.com/charmbracelet/x/ansi"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
)

// TestListsShowTheRowsPresentGives opens every kind of list the demo
// registry serves and checks that the browser shows exactly the rows
// present.Show makes of the same answer, the rows --plain prints: each
// row on screen holds its cells, in order, and nothing else.
func TestListsShowTheRowsPresentGives(t *testing.T) {
	t.Parallel()
	reg := demoRegistry(t)
	cases := []struct {
		number api.Number
		link   string // the profile's link to follow
		open   string // a row to follow first (an officer's appointments), or ""
	}{
		{"00006400", "Officers", ""},
		{"00006400", "Filing history", ""},
		{"00006400", "PSC statements", ""},
		{"00006402", "Officers", ""},
		{"00006400", "Officers", "HARGREAVE, Eleanor Mabel"},
	}
	for _, tc := range cases {
		t.Run(tc.number.String()+" "+tc.link+" "+tc.open, func(t *testing.T) {
			m := testModel(t, reg, Options{})
			send(t, m, tea.WindowSizeMsg{Width: 220, Height: 60})
			send(t, m, tea.PasteMsg{Content: tc.number.String() + "\n"})
			selectLink(t, m, tc.link)
			press(t, m, "enter")
			if tc.open != "" {
				i := slices.IndexFunc(allRows(rowsOf(m)), func(it present.Item) bool { return it.Cells[0] == tc.open })
				if i < 0 {
					t.Fatalf("no row %q", tc.open)
				}
				window(m).SetPosition(i, 0)
				press(t, m, "enter") // the appointment in full, on its link to them all
				press(t, m, "enter")
			}
			if rowsOf(m) == nil || rowsOf(m).Count == 0 {
				t.Fatalf("no list on %+v", place(m))
			}

			a, err := reg.Fetch(context.Background(), place(m).Res, api.Page{ItemsPerPage: common.PageSize})
			if err != nil {
				t.Fatal(err)
			}
			want := present.ShowAt(a, m.c.Cache.Profile(place(m).Company), today)
			if !slices.EqualFunc(allRows(rowsOf(m)), want.Items, func(a, b present.Item) bool {
				return slices.Equal(a.Cells, b.Cells) && a.Quiet == b.Quiet && a.Link == b.Link
			}) {
				t.Fatalf("the browser's rows differ from present's:\n%v\n%v", allRows(rowsOf(m)), want.Items)
			}

			mustShowTheCells(t, m, want)
		})
	}
}

// mustShowTheCells checks that each row of the list on screen holds the
// cells of the row present gives, in order, and nothing else.
func mustShowTheCells(t *testing.T, m *model, want *present.Page) {
	body := bodyLines(screen(m))[1:] // under the column headings
	listW := m.frame().split.ListW   // the preview beside the list is not the list's
	shown := rowsOf(m).Widths(listW) // an optional column is left out of a short line
	for i, it := range want.Items[:min(len(want.Items), window(m).Height())] {
		rest := ansi.Truncate(body[i], listW, "")
		for j, c := range it.Cells {
			if want.Columns[j].Optional && shown[j] == 0 {
				continue
			}
			if c == "" {
				c = "—"
			}
			at := strings.Index(rest, c)
			if at < 0 && j == len(it.Cells)-1 && want.Columns[j].Flex {
				// Too long for the screen: cut with an ellipsis (the
				// preview under the list shows it whole).
				shown, cut := strings.CutSuffix(strings.TrimSpace(rest), "…")
				if cut && strings.HasPrefix(c, shown) {
					rest = ""
					break
				}
			}
			if col := want.Columns[j]; at < 0 && (col.Yields || col.Max > 0) {
				// Cut to give room to the columns after it (a filing's
				// description, whole under the list), or to its Max (a
				// filing's long category).
				shown, after, cut := strings.Cut(rest, "…")
				if cut && strings.HasPrefix(c, strings.TrimSpace(shown)) {
					rest = after
					continue
				}
			}
			if at < 0 {
				t.Fatalf("row %d on screen %q lacks %q (cells %q)", i, body[i], c, it.Cells)
			}
			rest = rest[at+len(c):]
		}
		if strings.TrimSpace(rest) != "" {
			t.Fatalf("row %d on screen %q has more than its cells %q", i, body[i], it.Cells)
		}
	}
}
