package ui

import (
	"slices"
	"testing"

	"coview/api"
	"coview/ui/common"
	"coview/ui/recent"
	"coview/ui/table"

	tea "charm.land/bubbletea/v2"
)

func fakeWith(t *testing.T, numbers ...string) *fakeRegistry {
	f := newFake()
	for _, n := range numbers {
		f.profiles[n] = simpleProfile(t, n, "COMPANY "+n+" LIMITED")
	}
	return f
}

func TestPasteOfAPrefixedNumberWithANewlineOpensIt(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "SC123456")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "sc 123456\n"})
	if got := f.requests(); !slices.Equal(got, []string{"company SC123456"}) {
		t.Fatalf("requests %v, want the profile of SC123456", got)
	}
	if place(m).Res.Kind != api.ResCompany || place(m).Company != "SC123456" {
		t.Fatalf("on %+v, want the profile of SC123456", place(m))
	}
	mustContain(t, screen(m), "COMPANY SC123456 LIMITED", "SC123456", "Active")
}

func TestPasteOfALabelledNumberWaitsInTheInputForEnter(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "01234567")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "Company No. 01234567"})
	if f.count() != 0 {
		t.Fatalf("a paste without a newline sent %v", f.requests())
	}
	if !m.box.Focused() || m.box.Value() != "01234567" {
		t.Fatalf("search %q (focused %v), want the number ready in the input", m.box.Value(), m.box.Focused())
	}
	press(t, m, "enter")
	if place(m).Company != "01234567" {
		t.Fatalf("Enter opened %+v", place(m))
	}
	if m.box.Focused() || m.box.Value() != "" {
		t.Fatalf("the input still has the keyboard (%v) or text %q after opening", m.box.Focused(), m.box.Value())
	}
}

// Issue 24: a column pasted from a spreadsheet is screened, one row a
// line, and n still opens its numbers one by one, from the table, at no
// cost: the screening read them.
func TestPasteOfASpreadsheetColumnScreensItAndNOpensItsNumbersOneByOne(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00006400", "00006401", "SC006405")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\r\n6401\r\nSC006405\r\n"})
	if place(m).Show != common.ShowScreening {
		t.Fatalf("opened %+v, want the screening", place(m))
	}
	if got := firstCells(rowsOf(m), 0); !slices.Equal(got, []string{"00006400", "6401", "SC006405"}) {
		t.Fatalf("rows %v, want the lines as pasted, in order", got)
	}
	if got := f.requests(); len(got) != 3 {
		t.Fatalf("requests %v, want one a company", got)
	}
	if !slices.Equal(m.box.Pending(), []api.Number{"00006400", "00006401", "SC006405"}) {
		t.Fatalf("offered %v", m.box.Pending())
	}
	mustContain(t, screen(m), "Next to open: 00006400, 00006401, SC006405", "n opens the next")
	for i, want := range []api.Number{"00006400", "00006401", "SC006405"} {
		press(t, m, "n")
		if place(m).Company != want || len(m.box.Pending()) != 2-i {
			t.Fatalf("n opened %s and left %v", place(m).Company, m.box.Pending())
		}
	}
	mustNotContain(t, screen(m), "Next to open")
	if f.count() != 3 {
		t.Fatalf("opening what the screening read asked again: %v", f.requests())
	}
	press(t, m, "backspace", "backspace", "backspace")
	if place(m).Show != common.ShowScreening || rowsOf(m).Len() != 3 {
		t.Fatalf("back from the first leads to %+v", place(m))
	}
}

// firstCells is cell i of every row of a list, in order.
func firstCells(l *table.Rows, i int) []string {
	var out []string
	for r := range l.Len() {
		out = append(out, l.Item(r).Cells[i])
	}
	return out
}

func TestAPastedNameGoesToTheInputToBeSearchedFor(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{})
	m.box.Blur()
	out := send(t, m, tea.PasteMsg{Content: "hello world"})
	if f.count() != 0 || !m.box.Focused() || m.box.Value() != "hello world" {
		t.Fatalf("requests %v, searching %v, value %q", f.requests(), m.box.Focused(), m.box.Value())
	}
	if !slices.ContainsFunc(out, func(msg tea.Msg) bool { _, ok := msg.(timerMsg); return ok }) {
		t.Fatal("no pause was waited for before searching the name")
	}
	mustNotContain(t, screen(m), "No company number in the pasted text.")
}

func TestPasteOfALineWithoutANumberEndingInANewlineSaysSo(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "hello world\n\n"})
	if f.count() != 0 {
		t.Fatalf("requests %v", f.requests())
	}
	mustContain(t, screen(m), "No company number in the pasted text.")
}

// Two lines without a number are two names to screen (issue 24): each is
// searched for once, and found when its match is exact.
func TestPasteOfSeveralNamesScreensThem(t *testing.T) {
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	send(t, m, tea.PasteMsg{Content: "Grumble & Sons Plumbing Limited\nzzqxv nothing like it\n"})
	if place(m).Show != common.ShowScreening {
		t.Fatalf("opened %+v, want the screening", place(m))
	}
	mustContain(t, screen(m), "2 rows: 1 ok, 1 unresolved", "GRUMBLE & SONS PLUMBING LTD", "00006407")
}

func TestTypedNumberIsNormalisedAndOpened(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "SC001234")
	m := testModel(t, f, Options{})
	typeText(t, m, "sc1234")
	press(t, m, "enter")
	if place(m).Company != "SC001234" {
		t.Fatalf("opened %+v", place(m))
	}
}

func TestAMistypedNumberSaysWhyAndSendsNothing(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{})
	typeText(t, m, "sc12345678")
	press(t, m, "enter")
	if f.count() != 0 {
		t.Fatalf("sent %v", f.requests())
	}
	mustContain(t, screen(m), "Not a company number", "8 digits after the prefix SC")
	if m.box.Value() != "sc12345678" {
		t.Fatalf("the input lost what was typed: %q", m.box.Value())
	}
}

func TestSlashFocusesTheSearchAndEscLeavesIt(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	m := testModel(t, f, Options{Numbers: []api.Number{"00000001"}})
	run(t, m, m.Init())
	if m.box.Focused() {
		t.Fatal("the input has the keyboard although a number was opened at start")
	}
	press(t, m, "/")
	if !m.box.Focused() {
		t.Fatal("/ did not focus the search")
	}
	press(t, m, "q") // typed, not quitting
	if m.box.Value() != "q" {
		t.Fatalf("q in the search gave %q", m.box.Value())
	}
	press(t, m, "esc")
	if m.box.Focused() {
		t.Fatal("esc did not leave the search")
	}
}

func TestRecentNumbersAreOfferedUnderTheEmptyInput(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "00000002")
	dir := t.TempDir()
	m := testModel(t, f, Options{StateDir: dir})
	run(t, m, m.Init())
	for _, n := range []string{"1", "2"} {
		send(t, m, tea.PasteMsg{Content: n + "\n"})
	}
	press(t, m, "/")
	s := screen(m)
	mustContain(t, s, "Recent", "00000002  COMPANY 00000002 LIMITED", "00000001  COMPANY 00000001 LIMITED")
	press(t, m, "down", "down", "enter")
	if place(m).Company != "00000001" {
		t.Fatalf("picking the second recent number opened %s", place(m).Company)
	}

	// A new run reads them back, most recent first.
	again := testModel(t, f, Options{StateDir: dir})
	run(t, again, again.Init())
	if got, _ := again.box.Recent(); !slices.Equal(recent.Numbers(got), []api.Number{"00000001", "00000002"}) {
		t.Fatalf("recent after a restart: %v", got)
	}
	if got := again.box.Suggestions(); !slices.Equal(got, []string{"00000001", "00000002"}) {
		t.Fatalf("suggestions %v, want the recent numbers", got)
	}
}

func TestUnwritableStateDirDoesNotStopBrowsing(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	blocker := t.TempDir() + "/file"
	if err := writeFile(blocker, "not a directory"); err != nil {
		t.Fatal(err)
	}
	m := testModel(t, f, Options{StateDir: blocker + "/coview"})
	run(t, m, m.Init())
	send(t, m, tea.PasteMsg{Content: "1\n"})
	if place(m).Company != "00000001" {
		t.Fatalf("browsing stopped: on %+v", place(m))
	}
	mustContain(t, screen(m), "Recent numbers not saved")
}

func TestTypingANumberAlreadyOpenOrCachedLeavesTheSearch(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "00000002")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "1\n"})
	send(t, m, tea.PasteMsg{Content: "2\n"})
	for _, n := range []string{"1", "1"} { // cached, then the page on screen
		press(t, m, "/")
		typeText(t, m, n)
		press(t, m, "enter")
		if place(m).Company != "00000001" || m.box.Focused() || m.box.Value() != "" {
			t.Fatalf("on %s, searching %v with %q", place(m).Company, m.box.Focused(), m.box.Value())
		}
	}
	if f.count() != 2 {
		t.Fatalf("requests %v, want one per company", f.requests())
	}
}

func TestNumbersGivenAtStartOpenTheFirstAndOfferTheRest(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "SC001234")
	m := testModel(t, f, Options{Numbers: []api.Number{"00000001", "SC001234", "00000001"}})
	run(t, m, m.Init())
	if place(m).Company != "00000001" || !slices.Equal(m.box.Pending(), []api.Number{"SC001234"}) {
		t.Fatalf("on %s with %v offered", place(m).Company, m.box.Pending())
	}
	mustContain(t, screen(m), "Next to open: SC001234")
}
