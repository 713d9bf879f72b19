package keystore

import "errors"

var (
	// ErrNoKey means no key is stored anywhere for the host (and
	// COVIEW_API_KEY is not set). It is not a failure of the keyring.
	ErrNoKey = errors.New("no API key")

	// ErrKeyringUnavailable means the keyring could not be used at all: no
	// session bus, no Secret Service, a locked collection, a timeout. The
	// error carrying it says why. On lookup this is a warning; the key may
	// still come from the file.
	ErrKeyringUnavailable = errors.New("keyring unavailable")

	// ErrKeyringTimeout means a keyring call did not answer in time. Errors
	// that match it also match ErrKeyringUnavailable.
	ErrKeyringTimeout = errors.New("timed out waiting for the keyring")
)

// unavailableError is "keyring unavailable: <why>". It matches
// ErrKeyringUnavailable and unwraps to the cause (ErrKeyringTimeout, the
// no-bus sentinel or the backend's error), so callers can both branch on it
// and tell the user the reason.
type unavailableError struct {
	reason string
	cause  error
}

func (e *unavailableError) Error() string        { return "keyring unavailable: " + e.reason }
func (e *unavailableError) Unwrap() error        { return e.cause }
func (e *unavailableError) Is(target error) bool { return target == ErrKeyringUnavailable }

// errNoSessionBus is the cause when the keyring was not called because there
// is no session bus.
var errNoSessionBus = errors.New("no session bus")
