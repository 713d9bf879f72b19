package cli

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"coview/api"
	"coview/present/sanitize"
	"coview/register"
	"coview/stream"
)

// A follow keeps the register's index current while it runs, when there
// is an index of the registry followed: it follows the companies stream
// too (if the watch list alone would not), and writes every company's
// profile it carries into the index's live overlay (register.Live), a
// batch at a time: every followTick, and whenever liveBatch companies
// wait. The overlay keeps its own place in the stream, so a follow
// killed before a batch was written reads its events again; the watch
// list leaves alone the events it had handled before (skipBelow).

// liveBatch is how many companies wait at most before they are written.
const liveBatch = 2000

// liveFeed is a follow's feed of the index's live overlay.
type liveFeed struct {
	live *register.Live
	env  Env

	mu  sync.Mutex
	off bool // the overlay could not be written: the follow goes on without it
}

// openLiveFeed opens the live overlay of the index of the registry
// followed; nil when there is no index (or none that can be read, which
// is said).
func openLiveFeed(ctx context.Context, env Env) *liveFeed {
	path, err := register.DefaultPath(env.Getenv, env.registry.demo)
	if err != nil {
		return nil
	}
	ix, err := register.Open(ctx, path, register.Lean(), register.Of(env.registry.demo))
	if errors.Is(err, register.ErrNoIndex) {
		return nil
	}
	if err == nil {
		err = ix.Err()
	}
	if err != nil {
		if ix != nil {
			ix.Close()
		}
		fmt.Fprintf(env.Stderr, "coview: the index cannot be kept current (%s); following on without it\n", sanitize.Line(err.Error()))
		return nil
	}
	date := ix.Meta().FileDate
	ix.Close()
	l, err := register.OpenLive(path, date)
	if err != nil {
		fmt.Fprintf(env.Stderr, "coview: the index cannot be kept current (%s); following on without it\n", sanitize.Line(err.Error()))
		return nil
	}
	return &liveFeed{live: l, env: env}
}

// from is where the overlay would follow a stream from; false when it
// has no place in it.
func (lf *liveFeed) from(ctx context.Context, name string) (int64, bool) {
	if lf == nil || name != stream.Companies {
		return 0, false
	}
	tp, ok, err := lf.live.From(ctx, name)
	if err != nil {
		lf.fail(err)
		return 0, false
	}
	return tp, ok
}

// add takes an event of a stream, writing a batch when enough wait.
func (lf *liveFeed) add(ctx context.Context, name string, e *api.Event) {
	if lf == nil || name != stream.Companies || lf.isOff() {
		return
	}
	lf.live.Add(name, e)
	if lf.live.Pending() >= liveBatch {
		lf.flush(ctx)
	}
}

// flush writes what waits.
func (lf *liveFeed) flush(ctx context.Context) {
	if lf == nil || lf.isOff() {
		return
	}
	if _, err := lf.live.Flush(ctx); err != nil && ctx.Err() == nil {
		lf.fail(err)
	}
}

func (lf *liveFeed) isOff() bool {
	lf.mu.Lock()
	defer lf.mu.Unlock()
	return lf.off
}

// fail says, once, that the overlay cannot be written, and stops feeding
// it: the next follow carries on from the last batch written.
func (lf *liveFeed) fail(err error) {
	lf.mu.Lock()
	was := lf.off
	lf.off = true
	lf.mu.Unlock()
	if !was {
		fmt.Fprintf(lf.env.Stderr, "coview: %s; the index is no longer kept current by this follow (the next one catches up)\n", sanitize.Line(err.Error()))
	}
}

func (lf *liveFeed) close() {
	if lf != nil {
		lf.live.Close()
	}
}
