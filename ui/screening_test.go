package ui

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	scr "coview/screen"
	"coview/ui/common"
	"coview/ui/screenings"
)

// The screening page (issue 24), driven as the user would on the demo
// registry with the date pinned: what a pasted column becomes, how it is
// sorted, filtered, opened and saved.

// screened is the browser on the demo registry, wide enough for every
// column but the type and the why, with screeningPaste screened; the
// preview beside a list is off, so the table has the whole width.
func screened(t *testing.T, opts Options) *model {
	t.Helper()
	opts.Settings.Layout.Preview.Hide = true
	m := testModel(t, demoRegistry(t), opts)
	send(t, m, tea.WindowSizeMsg{Width: 170, Height: 40})
	send(t, m, tea.PasteMsg{Content: screeningPaste})
	if place(m).Show != common.ShowScreening {
		t.Fatalf("the paste opened %+v, want a screening", place(m))
	}
	return m
}

// shownInputs are the entries of the rows shown, in the table's order.
func shownInputs(m *model) []string { return firstCells(rowsOf(m), 0) }

// selectedInput is the entry of the row under the cursor.
func selectedInput(m *model) string { return rowsOf(m).Item(window(m).Cursor()).Cells[0] }

// pastedInputs are screeningPaste's entries, in order, its heading left
// out.
func pastedInputs() []string {
	inputs, _ := scr.Lines(screeningPaste)
	out := make([]string, len(inputs))
	for i, in := range inputs {
		out[i] = in.Text
	}
	return out
}

func TestAPastedColumnIsScreenedARowAnEntryInTheOrderPasted(t *testing.T) {
	m := screened(t, Options{})
	if got, want := shownInputs(m), pastedInputs(); !slices.Equal(got, want) {
		t.Fatalf("rows %q, want the entries as pasted, in order: %q", got, want)
	}
	s := screen(m)
	mustContain(t, s, "Screening of 12 entries", `12 rows: 11 ok, 1 not found (the heading "Company number" was not screened)`,
		"In the order pasted", "WONKY WHEELBARROW WORKS LIMITED", "in liquidation; accounts overdue", "not_found")
	// The name resolves to the company the number 00006407 asked for:
	// one request for it, one for the search, one a number.
	if q := m.c.Quota; q.Remain != q.Limit-12 {
		t.Fatalf("the screening cost %d requests, want 12", q.Limit-q.Remain)
	}
}

func TestSIsTheNextColumnAndSTheOtherWayTheCursorStayingOnItsRow(t *testing.T) {
	m := screened(t, Options{})
	sc := m.makers.screenings.Of(screeningID(m))
	press(t, m, "down", "down", "down", "down", "down") // sc 6405
	// What the order of some columns is, as the screening means it: names
	// in order, the gravest flags first, results in screen.Results'
	// order; the row without a value last whichever way.
	first := map[string]string{
		present.FieldName + " ↑": "sc 6405", present.FieldName + " ↓": "Company No. 00006403",
		present.FieldFlags + " ↑": "Company No. 00006403", present.FieldResult + " ↓": "99999999",
	}
	last := map[string]string{
		present.FieldName + " ↑": "99999999", present.FieldName + " ↓": "99999999", present.FieldResult + " ↑": "99999999",
	}
	for i, field := range []string{present.FieldInput, present.FieldNumber, present.FieldName, present.FieldStatus,
		present.FieldAccountsDue, present.FieldConfirmationDue, present.FieldFlags, present.FieldResult} {
		title := rowsOf(m).Columns[i].Title
		for _, desc := range []bool{false, true} {
			way := "↑"
			if desc {
				press(t, m, "S")
				way = "↓"
			} else {
				press(t, m, "s")
			}
			if sc.Sort.Field != field || sc.Sort.Desc != desc {
				t.Fatalf("sorted by %+v, want %s (desc %v)", sc.Sort, field, desc)
			}
			got := shownInputs(m)
			if want, ok := first[field+" "+way]; ok && got[0] != want {
				t.Errorf("by %s %s the first row is %q, want %q: %q", field, way, got[0], want, got)
			}
			if want, ok := last[field+" "+way]; ok && got[len(got)-1] != want {
				t.Errorf("by %s %s the last row is %q, want %q: %q", field, way, got[len(got)-1], want, got)
			}
			if field == present.FieldFlags && way == "↑" && !slices.Equal(got[:5], []string{"Company No. 00006403", "00006402", "00006407", "Grumble & Sons Plumbing Limited", "sc 6405"}) {
				t.Errorf("by the flags, the gravest first: %q", got)
			}
			mustContain(t, screen(m), title+" "+way, "Sorted by "+title+" "+way+": the 12 loaded · s: next column · S: reverse")
			if got := selectedInput(m); got != "sc 6405" {
				t.Fatalf("sorting moved the cursor to %q", got)
			}
		}
		press(t, m, "S") // ascending again, for the next column
	}
	press(t, m, "s")
	mustContain(t, screen(m), "In the order pasted")
	if got := shownInputs(m); !slices.Equal(got, pastedInputs()) || sc.Sort != (screenings.Sort{}) {
		t.Fatalf("after the last column, %q (sort %+v)", got, sc.Sort)
	}
	// S in the order pasted is the first column the other way, as on
	// every list.
	press(t, m, "S")
	if sc.Sort.Field != present.FieldInput || !sc.Sort.Desc {
		t.Fatalf("S in the order pasted sorted by %+v", sc.Sort)
	}
}

func TestFKeepsTheRowsThatMatchAndEscShowsAllAgain(t *testing.T) {
	m := screened(t, Options{})
	press(t, m, "f")
	typeText(t, m, "overdue")
	press(t, m, "enter")
	if got := shownInputs(m); !slices.Equal(got, []string{"Company No. 00006403", "00006407", "Grumble & Sons Plumbing Limited"}) {
		t.Fatalf("filtered to %q", got)
	}
	mustContain(t, screen(m), `3 of 12 loaded match "overdue"`)
	press(t, m, "esc")
	if got := shownInputs(m); len(got) != 12 {
		t.Fatalf("esc left %q", got)
	}
}

func TestEnterOpensTheCompanyAtNoCostAndBackReturnsToTheTableAsItWas(t *testing.T) {
	m := screened(t, Options{})
	press(t, m, "s", "f")
	typeText(t, m, "limited")
	press(t, m, "enter", "down", "down")
	before, at := m.c.Quota.Remain, selectedInput(m)
	press(t, m, "enter")
	if !place(m).IsProfile() || place(m).Company != "00006403" {
		t.Fatalf("enter on %q opened %+v", at, place(m))
	}
	mustContain(t, screen(m), "WONKY WHEELBARROW WORKS LIMITED", "! accounts overdue", "Screening of 12 entries › WONKY")
	m.c.ReadQuota()
	if m.c.Quota.Remain != before {
		t.Fatalf("opening a company the screening read cost %d requests", before-m.c.Quota.Remain)
	}
	press(t, m, "backspace")
	if place(m).Show != common.ShowScreening || selectedInput(m) != at || rowsOf(m).Filter != "limited" {
		t.Fatalf("back on %+v at %q", place(m), selectedInput(m))
	}
	mustContain(t, screen(m), "Sorted by Input ↑", `match "limited"`)
}

func TestYCopiesTheSelectedRowsNumberOrItsEntry(t *testing.T) {
	m := screened(t, Options{})
	press(t, m, "down", "down", "down")
	if text, ok := copied(press(t, m, "y")); !ok || text != "00006403" {
		t.Fatalf("y copied %q (%v)", text, ok)
	}
	send(t, m, tea.PasteMsg{Content: "00006400\nzzqxv no such name\n"})
	press(t, m, "down")
	if text, ok := copied(press(t, m, "y")); !ok || text != "zzqxv no such name" {
		t.Fatalf("y on an unresolved name copied %q (%v)", text, ok)
	}
}

// Enter on a name no company has exactly opens the registry's search for
// it, where its closest match is, and back returns to the screening on
// that row.
func TestEnterOnAnUnresolvedNameSearchesForIt(t *testing.T) {
	t.Parallel()
	m := screened(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\nmarzipan\n"})
	press(t, m, "down")
	mustContain(t, screen(m), "Unresolved: no company has exactly this name; the closest: MARZIPAN MOUNTAIN SOFTWARE LTD", "Enter searches the registry for it.")
	press(t, m, "enter")
	if at := place(m); at.Res.Link != "/search/companies?q=marzipan" || at.Title != `Search "marzipan"` {
		t.Fatalf("enter on the unresolved name opened %+v", at)
	}
	mustContain(t, screen(m), "1 match for \"marzipan\"", "MARZIPAN MOUNTAIN SOFTWARE LTD  00006400")
	press(t, m, "backspace")
	if place(m).Show != common.ShowScreening || selectedInput(m) != "marzipan" {
		t.Fatalf("back on %+v at %q", place(m), selectedInput(m))
	}
}

func TestDSavesTheRowsShownAsCSVWholeAndNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	m := screened(t, Options{DownloadDir: func() string { return dir }})
	press(t, m, "d")
	name := "coview screening 2026-11-22, 12 rows.csv"
	mustContain(t, screen(m), "Saved the 12 rows as "+filepath.Join(dir, name))
	first := readCSV(t, filepath.Join(dir, name))
	sc := m.makers.screenings.Of(screeningID(m))
	want := [][]string{present.ScreenFields(false)}
	for _, row := range sc.Rows {
		want = append(want, present.ScreenRecord(row, false, today))
	}
	if !slices.EqualFunc(first, want, slices.Equal) {
		t.Fatalf("saved\n%q\nwant\n%q", first, want)
	}
	body, _ := os.ReadFile(filepath.Join(dir, name))

	press(t, m, "d")
	if got := files(t, dir); !slices.Equal(got, []string{"coview screening 2026-11-22, 12 rows (2).csv", name}) {
		t.Fatalf("the directory holds %q", got)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(again, body) {
		t.Fatal("saving again changed the file saved first")
	}

	press(t, m, "f")
	typeText(t, m, "liquidation")
	press(t, m, "enter", "d")
	mustContain(t, screen(m), "Saved the 1 rows shown (of 12) as")
	one := readCSV(t, filepath.Join(dir, "coview screening 2026-11-22, 1 row.csv"))
	if len(one) != 2 || one[1][0] != "Company No. 00006403" {
		t.Fatalf("the rows shown, saved: %q", one)
	}
	for _, f := range files(t, dir) {
		if strings.HasPrefix(f, ".") {
			t.Fatalf("a temporary file is left: %s", f)
		}
	}
}

func TestATableThatCannotBeSavedSaysWhyAndLeavesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	m := screened(t, Options{DownloadDir: func() string { return dir }})
	press(t, m, "d")
	mustContain(t, screen(m), "The table was not saved: cannot save in "+dir)
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the directory: %v", err)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return records
}

// Flags are in their severity's colour, on the table and under a
// profile's name, and a result that needs a look stands out too.
func TestFlagsAreInColour(t *testing.T) {
	m := screened(t, Options{})
	ink := m.c.Styles.Rows
	styled := m.View().Content
	for _, want := range []string{ink.Severe.Pre + "in liquidation", ink.Warn.Pre + "accounts overdue",
		ink.Warn.Pre + "strike-off proposed", ink.Look.Pre + "not_found", ink.Insolvent.Pre + "In liquidation"} {
		if !strings.Contains(styled, want) {
			t.Fatalf("the table does not paint %q", want)
		}
	}
	send(t, m, tea.PasteMsg{Content: "00006407\n"})
	if !strings.Contains(m.View().Content, ink.Warn.Pre+"! accounts overdue") {
		t.Fatal("the profile's flags are not in colour")
	}
}
