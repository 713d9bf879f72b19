// Package fanout runs many pieces of work against the registry at once:
// at most a few at a time, within a budget of requests, and stopping all
// of them at the first failure every later request would meet (a refused
// key, a quota the registry still refuses: api.Halts). It is the one way
// a check of the watch list, a screening, a walk of connections and a
// lookup of many numbers spend the quota; each keeps only its own logic.
package fanout

import (
	"context"
	"errors"
	"math"
	"sync"

	"golang.org/x/sync/errgroup"

	"coview/api"
)

// NoBound is a budget with no bound.
const NoBound = math.MaxInt

// ErrBudget is why a request may not go when the budget is spent.
var ErrBudget = errors.New("the budget of requests is spent")

// Run is one run of work under way. Its methods may be called from any
// goroutine, the work's own included.
type Run struct {
	ctx context.Context
	g   errgroup.Group

	mu     sync.Mutex
	budget int
	spent  int
	kept   int   // requests of the budget kept back (Keep)
	halt   error // the failure that stopped the run

	told sync.Mutex // one Tell at a time
}

// New starts a run on ctx of at most inFlight pieces of work at once
// (at least one), which may send budget requests in all: none when it is
// 0 or less, as many as they like with NoBound.
func New(ctx context.Context, inFlight, budget int) *Run {
	r := &Run{ctx: ctx, budget: max(budget, 0)}
	r.g.SetLimit(max(inFlight, 1))
	return r
}

// Go runs work on a goroutine of its own, once fewer than the run's
// inFlight pieces are running: it waits until then. After the run has
// stopped (Stopped) it runs nothing and returns false.
func (r *Run) Go(work func()) bool {
	if r.Stopped() != nil {
		return false
	}
	r.g.Go(func() error {
		work()
		return nil
	})
	return true
}

// Wait waits until every piece of work started has returned.
func (r *Run) Wait() { r.g.Wait() }

// Stopped says why no more work should start, or nil: the failure the
// run halted on, or the end of its context (matching api.ErrCanceled).
func (r *Run) Stopped() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stoppedLocked()
}

func (r *Run) stoppedLocked() error {
	switch {
	case r.halt != nil:
		return r.halt
	case r.ctx.Err() != nil:
		return &api.Error{Kind: api.KindCanceled, Err: r.ctx.Err()}
	}
	return nil
}

// Spend takes one request of the budget, or says why none may go: the
// run has stopped, or the budget (less what Keep holds back) is spent
// (ErrBudget).
func (r *Run) Spend() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.stoppedLocked(); err != nil {
		return err
	}
	if r.spent >= r.budget-r.kept {
		return ErrBudget
	}
	r.spent++
	return nil
}

// Refund gives back a request taken and never sent.
func (r *Run) Refund() {
	r.mu.Lock()
	r.spent = max(r.spent-1, 0)
	r.mu.Unlock()
}

// Keep holds n requests of the budget back from Spend, until Keep is
// called again (Keep(0) lets them go): requests a run knows it will want
// last, whatever the rest spend.
func (r *Run) Keep(n int) {
	r.mu.Lock()
	r.kept = max(n, 0)
	r.mu.Unlock()
}

// Note stops the run if err halts it (api.Halts), keeping the first such
// failure, and returns err.
func (r *Run) Note(err error) error {
	if api.Halts(err) {
		r.Halt(err)
	}
	return err
}

// Halt stops the run with err, unless it has stopped already.
func (r *Run) Halt(err error) {
	r.mu.Lock()
	if r.halt == nil {
		r.halt = err
	}
	r.mu.Unlock()
}

// Halted is the failure that stopped the run, or nil.
func (r *Run) Halted() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.halt
}

// Spent is how many requests of the budget have been taken, and the
// budget.
func (r *Run) Spent() (spent, budget int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.spent, r.budget
}

// Tell runs report while no other Tell runs: a run's progress reaches its
// caller one report at a time, each whole.
func (r *Run) Tell(report func()) {
	r.told.Lock()
	defer r.told.Unlock()
	report()
}
