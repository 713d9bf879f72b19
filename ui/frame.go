package ui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/ui/common"
	"coview/ui/layout"
)

func (m *model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	if m.mouse && m.keys == nil {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = m.windowTitle()
	return v
}

func (m *model) windowTitle() string {
	name := "coview"
	if m.opts.Demo {
		name = "coview (demo registry)"
	}
	at := m.page.Place()
	if at.IsHome() || at.Title == "" {
		return name
	}
	return name + " · " + common.Line(at.Title)
}

// demoTag ends the title line while the demo registry is in use.
const demoTag = "demo"

// titleLine is the page's title, and on the demo registry a word saying
// so at its end. The title is laid out for the whole line, so the tag
// takes the place of its end (a company's type) rather than of its name.
func (m *model) titleLine(w int) string {
	if !m.opts.Demo {
		return m.page.Title(w)
	}
	room := max(w-len(demoTag)-2, 1)
	return common.Pad(common.Fit(m.page.Title(w), room), room) + "  " + m.c.Styles.Warning.Render(demoTag)
}

// frame is the screen cut into its parts: everything but the page's body
// is drawn first, and the body gets the rows that are left.
type frame struct {
	top  []string // title, search box, what it offers, the page's head, rule
	mid  []string // a problem, and the page's own (a list's column headings)
	foot []string // the page's own (the selected row's long text), a download, status and keys
	body int      // rows for the page

	split    layout.Split // a list's preview beside or under it, if any
	pageMid  int          // how many of mid are the page's own, at its end
	pageFoot int          // how many of foot are the page's own, at its start
}

// The smallest window the browser draws in; below it, it says so.
const minWidth, minHeight = 30, 8

func (m *model) tooSmall() bool { return m.c.Width < minWidth || m.c.Height < minHeight }

func (m *model) frame() frame {
	var f frame
	w := m.c.Width
	f.top = append(f.top, m.titleLine(w))
	if s, ok := m.page.(common.Subtitled); ok {
		f.top = append(f.top, s.Subtitle(w)...)
	}
	if l := m.sourceLine(w); l != "" {
		f.top = append(f.top, l)
	}
	if m.cmd.Active() {
		f.top = append(f.top, m.cmd.Lines(w)...)
	} else {
		f.top = append(f.top, m.box.Lines(w)...)
	}
	f.top = append(f.top, m.page.Head(w)...)
	f.top = append(f.top, m.c.Styles.Meta.Render(strings.Repeat("─", max(w, 1))))
	if t := m.trouble.shown; t != nil {
		f.mid = append(f.mid, m.problemLines(*t, w)...)
	}
	var mid []string
	if m.help == nil {
		mid = m.page.Mid(w)
		f.foot = append(f.foot, m.page.Foot(w)...)
		f.pageFoot = len(f.foot)
	}
	f.foot = append(f.foot, m.dl.Lines(w)...)
	f.foot = append(f.foot, m.footerLines(w)...)
	rows := max(m.c.Height-len(f.top)-len(f.mid)-len(mid)-len(f.foot), 1)
	f.split = layout.Split{ListW: w, ListH: rows}
	if _, list := m.page.(layout.Lister); list && m.help == nil {
		f.split = m.preview.State.Lay(w, m.c.Height, rows)
	}
	if f.split.Where == layout.Right {
		mid = m.page.Mid(f.split.ListW)
	}
	f.mid, f.pageMid = append(f.mid, mid...), len(mid)
	f.body = f.split.ListH
	return f
}

// bodyHeight is the rows the page gets on screen now, as Update needs it
// after every key: the frame is drawn without the body to count them, so
// the count and the drawing cannot disagree.
func (m *model) bodyHeight() int { return m.frame().body }

func (m *model) render() string {
	if m.tooSmall() {
		return m.renderTooSmall()
	}
	if m.keys != nil {
		return m.keys.View(m.keyScreenStatus(), m.foot.help.ShortHelpView)
	}
	f := m.frame()
	lines := make([]string, 0, m.c.Height)
	lines = append(lines, f.top...)
	var body []string
	if m.help != nil {
		body = m.help.Body(m.contextKeys(), m.c.Width, f.body)
	} else {
		body = m.page.Body(f.split.ListW, f.body)
	}
	body = body[:min(len(body), f.body)]
	for range f.body - len(body) {
		body = append(body, "")
	}
	return strings.Join(append(lines, m.withPreview(f, body)...), "\n")
}

// withPreview is the frame under its top: the page's mid and body, and
// the preview beside or under them when there is one, then its foot.
func (m *model) withPreview(f frame, body []string) []string {
	sp := f.split
	own := len(f.mid) - f.pageMid
	lines := slices.Clone(f.mid[:own])
	switch sp.Where {
	case layout.Right:
		left := append(slices.Clone(f.mid[own:]), body...)
		lines = append(lines, layout.Beside(m.c, left, m.preview.Body(sp.PrevW, len(left)), sp.ListW)...)
		return append(lines, f.foot...)
	case layout.Below:
		lines = append(append(append(lines, f.mid[own:]...), body...), f.foot[:f.pageFoot]...)
		lines = append(lines, layout.Rule(m.c, sp.PrevW))
		prev := m.preview.Body(sp.PrevW, sp.PrevH)
		for range sp.PrevH - len(prev) {
			prev = append(prev, "")
		}
		return append(append(lines, prev...), f.foot[f.pageFoot:]...)
	}
	return append(append(append(lines, f.mid[own:]...), body...), f.foot...)
}

// problemLines draw a failure above the page: what happened, and what to
// do about it.
func (m *model) problemLines(t common.Problem, w int) []string {
	s := m.c.Styles
	bar := s.Err.Bar.Render("▌ ")
	out := []string{common.Fit(bar+s.Err.Title.Render(t.Title), w)}
	for _, l := range common.Wrap(t.Detail, w-3, 3) {
		out = append(out, bar+s.Err.Text.Render(l))
	}
	return out
}

// keyScreenStatus is the key screen's status line: the key being saved.
func (m *model) keyScreenStatus() string {
	if !m.keys.Saving() {
		return ""
	}
	return " " + m.foot.spin.View() + " " + m.c.Styles.Note.Render("Saving the key…")
}

// renderTooSmall is all the browser draws in a window too small for its
// frame: what it needs, and how to leave.
func (m *model) renderTooSmall() string {
	w, h := m.c.Width, m.c.Height
	text := fmt.Sprintf("coview needs a window of at least %d×%d; this one is %d×%d. Make it larger, or press q to quit.",
		minWidth, minHeight, w, h)
	lines := common.Wrap(text, w, 0)
	lines = lines[:min(len(lines), h)]
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	return strings.Join(lines, "\n")
}
