package searchbox

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/ui/common"
)

// Update takes the box's own messages: pauses in typing, matches,
// the recent numbers read and saved, and the input's own.
func (b *Box) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pauseMsg:
		return b.onPause(msg)
	case matchedMsg:
		b.onMatched(msg)
		return nil
	case loadedMsg:
		b.onLoaded(msg)
		return nil
	case savedMsg:
		return b.onSaved(msg)
	}
	return nil
}

// Lines are the box and what it offers under it: matches, recent
// numbers, the numbers of a paste still to open.
func (b *Box) Lines(w int) []string {
	// The input draws its own suggestion past its width; cut it without
	// an ellipsis, which would read as part of the text.
	out := []string{ansi.Truncate(b.inputView(), max(w, 1), "")}
	out = append(out, b.matchLines(w)...)
	out = append(out, b.recentLines(w)...)
	return append(out, b.queueLines(w)...)
}

// inputView draws the input. While a recent number is suggested, what is
// typed of it is drawn in the registry's case ("sc" reads SC006405), so
// the suggestion reads as one number; the text itself stays as typed,
// and a name that only begins like a number ("officer001") is drawn as
// typed once no number is suggested.
func (b *Box) inputView() string {
	in := b.input // a copy: drawing changes nothing
	matched, i := in.MatchedSuggestions(), in.CurrentSuggestionIndex()
	v := in.Value()
	if i < 0 || i >= len(matched) || v == "" || in.Position() != len([]rune(v)) {
		return in.View()
	}
	if sug := matched[i]; len(sug) >= len(v) && sug[:len(v)] != v && strings.EqualFold(sug[:len(v)], v) {
		in.SetValue(sug[:len(v)])
		in.CursorEnd()
	}
	return in.View()
}

// queueLines offer the numbers of a paste still to open.
func (b *Box) queueLines(w int) []string {
	if len(b.queue) == 0 {
		return nil
	}
	shown := b.queue[:min(len(b.queue), 6)]
	names := make([]string, len(shown))
	for i, n := range shown {
		names[i] = n.String()
	}
	text := "Next to open: " + strings.Join(names, ", ")
	if len(b.queue) > len(shown) {
		text += fmt.Sprintf(" and %d more", len(b.queue)-len(shown))
	}
	return []string{common.Fit("  "+b.c.Styles.Note.Render(text+" · n opens the next"), w)}
}

// Keys are the footer's keys while the box has the keyboard.
func (b *Box) Keys() []key.Binding {
	bindings := b.c.Keys.SearchHelp()
	if b.suggesting() && len(b.matches.items) > 0 {
		bindings[1].SetHelp("↑/↓", "pick a match")
	}
	return bindings
}
