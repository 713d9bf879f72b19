// Package finder is the form of an advanced search: companies by what
// they are (status, type, SIC codes, where, when incorporated or
// dissolved), reached from the search box. Enter lists what matches; the
// form is then one step back in history, its values kept in its place's
// link. Every value is checked as the command line checks it before the
// search is sent.
package finder

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
)

// Title is what the breadcrumb calls the form.
const Title = "Find companies"

// Place is the form, its name's words first filled with name, opened from
// the page at.
func Place(name string, from common.Place) common.Place {
	v := values{}
	v[0] = name
	return common.Place{Res: v.typed().Resource(), Show: common.ShowFinder, Title: Title, Trail: common.TrailHere(from)}
}

// Part is the form on screen.
type Part struct {
	common.Base
	v       *values
	form    *huh.Form
	width   int
	problem string // why Enter did not search: a value that is not right
}

// New makes the form of a place: its values are those of its link.
func New(c *common.Common, at common.Place) *Part {
	q, _ := api.ParseCompanyQuery(at.Res.Link)
	v := fromQuery(q)
	p := &Part{Base: common.Base{C: c, At: at, Profile: c.Cache.Profile(at.Company)}, v: &v}
	inputs := make([]huh.Field, len(fields))
	for i, f := range fields {
		// No suggestions: huh shows a suggestion's rest after the value even
		// on a line the cursor has left, where it reads as typed. What a
		// value may be is said under the form instead (hint).
		inputs[i] = huh.NewInput().Key(f.key).Title(fmt.Sprintf("%-*s ", titleWidth(), f.title)).Inline(true).
			Placeholder(f.placeholder).CharLimit(200).Value(&p.v[i])
	}
	p.form = huh.NewForm(huh.NewGroup(inputs...)).WithShowHelp(false).WithShowErrors(false).
		WithTheme(huh.ThemeFunc(theme)).WithKeyMap(keyMap())
	p.form.Init() // focuses the first line; its Cmds (a cursor's blink) are not needed
	p.fit(c.Width)
	for range at.Cursor {
		p.form.NextField()
	}
	return p
}

// theme is huh's plainest, one line a field: the focused line marked by a
// bar, as the browser marks the selected row.
func theme(dark bool) *huh.Styles {
	s := huh.ThemeBase(dark)
	s.FieldSeparator = lipgloss.NewStyle().SetString("\n")
	return s
}

// keyMap leaves tab, enter and the arrows to the part, which moves from
// line to line itself, at once.
func keyMap() *huh.KeyMap {
	k := huh.NewDefaultKeyMap()
	k.Quit.SetEnabled(false)
	k.Input.Next.SetEnabled(false)
	k.Input.Prev.SetEnabled(false)
	k.Input.Submit.SetEnabled(false)
	return k
}

// Place is the form as filled in: its values in its link, the line the
// cursor is on.
func (p *Part) Place() common.Place {
	at := p.At
	at.Res = p.v.typed().Resource()
	at.Cursor = p.focused()
	return at
}

// focused is the line the cursor is on.
func (p *Part) focused() int {
	if f := p.form.GetFocusedField(); f != nil {
		for i, fl := range fields {
			if fl.key == f.GetKey() {
				return i
			}
		}
	}
	return 0
}

// Typing: the form has the keyboard, all but ctrl+c.
func (p *Part) Typing() bool { return true }

// Update takes keys: tab, ↓ and shift+tab, ↑ move between lines, Enter
// searches, esc goes back; the rest is typing, the letters that move a
// list's cursor (j, k) among it. Other messages are the form's own.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(tea.KeyPressMsg)
	if !ok {
		_, cmd := p.form.Update(msg)
		return cmd
	}
	k := p.C.Keys
	switch {
	case m.Text != "":
	case key.Matches(m, k.Pages.Open):
		return p.submit()
	case key.Matches(m, k.Do.Cancel):
		p.keep()
		return p.C.Post(common.BackMsg{})
	case key.Matches(m, k.Pages.NextTab, k.Move.Down):
		return p.move(1)
	case key.Matches(m, k.Pages.PrevTab, k.Move.Up):
		return p.move(-1)
	}
	p.problem = ""
	// What a key gives back is only the blinking of the line's cursor:
	// the browser's inputs do not blink (common.Styles), and huh has no
	// way to say so, so it is dropped. (Moving between lines, which
	// huh would do by a message, the part does itself.)
	p.form.Update(msg)
	return nil
}

// move goes to the next line or the one before, stopping at either end.
// (What huh gives back is the new line's cursor blinking: see Update.)
func (p *Part) move(by int) tea.Cmd {
	at := p.focused()
	switch {
	case by > 0 && at < len(fields)-1:
		p.form.NextField()
	case by < 0 && at > 0:
		p.form.PrevField()
	}
	return nil
}

// submit lists the companies the form asks for, or says what is not
// right and puts the cursor on it.
func (p *Part) submit() tea.Cmd {
	q, bad, problem := p.v.search(present.CheckCompanyQuery)
	if bad >= 0 {
		p.problem = problem
		for p.focused() < bad {
			p.form.NextField()
		}
		for p.focused() > bad {
			p.form.PrevField()
		}
		return nil
	}
	p.problem = ""
	p.keep()
	return p.C.Post(common.OpenMsg{To: Found(q, p.At)})
}

// Found is the page of the companies a search finds, opened from the
// page at.
func Found(q api.CompanyQuery, at common.Place) common.Place {
	title := "Companies: " + present.DescribeSearch(q.Resource())
	return common.Place{Res: q.Resource(), Title: title, Trail: common.TrailTo(at, title)}
}

// keep puts the form as filled in into history before it is left:
// history keeps a place only while it is the same place, and the form's
// link is its values.
func (p *Part) keep() {
	p.C.Post(common.ReplaceMsg{To: p.Place()})
}

// Head is the way here and what the form does.
func (p *Part) Head(w int) []string {
	s := p.C.Styles
	out := p.C.Crumbs(p.At, w)
	out = append(out, common.Fit("  "+s.Meta.Render("Every line filled in must match; a list (a, b) matches any of its values."), w))
	return out
}

// Body is the form, as wide as the window.
func (p *Part) Body(w, h int) []string {
	p.fit(w)
	var out []string
	for _, l := range common.Split(p.form.View()) {
		out = append(out, common.Fit(" "+l, w))
	}
	if len(out) > h {
		out = out[:h]
	}
	return out
}

// fit makes the form as wide as the window: its lines are drawn again
// (huh draws them when it takes a message).
func (p *Part) fit(w int) {
	if w == p.width {
		return
	}
	p.width = w
	p.form.WithWidth(max(w-2, 20))
	p.form.Update(nil)
}

// Foot is what the line the cursor is on says of its value, or why Enter
// did not search.
func (p *Part) Foot(w int) []string {
	s := p.C.Styles
	if p.problem != "" {
		return p.C.Wrapped("! "+p.problem, s.Rows.Warning, 2)
	}
	return p.C.Wrapped(common.Line(p.v.hint(p.focused())), s.Rows.Note, 2)
}

// Keys are the form's: Enter searches, esc goes back.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k.Pages.Open.SetEnabled(true)
	k.Pages.Open.SetHelp("enter", "find")
	k.Pages.Tabs.SetEnabled(true)
	k.Pages.Tabs.SetHelp("tab/↓ ↑", "lines")
	k.Do.Cancel.SetEnabled(true)
	k.Do.Cancel.SetHelp("esc", "back")
	k.Do.Quit.SetHelp("ctrl+c", "quit")
	// Letters are typed here: the keys that act elsewhere do nothing.
	common.DisableAll(&k.Lists.Connect, &k.Lists.Source, &k.Do.Reload, &k.Lists.Nearby, &k.Do.Search, &k.Do.Help, &k.Do.Copy,
		&k.Do.Next, &k.Docs.Web, &k.Docs.Download, &k.Docs.OpenDoc, &k.Pages.Back, &k.Pages.Forward)
	return k
}

// Position counts the lines filled in.
func (p *Part) Position() string {
	n := 0
	for _, s := range p.v {
		if strings.TrimSpace(s) != "" {
			n++
		}
	}
	return fmt.Sprintf("%d of %d lines filled in", n, len(fields))
}
