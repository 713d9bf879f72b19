//go:build unix

// Named pipes, sockets and devices are Unix things; on other systems the
// key file can only be a file or a directory.

package keystore

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// returnsWithin runs f and fails the test if it has not returned by limit:
// a read that blocks on a pipe must fail the test, not hang it.
func returnsWithin(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s has not returned after %s: it blocks on the key file", what, limit)
	}
}

// releasePipe opens a named pipe for writing without blocking and closes it
// again, so that a reader stuck opening it (before the fix) gets end of
// file instead of staying blocked after the test.
func releasePipe(path string) {
	if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}

func TestAKeyFileThatIsNotARegularFileIsRefusedAtOnceWithTheReason(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, path string)
		what string
	}{
		{"a named pipe", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { releasePipe(path) })
		}, "a named pipe (FIFO)"},
		{"a directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}, "a directory"},
		{"a socket", func(t *testing.T, path string) {
			// A socket path must be short; the test's directory may not be.
			short, err := os.MkdirTemp("", "ks")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(short) })
			l, err := net.Listen("unix", filepath.Join(short, "s"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { l.Close() })
			if err := os.Symlink(filepath.Join(short, "s"), path); err != nil {
				t.Fatal(err)
			}
		}, "a socket"},
		{"a device", func(t *testing.T, path string) {
			if err := os.Symlink(os.DevNull, path); err != nil {
				t.Fatal(err)
			}
		}, "a device"},
		{"a link to a named pipe", func(t *testing.T, path string) {
			pipe := path + ".pipe"
			if err := syscall.Mkfifo(pipe, 0o600); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { releasePipe(pipe) })
			if err := os.Symlink(pipe, path); err != nil {
				t.Fatal(err)
			}
		}, "a named pipe (FIFO)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			te := newTestStore(t)
			if err := os.MkdirAll(te.dir, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(te.dir, FileName)
			tc.make(t, path)
			wantSaid := func(what, text string) {
				t.Helper()
				for _, want := range []string{path, "is " + tc.what, "not a regular file", "remove it"} {
					if !strings.Contains(text, want) {
						t.Errorf("%s: %q does not say %q", what, text, want)
					}
				}
			}

			t.Run("Lookup warns and carries on", func(t *testing.T) {
				te.fake.Set(Service, liveHost, goodKey)
				var k Key
				var warnings []string
				var err error
				returnsWithin(t, 2*time.Second, "Lookup", func() { k, warnings, err = te.store.Lookup(liveHost) })
				if err != nil || k.Source != SourceKeyring {
					t.Fatalf("Lookup = %v, %v; want the keyring's key", k, err)
				}
				wantSaid("Lookup's warning", strings.Join(warnings, "\n"))
			})
			t.Run("Save to the file refuses", func(t *testing.T) {
				var err error
				returnsWithin(t, 2*time.Second, "Save", func() { _, err = te.store.Save(liveHost, goodKey, true) })
				if err == nil {
					t.Fatal("saved over a key file that is not a regular file")
				}
				wantSaid("Save's error", err.Error())
			})
			t.Run("Save to the keyring stores the key and says why the file was left alone", func(t *testing.T) {
				var k Key
				var err error
				returnsWithin(t, 2*time.Second, "Save", func() { k, err = te.store.Save(liveHost, otherKey, false) })
				if k.Source != SourceKeyring || err == nil {
					t.Fatalf("Save = %v, %v; want the keyring's key and an error about the file", k, err)
				}
				wantSaid("Save's error", err.Error())
			})
			t.Run("Delete refuses to touch the file", func(t *testing.T) {
				var err error
				returnsWithin(t, 2*time.Second, "Delete", func() { _, err = te.store.Delete(liveHost) })
				if err == nil {
					t.Fatal("no error")
				}
				wantSaid("Delete's error", err.Error())
			})
			if fi, err := os.Lstat(path); err != nil {
				t.Errorf("the key file's path is gone: %v", err)
			} else if fi.Mode().IsRegular() {
				t.Errorf("the key file's path was replaced by a regular file")
			}
		})
	}
}

// A regular file swapped for a pipe between the look and the open must not
// block either: the open itself never waits, and what was opened is looked
// at again before a byte is read.
func TestWhatIsOpenedIsCheckedAgainSoAPipeSwappedInAfterTheLookIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { releasePipe(path) })
	var b []byte
	var err error
	returnsWithin(t, 2*time.Second, "reading what was opened", func() { b, _, err = readOpened(path) })
	if err == nil || !strings.Contains(err.Error(), path+" is a named pipe (FIFO), not a regular file") || b != nil {
		t.Fatalf("readOpened = %q, %v", b, err)
	}
}
