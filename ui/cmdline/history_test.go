package cmdline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestALineThatLooksLikeAKeyIsNeverKept(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, line string
		kept       bool
	}{
		{"a command", "company 6400", true},
		{"a uuid alone, as a key is", "0f2b3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f", false},
		{"a key after a command", "search 0F2B3C4D-1A2B-4C3D-8E9F-0A1B2C3D4E5F", false},
		{"a key without its dashes", "company 0f2b3c4d1a2b4c3d8e9f0a1b2c3d4e5f", false},
		{"an empty line", "   ", false},
		{"a company number and a date", "search --incorporated-from 2024-01-31 00006400", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, _ := OpenHistory(t.TempDir())
			if err := h.Add(c.line); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(h.Path())
			if kept := strings.Contains(string(data), strings.TrimSpace(c.line)) && len(data) > 0; kept != c.kept {
				t.Errorf("kept %v, want %v; the file holds %q", kept, c.kept, data)
			}
		})
	}
}

func TestTheHistoryKeepsTheLastTwentyLinesEachOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h, _ := OpenHistory(dir)
	for i := range 25 {
		if err := h.Add(fmt.Sprintf("company %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	h.Add("company 10")
	again, _ := OpenHistory(dir)
	if err := again.Load(); err != nil {
		t.Fatal(err)
	}
	got := again.Lines()
	if len(got) != HistoryMax || got[0] != "company 5" || got[len(got)-1] != "company 10" || slices.Index(got, "company 10") != len(got)-1 {
		t.Errorf("history %q: want company 5 to 24 less 10, then company 10 last", got)
	}
}

func TestTwoRunsAtOnceKeepEachOthersLines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var wg sync.WaitGroup
	for run := range 2 {
		wg.Go(func() {
			h, _ := OpenHistory(dir)
			for i := range 8 {
				if err := h.Add(fmt.Sprintf("run%d line%d", run, i)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	h, _ := OpenHistory(dir)
	if err := h.Load(); err != nil {
		t.Fatal(err)
	}
	got := h.Lines()
	// Each run read the file before each write: the last line of each is
	// there whatever the order, and every line there is whole.
	for _, want := range []string{"run0 line7", "run1 line7"} {
		if !slices.Contains(got, want) {
			t.Errorf("history %q lacks %q", got, want)
		}
	}
	for _, l := range got {
		if !strings.HasPrefix(l, "run") || len(l) != len("run0 line0") {
			t.Errorf("a line not whole: %q", l)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestAHistoryFileOfControlsAndKeysIsReadAsHarmlessLines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, HistoryFile), []byte("company 6400\n\x1b]0;pwned\x07search x\n0f2b3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f\n"), 0o600)
	h, _ := OpenHistory(dir)
	if err := h.Load(); err != nil {
		t.Fatal(err)
	}
	for _, l := range h.Lines() {
		if strings.ContainsAny(l, "\x1b\x07") || strings.Contains(l, "0f2b3c4d") {
			t.Errorf("read as is: %q", l)
		}
	}
	if got := h.Lines(); len(got) != 2 || got[0] != "company 6400" {
		t.Errorf("lines %q, want company 6400 and the search made harmless", got)
	}
}
