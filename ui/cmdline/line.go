// Package cmdline is the browser's command line, opened with : from any
// page (or typed first in the search box), as k9s has it: a command and
// what it takes (company 00006400, officer NAME, search NAME --status
// active, watch add, theme light, and every key's action by its name:
// quit, filter, connections...), completed as it is typed (the rest of
// the first candidate drawn after the text, tab takes it) and kept in a
// history of 20 lines between runs ($XDG_STATE_HOME/coview/commands),
// ↑ and ↓ going through it. The root holds it and does what a line asks
// (a Run).
package cmdline

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
)

// Line is the command line: its input, the history, where ↑ and ↓ are
// in it, and what was wrong with the last line run.
type Line struct {
	c       *common.Common
	input   textinput.Model
	open    bool
	hist    *History // nil when there is no state directory
	at      int      // the history line shown, len(lines) for the draft
	lines   []string // the history as read when the line opened
	draft   string   // what was typed before ↑
	problem string
	here    func() Here // what the page on screen offers: companies opened lately, a list's columns
}

// New makes the line; stateDir is where the history is kept ("": the
// XDG default); here gives what the page on screen offers the line: the
// company numbers offered after company, the columns after sort.
func New(c *common.Common, stateDir string, here func() Here) *Line {
	in := textinput.New()
	in.Prompt = ":"
	in.CharLimit = 200
	in.ShowSuggestions = true
	in.KeyMap.Paste.SetEnabled(false) // a paste comes as a bracketed paste
	// ↑ and ↓ go through the history; ctrl+n and ctrl+p through what
	// completes the line.
	in.KeyMap.NextSuggestion.SetKeys("ctrl+n")
	in.KeyMap.PrevSuggestion.SetKeys("ctrl+p")
	in.SetStyles(c.Styles.Input)
	l := &Line{c: c, input: in, here: here}
	l.hist, _ = OpenHistory(stateDir)
	l.Resize()
	return l
}

// Resize fits the input to the window.
func (l *Line) Resize() { l.input.SetWidth(max(l.c.Width-3, 8)) }

// Restyle takes new styles in.
func (l *Line) Restyle() { l.input.SetStyles(l.c.Styles.Input) }

// Active says whether the line is open, and has the keyboard.
func (l *Line) Active() bool { return l.open }

// Open opens the line with text typed in it (""), reading the history
// again: another coview may have added to it.
func (l *Line) Open(text string) tea.Cmd {
	l.open, l.problem = true, ""
	var flash tea.Cmd
	if l.hist != nil {
		if err := l.hist.Load(); err != nil {
			flash = l.c.Flash("The command history could not be read: "+common.Line(err.Error()), true)
		}
		l.lines = l.hist.Lines()
	}
	l.at, l.draft = len(l.lines), ""
	l.input.SetValue(text)
	l.input.CursorEnd()
	l.suggest()
	return tea.Batch(flash, l.input.Focus())
}

// Close empties the line and gives the keyboard back.
func (l *Line) Close() {
	l.open, l.problem = false, ""
	l.input.Reset()
	l.input.Blur()
}

// History is the lines run lately, oldest first, as read when the line
// last opened.
func (l *Line) History() []string { return l.lines }

// Key takes a key while the line is open. run is set when enter ran a
// line; a line that is not right stays, with what is wrong under it.
func (l *Line) Key(msg tea.KeyPressMsg) (cmd tea.Cmd, run Run, ran bool) {
	k := l.c.Keys
	switch {
	case key.Matches(msg, k.Pages.Open):
		return l.submit()
	case key.Matches(msg, k.Box.Leave):
		l.Close()
		return nil, Run{}, false
	case key.Matches(msg, k.Box.RecentUp):
		l.browse(-1)
		return nil, Run{}, false
	case key.Matches(msg, k.Box.RecentDown):
		l.browse(1)
		return nil, Run{}, false
	case msg.Code == tea.KeyBackspace && msg.Mod == 0 && l.input.Value() == "":
		l.Close() // as vim and k9s: backspace past the colon leaves
		return nil, Run{}, false
	}
	before := l.input.Value()
	l.input, cmd = l.input.Update(msg)
	if l.input.Value() != before {
		l.problem = ""
		l.at = len(l.lines)
		l.suggest()
	}
	return cmd, Run{}, false
}

// Paste types a bracketed paste into the line, as one line.
func (l *Line) Paste(text string) {
	text = strings.Join(strings.Fields(common.Line(text)), " ")
	l.input.SetValue(l.input.Value() + text)
	l.input.CursorEnd()
	l.problem = ""
	l.suggest()
}

// Input takes the input's own messages (the cursor's blink).
func (l *Line) Input(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	l.input, cmd = l.input.Update(msg)
	return cmd
}

// submit reads the line; one that reads is kept in the history and the
// line closes.
func (l *Line) submit() (tea.Cmd, Run, bool) {
	text := l.input.Value()
	run, err := Parse(text, l.c.Keys.Actions(), l.onScreen())
	if err != nil {
		l.problem = common.Sentence(err.Error())
		return nil, Run{}, false
	}
	var flash tea.Cmd
	if l.hist != nil {
		if err := l.hist.Add(text); err != nil {
			flash = l.c.Flash("The command history could not be saved: "+common.Line(err.Error()), true)
		}
	}
	l.Close()
	return flash, run, true
}

// browse goes through the history: up older, down newer, and past the
// newest back to what was typed.
func (l *Line) browse(delta int) {
	to := min(max(l.at+delta, 0), len(l.lines))
	if to == l.at {
		return
	}
	if l.at == len(l.lines) {
		l.draft = l.input.Value()
	}
	l.at = to
	if to == len(l.lines) {
		l.input.SetValue(l.draft)
	} else {
		l.input.SetValue(l.lines[to])
	}
	l.input.CursorEnd()
	l.problem = ""
	l.suggest()
}

// suggest gives the input what completes its text now.
func (l *Line) suggest() {
	l.input.SetSuggestions(Candidates(l.input.Value(), l.lines, l.c.Keys.Actions(), l.onScreen()))
}

// onScreen is what the page on screen offers now.
func (l *Line) onScreen() Here {
	if l.here == nil {
		return Here{}
	}
	return l.here()
}
