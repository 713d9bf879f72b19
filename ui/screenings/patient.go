package screenings

import (
	"context"
	"errors"
	"time"

	"coview/api"
	"coview/ui/common"
)

// patient is the registry as the session's screener asks it. The
// browser's client answers a 429 at once, so that a page can count it
// down and ask again; a screening asks many things at once, and a 429
// would stop it. So a 429 is waited out here, once, until the registry
// says its quota resets (never more than api.MaxWait ahead, as the
// client bounds it), the wait told on the status line as every wait is,
// and the request sent again. Only a 429 after that wait stops the
// screening (screen halts on it), as in coview screen.
type patient struct {
	reg  common.Registry
	tell func(api.Wait)
}

// unknownRetry is how long a 429 that says nothing of when to ask again
// is waited out, as the client does.
const unknownRetry = time.Minute

func (p patient) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	a, err := p.reg.Fetch(ctx, res, page)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Kind != api.KindRateLimited {
		return a, err
	}
	until := ae.RetryAt
	switch {
	case until.IsZero():
		until = time.Now().Add(unknownRetry)
	case until.Nanosecond() == 0:
		until = until.Add(100 * time.Millisecond) // a time in whole seconds may be a moment early
	}
	w := api.Wait{Subject: ae.Subject, Reason: "rate limit reached", Until: until}
	p.tell(w)
	t := time.NewTimer(time.Until(until))
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		w.Over, w.Err = true, ctx.Err()
		p.tell(w)
		return nil, &api.Error{Kind: api.KindCanceled, Subject: ae.Subject, Err: ctx.Err()}
	}
	w.Over = true
	p.tell(w)
	return p.reg.Fetch(ctx, res, page)
}

// tell hands a wait of a screening's to the program, through whichever
// run takes it first (a wait is the session's, not a run's).
func (s *Session) tell(w api.Wait) {
	select {
	case s.waits <- w:
	case <-s.c.Ctx.Done():
	}
}
