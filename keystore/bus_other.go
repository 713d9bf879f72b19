//go:build !((dragonfly && cgo) || (freebsd && cgo) || linux || netbsd || openbsd)

package keystore

// SessionBusAvailable reports whether the keyring can be asked without side
// effects. Here (macOS, Windows) the keyring is not reached over D-Bus, so
// there is nothing to autolaunch and the answer is always true.
func SessionBusAvailable() bool { return true }

func noBusReason() string { return "no session bus" }
