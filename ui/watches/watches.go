// Package watches is what a browsing session keeps of the watch list:
// which companies are watched (the title line marks them), how many
// changed since the user last looked (the start screen says so), the
// changes a company's profile shows at its top, and the check under way,
// which goes on while the user looks elsewhere. It outlives the pages
// that show it.
//
// The store is SQLite, and Update never touches it: every read and write
// runs in a Cmd and comes back as a message. The store may be busy with
// a cron job's check meanwhile; the watch package waits that out.
package watches

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/watch"
)

// Opener opens the watch list of the session's registry. With create
// false it returns nil, and no error, when there is no list yet (its
// file does not exist): reading asks nothing of a user who never
// watched anything, and only watching a company creates the list.
type Opener func(create bool) (*watch.Watcher, error)

// Session is the session's watch list as last read, and its check.
type Session struct {
	c       *common.Common
	open    *opener // nil: no watch list in this session
	watched map[api.Number]bool
	counts  Counts
	known   bool  // counts and watched have been read
	failed  error // the last failure to read the list, for W
	shown   map[api.Number]*Shown
	taken   map[api.Number]*watch.Taken // taken off the list this session: w puts them back as they were
	turning map[api.Number]bool         // companies a w is on its way for
	check   *Check
	stamp   int  // moved on whenever the list is known to have changed
	onPage  bool // the watch page is on screen, and says how a check ended

	// The watch page's list as last read, and the read in flight.
	entries        []watch.Entry
	read           bool
	reading, again bool
	today          time.Time
	version        int64           // the store's version when the list was last polled
	people         map[string]bool // the people watched, by officer id, as last read
}

// Counts are what the start screen says: the companies watched, and of
// them those with changes not seen yet, and the changes.
type Counts struct {
	Watched, Changed, Changes int
}

// Shown are a company's changes since the user last looked, as its
// profile shows them at its top for the rest of the session.
type Shown struct {
	Changes []watch.Change
	Seen    bool // marked seen in the store
}

// ProfileShows is how many changes a profile's top shows. A company
// whose changes all fit has them marked seen there; one with more keeps
// them unseen until the watch page, which lists them all, opens it.
const ProfileShows = 4

// New starts the session's record of the watch list; open nil is a
// session without one.
func New(c *common.Common, open Opener) *Session {
	s := &Session{c: c, watched: map[api.Number]bool{}, shown: map[api.Number]*Shown{}, taken: map[api.Number]*watch.Taken{}, turning: map[api.Number]bool{},
		people: map[string]bool{}}
	if open != nil {
		s.open = &opener{fn: open}
	}
	return s
}

// opener opens the list once: the first time it exists, or the first
// time create asks for it.
type opener struct {
	mu sync.Mutex
	fn Opener
	w  *watch.Watcher
}

func (o *opener) get(create bool) (*watch.Watcher, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.w != nil {
		return o.w, nil
	}
	w, err := o.fn(create)
	if err != nil || w == nil {
		return nil, err
	}
	o.w = w
	return w, nil
}

// Available says whether this session has a watch list to keep.
func (s *Session) Available() bool { return s.open != nil }

// Watching says whether a company is on the list, as last read.
func (s *Session) Watching(n api.Number) bool { return s.watched[n] }

// Counts are the list's counts as last read; ok is false before the
// first read.
func (s *Session) Counts() (Counts, bool) { return s.counts, s.known }

// Failed is why the list could not be read, if it could not.
func (s *Session) Failed() error { return s.failed }

// Stamp moves on whenever the list is known to have changed (a company
// watched or not, changes found or seen): a page showing it reads it
// again.
func (s *Session) Stamp() int { return s.stamp }

// OnPage says whether the watch page is on screen: it says how a check
// ended, which the footer says elsewhere.
func (s *Session) OnPage(on bool) { s.onPage = on }

// Shown are the changes a company's profile shows at its top, or nil.
func (s *Session) Shown(n api.Number) *Shown { return s.shown[n] }

// StateMsg is the list as read: which companies are watched, and its
// counts; none of either when there is no list yet.
type StateMsg struct {
	watched []api.Number
	people  []string
	counts  Counts
	err     error
}

// Init reads the list, for the start screen and the title lines.
func (s *Session) Init() tea.Cmd { return s.refresh() }

// refresh reads which companies are watched and the counts.
func (s *Session) refresh() tea.Cmd {
	if s.open == nil {
		return nil
	}
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return StateMsg{err: err}
		}
		companies, err := w.Store().Companies(ctx)
		if err != nil {
			return StateMsg{err: err}
		}
		people, err := w.Store().People(ctx)
		if err != nil {
			return StateMsg{err: err}
		}
		msg := StateMsg{counts: Counts{Watched: len(companies)}}
		for _, p := range people {
			msg.people = append(msg.people, p.ID)
		}
		for _, co := range companies {
			msg.watched = append(msg.watched, co.Number)
			if co.Unseen > 0 {
				msg.counts.Changed++
				msg.counts.Changes += co.Unseen
			}
		}
		return msg
	})
}

// ShownMsg is a company's changes not seen yet, read for its profile.
type ShownMsg struct {
	Number  api.Number
	changes []watch.Change
	err     error
}

// MarkedMsg says a company's changes were marked seen.
type MarkedMsg struct {
	Number api.Number
	err    error
}

// LoadShown reads a company's changes not seen yet, for its profile, if
// it is watched.
func (s *Session) LoadShown(n api.Number) tea.Cmd {
	if s.open == nil || !s.watched[n] {
		return nil
	}
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return ShownMsg{Number: n, err: err}
		}
		changes, err := w.Store().Changes(ctx, watch.Filter{Numbers: []api.Number{n}, Unseen: true})
		return ShownMsg{Number: n, changes: changes, err: err}
	})
}

// Seen marks a company's changes seen: the watch page listed them all and
// the user opened the company. Its profile shows them at its top for the
// rest of the session.
func (s *Session) Seen(n api.Number, changes []watch.Change) tea.Cmd {
	if s.open == nil || len(changes) == 0 {
		return nil
	}
	s.shown[n] = &Shown{Changes: changes, Seen: true}
	return s.markSeen(n)
}

func (s *Session) markSeen(n api.Number) tea.Cmd {
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return MarkedMsg{Number: n, err: err}
		}
		_, err = w.Store().MarkSeen(ctx, n)
		return MarkedMsg{Number: n, err: err}
	})
}

// OverviewMsg is the watch page's list as read.
type OverviewMsg struct {
	entries []watch.Entry
	err     error
	version int64 // the store's version it was read at, when a poll read it
}

// PolledMsg says the list was polled and had not moved.
type PolledMsg struct{ version int64 }

// Poll reads the watch page's list again if another process (a follow,
// a cron job's check) wrote to the store since it was last polled: the
// store's version says so without reading the list, so the page may
// ask on a tick while it is on screen.
func (s *Session) Poll(today time.Time) tea.Cmd {
	if s.open == nil || s.reading {
		return nil
	}
	open, ctx, seen := s.open, s.c.Ctx, s.version
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return PolledMsg{version: seen}
		}
		v, err := w.Store().Version(ctx)
		if err != nil || v == seen {
			return PolledMsg{version: seen}
		}
		entries, err := w.Store().Overview(ctx, today)
		return OverviewMsg{entries: entries, err: err, version: v}
	})
}

// Entries are the watch page's list as last read, and whether it was
// read; ok is true with nil entries when there is no list yet.
func (s *Session) Entries() (entries []watch.Entry, ok bool) { return s.entries, s.read }

// ReadOverview reads the watch page's list: the companies with changes
// not seen yet first, then by their next deadline as of today. A read
// asked for while one is in flight is made once that one is in.
func (s *Session) ReadOverview(today time.Time) tea.Cmd {
	if s.open == nil {
		return nil
	}
	s.today = today
	if s.reading {
		s.again = true
		return nil
	}
	s.reading = true
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return OverviewMsg{err: err}
		}
		entries, err := w.Store().Overview(ctx, today)
		return OverviewMsg{entries: entries, err: err}
	})
}

func (s *Session) onOverview(msg OverviewMsg) tea.Cmd {
	s.reading = false
	s.failed = msg.err
	if msg.version != 0 {
		s.version = msg.version
	}
	if msg.err == nil {
		s.entries, s.read = msg.entries, true
		clear(s.watched)
		for _, e := range msg.entries {
			if e.Person == nil {
				s.watched[e.Number] = true
			}
		}
		s.notePeople(msg.entries)
	}
	if s.again {
		s.again = false
		return s.ReadOverview(s.today)
	}
	return nil
}

// Update takes what the store answered, and the check's progress.
func (s *Session) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case StateMsg:
		return s.onState(msg)
	case ToggledMsg:
		return s.onToggled(msg)
	case PersonToggledMsg:
		return s.onPersonToggled(msg)
	case ShownMsg:
		return s.onShown(msg)
	case MarkedMsg:
		if msg.err != nil {
			return s.c.Flash("The changes could not be marked seen: "+common.Line(msg.err.Error()), true)
		}
		s.stamp++
		return s.refresh()
	case OverviewMsg:
		return s.onOverview(msg)
	case CheckMsg:
		return s.onCheck(msg)
	}
	return nil
}

func (s *Session) onState(msg StateMsg) tea.Cmd {
	s.failed = msg.err
	if msg.err != nil {
		return nil
	}
	s.known = true
	s.counts = msg.counts
	clear(s.watched)
	for _, n := range msg.watched {
		s.watched[n] = true
	}
	clear(s.people)
	for _, id := range msg.people {
		s.people[id] = true
	}
	return nil
}

// onShown keeps a company's changes for its profile, and marks them seen
// when the profile has room for them all. Changes seen earlier in the
// session stay shown when there are no newer ones.
func (s *Session) onShown(msg ShownMsg) tea.Cmd {
	if msg.err != nil {
		return s.c.Flash("The watch list could not be read: "+common.Line(msg.err.Error()), true)
	}
	if len(msg.changes) == 0 {
		return nil
	}
	sh := &Shown{Changes: msg.changes, Seen: len(msg.changes) <= ProfileShows}
	s.shown[msg.Number] = sh
	if !sh.Seen {
		return nil
	}
	return s.markSeen(msg.Number)
}

// Close stops the check under way and waits, at most d, for it to end,
// so that the store can be closed after it.
func (s *Session) Close(d time.Duration) {
	ch := s.check
	if ch == nil || ch.run == nil {
		return
	}
	ch.cancel()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch.run.done:
	case <-t.C:
	}
}
