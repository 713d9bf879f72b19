package ui

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Lists as tables people can work with (issue 25): s sorts any list by
// its next column, S the other way, and ctrl+s (or :save csv|json) saves
// it as shown.

func init() {
	goldenScreens = append(goldenScreens, []struct {
		name  string
		setup func(t *testing.T, m *model)
	}{
		{"officers_sorted", func(t *testing.T, m *model) {
			send(t, m, tea.PasteMsg{Content: "00006400\n"})
			selectLink(t, m, "Officers")
			press(t, m, "enter", "down", "s", "s", "s", "S")
		}},
	}...)
}

func TestSortingAListCostsNoRequestKeepsTheRowAndIsKeptInHistory(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter", "down", "down")
	asked := f.count()
	press(t, m, "S") // by name, down
	if got := f.count(); got != asked {
		t.Fatalf("sorting asked the registry %d times", got-asked)
	}
	if row := rowsOf(m).Item(window(m).Cursor()).Cells[0]; row != "PERSON 0002, Test" {
		t.Fatalf("the cursor went to %s", row)
	}
	if first := rowsOf(m).Item(0).Cells[0]; first != "PERSON 0099, Test" {
		t.Fatalf("sorted by name down, the first row is %s", first)
	}
	mustContain(t, screen(m), "Name ↓", "Sorted by Name ↓: the 100 rows loaded of 250; end loads the rest")
	press(t, m, "backspace", "alt+right")
	if rowsOf(m).Sort != -1 || rowsOf(m).Item(0).Cells[0] != "PERSON 0099, Test" || f.count() != asked {
		t.Fatalf("back and forward lost the order or asked for more: sort %d, first %s, %d requests", rowsOf(m).Sort, rowsOf(m).Item(0).Cells[0], f.count()-asked)
	}
	if row := rowsOf(m).Item(window(m).Cursor()).Cells[0]; row != "PERSON 0002, Test" {
		t.Fatalf("back and forward: the cursor on %s", row)
	}
}

func TestAFilteredListIsSortedAsFiltered(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter", "f")
	typeText(t, m, "PERSON 001")
	press(t, m, "enter", "S")
	var got []string
	for i := range rowsOf(m).Len() {
		got = append(got, rowsOf(m).Item(i).Cells[0][7:11])
	}
	if want := []string{"0019", "0018", "0017", "0016", "0015", "0014", "0013", "0012", "0011", "0010"}; !slices.Equal(got, want) {
		t.Fatalf("filtered and sorted: %v", got)
	}
}

// savedList saves the list on screen with keys and returns the file.
func savedList(t *testing.T, m *model, dir string, keys ...string) []byte {
	t.Helper()
	before, _ := os.ReadDir(dir)
	for _, k := range keys {
		if k == "ctrl+s" {
			send(t, m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
			continue
		}
		press(t, m, k)
	}
	after, _ := os.ReadDir(dir)
	if len(after) != len(before)+1 {
		t.Fatalf("%d files in the download directory, want %d\n%s", len(after), len(before)+1, screen(m))
	}
	path := filepath.Join(dir, after[len(after)-1].Name())
	for _, e := range after {
		if !slices.ContainsFunc(before, func(b os.DirEntry) bool { return b.Name() == e.Name() }) {
			path = filepath.Join(dir, e.Name())
		}
	}
	mustContain(t, screen(m), "Saved the ")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func savingModel(t *testing.T) (*model, string) {
	t.Helper()
	f := fakeWith(t, "00000001")
	f.officers["/company/00000001/officers"] = makeOfficers(30)
	f.officers["/company/00000001/officers"][3].Name = "=HYPERLINK(\"x\"), \"Evil\"\x1b[31m"
	dir := t.TempDir()
	m := testModel(t, f, Options{DownloadDir: func() string { return dir }})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00000001\n"})
	selectLink(t, m, "Officers")
	press(t, m, "enter", "f")
	typeText(t, m, "PERSON")
	press(t, m, "enter", "s", "S") // by name, down
	return m, dir
}

func TestCtrlSSavesTheListAsShownAsCSVAndNeverOverAnother(t *testing.T) {
	t.Parallel()
	m, dir := savingModel(t)
	first := savedList(t, m, dir, "ctrl+s")
	recs, err := csv.NewReader(bytes.NewReader(first)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, first)
	}
	if want := []string{"Name", "Role", "Appointed", "Resigned", "Identity"}; !slices.Equal(recs[0], want[:len(recs[0])]) || len(recs[0]) < 4 {
		t.Fatalf("header %q", recs[0])
	}
	// The date shown as 1 Jan 2020 is saved as every CSV of coview has
	// it (issue 31, item 33).
	if len(recs) != 1+rowsOf(m).Len() || recs[1][0] != "PERSON 0029, Test" || recs[1][2] != "2020-01-01" {
		t.Fatalf("%d records, the first %q", len(recs), recs[1])
	}
	if last := recs[len(recs)-1]; last[0] != "PERSON 0000, Test" {
		t.Fatalf("the last record %q", last)
	}
	if strings.Contains(string(first), "\r") {
		t.Fatalf("lines end in CRLF, not LF as every CSV of coview:\n%q", first)
	}
	if strings.Contains(string(first), "HYPERLINK") {
		t.Fatalf("a row the filter hides was saved:\n%s", first)
	}
	again := savedList(t, m, dir, "ctrl+s")
	if !bytes.Equal(first, again) {
		t.Fatal("the second save differs")
	}
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The page's title, the company's number, the day; the second beside
	// the first, never over it.
	if want := []string{"Officers 00000001 2026-11-22 (2).csv", "Officers 00000001 2026-11-22.csv"}; !slices.Equal(names, want) {
		t.Fatalf("files %q, want %q", names, want)
	}
}

func TestSaveJSONSavesTheRowsShownKeyedByColumnAndCleaned(t *testing.T) {
	t.Parallel()
	m, dir := savingModel(t)
	press(t, m, "esc") // every row, the one with a formula and an escape too
	b := savedList(t, m, dir, ":", "s", "a", "v", "e", " ", "j", "s", "o", "n", "enter")
	var rows []map[string]string
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	if len(rows) != 30 || rows[0]["Name"] != "PERSON 0029, Test" || rows[0]["Appointed"] != "1 Jan 2020" {
		t.Fatalf("%d rows, the first %v", len(rows), rows[0])
	}
	evil := slices.IndexFunc(rows, func(r map[string]string) bool { return strings.Contains(r["Name"], "HYPERLINK") })
	if evil < 0 || strings.ContainsRune(rows[evil]["Name"], 0x1b) {
		t.Fatalf("the row with an escape: %q", rows[evil])
	}
	csvFile := savedList(t, m, dir, "ctrl+s")
	recs, _ := csv.NewReader(bytes.NewReader(csvFile)).ReadAll()
	if got := recs[1+evil][0]; !strings.HasPrefix(got, "'=HYPERLINK(\"x\"), \"Evil\"") {
		t.Fatalf("a formula saved as %q", got)
	}
}

func TestSortingOrSavingAPageThatIsNotAListSaysWhatDoes(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	send(t, m, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	mustContain(t, screen(m), "Only a list can be saved")
	press(t, m, "s")
	mustContain(t, screen(m), "Only a list can be sorted (s, S) or saved (ctrl+s).")
}
