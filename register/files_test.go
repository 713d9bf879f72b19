package register

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// company is a row of a test file: values by column name; the rest are
// empty.
type company map[string]string

// active is a plain active private limited company with the name and
// number, in a Leeds street.
func active(name, number string) company {
	return company{"CompanyName": name, "CompanyNumber": number, "CompanyCategory": "Private Limited Company",
		"CompanyStatus": "Active", "RegAddress.AddressLine1": "1 PEPPER ROAD", "RegAddress.PostTown": "LEEDS",
		"RegAddress.PostCode": "LS10 2RU", "IncorporationDate": "11/09/2012", "CountryOfOrigin": "United Kingdom",
		"SICCode.SicText_1": "62020 - Information technology consultancy activities"}
}

func (c company) with(kv ...string) company {
	out := company{}
	for k, v := range c {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// fileText is a register file: the registry's header and the rows, every
// field quoted, CRLF line ends.
func fileText(rows ...company) string {
	var b strings.Builder
	b.WriteString(Header() + "\r\n")
	for _, r := range rows {
		b.WriteString(line(r) + "\r\n")
	}
	return b.String()
}

func line(r company) string {
	fields := make([]string, len(Columns))
	for i, c := range Columns {
		fields[i] = `"` + strings.ReplaceAll(r[c], `"`, `""`) + `"`
	}
	return strings.Join(fields, ",")
}

func writeFile(t testing.TB, path, text string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeZip writes a zip holding entries (name, text), in order.
func writeZip(t *testing.T, path string, entries ...string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for i := 0; i+1 < len(entries); i += 2 {
		w, err := z.Create(entries[i])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(entries[i+1]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// testClock is a clock that moves only when told.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time { return c.t }

// update makes an index of files at path, failing the test on an error.
func update(t *testing.T, path string, files ...string) *Meta {
	t.Helper()
	clock := &testClock{t: time.Date(2026, 11, 5, 9, 30, 0, 0, time.UTC)}
	m, err := Update(context.Background(), path, files, UpdateOptions{Origin: Origin{Paths: files}, Now: clock.now})
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	return m
}

func open(t testing.TB, path string) *Index {
	t.Helper()
	ix, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// indexOf builds an index of rows in a fresh directory and opens it.
func indexOf(t *testing.T, rows ...company) *Index {
	t.Helper()
	return indexWith(t, UpdateOptions{}, rows...)
}

// indexWith is indexOf with options.
func indexWith(t testing.TB, opt UpdateOptions, rows ...company) *Index {
	t.Helper()
	dir := t.TempDir()
	csv := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), fileText(rows...))
	path := filepath.Join(dir, "register.db")
	opt.Origin, opt.Now = Origin{Paths: []string{csv}}, (&testClock{t: time.Date(2026, 11, 5, 9, 30, 0, 0, time.UTC)}).now
	if _, err := Update(context.Background(), path, []string{csv}, opt); err != nil {
		t.Fatalf("Update: %v", err)
	}
	return open(t, path)
}
