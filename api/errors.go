package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Kind says what went wrong with a request, so callers can choose an exit
// code, a screen or a retry without reading messages.
type Kind int

// The kinds of failure. The two 401s of the spec are kept apart: a key that
// was sent and refused is fixed differently from a key that was never sent.
const (
	KindInvalidNumber Kind = iota + 1 // rejected locally; nothing was sent
	KindRefusedLink                   // a link or redirect pointing outside the registry; nothing was sent
	KindInvalidKey                    // 401 Invalid Authorization
	KindMissingKey                    // 401 Empty Authorization header
	KindForbidden                     // 403: a key restricted to other IP addresses or domains
	KindNotFound                      // 404
	KindRateLimited                   // 429
	KindServer                        // 5xx and other unexpected statuses
	KindBadResponse                   // a body that is not the JSON expected (gateway HTML, cut short)
	KindTooLarge                      // a body over the size cap
	KindTimeout                       // no complete answer in time
	KindUnreachable                   // connection refused, reset, DNS, TLS
	KindCanceled                      // the caller gave up
	KindNoDocument                    // a filing without a document, or without one in the format asked for
	KindBadRequest                    // 400, 422: the registry refused what was asked (a search's values)
)

// Error is every failure the client reports. Its message names the company
// number or path it was about and what to do next; it never contains the key.
type Error struct {
	Kind    Kind
	Subject string // "company 00006400", "/company/00006400/officers", or the rejected input
	Status  int    // HTTP status, 0 when no response arrived
	Reason  string // the registry's own words or the local detail
	// RetryAt is, for a 429, when the client may try again (zero when the
	// registry did not say): the registry's own time, but never more than
	// MaxWait ahead, since the client waits no longer.
	RetryAt time.Time
	// RetryAsked is the registry's time when it asked for later than
	// RetryAt (a Retry-After of days, a date in the year 9999); else zero.
	RetryAsked time.Time
	Err        error // the underlying transport error, if any

	transient bool // a reset connection, worth another try
}

// Sentinels for errors.Is: errors.Is(err, api.ErrNotFound).
var (
	ErrInvalidNumber = &Error{Kind: KindInvalidNumber}
	ErrRefusedLink   = &Error{Kind: KindRefusedLink}
	ErrInvalidKey    = &Error{Kind: KindInvalidKey}
	ErrMissingKey    = &Error{Kind: KindMissingKey}
	ErrForbidden     = &Error{Kind: KindForbidden}
	ErrNotFound      = &Error{Kind: KindNotFound}
	ErrRateLimited   = &Error{Kind: KindRateLimited}
	ErrServer        = &Error{Kind: KindServer}
	ErrBadResponse   = &Error{Kind: KindBadResponse}
	ErrTooLarge      = &Error{Kind: KindTooLarge}
	ErrTimeout       = &Error{Kind: KindTimeout}
	ErrUnreachable   = &Error{Kind: KindUnreachable}
	ErrCanceled      = &Error{Kind: KindCanceled}
	ErrNoDocument    = &Error{Kind: KindNoDocument}
	ErrBadRequest    = &Error{Kind: KindBadRequest}
)

// Is matches errors of the same kind, so the sentinels above work with errors.Is.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind
}

func (e *Error) Unwrap() error { return e.Err }

// Halts reports whether err is a failure every later request of the same
// client would meet too: the key refused or missing, access forbidden,
// or the quota still spent after the client waited for it (a 429 that
// comes back). Work that sends many requests stops at the first such
// failure rather than spend the rest of its requests meeting it.
func Halts(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Kind {
	case KindInvalidKey, KindMissingKey, KindForbidden, KindRateLimited:
		return true
	}
	return false
}

// Retryable says whether the same request may succeed if sent again later
// without anything changing on the caller's side.
func (e *Error) Retryable() bool {
	switch e.Kind {
	case KindServer:
		// 500 too: the live registry answers it now and then for a
		// request that succeeds when sent again.
		return e.Status == http.StatusInternalServerError || e.Status == http.StatusBadGateway ||
			e.Status == http.StatusServiceUnavailable || e.Status == http.StatusGatewayTimeout
	case KindUnreachable:
		return e.transient
	case KindRateLimited:
		return true
	}
	return false
}

func (e *Error) Error() string { return e.message(time.Now()) }

// message is the error in words as of now: a 429's wait counts from it.
func (e *Error) message(now time.Time) string {
	s := e.Subject
	if s == "" {
		s = "request"
	}
	reason := e.Reason
	switch e.Kind {
	case KindInvalidNumber:
		return fmt.Sprintf("%s is not a company number: %s", s, reason)
	case KindRefusedLink:
		return fmt.Sprintf("refused to follow %s: %s; only paths on the configured registry are followed, so the key never leaves it", s, reason)
	case KindInvalidKey:
		return fmt.Sprintf("%s: the registry rejected the API key (401 %s): check that it is a REST API key for this registry", s, orDefault(reason, "Invalid Authorization"))
	case KindMissingKey:
		return fmt.Sprintf("%s: no API key was sent (401 %s): an API key is needed for this registry", s, orDefault(reason, "Empty Authorization header"))
	case KindForbidden:
		return fmt.Sprintf("%s: access forbidden (403%s): the key may be restricted to other IP addresses or domains; check its settings on the registry's developer site", s, withColon(reason))
	case KindNotFound:
		if strings.HasPrefix(s, "company ") {
			return fmt.Sprintf("%s not found (404): check the number", s)
		}
		return fmt.Sprintf("%s: not found (404)", s)
	case KindRateLimited:
		if e.RetryAt.IsZero() {
			return fmt.Sprintf("%s: rate limit reached (429): wait a few minutes before trying again", s)
		}
		wait := e.RetryAt.Sub(now).Round(time.Second)
		if wait < 0 {
			wait = 0
		}
		at := e.RetryAt.Local().Format("15:04:05")
		if !e.RetryAsked.IsZero() {
			return fmt.Sprintf("%s: rate limit reached (429): the registry asks to wait %s, longer than this client waits; try again at %s (in %s)",
				s, askedWait(e.RetryAsked, now), at, wait)
		}
		return fmt.Sprintf("%s: rate limit reached (429): the quota resets at %s (in %s)", s, at, wait)
	case KindServer:
		return fmt.Sprintf("%s: the registry failed (%d %s%s): it may be down or overloaded; try again later", s, e.Status, http.StatusText(e.Status), withColon(reason))
	case KindBadResponse:
		return fmt.Sprintf("%s: unreadable answer from the registry%s: %s", s, statusPart(e.Status), reason)
	case KindTooLarge:
		return fmt.Sprintf("%s: %s; refused", s, reason)
	case KindTimeout:
		return fmt.Sprintf("%s: %s; the registry may be slow or unreachable, try again", s, reason)
	case KindUnreachable:
		return fmt.Sprintf("%s: cannot reach the registry: %s", s, reason)
	case KindCanceled:
		return fmt.Sprintf("%s: cancelled", s)
	case KindNoDocument:
		return fmt.Sprintf("%s: %s", s, orDefault(reason, "there is no document"))
	case KindBadRequest:
		return fmt.Sprintf("%s: the registry refused it (%d %s)%s", s, e.Status, http.StatusText(e.Status), withColon(reason))
	}
	return fmt.Sprintf("%s: %s", s, reason)
}

// askedWait is a wait the registry asked for, in words: "277h46m39s", or
// past two days, the date, since a duration saturates at 292 years and a
// date in the year 9999 reads better as one.
func askedWait(asked, now time.Time) string {
	if d := asked.Sub(now); d < 48*time.Hour {
		return d.Round(time.Second).String()
	}
	return "until " + asked.Local().Format("2 Jan 2006 15:04")
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

func statusPart(status int) string {
	if status == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d)", status)
}
