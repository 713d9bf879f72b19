package ui

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"coview/api"
	"coview/present/sanitize"
)

// trouble is a failure put in words for the screen: what happened, and
// what the user can do about it.
type trouble struct {
	title  string
	detail string
}

// explain turns an error from the api layer into trouble. Every part is
// sanitised: the registry's own words are part of some messages.
func explain(err error, f fetch, now time.Time, retryAt time.Time) trouble {
	var e *api.Error
	if !errors.As(err, &e) {
		if errors.Is(err, context.Canceled) {
			return trouble{"Cancelled", "The request was stopped before it finished."}
		}
		return clean(trouble{"Request failed", sentence(err.Error()) + " Press r to try again."})
	}
	var t trouble
	switch e.Kind {
	case api.KindInvalidNumber:
		t = trouble{"Not a company number", sentence(e.Error())}
	case api.KindNotFound:
		if f.res.Kind == api.ResCompany {
			t = trouble{"Company " + f.res.Number.String() + " not found",
				"The registry has no company with this number (404). It is in the search box: check it, then press Enter."}
		} else {
			t = trouble{"Not found", "The registry has nothing at " + f.res.Link + " (404)."}
		}
	case api.KindInvalidKey:
		t = trouble{"API key refused", "The registry rejected the key (401 " + or(e.Reason, "Invalid Authorization") +
			"). Check that it is a REST API key for this registry, and enter it again."}
	case api.KindMissingKey:
		t = trouble{"No API key", "No key was sent, and the registry needs one (401 " + or(e.Reason, "Empty Authorization header") + ")."}
	case api.KindForbidden:
		t = trouble{"Access forbidden (403)", "The key may be restricted to other IP addresses or domains: check its settings on the registry's developer site." + withReason(e.Reason)}
	case api.KindRateLimited:
		wait := retryAt.Sub(now).Round(time.Second)
		t = trouble{"Rate limit reached (429)", fmt.Sprintf("The quota resets at %s: retrying in %s. esc stops waiting.",
			retryAt.Format("15:04:05"), max(wait, 0))}
	case api.KindServer:
		t = trouble{fmt.Sprintf("The registry failed (%d %s)", e.Status, http.StatusText(e.Status)),
			"It may be down or overloaded. Press r to try again." + withReason(e.Reason)}
	case api.KindBadResponse, api.KindTooLarge:
		t = trouble{"Unreadable answer", sentence(e.Error()) + " Press r to try again."}
	case api.KindTimeout:
		t = trouble{"No answer in time", "The registry may be slow or unreachable. Press r to try again."}
	case api.KindUnreachable:
		t = trouble{"Cannot reach the registry", sentence(or(e.Reason, "the connection failed")) + " Check the network, then press r."}
	case api.KindRefusedLink:
		t = trouble{"Link refused", sentence(e.Error())}
	case api.KindCanceled:
		t = trouble{"Cancelled", "The request was stopped before it finished."}
	case api.KindNoDocument:
		t = trouble{"No document", sentence(e.Error())}
	default:
		t = trouble{"Request failed", sentence(e.Error()) + " Press r to try again."}
	}
	return clean(t)
}

// refused is the trouble for a link the api layer will not follow.
func refused(name string, err error) trouble {
	return clean(trouble{"Link refused: " + name, sentence(err.Error())})
}

// refusalReason is why a link is refused, without repeating the link.
func refusalReason(err error) string {
	var e *api.Error
	if errors.As(err, &e) && e.Reason != "" {
		return e.Reason
	}
	return err.Error()
}

func clean(t trouble) trouble {
	t.title = sanitize.Line(t.title)
	t.detail = sanitize.Line(t.detail)
	return t
}

func isAuth(err error) bool {
	return errors.Is(err, api.ErrInvalidKey) || errors.Is(err, api.ErrMissingKey)
}

func withReason(r string) string {
	if r == "" {
		return ""
	}
	return " The registry said: " + sentence(r)
}

// sentence ends s with a full stop unless it already ends a sentence.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
