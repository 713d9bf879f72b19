package common

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"coview/api"
	"coview/present/sanitize"
	"coview/register"
)

// Problem is a failure put in words for the screen: what happened, and
// what the user can do about it.
type Problem struct {
	Title  string
	Detail string
}

// Explain turns an error from the api layer, met asking for res, into
// trouble. Every part is sanitised: the registry's own words are part of
// some messages.
func Explain(err error, res api.Resource, now time.Time, retryAt time.Time) Problem {
	var e *api.Error
	var lacks *register.LacksError
	switch {
	case errors.As(err, &lacks):
		return Clean(Problem{"Not in the register's file", Sentence(lacks.What)})
	case errors.Is(err, register.ErrNotInFile):
		return Clean(Problem{"Company " + res.Number.String() + " is not in the register's file",
			"No company on the register has this number, or it has been dissolved: the file holds only the companies on the register. coview without --offline asks the registry."})
	}
	if !errors.As(err, &e) {
		if errors.Is(err, context.Canceled) {
			return Problem{"Cancelled", "The request was stopped before it finished."}
		}
		return Clean(Problem{"Request failed", Sentence(err.Error()) + " Press r to try again."})
	}
	var t Problem
	switch e.Kind {
	case api.KindInvalidNumber:
		t = Problem{"Not a company number", Sentence(e.Error())}
	case api.KindNotFound:
		if res.Kind == api.ResCompany {
			t = Problem{"Company " + res.Number.String() + " not found",
				"The registry has no company with this number (404). It is in the search box: check it, then press Enter."}
		} else {
			t = Problem{"Not found", "The registry has nothing at " + res.Link + " (404)."}
		}
	case api.KindInvalidKey:
		t = Problem{"API key refused", "The registry rejected the key (401 " + Or(e.Reason, "Invalid Authorization") +
			"). Check that it is a REST API key for this registry, and enter it again."}
	case api.KindMissingKey:
		t = Problem{"No API key", "No key was sent, and the registry needs one (401 " + Or(e.Reason, "Empty Authorization header") + ")."}
	case api.KindForbidden:
		t = Problem{"Access forbidden (403)", "The key may be restricted to other IP addresses or domains: check its settings on the registry's developer site." + withReason(e.Reason)}
	case api.KindRateLimited:
		t = Problem{"Rate limit reached (429)", fmt.Sprintf("The quota resets at %s: retrying in %s. esc stops waiting.",
			retryAt.Format("15:04:05"), Remaining(retryAt.Sub(now)))}
	case api.KindServer:
		t = Problem{fmt.Sprintf("The registry failed (%d %s)", e.Status, http.StatusText(e.Status)),
			"It may be down or overloaded. Press r to try again." + withReason(e.Reason)}
	case api.KindBadResponse, api.KindTooLarge:
		t = Problem{"Unreadable answer", Sentence(e.Error()) + " Press r to try again."}
	case api.KindTimeout:
		t = Problem{"No answer in time", "The registry may be slow or unreachable. Press r to try again."}
	case api.KindUnreachable:
		t = Problem{"Cannot reach the registry", Sentence(Or(e.Reason, "the connection failed")) + " Check the network, then press r."}
	case api.KindRefusedLink:
		t = Problem{"Link refused", Sentence(e.Error())}
	case api.KindCanceled:
		t = Problem{"Cancelled", "The request was stopped before it finished."}
	case api.KindNoDocument:
		t = Problem{"No document", Sentence(e.Error())}
	default:
		t = Problem{"Request failed", Sentence(e.Error()) + " Press r to try again."}
	}
	return Clean(t)
}

// Remaining is a wait as a countdown shows it: to the nearest second, so
// that it is never a second past the real wait (2.1 s reads 2s, not 3s),
// and at least a second while anything is left, so it never reads 0s
// while the request is still held back.
func Remaining(left time.Duration) time.Duration {
	if left <= 0 {
		return 0
	}
	return max(left.Round(time.Second), time.Second)
}

// Refused is the trouble for a link the api layer will not follow.
func Refused(name string, err error) Problem {
	return Clean(Problem{"Link refused: " + name, Sentence(err.Error())})
}

// RefusalReason is why a link is refused, without repeating the link.
func RefusalReason(err error) string {
	var e *api.Error
	if errors.As(err, &e) && e.Reason != "" {
		return e.Reason
	}
	return err.Error()
}

// Clean makes every part of t safe to draw.
func Clean(t Problem) Problem {
	t.Title = sanitize.Line(t.Title)
	t.Detail = sanitize.Line(t.Detail)
	return t
}

// IsAuth reports whether err is the registry refusing the key, or asking
// for one.
func IsAuth(err error) bool {
	return errors.Is(err, api.ErrInvalidKey) || errors.Is(err, api.ErrMissingKey)
}

func withReason(r string) string {
	if r == "" {
		return ""
	}
	return " The registry said: " + Sentence(r)
}

// IsCanceled reports whether err is a request given up on purpose.
func IsCanceled(err error) bool {
	return errors.Is(err, api.ErrCanceled) || errors.Is(err, context.Canceled)
}
