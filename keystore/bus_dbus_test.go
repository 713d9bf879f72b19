//go:build (dragonfly && cgo) || (freebsd && cgo) || linux || netbsd || openbsd

package keystore

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestSessionBusAvailable(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
	if !SessionBusAvailable() {
		t.Error("an address in DBUS_SESSION_BUS_ADDRESS counts as a bus (a dead one fails fast later)")
	}
	if _, err := os.Stat(filepath.Join(runtimeDir(), "bus")); err == nil {
		t.Skip(runtimeDir() + "/bus exists here; cannot test the no-bus case")
	}
	if _, err := os.Stat(filepath.Join(runtimeDir(), "dbus-session")); err == nil {
		t.Skip(runtimeDir() + "/dbus-session exists here; cannot test the no-bus case")
	}
	for _, addr := range []string{"", "autolaunch:"} {
		t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
		if SessionBusAvailable() {
			t.Errorf("DBUS_SESSION_BUS_ADDRESS=%q and no %s/bus: want false", addr, runtimeDir())
		}
	}
}

// With no session bus, a default Store must not make godbus run
// dbus-launch. A fake dbus-launch on PATH records whether it was run; the
// control call goes to go-keyring directly and must run it, which shows the
// trap works. Runs in a child process to get go-keyring's real provider.
func TestNoBusDoesNotAutolaunch(t *testing.T) {
	if !inChild(t) {
		if _, err := os.Stat(filepath.Join(runtimeDir(), "bus")); err == nil {
			t.Skip(runtimeDir() + "/bus exists here; godbus would use it instead of autolaunching")
		}
		if _, err := os.Stat(filepath.Join(runtimeDir(), "dbus-session")); err == nil {
			t.Skip(runtimeDir() + "/dbus-session exists here; godbus would use it instead of autolaunching")
		}
		bin := t.TempDir()
		marker := filepath.Join(t.TempDir(), "dbus-launch-ran")
		script := "#!/bin/sh\n: > '" + marker + "'\nexit 1\n" // no touch: PATH holds only this directory
		if err := os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		runInChild(t, "DBUS_SESSION_BUS_ADDRESS=", "PATH="+bin, "COVIEW_TEST_MARKER="+marker, EnvVar+"=")
		return
	}

	marker := os.Getenv("COVIEW_TEST_MARKER")
	s := New(Options{ConfigDir: t.TempDir()})
	_, w, err := s.Lookup(liveHost)
	if !errors.Is(err, ErrNoKey) || !containsAny(w, "no session bus") {
		t.Errorf("Lookup = %v, %q", err, w)
	}
	if _, err := s.Save(liveHost, goodKey, false); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Save = %v", err)
	}
	if _, err := s.Delete(liveHost); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Delete = %v", err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the Store ran dbus-launch")
	}

	// Control: go-keyring on its own does autolaunch.
	_, err = SystemKeyring{}.Get(Service, liveHost)
	if _, statErr := os.Stat(marker); statErr != nil {
		t.Errorf("control: go-keyring did not run the fake dbus-launch (err %v); the trap is broken", err)
	}
}
