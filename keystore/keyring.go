package keystore

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/zalando/go-keyring"
)

// Service is the keyring service name; the user is the registry host.
const Service = "coview"

// DefaultTimeout bounds each keyring call, as gh does: long enough for a
// healthy Secret Service, short enough that a locked keyring waiting on a
// prompt nobody will see does not hang the program.
const DefaultTimeout = 3 * time.Second

// errNotStored is the internal "asked the keyring, nothing there".
var errNotStored = errors.New("not stored in the keyring")

// keyringGet returns the key for host, errNotStored, or an error matching
// ErrKeyringUnavailable.
func (s *Store) keyringGet(host string) (string, error) {
	v, err := s.keyringCall(func() (string, error) { return s.backend.Get(Service, s.slot.user(host)) })
	if err != nil {
		return "", s.classify(err, "")
	}
	return v, nil
}

// keyringSet stores key for host, or returns an error matching
// ErrKeyringUnavailable.
func (s *Store) keyringSet(host, key string) error {
	_, err := s.keyringCall(func() (string, error) { return "", s.backend.Set(Service, s.slot.user(host), key) })
	if errors.Is(err, keyring.ErrNotFound) {
		// Not a meaningful answer to Set; treat it like any backend failure.
		return &unavailableError{reason: describe(err), cause: err}
	}
	return s.classify(err, key)
}

// keyringDelete removes host's key; errNotStored if there was none.
func (s *Store) keyringDelete(host string) error {
	_, err := s.keyringCall(func() (string, error) { return "", s.backend.Delete(Service, s.slot.user(host)) })
	return s.classify(err, "")
}

// keyringCall runs f unless there is no session bus, and gives up on it
// after the timeout.
//
// On timeout the goroutine running f is abandoned: go-keyring has no way to
// cancel a D-Bus call, and waiting for it is exactly what we must not do.
// For a CLI that is acceptable: it is one goroutine, blocked on a call that
// will either finish or die with the process, and it only happens when the
// keyring is wedged. The channel is buffered so that a late answer does
// not block the goroutine forever, and the result travels only through it
// so that nothing is shared with an abandoned call. A late Set may still
// succeed after we reported failure.
func (s *Store) keyringCall(f func() (string, error)) (string, error) {
	if !s.busAvailable() {
		return "", &unavailableError{reason: noBusReason(), cause: errNoSessionBus}
	}
	type result struct {
		v   string
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-timer.C:
		return "", &unavailableError{
			reason: fmt.Sprintf("timed out after %s waiting for the keyring (it may be locked and waiting for a password prompt)", s.timeout),
			cause:  ErrKeyringTimeout,
		}
	}
}

// classify maps a backend error onto our two states: nothing stored
// (errNotStored) or keyring unavailable (anything else: dbus-launch missing,
// a dead socket, no org.freedesktop.secrets, a collection that will not
// unlock...). secret, if not empty, is scrubbed from the message in case a
// backend ever echoes what it was given.
func (s *Store) classify(err error, secret string) error {
	var ue *unavailableError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ue):
		return err
	case errors.Is(err, keyring.ErrNotFound):
		return errNotStored
	}
	if secret != "" && strings.Contains(err.Error(), secret) {
		err = errors.New(strings.ReplaceAll(err.Error(), secret, Mask(secret)))
	}
	return &unavailableError{reason: describe(err), cause: err}
}

// describe puts a plain-words explanation in front of the backend errors
// measured on headless Linux, keeping the original text for searching.
func describe(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "dbus-launch"):
		return "no session bus and no way to start one (" + msg + ")"
	case strings.Contains(msg, "org.freedesktop.secrets"):
		return "no Secret Service (such as gnome-keyring) on the session bus (" + msg + ")"
	case strings.Contains(msg, "failed to unlock"):
		return "the keyring is locked and could not be unlocked (" + msg + ")"
	case strings.Contains(msg, "dial unix"), strings.Contains(msg, "connect:"):
		return "cannot connect to the session bus (" + msg + ")"
	}
	return msg
}
