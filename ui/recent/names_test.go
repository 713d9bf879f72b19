package recent

import (
	"os"
	"slices"
	"testing"
)

// Issue 20, item 26: the file keeps a name beside each number, so the
// companies of an earlier run are known by name; numbers and names only.

func TestANameIsKeptBesideEachNumberAndNothingElse(t *testing.T) {
	s, _ := Open(t.TempDir())
	list := []Entry{
		{Number: "00006400", Name: "MARZIPAN MOUNTAIN SOFTWARE LTD"},
		{Number: "SC006405", Name: "EVIL\tNAME\n\x1b]52;c;aGk=\x07 \u202eLTD"},
		{Number: "OC006404"},
	}
	if err := s.Save(list); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	want := "00006400\tMARZIPAN MOUNTAIN SOFTWARE LTD\nSC006405\tEVIL NAME ␛]52;c;aGk=␇ <U+202E>LTD\nOC006404\n"
	if string(raw) != want {
		t.Fatalf("the file holds\n%q\nwant\n%q", raw, want)
	}
	got, err := s.Load()
	wantList := []Entry{list[0], {Number: "SC006405", Name: "EVIL NAME ␛]52;c;aGk=␇ <U+202E>LTD"}, list[2]}
	if err != nil || !slices.Equal(got, wantList) {
		t.Fatalf("Load() = %q, %v", got, err)
	}
}

func TestAFileOfNumbersAloneIsReadAndWrittenWithNames(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	if err := os.WriteFile(s.Path(), []byte("00006400\nSC006405\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil || !slices.Equal(got, entries("00006400", "SC006405")) {
		t.Fatalf("the old file read as %q, %v", got, err)
	}
	// Opened again, a company gets its name; the one not opened keeps its
	// number.
	got = Add(got, Entry{Number: "00006400", Name: "MARZIPAN MOUNTAIN SOFTWARE LTD"})
	if err := s.Save(got); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(s.Path())
	if want := "00006400\tMARZIPAN MOUNTAIN SOFTWARE LTD\nSC006405\n"; string(raw) != want {
		t.Fatalf("the file holds %q, want %q", raw, want)
	}
}

func TestAddingACompanyWithoutItsNameKeepsTheNameKnown(t *testing.T) {
	list := []Entry{{Number: "SC006405"}, {Number: "00006400", Name: "MARZIPAN MOUNTAIN SOFTWARE LTD"}}
	list = Add(list, Entry{Number: "00006400"})
	if want := []Entry{{Number: "00006400", Name: "MARZIPAN MOUNTAIN SOFTWARE LTD"}, {Number: "SC006405"}}; !slices.Equal(list, want) {
		t.Fatalf("Add gave %q", list)
	}
}
