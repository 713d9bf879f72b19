package present

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"
)

// Issue 31, item 10: every CSV coview writes goes through one writer,
// which makes a cell a spreadsheet would run as a formula plain text.
func TestTheCSVWriterMakesEveryFormulaTextAndEndsLinesWithLF(t *testing.T) {
	t.Parallel()
	record := []string{"=HYPERLINK(\"http://x\",\"y\")", "+44 20", "-3+2", "@SUM(A1)", "\tcmd", "\rcmd", "SMITH, \"Jo\"", "a=b", "", "2026-03-31",
		"-577", "-1.5", "+1.5", "-1.", "-.5", "-", "-1.5.2"}
	var b bytes.Buffer
	w := NewCSV(&b)
	w.Write(record)
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("\r\n")) || !bytes.HasSuffix(b.Bytes(), []byte("\n")) {
		t.Errorf("lines do not end in LF alone: %q", b.String())
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(got) != 1 {
		t.Fatalf("%v: %q", err, got)
	}
	// A negative number alone is left as the number it is (figures of
	// accounts are negative); anything more after a minus is made text.
	want := []string{"'=HYPERLINK(\"http://x\",\"y\")", "'+44 20", "'-3+2", "'@SUM(A1)", "'\tcmd", "'\rcmd", "SMITH, \"Jo\"", "a=b", "", "2026-03-31",
		"-577", "-1.5", "'+1.5", "'-1.", "'-.5", "'-", "'-1.5.2"}
	if !slices.Equal(got[0], want) {
		t.Errorf("read back\n%q\nwant\n%q", got[0], want)
	}
	if record[0] != "=HYPERLINK(\"http://x\",\"y\")" {
		t.Errorf("the caller's record was changed: %q", record)
	}
}
