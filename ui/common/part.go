package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// Part is a page of the browser: a profile, a list, a document, a
// company's connections, the home page. The root owns the history, the
// search box, the footer and what is in flight to open the next page; it
// draws a part's pieces into the frame, gives it the keys it does not
// handle itself and the answers to its own requests, and asks it where it
// is. A part asks to be taken elsewhere by returning a message (OpenMsg,
// OpenLinkMsg, ReplaceMsg); it never reaches into the root or another
// part.
type Part interface {
	// Place is where the part is, with how it is being looked at now
	// (pane, cursor, filter), for history.
	Place() Place
	// Update takes a message: a key the root left to it, an answer to a
	// request it sent, anything else the program received.
	Update(msg tea.Msg) tea.Cmd
	// Layout gives the part the rows its body gets, after every update,
	// so that moving, paging and fetching more agree with what is drawn.
	Layout(h int)

	// Title is the first line of the screen: what the page is about.
	Title(w int) string
	// Head is under the search box: the way here, tabs, counts.
	Head(w int) []string
	// Mid is over the body, under a problem if there is one: a list's
	// column headings.
	Mid(w int) []string
	// Body is the page itself, at most h lines.
	Body(w, h int) []string
	// Foot is under the body, over the footer: a row's long text.
	Foot(w int) []string

	// Position says where the cursor is, for the status line ("3 of 8").
	Position() string
	// Busy says what the part waits for ("Loading more officers…"), or
	// "" when nothing.
	Busy() string
	// Keys are the bindings with those that do nothing here disabled.
	Keys(k KeyMap) KeyMap
}

// Pointer is a part whose cursor can rest on something that opens: a
// row, a line, a link. What it points at is what d, D, o and y act on.
type Pointer interface {
	Pointed() Pointed
}

// Pointed is what the cursor is on: the link it opens, and the cache key
// of the answer it was read from (a row of a list page), if any.
type Pointed struct {
	Link  string
	From  Key
	Title string // what the row calls what it opens: a company's name
	// NoDocument says the filing pointed at has no document: d and D
	// have nothing to save.
	NoDocument bool
}

// Arriver is a part with something to do when it comes on screen
// (remember a company, ask for the next page of a list).
type Arriver interface {
	Arrive() tea.Cmd
}

// Leaver is a part with something to stop when it goes off screen.
type Leaver interface {
	Leave()
}

// Canceler is a part with work of its own in flight (the next page of a
// list, a walk) that esc stops. Cancel reports whether there was any.
type Canceler interface {
	Cancel() (tea.Cmd, bool)
}

// Escaper is a part with something esc dismisses (a filter) when nothing
// is in flight and there is no problem to dismiss.
type Escaper interface {
	Escape() bool
}

// Reloader is a part that reloads itself (a walk, started again), where
// others are fetched again by the root.
type Reloader interface {
	Reload() tea.Cmd
}

// Copier is a part with its own idea of what y copies when there is no
// web page to copy the address of (a link's URL, an officer's company).
type Copier interface {
	CopyText() (text string, problem *Problem)
}

// Typist is a part with an input that has the keyboard (a filter): every
// key but ctrl+c goes to it.
type Typist interface {
	Typing() bool
}

// TypingKeyer is a Typist with keys of its own while it types (a
// filter's enter and esc): the footer shows them instead of the page's,
// which do nothing then.
type TypingKeyer interface {
	TypingKeys() []key.Binding
}

// Sourced is a part made from what the registry sent, whose source (v)
// can be shown.
type Sourced interface {
	HasSource() bool
}

// Subtitled is a part with lines under its title, over the search box: a
// profile's flags, under the company's name.
type Subtitled interface {
	Subtitle(w int) []string
}

// Saver is a part that saves what it shows as a file of its own (a
// screening's table, as CSV) where d saves a filing's document.
type Saver interface {
	Save() tea.Cmd
}

// Pauser is a part whose view can be held still while what it shows
// goes on coming (the live page): p and space pause and resume it there,
// where p elsewhere turns the preview.
type Pauser interface {
	Pause() tea.Cmd
}

// Widener is a part whose columns depend on the width its body gets,
// which is less than the window's beside a preview: the root gives it
// that width before each Layout.
type Widener interface {
	SetBodyWidth(w int)
}

// Base gives a part the pieces most parts draw alike; a part embeds it
// and overrides what it draws differently.
type Base struct {
	C       *Common
	At      Place
	Profile *api.Profile // the company in the header, when known
}

func (b *Base) Place() Place           { return b.At }
func (b *Base) Layout(int)             {}
func (b *Base) Mid(int) []string       { return nil }
func (b *Base) Foot(int) []string      { return nil }
func (b *Base) Position() string       { return "" }
func (b *Base) Busy() string           { return "" }
func (b *Base) Keys(k KeyMap) KeyMap   { return k }
func (b *Base) Update(tea.Msg) tea.Cmd { return nil }
func (b *Base) Body(int, int) []string { return nil }
func (b *Base) Head(w int) []string    { return b.C.Crumbs(b.At, w) }
func (b *Base) Title(w int) string     { return b.C.TitleLine(b.At, b.Profile, w) }
