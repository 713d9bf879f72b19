package save

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// bytesOf is a fill that writes b.
func bytesOf(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}
}

// left is what is in dir, hidden files (unfinished saves) too.
func left(t *testing.T, dir string) []os.DirEntry {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

func TestSavingNeverOverwrites(t *testing.T) {
	t.Parallel()
	doc := []byte("%PDF-1.4 the document")
	dir := t.TempDir()
	name := "00006400 2025-12-09 AA full accounts.pdf"
	mine := filepath.Join(dir, name)
	os.WriteFile(mine, []byte("mine"), 0o600)
	for _, want := range []string{"00006400 2025-12-09 AA full accounts (2).pdf", "00006400 2025-12-09 AA full accounts (3).pdf"} {
		path, err := Into(dir, name, bytesOf(doc))
		if err != nil || path != filepath.Join(dir, want) {
			t.Fatalf("saved as %q (%v), want %q", path, err, want)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, doc) {
			t.Fatalf("%s holds %q", path, got)
		}
	}
	if got, _ := os.ReadFile(mine); string(got) != "mine" {
		t.Fatal("the file that was there was overwritten")
	}
	// Exactly there, and it is taken: refused, and nothing left.
	_, err := As(mine, bytesOf(doc))
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("As onto a file: %v", err)
	}
	if got, _ := os.ReadFile(mine); string(got) != "mine" {
		t.Fatal("As overwrote the file")
	}
	if got := left(t, dir); len(got) != 3 {
		t.Fatalf("the directory holds %v, want the 3", got)
	}
}

// A file that appears at the path while As is writing is not replaced:
// what was written is discarded.
func TestAFileThatAppearsWhileSavingAsIsKept(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "accounts.pdf")
	_, err := As(path, func(w io.Writer) error {
		os.WriteFile(path, []byte("theirs"), 0o600)
		_, err := w.Write([]byte("mine"))
		return err
	})
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("%v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "theirs" {
		t.Fatalf("the file that appeared holds %q", got)
	}
	if got := left(t, dir); len(got) != 1 {
		t.Fatalf("the directory holds %v", got)
	}
}

// Many saves under one name at once each get a name of their own.
func TestSavesAtTheSameTimeNeverTakeTheSameName(t *testing.T) {
	t.Parallel()
	doc := []byte("%PDF-1.4 the document")
	dir := t.TempDir()
	var wg sync.WaitGroup
	paths := make([]string, 8)
	for i := range paths {
		wg.Go(func() {
			p, err := Into(dir, "a.pdf", bytesOf(doc))
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] {
			t.Fatalf("two saves took %s", p)
		}
		seen[p] = true
		if got, _ := os.ReadFile(p); !bytes.Equal(got, doc) {
			t.Fatalf("%s holds something else", p)
		}
	}
	if got := left(t, dir); len(got) != len(paths) {
		t.Fatalf("%v, want %d files and no temporary ones", got, len(paths))
	}
}

// Whatever fill fails with is the error, as it is, and nothing is left:
// no file under the name, no temporary file.
func TestAFillThatFailsLeavesNothing(t *testing.T) {
	t.Parallel()
	cut := errors.New("the connection was cut")
	fill := func(w io.Writer) error {
		w.Write([]byte("%PDF-1.4 half"))
		return cut
	}
	dir := t.TempDir()
	if _, err := Into(dir, "a.pdf", fill); err != cut {
		t.Fatalf("Into: %v", err)
	}
	if _, err := As(filepath.Join(dir, "b.pdf"), fill); err != cut {
		t.Fatalf("As: %v", err)
	}
	if got := left(t, dir); len(got) != 0 {
		t.Fatalf("left %v", got)
	}
}

func TestADirectoryThatCannotBeWrittenIsSaidSo(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "not there")
	_, err := Into(dir, "a.pdf", bytesOf(nil))
	if err == nil || !errors.Is(err, fs.ErrNotExist) || err.Error() != "cannot save in "+dir+": no such file or directory" {
		t.Fatalf("%v", err)
	}
}

func TestNumberedNamesGoBeforeTheExtension(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		n    int
		want string
	}{
		{"a.pdf", 1, "a.pdf"},
		{"a.pdf", 2, "a (2).pdf"},
		{"a b.xhtml", 12, "a b (12).xhtml"},
		{"noext", 3, "noext (3)"},
		{".pdf", 2, ".pdf (2)"},
	} {
		if got := numberedName(tt.name, tt.n); got != tt.want {
			t.Errorf("numberedName(%q, %d) = %q, want %q", tt.name, tt.n, got, tt.want)
		}
	}
}
