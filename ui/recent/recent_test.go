package recent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"coview/api"
	"time"
)

func TestSaveThenLoadKeepsOrder(t *testing.T) {
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := entries("SC006405", "00006400", "OC006404")
	if err := s.Save(want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("Load() = %v, %v; want %v", got, err, want)
	}
}

func TestFileAndDirectoryArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "coview")
	s, _ := Open(dir)
	if err := s.Save(entries("00006400")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", fi.Mode().Perm())
	}
	di, _ := os.Stat(dir)
	if di.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v, want 0700", di.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestMissingFileIsEmpty(t *testing.T) {
	s, _ := Open(t.TempDir())
	got, err := s.Load()
	if err != nil || len(got) != 0 {
		t.Fatalf("Load() of nothing = %v, %v", got, err)
	}
}

func TestBrokenFileGivesWhatIsGood(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	content := "00006400\n\x1b[2Jgarbage\nsc6405\n" + strings.Repeat("x", 100_000) + "\nOC006404\n00006400\n"
	if err := os.WriteFile(s.Path(), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil {
		t.Fatalf("Load() of a damaged file: %v", err)
	}
	// "sc6405" is not stored normalised, so it is not ours; the long line
	// stops the scan, which is fine as long as the good start is kept.
	if !slices.Equal(got, entries("00006400")) {
		t.Fatalf("Load() = %v, want [00006400]", got)
	}
}

func TestUnwritableDirectoryIsAnErrorNotAPanic(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		// Root writes anywhere; make the directory a file instead.
		dir := t.TempDir()
		blocker := filepath.Join(dir, "file")
		os.WriteFile(blocker, nil, 0o600)
		s, _ := Open(filepath.Join(blocker, "coview"))
		if err := s.Save(entries("00006400")); err == nil {
			t.Fatal("Save under a regular file succeeded")
		}
		return
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o500)
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	s, _ := Open(filepath.Join(dir, "coview"))
	if err := s.Save(entries("00006400")); err == nil {
		t.Fatal("Save in a read-only directory succeeded")
	}
}

func TestAddMovesToFrontAndCaps(t *testing.T) {
	var list []Entry
	for i := range Max + 10 {
		list = Add(list, Entry{Number: api.Number(fmt.Sprintf("%08d", i))})
	}
	if len(list) != Max || list[0].Number != api.Number(fmt.Sprintf("%08d", Max+9)) {
		t.Fatalf("len %d first %s", len(list), list[0].Number)
	}
	list = Add(list, list[5])
	if list[0].Number != api.Number(fmt.Sprintf("%08d", Max+4)) || len(list) != Max || slices.Index(list[1:], list[0]) >= 0 {
		t.Fatalf("re-adding did not move it to the front once: %v", list[:7])
	}
}

func TestDefaultDirFollowsXDG(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/tmp/xdg-state")
	if d, _ := DefaultDir(); d != "/tmp/xdg-state/coview" {
		t.Errorf("DefaultDir() = %q", d)
	}
	t.Setenv("XDG_STATE_HOME", "relative/is/ignored")
	t.Setenv("HOME", "/home/someone")
	if d, _ := DefaultDir(); d != "/home/someone/.local/state/coview" {
		t.Errorf("DefaultDir() = %q", d)
	}
}

func TestCloseWritesTheLastListWhenNoSaveDid(t *testing.T) {
	s, _ := Open(t.TempDir())
	if err := s.Close(entries("00006400", "SC006405"), time.Second); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil || !slices.Equal(got, entries("00006400", "SC006405")) {
		t.Fatalf("after Close the file holds %v, %v", got, err)
	}
}

func TestNothingIsWrittenAfterClose(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	if err := s.Save(entries("00006400")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(entries("00006400"), time.Second); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(entries("SC006405")); !errors.Is(err, ErrClosed) {
		t.Fatalf("Save after Close = %v, want ErrClosed", err)
	}
	got, _ := Open(dir)
	if list, _ := got.Load(); !slices.Equal(list, entries("00006400")) {
		t.Fatalf("the file holds %v after a Save that came after Close", list)
	}
}

func TestCloseAbandonsASaveThatDoesNotFinishInTime(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	held, release := make(chan struct{}), make(chan struct{})
	s.beforeRename = func() {
		close(held)
		<-release
	}
	saved := make(chan error, 1)
	go func() { saved <- s.Save(entries("00006400")) }()
	<-held // the save has written its temporary file and waits to rename it
	if err := s.Close(entries("00006400"), 20*time.Millisecond); err == nil {
		t.Fatal("Close returned no error though the save it waited for never finished")
	}
	close(release)
	if err := <-saved; !errors.Is(err, ErrClosed) {
		t.Fatalf("the abandoned save returned %v, want ErrClosed", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Fatalf("a save finished after Close returned left %v", entries)
	}
}

func TestASaveBeforeTheFirstLoadKeepsWhatTheFileHeld(t *testing.T) {
	dir := t.TempDir()
	old, _ := Open(dir)
	if err := old.Save(entries("00006401", "00006402")); err != nil {
		t.Fatal(err)
	}
	s, _ := Open(dir)
	if err := s.Save(entries("00006402", "SC006405")); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Load()
	if want := entries("00006402", "SC006405", "00006401"); !slices.Equal(got, want) {
		t.Fatalf("Load() = %v, want %v", got, want)
	}
}

// entries are companies whose names are not known, as a file of numbers
// alone gives them.
func entries(numbers ...api.Number) []Entry {
	out := make([]Entry, len(numbers))
	for i, n := range numbers {
		out[i] = Entry{Number: n}
	}
	return out
}
