//go:build unix

// Named pipes, sockets and devices are Unix things; elsewhere a settings
// path can only be a file or a directory.

package config

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"coview/internal/testkit/testtime"
)

// loadsWithin runs Load and fails the test if it has not returned by the
// test's deadline: a read that blocks on a pipe must fail the test, not
// hang it.
func loadsWithin(t *testing.T, w Where) (Settings, []Problem) {
	t.Helper()
	type loaded struct {
		s Settings
		p []Problem
	}
	done := make(chan loaded, 1)
	go func() {
		s, p := Load(w, theActions, env(nil))
		done <- loaded{s, p}
	}()
	select {
	case l := <-done:
		return l.s, l.p
	case <-testtime.Bound(t):
		t.Fatalf("Load of %s has not returned by the test's deadline: it blocks on what is there", w.Path)
	}
	return Settings{}, nil
}

// releasePipe opens a named pipe for writing without blocking and closes
// it again, so that a reader stuck opening it (before the fix) gets end of
// file rather than staying blocked after the test.
func releasePipe(path string) {
	if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { releasePipe(path) })
}

func TestASettingsPathThatIsNoFileIsRefusedAtOnceAndTheDefaultsApply(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		make func(t *testing.T, path string)
		by   string
		what string
	}{
		{"a named pipe named by COVIEW_CONFIG", func(t *testing.T, path string) { mkfifo(t, path) }, "COVIEW_CONFIG", "a named pipe (FIFO)"},
		{"a named pipe at the default path", func(t *testing.T, path string) { mkfifo(t, path) }, "default", "a named pipe (FIFO)"},
		{"a link to a named pipe", func(t *testing.T, path string) {
			mkfifo(t, path+".pipe")
			if err := os.Symlink(path+".pipe", path); err != nil {
				t.Fatal(err)
			}
		}, "--config", "a named pipe (FIFO)"},
		{"a device", func(t *testing.T, path string) {
			if err := os.Symlink(os.DevNull, path); err != nil {
				t.Fatal(err)
			}
		}, "default", "a device"},
		{"a socket", func(t *testing.T, path string) {
			// A socket's path must be short; the test's directory may not be.
			short, err := os.MkdirTemp("", "cfg")
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
		}, "COVIEW_CONFIG", "a socket"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), FileName)
			c.make(t, path)
			s, problems := loadsWithin(t, Where{Path: path, Chosen: c.by != "default", By: c.by})
			if len(problems) != 1 {
				t.Fatalf("problems %v, want one", problems)
			}
			got := problems[0].String()
			for _, want := range []string{path + ": is " + c.what + ", not a regular file", "going on with the defaults"} {
				if !strings.Contains(got, want) {
					t.Errorf("%q does not say %q", got, want)
				}
			}
			if s.Theme != "" || s.Keys != nil {
				t.Errorf("settings %+v from no file", s)
			}
		})
	}
}
