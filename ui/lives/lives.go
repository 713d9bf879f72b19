// Package lives is what a browsing session keeps of the registry as it
// happens (the live page, :live): the feed of its companies and filings
// streams, started when the page is first opened and followed for the
// rest of the session, and the newest events, in words, in memory of a
// fixed size whatever the stream sends. It outlives the pages that show
// it: back on the live page, what came meanwhile is there.
package lives

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
)

// Feed follows the registry's companies and filings streams until ctx
// ends: each event to event (called from any goroutine), and what is
// worth saying on the way (a wait, a gap) to note. It returns why it
// stopped (a refused key, no key at all).
type Feed func(ctx context.Context, event func(*api.Event), note func(string)) error

// Keep is how many events the live page keeps: the newest.
const Keep = 1000

// keepCompanies is how many companies are remembered (their names, SIC
// codes and places), to name and filter the filings of them that follow.
const keepCompanies = 20000

// Session is the session's feed and the events it brought.
type Session struct {
	c    *common.Common
	feed Feed

	mu        sync.Mutex
	started   bool
	ring      []present.LiveRow // the newest Keep rows, oldest first from next
	next      int               // where the next row goes
	seq       int64             // rows listed so far
	received  int64             // events received
	companies map[api.Number]present.LiveCompany
	order     []api.Number // companies in the order remembered, to forget the oldest
	note      string       // the last thing the feed said
	ended     error        // why the feed stopped, once it has
	done      bool
}

// New keeps the session's live events; feed nil is a session without
// them (no streaming key).
func New(c *common.Common, feed Feed) *Session {
	return &Session{c: c, feed: feed, companies: map[api.Number]present.LiveCompany{}}
}

// Available says whether there is a feed to follow.
func (s *Session) Available() bool { return s.feed != nil }

// Start starts the feed, once a session; it runs until the session ends.
func (s *Session) Start() tea.Cmd {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.feed == nil || s.started {
		return nil
	}
	s.started = true
	feed, ctx := s.feed, s.c.Ctx
	go func() {
		err := feed(ctx, s.add, s.say)
		s.mu.Lock()
		s.done, s.ended = true, err
		s.mu.Unlock()
	}()
	return nil
}

// add takes an event: a row when it is one the page lists, and what it
// says of its company.
func (s *Session) add(e *api.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received++
	row, co, ok := present.LiveEvent(e, s.known)
	if co != nil && e.Number != "" {
		s.remember(e.Number, *co)
	}
	if !ok {
		return
	}
	s.seq++
	row.Seq = s.seq
	if len(s.ring) < Keep {
		s.ring = append(s.ring, row)
		return
	}
	s.ring[s.next] = row
	s.next = (s.next + 1) % Keep
}

func (s *Session) known(n api.Number) (present.LiveCompany, bool) {
	c, ok := s.companies[n]
	return c, ok
}

// remember keeps what an event said of a company, forgetting the oldest
// when there are too many.
func (s *Session) remember(n api.Number, c present.LiveCompany) {
	if _, ok := s.companies[n]; !ok {
		s.order = append(s.order, n)
	}
	s.companies[n] = c
	for len(s.companies) > keepCompanies {
		delete(s.companies, s.order[0])
		s.order = s.order[1:]
	}
	if cap(s.order) > 4*keepCompanies {
		s.order = append([]api.Number(nil), s.order...)
	}
}

func (s *Session) say(note string) {
	s.mu.Lock()
	s.note = note
	s.mu.Unlock()
}

// View is what the session has to show: the rows kept, newest first,
// and what came.
type View struct {
	Rows     []present.LiveRow
	Newest   int64 // the newest row's Seq; 0 when none
	Received int64 // events received, listed or not
	Note     string
	Ended    error
	Done     bool
}

// View is the rows as they are now, newest first, those of keep only.
func (s *Session) View(keep func(present.LiveRow) bool) View {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := View{Newest: s.seq, Received: s.received, Note: s.note, Ended: s.ended, Done: s.done}
	n := len(s.ring)
	for i := range n {
		r := s.ring[(s.next+n-1-i)%n]
		if keep == nil || keep(r) {
			v.Rows = append(v.Rows, r)
		}
	}
	return v
}

// Since counts the rows keep keeps that came after seq.
func (s *Session) Since(seq int64, keep func(present.LiveRow) bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	count := 0
	for _, r := range s.ring {
		if r.Seq > seq && (keep == nil || keep(r)) {
			count++
		}
	}
	return count
}

// Newest is the Seq of the newest row; 0 before the first.
func (s *Session) Newest() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

// Received is how many events came so far.
func (s *Session) Received() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received
}
