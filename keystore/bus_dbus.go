//go:build (dragonfly && cgo) || (freebsd && cgo) || linux || netbsd || openbsd

package keystore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// These are the platforms where go-keyring talks to the Secret Service over
// D-Bus (its keyring_unix.go uses the same build constraint).

// SessionBusAvailable reports whether a D-Bus session bus can be found
// without starting one. It mirrors how godbus looks for the bus, and
// answers false exactly when godbus would fall back to running
// dbus-launch: that autolaunches a dbus-daemon, and through D-Bus
// activation a gnome-keyring-daemon, behind the user's back, and leaves
// them running after we exit. When it is false the Store does not call the
// keyring at all.
//
// The bus is there when DBUS_SESSION_BUS_ADDRESS is set (to anything but
// godbus's "autolaunch:"), or /run/user/<uid>/bus exists (systemd's
// per-user bus), or /run/user/<uid>/dbus-session holds an address.
// An address that turns out to be dead is not our concern here: the call
// then fails fast with a dial error, reported as "keyring unavailable".
func SessionBusAvailable() bool {
	if addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); addr != "" && addr != "autolaunch:" {
		return true
	}
	dir := runtimeDir()
	if _, err := os.Stat(filepath.Join(dir, "bus")); err == nil {
		return true
	}
	b, err := os.ReadFile(filepath.Join(dir, "dbus-session"))
	return err == nil && strings.HasPrefix(string(b), "DBUS_SESSION_BUS_ADDRESS=")
}

// runtimeDir is where godbus looks, which is /run/user/<uid> whatever
// XDG_RUNTIME_DIR says.
func runtimeDir() string { return fmt.Sprintf("/run/user/%d", os.Getuid()) }

func noBusReason() string {
	return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and " + filepath.Join(runtimeDir(), "bus") + " does not exist"
}
