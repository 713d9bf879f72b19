package table

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"coview/present"
	"coview/ui/common"
)

// people is a list with a column of each kind: text, a date, a number,
// and one with empty cells.
func people() *present.Page {
	row := func(name, born, count, note string) present.Item {
		return present.Item{Cells: []string{name, born, count, note}, Link: "/" + name}
	}
	return &present.Page{
		Columns: []present.Column{{Title: "Name", Flex: true}, {Title: "Appointed"}, {Title: "Companies"}, {Title: "Note"}},
		Items: []present.Item{
			row("carol", "2 Mar 2011", "1,200", "b"),
			row("Alice", "14 Jan 2011", "9", ""),
			row("bob", "9 Dec 1999", "80", "a"),
			row("dave", "", "10", "c"),
		},
		Total: 4,
	}
}

func names(l *Rows) []string {
	var out []string
	for i := range l.Len() {
		out = append(out, l.Item(i).Cells[0])
	}
	return out
}

func TestSortingOrdersEachKindOfColumnAsWhatItHolds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		by   int
		want []string
	}{
		{"text ignores case", 1, []string{"Alice", "bob", "carol", "dave"}},
		{"text the other way", -1, []string{"dave", "carol", "bob", "Alice"}},
		{"dates are dates, not text, and an empty one is last", 2, []string{"bob", "Alice", "carol", "dave"}},
		{"dates the other way, the empty one still last", -2, []string{"carol", "Alice", "bob", "dave"}},
		{"numbers are numbers, thousands separators and all", 3, []string{"Alice", "dave", "bob", "carol"}},
		{"numbers the other way", -3, []string{"carol", "bob", "dave", "Alice"}},
		{"empty cells last either way", -4, []string{"dave", "carol", "bob", "Alice"}},
		{"nought is the registry's order", 0, []string{"carol", "Alice", "bob", "dave"}},
		{"a column the list lacks is the registry's order", 9, []string{"carol", "Alice", "bob", "dave"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := New(people())
			l.SortBy(tc.by)
			if got := names(l); !slices.Equal(got, tc.want) {
				t.Fatalf("sorted by %d: %v, want %v", tc.by, got, tc.want)
			}
		})
	}
}

func TestRowsAlikeKeepTheRegistrysOrderEitherWay(t *testing.T) {
	t.Parallel()
	pg := people()
	for i := range pg.Items {
		pg.Items[i].Cells[2] = "5"
	}
	l := New(pg)
	for _, by := range []int{3, -3} {
		l.SortBy(by)
		if got := names(l); !slices.Equal(got, []string{"carol", "Alice", "bob", "dave"}) {
			t.Fatalf("sorted by %d: %v", by, got)
		}
	}
}

func TestFilteringASortedListKeepsItsOrderAndAPageArrivingIsSortedIn(t *testing.T) {
	t.Parallel()
	l := New(people())
	l.SetFilter("L", false) // carol, Alice
	l.SortBy(-1)
	if got := names(l); !slices.Equal(got, []string{"carol", "Alice"}) {
		t.Fatalf("filtered then sorted: %v", got)
	}
	l.Add(&present.Page{Columns: l.Columns, Total: 6, Items: []present.Item{
		{Cells: []string{"lara", "", "1", ""}}, {Cells: []string{"zed", "", "1", ""}},
	}})
	if got := names(l); !slices.Equal(got, []string{"lara", "carol", "Alice"}) {
		t.Fatalf("a page arriving: %v", got)
	}
	l.SetFilter("", false)
	if got := names(l); !slices.Equal(got, []string{"zed", "lara", "dave", "carol", "bob", "Alice"}) {
		t.Fatalf("the filter dropped: %v", got)
	}
}

func newModel(t *testing.T) *Model {
	t.Helper()
	m := NewModel(common.New(context.Background(), nil, nil), New(people()), common.Place{})
	m.LV.SetHeight(10)
	return m
}

func TestSAndShiftSCycleTheColumnsAndKeepTheCursorOnItsRow(t *testing.T) {
	t.Parallel()
	m := newModel(t)
	m.LV.SetPosition(2, 0) // bob
	steps := []struct {
		do   func()
		sort int
	}{
		{m.NextSort, 1}, {m.NextSort, 2}, {m.ReverseSort, -2}, {m.NextSort, -3}, {m.NextSort, -4}, {m.NextSort, 0}, {m.ReverseSort, -1},
	}
	for i, s := range steps {
		s.do()
		if m.Rows.Sort != s.sort {
			t.Fatalf("step %d: sorted by %d, want %d", i, m.Rows.Sort, s.sort)
		}
		if it, _ := m.Selected(); it.Cells[0] != "bob" {
			t.Fatalf("step %d: the cursor left bob for %s (%v)", i, it.Cells[0], names(m.Rows))
		}
		if at := m.View(common.Place{}); at.Sort != s.sort {
			t.Fatalf("step %d: the place keeps sort %d", i, at.Sort)
		}
	}
}

func TestTheSortedColumnsHeadingHasAnArrowTheWayItIsSorted(t *testing.T) {
	t.Parallel()
	m := newModel(t)
	head := func() string { return ansi.Strip(m.Mid(80)[0]) }
	if strings.ContainsAny(head(), "↑↓") {
		t.Fatalf("an arrow in the registry's order: %q", head())
	}
	m.NextSort()
	m.NextSort()
	if !strings.Contains(head(), "Appointed ↑") || strings.Count(head(), "↑")+strings.Count(head(), "↓") != 1 {
		t.Fatalf("sorted by the date up: %q", head())
	}
	m.ReverseSort()
	if !strings.Contains(head(), "Appointed ↓") {
		t.Fatalf("sorted by the date down: %q", head())
	}
	if got := ansi.Strip(strings.Join(m.SortLines(120), "")); !strings.Contains(got, "Sorted by Appointed ↓: the 4 loaded") {
		t.Fatalf("the sort line: %q", got)
	}
}

func TestASortedListNotAllLoadedSaysOnlyTheRowsLoadedAreSorted(t *testing.T) {
	t.Parallel()
	pg := people()
	pg.Total = 5000
	m := NewModel(common.New(context.Background(), nil, nil), New(pg), common.Place{Sort: 1})
	got := ansi.Strip(strings.Join(m.SortLines(200), ""))
	if !strings.Contains(got, "Sorted by Name ↑: the 4 rows loaded of 5,000; end loads the rest") {
		t.Fatalf("the sort line: %q", got)
	}
}

// The column sorted by is given room for its arrow: a narrow column's
// title is not cut to make room for it ("Pa… ↓").
func TestTheColumnSortedByKeepsItsTitleWholeBesideItsArrow(t *testing.T) {
	t.Parallel()
	pg := &present.Page{Columns: []present.Column{{Title: "Name", Flex: true}, {Title: "Pages"}},
		Items: []present.Item{{Cells: []string{"a", "12"}}, {Cells: []string{"b", "3"}}}, Total: 2}
	l := New(pg)
	l.SortBy(-2)
	styles := common.NewStyles(true)
	c := &common.Common{Ctx: context.Background(), Styles: &styles}
	if got := ansi.Strip(Headings(c, l, 80)); !strings.Contains(got, "Pages ↓") {
		t.Errorf("headings %q, want Pages ↓ whole", got)
	}
}
