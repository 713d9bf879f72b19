// Package walks is what a browsing session keeps of its walks over
// companies' connections (x): the newest snapshot of each company's walk,
// the walk under way, and who else each officer seen probably is. It
// outlives the pages that show it: a walk goes on while the user looks
// elsewhere, and walking a company again costs only what was not read.
package walks

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/connections"
	"coview/ui/common"
)

// Session is the session's walker, its walks by company, and what is
// known of who else each officer is, by officer id.
type Session struct {
	c      *common.Common
	walker *connections.Walker
	walks  map[api.Number]*Walk
	sameAs map[string]*connections.SameAs
}

// Walk is one company's walk: the newest snapshot, and the walk under
// way, if any.
type Walk struct {
	Result *connections.Result
	Err    error
	Expand []api.Number // the connected companies walked from too
	run    *connections.Run
	cancel context.CancelFunc
	id     int // the walk whose updates are taken; older ones are dropped
}

// Running says whether the walk is under way.
func (w *Walk) Running() bool { return w != nil && w.run != nil }

// Msg is a snapshot of a walk, or its end.
type Msg struct {
	Number api.Number
	id     int
	result *connections.Result
	err    error
	done   bool
}

// SameAsMsg says who else an officer probably is.
type SameAsMsg struct {
	id   string
	same *connections.SameAs
}

// New starts a session's record of walks.
func New(c *common.Common) *Session {
	return &Session{c: c, walks: map[api.Number]*Walk{}, sameAs: map[string]*connections.SameAs{}}
}

// Of is a company's walk, or nil when it was never walked.
func (s *Session) Of(n api.Number) *Walk { return s.walks[n] }

// session is the session's walker, made when first needed.
func (s *Session) session() *connections.Walker {
	if s.walker == nil {
		s.walker = connections.NewWalker(s.c.Reg)
	}
	return s.walker
}

// Start starts (or starts again, with more companies to walk from) the
// walk of a company's connections.
func (s *Session) Start(n api.Number, expand []api.Number) tea.Cmd {
	w := s.walks[n]
	if w == nil {
		w = &Walk{}
		s.walks[n] = w
	}
	if w.cancel != nil {
		w.cancel()
	}
	w.id = s.c.NextID()
	w.Expand = expand
	ctx, cancel := context.WithCancel(s.c.Ctx)
	w.cancel = cancel
	w.run = s.session().Start(ctx, n, connections.Options{Expand: slices.Clone(expand)})
	return s.next(n, w.id, w.run)
}

// Stop stops a walk under way, keeping what it found; it reports whether
// there was one.
func (s *Session) Stop(n api.Number) bool {
	w := s.walks[n]
	if !w.Running() || w.cancel == nil {
		return false
	}
	w.cancel()
	return true
}

// next waits for the walk's next snapshot, or its end.
func (s *Session) next(n api.Number, id int, run *connections.Run) tea.Cmd {
	return s.c.Guard(func() tea.Msg {
		if r, ok := <-run.Updates(); ok {
			return Msg{Number: n, id: id, result: r, done: r.Done}
		}
		r, err := run.Wait()
		return Msg{Number: n, id: id, result: r, err: err, done: true}
	})
}

// Update takes the walks' snapshots and the answers about who else an
// officer is.
func (s *Session) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return s.onWalk(msg)
	case SameAsMsg:
		s.sameAs[msg.id] = msg.same
		s.c.ReadQuota()
	}
	return nil
}

// onWalk keeps a snapshot, and waits for the next one.
func (s *Session) onWalk(msg Msg) tea.Cmd {
	w := s.walks[msg.Number]
	if w == nil || w.id != msg.id {
		return nil
	}
	if msg.result != nil {
		w.Result = msg.result
	}
	s.c.ReadQuota()
	if !msg.done {
		return s.next(msg.Number, msg.id, w.run)
	}
	w.Err, w.run = msg.err, nil
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	return nil
}

// AskSameAs asks, once a session for each officer, which other officer
// records are probably the same person: from what the session's walks
// met, and one search for the name.
func (s *Session) AskSameAs(r *connections.Record) tea.Cmd {
	if r == nil || r.OfficerID == "" {
		return nil
	}
	if _, asked := s.sameAs[r.OfficerID]; asked {
		return nil
	}
	s.sameAs[r.OfficerID] = nil // asked: one at a time
	walker, ctx, rec := s.session(), s.c.Ctx, *r
	return s.c.Guard(func() tea.Msg {
		same, _ := walker.SameAs(ctx, rec, true)
		return SameAsMsg{id: rec.OfficerID, same: same}
	})
}

// SameAs is who else an officer probably is, when known.
func (s *Session) SameAs(officerID string) *connections.SameAs { return s.sameAs[officerID] }
