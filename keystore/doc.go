// Package keystore owns the coview API key: where it comes from, where it
// is stored, and how it is shown. Nothing else in the program reads
// COVIEW_API_KEY, talks to a keyring or opens the key file.
//
// A key is looked up, per registry host, in this order:
//
//  1. the COVIEW_API_KEY environment variable (applies to every host);
//  2. the OS keyring through github.com/zalando/go-keyring, service
//     "coview", user = the registry host, so the live registry, a test
//     registry and the demo never share a key;
//  3. a plain-text file ($XDG_CONFIG_HOME/coview/keys.json or
//     ~/.config/coview/keys.json, mode 0600, directory 0700), written only
//     when the user explicitly asked for it (auth login --insecure-storage);
//     every use of it produces a warning;
//  4. nothing: Lookup returns ErrNoKey and the caller decides what to do.
//
// The keyring is treated with suspicion because on headless Linux it is
// often missing, and a locked keyring can block forever on a password
// prompt. So every keyring call runs under a timeout, and on Linux (and the
// BSDs) the keyring is not called at all when there is no session bus,
// because godbus would otherwise autolaunch a dbus-daemon and, through
// D-Bus activation, a gnome-keyring-daemon behind the user's back. "The
// keyring is unavailable" (ErrKeyringUnavailable, a warning on lookup) and
// "no key is stored" (ErrNoKey) are different states with different
// messages.
//
// The streaming API's key is a second key with entries of its own
// (StreamKeys: COVIEW_STREAM_KEY, keyring user "stream:" and the stream's
// host, the file's stream_keys), looked up in the same order and never
// read for the REST key, nor the REST key for it.
//
// The key never appears in an error or a warning: Key formats itself masked
// (abcd…wxyz) for every fmt verb, and validation errors describe what is
// wrong without echoing the rejected value, which may be a real secret with
// a typo.
package keystore
