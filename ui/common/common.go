// Package common is what every part of the browser shares: the window's
// size, the styles and keys, the registry and the session's cache, the
// clock and timers, and the contract between the root and a part (Part,
// and the messages a part returns to be taken somewhere). It is built
// once by the root and handed to every part and component.
package common

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/accounts"
	"coview/api"
)

// Common is built once and shared by pointer: the root keeps Width and
// Height current, and parts read them when they draw.
type Common struct {
	Ctx           context.Context // every request's parent; cancelled on quit
	Width, Height int
	Styles        *Styles
	Keys          KeyMap // the browser's keys as bound; parts enable what works where they are
	Reg           Registry
	Local         *Local // the register's index on this machine; nil when there is none
	Cache         *Cache
	Quota         api.RateLimit // the quota as the registry last said it
	Note          Note          // the footer's transient message
	// Watched says whether a company is on the watch list, as this
	// session last read it (the title line marks it); nil: no list.
	Watched func(api.Number) bool
	// Figures is what the session read of a company's latest accounts
	// (their red flags go under its name), nil when it read nothing;
	// nil: no figures in this session. It sends no request.
	Figures func(api.Number) *accounts.Latest
	// Downloads says where a list on screen is saved (ctrl+s), asked at
	// each save; nil is save.DownloadDir of the environment.
	Downloads func() string

	// Now is the clock (tests pin it); After is tea.Tick (tests fire the
	// timers themselves); Guard turns a panic in a Cmd into a crash report.
	Now   func() time.Time
	After func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	Guard func(tea.Cmd) tea.Cmd

	seq    int       // the last id given to a request
	posted []tea.Msg // what parts posted for the root, not yet taken
}

// New makes what the parts share, for a window of 80x24 until the
// terminal says its size.
func New(ctx context.Context, reg Registry, now func() time.Time) *Common {
	if now == nil {
		now = time.Now
	}
	styles := NewStyles(true)
	return &Common{
		Ctx: ctx, Width: 80, Height: 24, Styles: &styles, Keys: DefaultKeyMap(),
		Reg: reg, Cache: NewCache(CacheSize), Now: now, After: tea.Tick,
		Guard: func(c tea.Cmd) tea.Cmd { return c },
	}
}

// NextID is a new request's id: answers carry it, and an answer whose id
// is no longer awaited is for a page the user has left.
func (c *Common) NextID() int {
	c.seq++
	return c.seq
}

// ReadQuota notes the quota as the registry last said it.
func (c *Common) ReadQuota() { c.Quota = c.Reg.RateLimit() }

// Note is a transient message in the footer.
type Note struct {
	Text string
	Bad  bool
	Seq  int // the message's number: a newer one replaces it
}

// NoteLife is how long a message stays in the footer.
const NoteLife = 4 * time.Second

// NoteExpiredMsg clears a transient footer message, unless a newer one
// replaced it.
type NoteExpiredMsg struct{ Seq int }

// Flash shows a message in the footer for a few seconds.
func (c *Common) Flash(text string, bad bool) tea.Cmd {
	c.Note = Note{Text: text, Bad: bad, Seq: c.Note.Seq + 1}
	seq := c.Note.Seq
	return c.After(NoteLife, func(time.Time) tea.Msg { return NoteExpiredMsg{seq} })
}

// Wrapped is text wrapped to the window less a margin on each side, in
// an ink, each line indented by two spaces.
func (c *Common) Wrapped(text string, ink Ink, limit int) []string {
	var out []string
	for _, l := range Wrap(text, c.Width-4, limit) {
		out = append(out, "  "+ink.Paint(l))
	}
	return out
}
