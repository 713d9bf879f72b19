package connections

import (
	"context"
	"errors"
	"strconv"
	"sync"

	"coview/api"
)

// Registry is what a Walker asks: an *api.Client, whose pacing keeps a
// walk within the registry's quota. Fetch must ask the gate of
// api.WithRequestGate before each request it sends, as the client does:
// that is how a walk's budget counts every request.
type Registry interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
	RateLimit() api.RateLimit
}

// Walker walks connections over one registry and remembers every answer
// it got, by resource and page, for its whole life: a browser holds one
// for its session, so that walking a company again, expanding a company
// another walk met, or asking who an officer also appears as costs no
// request for anything already read. It is safe for concurrent use; two
// walks that need the same answer at once share one request.
type Walker struct {
	reg Registry

	mu      sync.Mutex
	answers map[string]*entry
	order   []string // keys in the order answers were first asked for, so that what is derived from them is stable
	sent    int
}

// entry is one answer of the session: being fetched until done is
// closed, then answer or err.
type entry struct {
	res    api.Resource
	page   api.Page
	done   chan struct{}
	answer *api.Answer
	err    error
}

// NewWalker starts a session's walker over reg.
func NewWalker(reg Registry) *Walker {
	return &Walker{reg: reg, answers: map[string]*entry{}}
}

// Requests is how many requests the walker has sent in its life.
func (w *Walker) Requests() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sent
}

func cacheKey(res api.Resource, page api.Page) string {
	return res.Link + "#" + strconv.Itoa(page.StartIndex) + "+" + strconv.Itoa(page.ItemsPerPage)
}

// get is the answer for res at page: the session's, or, when there is
// none yet, the registry's, each request of it (every try, retries
// included) first allowed by gate, which may refuse with an error that is
// then returned. An answer being fetched for another walk is waited for.
// Errors are not kept: a later walk asks again. reused reports an answer
// the session had.
func (w *Walker) get(ctx context.Context, res api.Resource, page api.Page, gate func() error) (a *api.Answer, reused bool, err error) {
	key := cacheKey(res, page)
	for {
		w.mu.Lock()
		e, ok := w.answers[key]
		if !ok {
			break // w.mu held
		}
		w.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, false, &api.Error{Kind: api.KindCanceled, Subject: res.Link, Err: ctx.Err()}
		}
		if e.err == nil {
			return e.answer, true, nil
		}
		// The other walk's request failed and was forgotten; ask again.
	}
	e := &entry{res: res, page: page, done: make(chan struct{})}
	w.answers[key] = e
	w.order = append(w.order, key)
	w.mu.Unlock()

	counted := func() error {
		if err := gate(); err != nil {
			return err
		}
		w.mu.Lock()
		w.sent++
		w.mu.Unlock()
		return nil
	}
	a, err = w.reg.Fetch(api.WithRequestGate(ctx, counted), res, page)
	if err != nil && res.Kind == api.ResAppointments && errors.Is(err, api.ErrNotFound) {
		// The registry answers 404 for an officer with no appointments.
		a, err = api.NewAnswer(res, nil, &api.Appointments{ListInfo: api.ListInfo{Empty: "No appointments are listed for this officer."}}), nil
	}

	w.mu.Lock()
	e.answer, e.err = a, err
	if err != nil {
		delete(w.answers, key)
	}
	close(e.done)
	w.mu.Unlock()
	return a, false, err
}

// has reports whether the session has (or is fetching) the answer.
func (w *Walker) has(res api.Resource, page api.Page) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.answers[cacheKey(res, page)]
	return ok
}

// known calls each for every answer of the session, in the order they
// were first asked for.
func (w *Walker) known(each func(res api.Resource, page api.Page, a *api.Answer)) {
	w.mu.Lock()
	var done []*entry
	seen := map[string]bool{}
	for _, k := range w.order {
		if e, ok := w.answers[k]; ok && !seen[k] {
			seen[k] = true
			select {
			case <-e.done:
				if e.err == nil {
					done = append(done, e)
				}
			default:
			}
		}
	}
	w.mu.Unlock()
	for _, e := range done {
		each(e.res, e.page, e.answer)
	}
}
