package keystore

import "github.com/zalando/go-keyring"

// Backend is the keyring as the Store sees it: go-keyring in production
// (SystemKeyring), fakes in tests. Get and Delete must return an error
// matching keyring.ErrNotFound (errors.Is) when nothing is stored; any other
// error is taken to mean the keyring itself is unavailable.
//
// Implementations may block (a locked keyring waits for a password
// prompt); the Store runs every call under its own timeout.
type Backend interface {
	Get(service, user string) (string, error)
	Set(service, user, secret string) error
	Delete(service, user string) error
}

// SystemKeyring is the Backend backed by the OS keyring through
// github.com/zalando/go-keyring (Secret Service over D-Bus on Linux,
// Keychain on macOS, Credential Manager on Windows). keyring.MockInit and
// keyring.MockInitWithError swap what it talks to, for tests.
type SystemKeyring struct{}

// Get implements Backend.
func (SystemKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }

// Set implements Backend.
func (SystemKeyring) Set(service, user, secret string) error {
	return keyring.Set(service, user, secret)
}

// Delete implements Backend.
func (SystemKeyring) Delete(service, user string) error { return keyring.Delete(service, user) }
