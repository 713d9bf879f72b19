package cmdline

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"coview/ui/common"
)

// Lines are the line and, under it, what is wrong with the line run, or
// what completes it (the candidates' last words, the one tab takes
// first), or what the command typed takes: always two lines, so the
// page does not jump as it is typed.
func (l *Line) Lines(w int) []string {
	s := l.c.Styles
	// The input draws its suggestion past its width: cut, no ellipsis.
	out := []string{ansi.Truncate(l.input.View(), max(w, 1), "")}
	switch {
	case l.problem != "":
		for _, p := range common.Wrap(l.problem, w-3, 0) {
			out = append(out, "  "+s.Warning.Render(p))
		}
		return out
	case len(l.input.MatchedSuggestions()) > 0:
		return append(out, l.candidatesLine(w))
	}
	return append(out, common.Fit("  "+s.Quiet.Render(l.usage()), w))
}

// candidatesLine lists the candidates by the word each completes, the
// one tab takes marked, as many as fit.
func (l *Line) candidatesLine(w int) string {
	s := l.c.Styles
	typed := l.input.Value()
	cut := strings.LastIndexByte(typed, ' ') + 1
	matched, cur := l.input.MatchedSuggestions(), l.input.CurrentSuggestionIndex()
	var b strings.Builder
	b.WriteString("  ")
	used := 2
	for i, m := range matched {
		word := m
		if len(m) >= cut && strings.EqualFold(m[:cut], typed[:cut]) {
			word = m[cut:]
		}
		word = common.Line(word)
		if used+common.Cells(word)+2 > w-1 {
			b.WriteString(s.Quiet.Render("…"))
			break
		}
		if i == cur {
			b.WriteString(s.Selected.Render(word))
		} else {
			b.WriteString(s.Value.Render(word))
		}
		b.WriteString("  ")
		used += common.Cells(word) + 2
	}
	return common.Fit(b.String(), w)
}

// usage says what the command typed takes, or how to begin.
func (l *Line) usage() string {
	fields := strings.Fields(l.input.Value())
	if len(fields) > 0 {
		name := strings.ToLower(fields[0])
		for _, c := range Commands(l.c.Keys.Actions()) {
			if c.Name == name {
				return strings.TrimSpace(c.Name+" "+c.Args) + " · " + c.Desc
			}
		}
	}
	return "a command: company NUMBER, officer NAME, search …, watch add, theme light, quit, or any key's action by name"
}

// Keys are the footer's keys while the line is open.
func (l *Line) Keys() []key.Binding {
	k := l.c.Keys
	run, hist, done := k.Pages.Open, k.Box.RecentUp, k.Box.Leave
	run.SetHelp("enter", "run")
	hist.SetHelp("↑/↓", "history")
	done.SetHelp("esc", "leave")
	next := key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n/p", "next/prev"))
	return []key.Binding{run, k.Box.Complete, next, hist, done, k.Box.ForceQuit}
}
