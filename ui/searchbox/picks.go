package searchbox

import (
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/recent"
)

// recentShown is how many picks the list under the box shows at once; it
// scrolls to reach the rest.
const recentShown = 5

// recents are the companies opened lately, most recent first, and where
// they are kept between runs.
type recents struct {
	list   []recent.Entry
	sel    int // the pick selected with ↑/↓ under the empty box, or -1
	store  *recent.Store
	warned bool // a failure to save was said once
}

func newRecents(dir string) recents {
	r := recents{sel: -1}
	if store, err := recent.Open(dir); err == nil {
		r.store = store
	}
	return r
}

// loadedMsg brings the recent companies read at start.
type loadedMsg struct {
	list []recent.Entry
	err  error
}

// savedMsg says whether the recent numbers were written.
type savedMsg struct{ err error }

// load reads the recent numbers in the background: the file may sit on a
// slow disk, and the browser must not wait for it.
func (r *recents) load(c *common.Common) tea.Cmd {
	store := r.store
	if store == nil {
		return nil
	}
	return c.Guard(func() tea.Msg {
		list, err := store.Load()
		return loadedMsg{list, err}
	})
}

// Recent is the companies opened lately, and whether the box offers them
// under it now.
func (b *Box) Recent() ([]recent.Entry, bool) { return b.recent.list, b.showRecent() }

// Remember puts a company, with its name, first in the recent companies
// and saves them in the background. Saves are serialised by the store
// and each replaces the file whole.
func (b *Box) Remember(n api.Number, name string) tea.Cmd {
	b.recent.list = recent.Add(b.recent.list, recent.Entry{Number: n, Name: name})
	b.matchRecent()
	store := b.recent.store
	if store == nil {
		return nil
	}
	list := slices.Clone(b.recent.list)
	return b.c.Guard(func() tea.Msg { return savedMsg{store.Save(list)} })
}

// onLoaded merges the companies read at start after those opened since,
// keeping a name read for one opened since without it.
func (b *Box) onLoaded(msg loadedMsg) {
	list := append(slices.Clone(b.recent.list), msg.list...)
	merged := make([]recent.Entry, 0, len(list))
	for _, e := range list {
		if i := slices.IndexFunc(merged, func(m recent.Entry) bool { return m.Number == e.Number }); i >= 0 {
			merged[i].Name = common.Or(merged[i].Name, e.Name)
			continue
		}
		merged = append(merged, e)
	}
	b.recent.list = merged[:min(len(merged), recent.Max)]
	b.matchRecent()
}

// onSaved mentions a failure to save once: the list is a convenience and
// browsing goes on without it.
func (b *Box) onSaved(msg savedMsg) tea.Cmd {
	if msg.err == nil || b.recent.warned {
		return nil
	}
	b.recent.warned = true
	return b.c.Flash("Recent numbers not saved: "+common.Line(msg.err.Error()), true)
}

// Close is the last thing the browser does: it writes the recent numbers
// if the last save had not run yet (a quick quit), waits briefly for a
// save in progress, and stops every later one, so nothing is written
// after the program has returned. Call it once the program has stopped.
func (b *Box) Close() error {
	if b.recent.store == nil {
		return nil
	}
	return b.recent.store.Close(b.recent.list, saveWait)
}

// matchRecent works out again which recent numbers the input offers for
// tab. The input does that itself only on a key press: after its text is
// pasted into or set, the old matches are stale, and tab on a match
// shorter than the text slices past its end and panics.
func (b *Box) matchRecent() {
	suggestions := make([]string, len(b.recent.list))
	for i, e := range b.recent.list {
		suggestions[i] = e.Number.String()
	}
	b.input.SetSuggestions(suggestions)
}

// pick is one entry of the list under the empty box: the text last left
// in the box, or a recent company.
type pick struct {
	text   string
	number api.Number
	name   string // the company's name as last seen, if known
}

// picks are the entries ↑/↓ move through: the text last left in the box
// first, then every recent number, most recent first.
func (b *Box) picks() []pick {
	out := make([]pick, 0, len(b.recent.list)+1)
	if b.lastText != "" {
		out = append(out, pick{text: b.lastText})
	}
	for _, e := range b.recent.list {
		out = append(out, pick{number: e.Number, name: e.Name})
	}
	return out
}

// showRecent says whether the picks are offered under the box: when it
// has the keyboard and nothing has been typed.
func (b *Box) showRecent() bool {
	return b.focused && b.input.Value() == "" && (len(b.recent.list) > 0 || b.lastText != "")
}

// movePick moves the selection among the picks: ↓ from the box goes to
// the first, ↑ to the last, and past either end it comes back to the
// box, so every pick is reached and nothing is skipped.
func (b *Box) movePick(delta int) {
	n := len(b.picks())
	// Positions -1 (the box) to n-1, in a ring of n+1.
	b.recent.sel = (b.recent.sel+1+delta+(n+1))%(n+1) - 1
}

// recentLines are the picks under the empty box.
func (b *Box) recentLines(w int) []string {
	if !b.showRecent() {
		return nil
	}
	s := b.c.Styles
	picks := b.picks()
	title := "Recent (↑/↓ to pick, Enter to open)"
	if len(picks) > recentShown {
		title = fmt.Sprintf("Recent, %d in all (↑/↓ to pick, Enter to open)", len(picks))
	}
	out := []string{common.Fit("  "+s.Quiet.Render(title), w)}
	// A window of recentShown picks that keeps the selected one in view.
	from := 0
	if b.recent.sel >= recentShown {
		from = b.recent.sel - recentShown + 1
	}
	for i := from; i < min(len(picks), from+recentShown); i++ {
		p := picks[i]
		text := b.c.NumberAndName(p.number, p.name)
		if p.number == "" {
			text = common.Line(p.text) + "  " + s.Quiet.Render("(typed before)")
		}
		if i == b.recent.sel {
			out = append(out, common.Fit(s.Selected.Render("▸ "+text), w))
		} else {
			out = append(out, common.Fit("  "+s.Value.Render(text), w))
		}
	}
	return out
}

// saveWait bounds how long quitting waits for the recent numbers to be
// written: long enough for any working disk, short enough that a hung one
// does not hold the terminal.
const saveWait = time.Second
