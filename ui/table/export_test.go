package table

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"testing"
	"time"
)

func TestACSVHasAHeaderQuotesAsRFC4180AndDefusesFormulas(t *testing.T) {
	t.Parallel()
	titles := []string{"Name", "Note"}
	rows := [][]string{
		{`SMITH, "Jo"`, "=1+2"},
		{"+44 20", "-3+2"},
		{"-577", "-1.5"},
		{"@SUM(A1)", "plain"},
		{"", "a,b"},
		{"\tcmd", "\rcmd"},
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, titles, rows); err != nil {
		t.Fatal(err)
	}
	// Lines end in LF, as every CSV coview writes (issue 31, item 33);
	// a tab or a carriage return first is a formula too (item 10); a
	// negative amount alone stays the number it is.
	want := "Name,Note\n" +
		`"SMITH, ""Jo""",'=1+2` + "\n" +
		"'+44 20,'-3+2\n" +
		"-577,-1.5\n" +
		"'@SUM(A1),plain\n" +
		`,"a,b"` + "\n" +
		"'\tcmd,\"'\rcmd\"\n"
	if b.String() != want {
		t.Fatalf("got\n%q\nwant\n%q", b.String(), want)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[1], []string{`SMITH, "Jo"`, "'=1+2"}) || !slices.Equal(recs[5], []string{"", "a,b"}) {
		t.Fatalf("read back %q", recs)
	}
}

// Issue 31, item 33: the dates a list shows are saved as yyyy-mm-dd, as
// every other CSV coview writes has them, alone or among words.
func TestACSVSavesTheDatesShownAsISODates(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	rows := [][]string{{"14 Jan 2011", "before 1 Jul 1991", "Mar 1970", "due 14 Dec 2026", "MARZIPAN LTD"}}
	if err := WriteCSV(&b, []string{"Appointed", "Since", "Born", "Identity", "Name"}, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"2011-01-14", "before 1991-07-01", "1970-03", "due 2026-12-14", "MARZIPAN LTD"}; !slices.Equal(recs[1], want) {
		t.Fatalf("saved %q, want %q", recs[1], want)
	}
}

func TestAJSONIsAnArrayOfObjectsKeyedByColumnInTheColumnsOrder(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteJSON(&b, []string{"Name", "Born"}, [][]string{{`A "q"`, "Mar 1970"}, {"=x", ""}}); err != nil {
		t.Fatal(err)
	}
	want := "[\n  {\"Name\": \"A \\\"q\\\"\", \"Born\": \"Mar 1970\"},\n  {\"Name\": \"=x\", \"Born\": \"\"}\n]\n"
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
	var got []map[string]string
	if err := json.Unmarshal(b.Bytes(), &got); err != nil || len(got) != 2 || got[1]["Name"] != "=x" {
		t.Fatalf("parsed %v, %v", got, err)
	}
	b.Reset()
	if err := WriteJSON(&b, []string{"Name"}, nil); err != nil || b.String() != "[\n]\n" {
		t.Fatalf("no rows: %q", b.String())
	}
}

func TestTheRecordsAreTheRowsShownInTheirOrderCleaned(t *testing.T) {
	t.Parallel()
	pg := people()
	pg.Items[0].Cells[3] = "b\x1b[2Jx"
	l := New(pg)
	l.SetFilter("O", false) // carol, bob
	l.SortBy(-1)
	titles, rows := l.Records()
	if !slices.Equal(titles, []string{"Name", "Appointed", "Companies", "Note"}) {
		t.Fatalf("titles %q", titles)
	}
	var first []string
	for _, r := range rows {
		first = append(first, r[0])
	}
	if !slices.Equal(first, []string{"carol", "bob"}) {
		t.Fatalf("rows %q, shown %q", first, names(l))
	}
	if rows[0][0] != "carol" || rows[0][3] != "b␛[2Jx" {
		t.Fatalf("the first row %q", rows[0])
	}
}

func TestAListsFileIsNamedByItsTitleNumberAndDay(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ title, number, format, want string }{
		{"Officers", "00006400", "csv", "Officers 00006400 2026-11-25.csv"},
		{"Companies: SIC 62020", "", "json", "Companies: SIC 62020 2026-11-25.json"},
		{"Filings of 00006400", "00006400", "csv", "Filings of 00006400 2026-11-25.csv"},
	} {
		if got := FileName(tc.title, tc.number, day, tc.format); got != tc.want {
			t.Errorf("%q, %q: %q, want %q", tc.title, tc.number, got, tc.want)
		}
	}
}
