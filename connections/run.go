package connections

import (
	"context"

	"coview/api"
)

// Run is a walk going on in the background, for a page that fills in while
// it runs: read Updates for snapshots, then Wait for the end. Cancel the
// context given to Start to stop it (esc); the Result then keeps what was
// found and lists the rest as not checked.
type Run struct {
	updates chan *Result
	done    chan struct{}
	result  *Result
	err     error
}

// Start begins a walk (see Walk) on its own goroutine. opts.Progress, if
// set, is called as well.
//
// For Bubble Tea, a command that receives once is the usual shape:
//
//	func next(run *connections.Run) tea.Cmd {
//		return func() tea.Msg {
//			if r, ok := <-run.Updates(); ok {
//				return progressMsg{r}   // draw it, then return next(run) again
//			}
//			r, err := run.Wait()
//			return walkedMsg{r, err}
//		}
//	}
func (w *Walker) Start(ctx context.Context, number api.Number, opts Options) *Run {
	run := &Run{updates: make(chan *Result, 1), done: make(chan struct{})}
	progress := opts.Progress
	opts.Progress = func(r *Result) {
		if progress != nil {
			progress(r)
		}
		run.offer(r)
	}
	go func() {
		defer close(run.done)
		defer close(run.updates)
		run.result, run.err = w.Walk(ctx, number, opts)
	}()
	return run
}

// Updates delivers snapshots of the walk, the newest only: one not yet
// received when a newer one comes is dropped, so a slow reader never holds
// the walk back and always gets the latest. The last is the final Result
// (Done set); then the channel is closed. A walk that fails to begin
// sends nothing: Wait has its error.
func (r *Run) Updates() <-chan *Result { return r.updates }

// Wait blocks until the walk has ended and gives its outcome, as Walk.
func (r *Run) Wait() (*Result, error) {
	<-r.done
	return r.result, r.err
}

// offer puts a snapshot in place of any not yet received. Snapshots come
// one at a time (Progress calls are serialised), so after the old one is
// taken out the channel has room.
func (r *Run) offer(s *Result) {
	select {
	case r.updates <- s:
		return
	default:
	}
	select {
	case <-r.updates:
	default:
	}
	r.updates <- s
}
