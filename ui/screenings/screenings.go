// Package screenings is what a browsing session keeps of its screenings
// of pasted lists: each list's rows as they are answered, in the order
// pasted, how far it got, and how its table is sorted. A screening goes
// on while the user looks elsewhere and is shown as it is now when they
// come back; every answer the session's screener got is kept for the
// session, so that screening again costs only what was not read, and a
// company opened from a screening costs no request.
package screenings

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/save"
	"coview/screen"
	"coview/ui/common"
	"coview/ui/waits"
)

// Session is the session's screener, its screenings by number, and the
// profiles they read, by company.
type Session struct {
	c        *common.Common
	screener *screen.Screener
	dir      func() string // the download directory, asked at each save
	list     map[int]*Screening
	profiles map[api.Number]*api.Profile
	waits    chan api.Wait // the screener's waits for the quota, for the status line
}

// Screening is one pasted list: its rows in the order pasted, pending
// (screen.Pending) until answered, and the run under way, if any.
type Screening struct {
	ID       int
	Inputs   []screen.Input
	Header   string       // a heading line of the paste, not screened
	Rows     []screen.Row // by Index: one an input, in the order pasted
	Progress screen.Progress
	Stopped  bool // esc stopped the last run: the rows it left are not screened
	Sort     Sort
	// Version counts the changes to Rows, so that a page knows when to
	// draw them again.
	Version int
	run     *run
}

// Sort is how a screening's table is ordered, kept across visits: by a
// field of present.ScreenFields, the other way round with Desc; "" is
// the order pasted.
type Sort struct {
	Field string
	Desc  bool
}

// Running says whether the screening is under way.
func (s *Screening) Running() bool { return s != nil && s.run != nil }

// New starts a session's record of screenings. dir says where a table is
// saved; nil is save.DownloadDir of the environment.
func New(c *common.Common, dir func() string) *Session {
	if dir == nil {
		dir = func() string { return save.DownloadDir(os.Getenv) }
	}
	return &Session{c: c, dir: dir, list: map[int]*Screening{}, profiles: map[api.Number]*api.Profile{},
		waits: make(chan api.Wait)}
}

// Of is a screening by its number, or nil.
func (s *Session) Of(id int) *Screening { return s.list[id] }

// Profile is a company's profile as a screening of this session read it,
// or nil: opening a company from a screening costs no request.
func (s *Session) Profile(n api.Number) *api.Profile { return s.profiles[n] }

// Running says whether any screening of the session is under way.
func (s *Session) Running() bool {
	for _, sc := range s.list {
		if sc.Running() {
			return true
		}
	}
	return false
}

// Requests is how many requests the session's screenings have sent: all
// answered once none is running.
func (s *Session) Requests() int {
	if s.screener == nil {
		return 0
	}
	return s.screener.Requests()
}

// Start screens a pasted list, and returns its number.
func (s *Session) Start(inputs []screen.Input, header string) (int, tea.Cmd) {
	sc := &Screening{ID: s.c.NextID(), Inputs: inputs, Header: header}
	s.list[sc.ID] = sc
	return sc.ID, s.start(sc)
}

// Again screens a list again: what this session read already costs
// nothing, and the rows not screened are asked for again. It reports
// false while the screening is under way.
func (s *Session) Again(id int) (tea.Cmd, bool) {
	sc := s.list[id]
	if sc == nil || sc.Running() {
		return nil, false
	}
	return s.start(sc), true
}

// Stop stops a screening under way: the rows not read yet come back not
// screened, and are kept. It reports whether there was one.
func (s *Session) Stop(id int) bool {
	sc := s.list[id]
	if !sc.Running() {
		return false
	}
	sc.run.cancel()
	sc.Stopped = true
	return true
}

// SetSort keeps the order of a screening's table, as its page sorted it,
// for the next visit; its rows are as they were (Version is not
// counted).
func (s *Session) SetSort(id int, sort Sort) {
	if sc := s.list[id]; sc != nil {
		sc.Sort = sort
	}
}

// screener is the session's screener, made when first needed.
func (s *Session) session() *screen.Screener {
	if s.screener == nil {
		s.screener = screen.New(patient{reg: s.c.Reg, tell: s.tell})
	}
	return s.screener
}

// Update takes the screenings' rows and progress as they come, and what
// became of a table saved.
func (s *Session) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return s.onRows(msg)
	case SavedMsg:
		return s.onSaved(msg)
	}
	return nil
}

// onRows keeps the rows and progress of a run, and waits for more.
func (s *Session) onRows(msg Msg) tea.Cmd {
	sc := s.list[msg.ID]
	current := sc != nil && sc.Running() && sc.run.id == msg.run
	if msg.wait != nil {
		// Told whatever run took it (the wait is the session's), and
		// posted rather than sent as a command: Bubble Tea runs each
		// command on a goroutine of its own, so a wait's end could
		// overtake the wait and leave it on the status line.
		s.c.Post(waits.Msg{W: *msg.wait})
		if !current {
			return nil
		}
		return s.next(sc.ID, sc.run)
	}
	if !current {
		return nil
	}
	for _, row := range msg.rows {
		if row.Index >= 0 && row.Index < len(sc.Rows) {
			sc.Rows[row.Index] = row
		}
		if row.Profile != nil && row.Number != "" {
			s.profiles[row.Number] = row.Profile
		}
	}
	if msg.progress != nil {
		sc.Progress = *msg.progress
	}
	sc.Version++
	s.c.ReadQuota()
	if !msg.done {
		return s.next(sc.ID, sc.run)
	}
	sc.run.cancel()
	sc.run = nil
	return nil
}
