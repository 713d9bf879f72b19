package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// :sort COLUMN [up|down] sorts any list by a column of it named on the
// command line (issue 25), completed from the list on screen; :sort
// alone puts it back in the registry's order.

func init() {
	// A filing history sorted by :sort, by a column drawn only when there
	// is room (its pages), the preview off: at 80 columns the line over
	// the list says the order, at 120 the pages are drawn with the arrow,
	// at 200 the category too.
	wideScreens = append(wideScreens, struct {
		name  string
		setup func(t *testing.T, m *model)
	}{"filings_sorted_by_command", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Filing history")
		press(t, m, "p")
		command(t, m, "sort pages down")
	}})
}

// sortingModel is a list of officers appointed on different days, the
// latest the 8th of the registry's 30, at 120 columns.
func sortingModel(t *testing.T) (*fakeRegistry, *model) {
	t.Helper()
	f := fakeWith(t, "00000001")
	officers := makeOfficers(30)
	for i := range officers {
		officers[i].AppointedOn = []string{"2019-03-04", "2021-11-30", "2018-07-15"}[i%3]
	}
	officers[7].AppointedOn = "2024-02-29"
	f.officers["/company/00000001/officers"] = officers
	m := testModel(t, f, Options{})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00000001\n"})
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	return f, m
}

func TestSortCommandSortsByTheColumnNamedAndBackToTheRegistrysOrder(t *testing.T) {
	t.Parallel()
	f, m := sortingModel(t)
	press(t, m, "down", "down")
	asked := f.count()
	command(t, m, "sort appointed down")
	if m.cmd.Active() {
		t.Fatalf("the line is still open:\n%s", screen(m))
	}
	l := rowsOf(m)
	if first := l.Item(0).Cells; first[0] != "PERSON 0007, Test" || first[2] != "29 Feb 2024" {
		t.Fatalf("sorted by appointed down, the first row is %q", first)
	}
	if last := l.Item(l.Len() - 1).Cells[2]; last != "15 Jul 2018" {
		t.Fatalf("sorted by appointed down, the last row was appointed %s", last)
	}
	if row := l.Item(window(m).Cursor()).Cells[0]; row != "PERSON 0002, Test" {
		t.Fatalf("the cursor went to %s", row)
	}
	mustContain(t, screen(m), "Appointed ↓", "Sorted by Appointed ↓: the 30 loaded")
	if got := f.count(); got != asked {
		t.Fatalf(":sort asked the registry %d times", got-asked)
	}
	command(t, m, "sort Name")
	if l := rowsOf(m); l.Sort != 1 || l.Item(0).Cells[0] != "PERSON 0000, Test" {
		t.Fatalf(":sort Name: sort %d, the first row %s", l.Sort, l.Item(0).Cells[0])
	}
	mustContain(t, screen(m), "Name ↑", "Sorted by Name ↑")
	command(t, m, "sort")
	s := screen(m)
	if l := rowsOf(m); l.Sorted() || strings.Contains(s, "↑") || strings.Contains(s, "Sorted by") {
		t.Fatalf(":sort alone left the list sorted (%d):\n%s", l.Sort, s)
	}
	mustContain(t, s, "In the registry's order.")
	if row := rowsOf(m).Item(window(m).Cursor()).Cells[0]; row != "PERSON 0002, Test" {
		t.Fatalf("back in the registry's order, the cursor is on %s", row)
	}
}

func TestSortCommandNamesTheColumnsThereAreWhenOneIsNot(t *testing.T) {
	t.Parallel()
	_, m := sortingModel(t)
	command(t, m, "sort pages")
	if !m.cmd.Active() {
		t.Fatal("the line closed on a column the list has not")
	}
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "),
		`No column "pages" here: the columns are Name, Role, Appointed, Resigned, Identity`)
	if rowsOf(m).Sorted() {
		t.Fatal("a column the list has not sorted it")
	}
}

func TestTabCompletesTheColumnsOfTheListOnScreen(t *testing.T) {
	t.Parallel()
	_, m := sortingModel(t)
	press(t, m, ":")
	typeText(t, m, "sort app")
	press(t, m, "tab")
	typeText(t, m, " d")
	press(t, m, "tab")
	mustContain(t, screen(m), ":sort appointed down") // tab adds the rest to what is typed
	press(t, m, "enter")
	if rowsOf(m).Sort != -3 {
		t.Fatalf("the completed line sorted by %d, want -3", rowsOf(m).Sort)
	}
}
