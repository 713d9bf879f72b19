// Package searchbox is the search box at the top of every page: a number
// opens at Enter, a name offers matches as it is typed and lists them all
// at Enter, a pasted block of several numbers or names is screened (its
// numbers kept for n, to open one by one; the :screen command screens
// the last paste again), and the numbers opened lately
// are offered under the empty box.
// The root holds it and acts on what it asks for (an Intent).
package searchbox

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/screen"
	"coview/ui/common"
)

// Box is the search box, its matches, the recent numbers and the numbers
// of a paste still to open.
type Box struct {
	c        *common.Common
	input    textinput.Model
	focused  bool           // the box has the keyboard
	awaiting bool           // a number submitted from it is on its way: its text stays until the answer
	lastText string         // what was left in the box when / opened a fresh search
	queue    []api.Number   // numbers of a paste still to open
	pasted   []screen.Input // the last paste of several entries, for :screen
	recent   recents
	matches  matches
}

// Intent is what the box asks the root to do.
type Intent struct {
	Company api.Number // open this company
	Typed   bool       // Company came from the box's text: a 404 leaves it there to edit
	Link    string     // follow this link (a match picked), called Title
	Title   string
	Search  string // list every match of this name
	// Filters opens the form of an advanced search, the text in the box
	// its name's words.
	Filters bool
	Problem *common.Problem
	Ignored []api.Ignored // what of the text gave no number: said once the company is on its way
	// Screen is a pasted block of several entries to screen, one a line;
	// Header its heading line, which is not an entry.
	Screen []screen.Input
	Header string
}

// New makes the box; stateDir is where the recent numbers are kept ("":
// the XDG default).
func New(c *common.Common, stateDir string) *Box {
	b := &Box{c: c, input: newInput()}
	b.matches.sel = -1
	b.recent = newRecents(stateDir)
	b.input.SetStyles(c.Styles.Input)
	b.Resize()
	return b
}

func newInput() textinput.Model {
	in := textinput.New()
	in.Prompt = "Company › "
	in.Placeholder = "type or paste a number or a name, then Enter"
	in.CharLimit = 200
	in.ShowSuggestions = true
	// ctrl+v would read the clipboard of the machine running coview, which
	// over SSH is not the user's; the terminal's own paste arrives as a
	// bracketed paste and is handled whole.
	in.KeyMap.Paste.SetEnabled(false)
	return in
}

// Init reads the recent numbers in the background.
func (b *Box) Init() tea.Cmd { return b.recent.load(b.c) }

// Resize fits the input to the window: a textinput without a width shows
// one character of its placeholder.
func (b *Box) Resize() {
	b.input.SetWidth(max(b.c.Width-common.Cells(b.input.Prompt)-2, 8))
}

// Restyle takes new styles in.
func (b *Box) Restyle() { b.input.SetStyles(b.c.Styles.Input) }

// Focused says whether the box has the keyboard.
func (b *Box) Focused() bool { return b.focused }

// Value is the text in the box.
func (b *Box) Value() string { return b.input.Value() }

// Focus gives the box the keyboard, keeping its text (a number the
// registry did not find stays there to be edited).
func (b *Box) Focus() tea.Cmd {
	b.focused = true
	b.recent.sel = -1
	return b.input.Focus()
}

// Open is / : a fresh search, starting empty. Text left in the box is not
// lost: it is the first pick under the input, where ↑/↓ reach it as they
// reach the recent numbers.
func (b *Box) Open() tea.Cmd {
	if v := strings.TrimSpace(b.input.Value()); v != "" && !b.awaiting {
		b.lastText = v
		b.input.Reset()
		b.matchRecent()
	}
	return b.Focus()
}

// Blur gives the keyboard back to the page.
func (b *Box) Blur() {
	b.focused = false
	b.recent.sel = -1
	b.input.Blur()
	b.matches.stop()
	b.matches = matches{sel: -1}
}

// DoneTyping empties and leaves the box once what was typed is open.
func (b *Box) DoneTyping() {
	b.input.Reset()
	b.lastText = ""
	b.awaiting = false
	b.matchRecent()
	b.Blur()
}

// Await says whether a number submitted from the box is on its way, its
// text kept in the box until the answer.
func (b *Box) Await(typed bool) { b.awaiting = typed }

// Awaiting says whether it is.
func (b *Box) Awaiting() bool { return b.awaiting }

// NotFound puts a number the registry does not know in the box to be
// edited: as typed, or, when it came from the command line or a paste,
// as it was asked for.
func (b *Box) NotFound(n api.Number) tea.Cmd {
	if !b.awaiting && strings.TrimSpace(b.input.Value()) == "" {
		b.input.SetValue(n.String())
		b.input.CursorEnd()
		b.matchRecent()
	}
	b.awaiting = false
	return b.Focus()
}

// Skip sets aside a number of a paste the registry does not know, while
// more are queued: the box gives the keyboard back to the page, so that
// n goes on through the paste, and the number is the first pick under
// the box (/ then ↓) to be edited.
func (b *Box) Skip(n api.Number) {
	b.awaiting = false
	b.input.Reset()
	b.lastText = n.String()
	b.matchRecent()
	b.Blur()
}

// Key takes a key while the box has the keyboard: Enter opens, ↑/↓ pick
// a recent number or a match; the rest is typing. esc is the root's.
func (b *Box) Key(msg tea.KeyPressMsg) (tea.Cmd, Intent) {
	k := b.c.Keys
	switch {
	case key.Matches(msg, k.Pages.Open):
		return b.submit()
	case key.Matches(msg, k.Box.Filters):
		text := api.CleanQuery(b.input.Value())
		b.DoneTyping()
		return nil, Intent{Filters: true, Search: text}
	case b.showRecent() && key.Matches(msg, k.Box.RecentDown):
		b.movePick(1)
		return nil, Intent{}
	case b.showRecent() && key.Matches(msg, k.Box.RecentUp):
		b.movePick(-1)
		return nil, Intent{}
	case b.suggesting() && len(b.matches.items) > 0 && key.Matches(msg, k.Box.RecentDown):
		b.matches.move(1)
		return nil, Intent{}
	case b.suggesting() && len(b.matches.items) > 0 && key.Matches(msg, k.Box.RecentUp):
		b.matches.move(-1)
		return nil, Intent{}
	case key.Matches(msg, k.Box.Complete):
		b.complete()
		return b.onText(), Intent{}
	}
	if msg.Text != "" {
		b.takeOver()
	}
	before := b.input.Value()
	var cmd tea.Cmd
	b.input, cmd = b.input.Update(msg)
	if b.input.Value() != before {
		b.awaiting = false // edited: the answer must not empty the box
	}
	if b.input.Value() != "" {
		b.recent.sel = -1
	}
	return tea.Batch(cmd, b.onText()), Intent{}
}

// Input takes what else is meant for the input (its own messages).
func (b *Box) Input(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	b.input, cmd = b.input.Update(msg)
	return cmd
}

// complete is tab: the recent number the input suggests replaces what
// was typed, written as the registry writes it ("sc" completes to
// SC006405). What is typed is never changed otherwise: a name that
// begins like a number ("officer001", "sc") stays as typed.
func (b *Box) complete() {
	// CurrentSuggestion itself panics when the input's index has gone
	// below zero (bubbles v2.2.1 checks only the upper bound).
	matched, i := b.input.MatchedSuggestions(), b.input.CurrentSuggestionIndex()
	if i < 0 || i >= len(matched) {
		return
	}
	v, sug := b.input.Value(), matched[i]
	if v == "" || len(sug) < len(v) || b.input.Position() != len([]rune(v)) || !strings.EqualFold(sug[:len(v)], v) {
		return
	}
	b.awaiting = false
	b.input.SetValue(sug)
	b.input.CursorEnd()
	b.matchRecent()
}

// takeOver gives the box back to the user who types or pastes while the
// number submitted from it is on its way (its text stays in the box until
// the answer): what comes now is the next number, so it replaces that
// text rather than running on from it, and the answer, when it comes, no
// longer empties the box and takes the keyboard away.
func (b *Box) takeOver() {
	if b.awaiting {
		b.awaiting = false
		b.input.Reset()
	}
}

// submit opens what the box holds: one number, or the first of several
// with the rest offered next, or a name's matches.
func (b *Box) submit() (tea.Cmd, Intent) {
	text := strings.TrimSpace(b.input.Value())
	if text == "" {
		return nil, b.submitPick()
	}
	if it, ok := b.matches.picked(); ok && b.suggesting() {
		b.DoneTyping()
		return nil, Intent{Link: it.Link, Title: it.Title}
	}
	if q := nameQuery(text); q != "" {
		b.matches.stop()
		return nil, Intent{Search: q, Typed: true}
	}
	numbers, ignored := api.ExtractNumbers(text)
	if len(numbers) == 0 {
		_, err := api.ParseNumber(text)
		if len(ignored) == 1 && err == nil {
			// One number to ParseNumber, but not to a reader of the line
			// ("0123 4567"): say why, rather than guess.
			return nil, Intent{Problem: common.Ptr(common.Clean(common.Problem{Title: "Not read as a company number", Detail: common.Sentence(ignored[0].String())}))}
		}
		return nil, Intent{Problem: common.Ptr(common.Explain(err, api.Resource{}, b.c.Now(), b.c.Now()))}
	}
	b.queue = dedupe(append(numbers[1:], b.queue...))
	return nil, Intent{Company: numbers[0], Typed: true, Ignored: ignored}
}

// submitPick is Enter on the empty box: the pick under it.
func (b *Box) submitPick() Intent {
	picks := b.picks()
	if b.recent.sel < 0 || b.recent.sel >= len(picks) {
		return Intent{}
	}
	p := picks[b.recent.sel]
	if p.number == "" {
		// The text left in the box comes back to be edited or opened.
		b.input.SetValue(p.text)
		b.input.CursorEnd()
		b.recent.sel = -1
		b.matchRecent()
		return Intent{}
	}
	b.Blur()
	return Intent{Company: p.number}
}

// SayIgnored tells, in the footer, what of a paste or a typed line gave
// no company number, as the command line does on stderr.
func (b *Box) SayIgnored(ignored []api.Ignored) tea.Cmd {
	switch len(ignored) {
	case 0:
		return nil
	case 1:
		return b.c.Flash("Ignored "+common.Line(ignored[0].String()), true)
	}
	texts := make([]string, len(ignored))
	for i, ig := range ignored {
		texts[i] = fmt.Sprintf("%q", ig.Text)
	}
	return b.c.Flash(fmt.Sprintf("Ignored %d parts with no company number: %s", len(ignored), common.Line(strings.Join(texts, ", "))), true)
}

// Next is the next number of a paste to open, taken off the queue.
func (b *Box) Next() (api.Number, bool) {
	if len(b.queue) == 0 {
		return "", false
	}
	n := b.queue[0]
	b.queue = b.queue[1:]
	return n, true
}

// Peek is the next number of a paste to open, left on the queue.
func (b *Box) Peek() (api.Number, bool) {
	if len(b.queue) == 0 {
		return "", false
	}
	return b.queue[0], true
}

// Queued says whether numbers of a paste are still to open.
func (b *Box) Queued() bool { return len(b.queue) > 0 }

// Queue offers numbers to open next, as a paste or the command line gave
// them.
func (b *Box) Queue(numbers []api.Number) { b.queue = dedupe(numbers) }

func dedupe[T comparable](list []T) []T {
	out := make([]T, 0, len(list))
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Pending are the numbers of a paste still to open, in order.
func (b *Box) Pending() []api.Number { return slices.Clone(b.queue) }

// Suggestions are what tab completes from: the recent numbers.
func (b *Box) Suggestions() []string { return b.input.AvailableSuggestions() }
