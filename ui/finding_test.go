package ui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
)

// counted is a registry that counts what it is asked.
type counted struct {
	*api.Client
	n atomic.Int32
}

func (c *counted) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	c.n.Add(1)
	return c.Client.Fetch(ctx, res, page)
}

// The form, filled in and sent, lists what matches in one request (the
// advanced search serves 5,000 a request); the form is one step back,
// its values and its line as they were; Enter there lists again from the
// session, asking nothing.
func TestTheFormIsOneStepBackWithItsValues(t *testing.T) {
	t.Parallel()
	reg := &counted{Client: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	fillFinder(t, m, "", "", "active", "", "62020", "saltmere")
	press(t, m, "enter")
	at := place(m)
	if at.Res.Kind != api.ResAdvancedSearch || at.Show != common.ShowResource || rowsOf(m).Len() != 9 || reg.n.Load() != 1 {
		t.Fatalf("after Enter: %+v, %d rows, %d requests", at, rowsOf(m).Len(), reg.n.Load())
	}
	mustContain(t, screen(m), "9 companies: active, SIC 62020, in saltmere")
	if name := rowsOf(m).Item(0).Cells[0]; name != "AMBER ANVIL HOLDINGS LTD" {
		t.Errorf("the first row is %q", name)
	}
	press(t, m, "backspace")
	back := place(m)
	if back.Show != common.ShowFinder || back.Cursor != 5 {
		t.Fatalf("back at %+v", back)
	}
	mustContain(t, screen(m), "Status            > active", "SIC codes         > 62020", "Location          > saltmere")
	press(t, m, "enter")
	if place(m).Res != at.Res || reg.n.Load() != 1 {
		t.Errorf("Enter again: %+v, %d requests", place(m).Res, reg.n.Load())
	}
}

// A value the registry would refuse or misread never reaches it: Enter
// says what is wrong, with the nearest valid value, and stays on the
// form, the cursor on the line at fault; esc leaves the form.
func TestTheFormSendsNothingInvalid(t *testing.T) {
	t.Parallel()
	reg := &counted{Client: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	cases := []struct {
		values []string
		line   int
		says   string
	}{
		{[]string{"", "", "actve"}, 2, `"actve" is not a company status`},
		{[]string{"", "", "", "plx"}, 3, "plc (Public limited company)"},
		{[]string{"", "", "", "", "62020, bakery"}, 4, `SIC codes: "bakery" is neither a SIC code nor words of one`},
		{[]string{"", "", "", "", "manufacture"}, 4, `"manufacture" is in the words of 382 SIC codes`},
		{[]string{"", "", "", "", "", "", "2024-13-01"}, 6, "Incorporated from"},
		{[]string{"", "", "", "", "", "", "2025", "2024"}, 6, "after the end of the range"},
		{nil, 0, "Fill in at least one line"},
	}
	for _, tc := range cases {
		fillFinder(t, m, tc.values...)
		press(t, m, "enter")
		if at := place(m); at.Show != common.ShowFinder || at.Cursor != tc.line || !strings.Contains(screen(m), tc.says) {
			t.Errorf("%q: on %+v, screen\n%s", tc.values, at, screen(m))
		}
		press(t, m, "esc")
	}
	if n := reg.n.Load(); n != 0 {
		t.Errorf("%d requests reached the registry", n)
	}
}

// As a SIC code is typed the form says what it may be, in the
// registry's words; a code given says its words.
func TestTheFormSaysWhatACodeIs(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	fillFinder(t, m, "", "", "", "", "6202")
	mustContain(t, screen(m), "6202? 62020 Information technology consultancy activities")
	typeText(t, m, "0, 6201")
	mustContain(t, screen(m), "62020 Information technology consultancy activities; 6201? 62011")
}

// Every letter typed on the form is typing, the letters that move a
// list's cursor (j, k) too: a name or a place with them can be asked
// for. Only ↓, ↑ and tab move between lines.
func TestEveryLetterTypedOnTheFormIsTyping(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	fillFinder(t, m, "jack kent", "jk")
	press(t, m, "down", "down", "down", "down")
	typeText(t, m, "Kirkby Jakes")
	at := place(m)
	want := "/advanced-search/companies?company_name_excludes=jk&company_name_includes=jack+kent&location=Kirkby+Jakes"
	if at.Show != common.ShowFinder || at.Cursor != 5 || at.Res.Link != want {
		t.Fatalf("on line %d of %+v, want line 5 of %s:\n%s", at.Cursor, at.Res, want, screen(m))
	}
}

// Words on the SIC line say which codes they stand for as they are
// typed, and Enter asks for those codes: the companies of any of them.
func TestWordsOnTheSICLineAreTheCodesTheyHold(t *testing.T) {
	t.Parallel()
	reg := &counted{Client: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	fillFinder(t, m, "", "", "", "", "publishing softw")
	mustContain(t, screen(m), "publishing softw: 2 codes, 58290 Other software publishing · 7221 Software publishing")
	typeText(t, m, "are, raising sheep")
	mustContain(t, screen(m), "; raising sheep: 01450", "Raising of sheep and goats")
	press(t, m, "enter")
	at := place(m)
	if at.Show == common.ShowFinder || at.Res.Link != "/advanced-search/companies?sic_codes=01450%2C58290%2C7221" {
		t.Fatalf("Enter went to %+v:\n%s", at, screen(m))
	}
	mustContain(t, screen(m), "SIC 01450 or 58290 or 7221")
	if n := reg.n.Load(); n != 1 {
		t.Errorf("%d requests, want the one search", n)
	}
}

// a on a company (the profile on screen, or a company row of a list)
// shows the names filed next to it in the registry's index, the cursor on
// its own; moving past either end reads the page before or after by the
// index's cursors, once each.
func TestNeighboursPageBothWaysByTheCursor(t *testing.T) {
	t.Parallel()
	reg := &counted{Client: demoRegistry(t)}
	m := testModel(t, reg, Options{})
	send(t, m, tea.PasteMsg{Content: "00006412\n"})
	press(t, m, "a")
	if place(m).Res.Kind != api.ResAlphabeticalSearch || !strings.Contains(strings.Join(selected(m).Cells, " "), "GOOSEBERRY FOOL DAIRIES LIMITED") {
		t.Fatalf("a opened %+v on %q", place(m), selected(m).Cells)
	}
	n := rowsOf(m).Len()
	first, last := rowsOf(m).Item(0).Cells[0], rowsOf(m).Item(n - 1).Cells[0]
	press(t, m, "home", "up")
	if rowsOf(m).Len() <= n || rowsOf(m).Item(0).Cells[0] >= first || selected(m).Cells[0] >= first {
		t.Fatalf("before: %d rows from %q, on %q", rowsOf(m).Len(), rowsOf(m).Item(0).Cells[0], selected(m).Cells)
	}
	n = rowsOf(m).Len()
	press(t, m, "end", "down")
	if rowsOf(m).Len() <= n || rowsOf(m).Item(rowsOf(m).Len() - 1).Cells[0] <= last {
		t.Fatalf("after: %d rows to %q", rowsOf(m).Len(), rowsOf(m).Item(rowsOf(m).Len() - 1).Cells[0])
	}
	asked := reg.n.Load()
	press(t, m, "backspace")
	if !place(m).IsProfile() || reg.n.Load() != asked {
		t.Errorf("back: %+v, %d requests more", place(m), reg.n.Load()-asked)
	}
	// On a list, a looks up the row's company.
	fillFinder(t, m, "", "", "", "", "62020", "saltmere")
	press(t, m, "enter", "down", "a")
	if q := api.SearchQuery(place(m).Res.Link); q != "BRAMBLE ANVIL HOLDINGS LTD" {
		t.Errorf("a on a row looked up %q", q)
	}
}

// selected is the row under the cursor.
func selected(m *model) struct{ Cells []string } {
	l := rowsOf(m)
	if l == nil || l.Len() == 0 {
		return struct{ Cells []string }{}
	}
	return struct{ Cells []string }{l.Item(window(m).Cursor()).Cells}
}

// The form and what it finds are about no company: opened from a
// company's page, their title line says what they are, not that company.
func TestTheFormOpenedFromACompanyIsTitledAsTheForm(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	typeText(t, m, "00006400")
	press(t, m, "enter")
	mustContain(t, screen(m), "MARZIPAN MOUNTAIN SOFTWARE LTD  00006400")
	fillFinder(t, m, "", "", "active", "", "62020", "saltmere")
	if top := strings.SplitN(screen(m), "\n", 2)[0]; !strings.HasPrefix(top, "Find companies") {
		t.Errorf("the form's title line is %q", top)
	}
	press(t, m, "enter")
	if top := strings.SplitN(screen(m), "\n", 2)[0]; !strings.HasPrefix(top, "Companies: active, SIC 62020") {
		t.Errorf("the results' title line is %q", top)
	}
}

// Issue 31, item 35: at 80 columns the companies found give their names
// the room: the SIC codes, the locality and the type give way before a
// name is cut, and the line under the list is the selected company's
// name whole, then what its row left out, not its SIC codes alone.
func TestCompaniesFoundGiveTheirNamesTheRoom(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	fillFinder(t, m, "", "", "", "", "62020", "saltmere")
	press(t, m, "enter", "down", "down")
	lines := strings.Split(screen(m), "\n")
	for _, name := range []string{"AMBER ANVIL HOLDINGS LTD", "IRONWOOD ANVIL HOLDINGS LTD", "JUNIPER ANVIL HOLDINGS LTD"} {
		mustContain(t, screen(m), name+"  ")
	}
	under := ""
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "3 of 10") && i >= 2 {
			under = lines[i-2] + " " + lines[i-1]
		}
	}
	if !strings.HasPrefix(strings.TrimSpace(under), "COPPER ANVIL HOLDINGS LTD · Type: Ltd · Locality: Saltmere · SIC: 64209") {
		t.Errorf("under the list: %q\n%s", under, screen(m))
	}
}
