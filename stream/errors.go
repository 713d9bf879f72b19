package stream

import (
	"fmt"
	"net/http"
)

// errKind says what an Error is, for errors.Is.
type errKind int

const (
	kindKey      errKind = iota + 1 // 401, 403
	kindNoStream                    // 404
	kindRefused                     // another answer that will not pass by itself
	kindBusy                        // the stream is followed already in this set
	kindTooMany                     // every connection the key may hold is in use
)

// Error is what ends a follow that cannot go on by itself. Its message
// names the stream and what to do; it never holds the key.
type Error struct {
	Stream string
	Status int    // the HTTP status, 0 when there was no answer
	Reason string // the server's own words, or the local detail (network text: clean before printing)
	kind   errKind
}

// Sentinels for errors.Is.
var (
	// ErrRejectedKey: the stream refused the key (401, 403).
	ErrRejectedKey = &Error{kind: kindKey}
	// ErrNoStream: there is no stream at that path (404).
	ErrNoStream = &Error{kind: kindNoStream}
	// ErrRefused: an answer asking for something to change before trying
	// again (another 4xx, a redirect to another host).
	ErrRefused = &Error{kind: kindRefused}
	// ErrBusy: the stream is followed already in this set; one connection
	// a stream is enough.
	ErrBusy = &Error{kind: kindBusy}
	// ErrTooMany: the set holds as many connections as the key may.
	ErrTooMany = &Error{kind: kindTooMany}
)

// Is matches errors of the same kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.kind == e.kind
}

func (e *Error) Error() string {
	s := "stream " + e.Stream
	switch e.kind {
	case kindKey:
		return fmt.Sprintf("%s: the stream refused the key (%d %s): it needs a streaming key, which is not the REST API key; "+
			"the registry's developer site makes one for a streaming application", s, e.Status, orDefault(e.Reason, http.StatusText(e.Status)))
	case kindNoStream:
		return fmt.Sprintf("%s: there is no such stream at this address (404); check the stream's name and the stream URL", s)
	case kindBusy:
		return fmt.Sprintf("%s: it is followed already here; one connection a stream is enough", s)
	case kindTooMany:
		return fmt.Sprintf("%s: the key's %d connections are all in use; the registry allows no more for one key", s, MaxPerKey)
	}
	if e.Status != 0 {
		return fmt.Sprintf("%s: refused (%d %s)%s", s, e.Status, http.StatusText(e.Status), withColon(e.Reason))
	}
	return fmt.Sprintf("%s: %s", s, e.Reason)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func withColon(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}
