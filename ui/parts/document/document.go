// Package document is the page of one thing read line by line: one thing
// in words (a charge, a PSC, a filing: sections of label and value), a
// resource coview has no words for (its JSON), or the source JSON of any
// page (v).
package document

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/listview"
)

// Part is a document on screen. Its lines are wrapped to the width, so
// nothing is ever cut off with no way to see its end, and rebuilt when
// the width changes; the cursor moves over them, and a line that belongs
// to a link opens it.
type Part struct {
	common.Base
	sections []present.Section // one thing in words; nil for JSON
	json     []present.Line    // JSON, pretty-printed
	head     string            // what the page says about itself, under the breadcrumb
	caveat   string            // a warning about reading it

	width   int     // the width lines were wrapped for
	lines   []vline // wrapped
	lv      listview.Model
	restore bool
}

// vline is one line of a document on screen.
type vline struct {
	heading bool   // a section's title
	label   string // the label, on the first line of a row; "" on the rest
	labelW  int    // the width of the section's label column
	text    string
	tone    present.Tone
	link    string // what Enter opens from this line
	title   string // the breadcrumb name of what it opens
}

// New makes the page of a place about one thing, from the cache: in
// words when present has words for it, else its JSON. ok is false when
// the cache does not hold it.
func New(c *common.Common, at common.Place) (*Part, bool) {
	first, ok := c.Cache.Get(common.Key{Res: at.Res})
	if !ok || first.Page == nil {
		return nil, false
	}
	p := newPart(c, at)
	if len(first.Page.Sections) > 0 {
		p.sections = first.Page.Sections
		p.head, p.caveat = common.Or(first.Page.Summary, first.Page.Heading), first.Page.Caveat
	} else {
		p.json = first.Page.Lines
		p.head = "Document " + common.Line(at.Res.Link)
	}
	return p, true
}

// Source makes the page of the JSON the registry sent for a place: every
// page of a list loaded so far, one after the other. ok is false when the
// cache no longer holds it.
func Source(c *common.Common, at common.Place) (*Part, bool) {
	var lines []present.Line
	if at.IsProfile() {
		prof := c.Cache.Profile(at.Company)
		if prof == nil {
			return nil, false
		}
		lines = present.Document(prof.Raw)
		if at.Title == "" {
			at.Title = common.Or(common.Line(prof.CompanyName), at.Res.Number.String())
		}
	} else {
		first, ok := c.Cache.Get(common.Key{Res: at.Res})
		if !ok {
			return nil, false
		}
		lines = sourceOf(c, at.Res, first)
	}
	p := newPart(c, at)
	p.json = lines
	p.head = "Source of " + common.Line(at.Res.Link) + " (v: back)"
	return p, true
}

func newPart(c *common.Common, at common.Place) *Part {
	if at.Title == "" {
		at.Title = common.Line(at.Res.Link)
	}
	return &Part{Base: common.Base{C: c, At: at, Profile: c.Cache.Profile(at.Company)}, restore: true}
}

// sourceOf is the JSON of a resource as the registry sent it: every page
// of a list loaded so far, one after the other.
func sourceOf(c *common.Common, res api.Resource, first common.Entry) []present.Line {
	lines := present.Document(first.Raw.Unpack())
	if first.Page == nil || len(first.Page.Columns) == 0 {
		return lines
	}
	for start := len(first.Page.Items); ; {
		next, ok := c.Cache.Peek(common.Key{Res: res, Start: start})
		if !ok || next.Page == nil || len(next.Page.Items) == 0 {
			return lines
		}
		lines = append(lines, present.Line{Text: fmt.Sprintf("— the next page, from item %s —", present.Thousands(start+1))})
		lines = append(lines, present.Document(next.Raw.Unpack())...)
		start += len(next.Page.Items)
	}
}

// Place is where the document is, and where its cursor.
func (p *Part) Place() common.Place {
	at := p.At
	at.Cursor, at.Offset = p.lv.Cursor(), p.lv.Offset()
	return at
}

func (p *Part) HasSource() bool { return !p.At.Source }

// Layout wraps the lines for the width, gives the window its height and,
// the first time, puts the cursor where history left it.
func (p *Part) Layout(h int) {
	p.wrapFor(p.C.Width)
	p.lv.SetLen(len(p.lines))
	p.lv.SetHeight(h)
	if !p.restore {
		return
	}
	cursor := p.At.Cursor
	if p.sections != nil && p.At.Cursor == 0 && p.At.Offset == 0 {
		// Opened afresh, a page about one thing starts on what it leads
		// to (the company a PSC is), when that is on its first screen;
		// otherwise at its top, which says what it is.
		if first := p.firstLink(); first < p.lv.Height() {
			cursor = first
		}
	}
	p.lv.SetPosition(cursor, p.At.Offset)
	p.restore = false
}

// Head is the way here, what the document is, and its caveat.
func (p *Part) Head(w int) []string {
	s := p.C.Styles
	out := p.C.Crumbs(p.At, w)
	if p.head != "" {
		for _, l := range common.Wrap(p.head, w-4, 2) {
			out = append(out, "  "+s.Meta.Render(l))
		}
	}
	if p.caveat != "" {
		for _, l := range common.Wrap(p.caveat, w-4, 2) {
			out = append(out, "  "+s.Warning.Render(l))
		}
	}
	return out
}

// Body is the window of lines.
func (p *Part) Body(w, h int) []string {
	p.wrapFor(w)
	return common.Split(p.lv.Render(func(i int, sel bool) string { return p.docLine(p.lines[i], sel, w) }))
}

// Position is the line the cursor is on.
func (p *Part) Position() string {
	if len(p.lines) == 0 {
		return ""
	}
	return fmt.Sprintf("line %s of %s", present.Thousands(p.lv.Cursor()+1), present.Thousands(len(p.lines)))
}

// Pointed is the link of the line under the cursor, if any.
func (p *Part) Pointed() common.Pointed {
	if len(p.lines) == 0 {
		return common.Pointed{}
	}
	return common.Pointed{Link: p.lines[p.lv.Cursor()].link}
}

// CopyText is the document's URL on the registry.
func (p *Part) CopyText() (string, *common.Problem) {
	u, err := p.C.Reg.URLFor(p.At.Res.Link)
	if err != nil {
		return "", nil
	}
	return u, nil
}

// Keys enables enter on a line that opens something.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k.Pages.Open.SetEnabled(p.Pointed().Link != "")
	k.Do.Copy.SetHelp("y", "copy URL")
	if p.At.Source {
		k.Lists.Source.SetHelp("v", "back from the source")
	}
	return k
}

// Update moves the cursor and opens what a line leads to.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k := p.C.Keys
	switch {
	case key.Matches(m, k.Pages.Open):
		return p.open()
	case key.Matches(m, k.Move.Up):
		p.lv.Move(-1)
	case key.Matches(m, k.Move.Down):
		p.lv.Move(1)
	case key.Matches(m, k.Move.PageUp):
		p.lv.PageUp()
	case key.Matches(m, k.Move.PageDown):
		p.lv.PageDown()
	case key.Matches(m, k.Move.Home):
		p.lv.Home()
	case key.Matches(m, k.Move.End):
		p.lv.End()
	}
	return nil
}

// open follows the link of the line under the cursor.
func (p *Part) open() tea.Cmd {
	if len(p.lines) == 0 {
		return p.C.Flash("Nothing to open here.", false)
	}
	l := p.lines[p.lv.Cursor()]
	if l.link == "" {
		return p.C.Flash("This line holds no link; the lines in colour do.", false)
	}
	if res, err := api.Route(l.link); err == nil && res == p.At.Res && p.At.Show == common.ShowResource {
		return p.C.Flash("This is the page on screen.", false)
	}
	return p.C.Post(common.OpenLinkMsg{Link: l.link, Title: common.Or(l.title, l.link)})
}

// wrapFor lays the document out for width w, if it is not already.
func (p *Part) wrapFor(w int) {
	if p.width == w && p.lines != nil {
		return
	}
	p.width = w
	p.lines = p.lines[:0]
	if p.sections == nil {
		p.wrapJSON(max(w-4, 8))
		return
	}
	for si, sec := range p.sections {
		if si > 0 {
			p.lines = append(p.lines, vline{})
		}
		p.wrapSection(sec, w)
	}
}

// wrapJSON lays JSON out: a long line is wrapped under itself, indented
// as it was.
func (p *Part) wrapJSON(room int) {
	for _, l := range p.json {
		indent := len(l.Text) - len(strings.TrimLeft(l.Text, " "))
		for i, part := range common.Wrap(l.Text, room, 0) {
			if i > 0 {
				part = strings.Repeat(" ", min(indent+2, room/2)) + strings.TrimLeft(part, " ")
			}
			p.lines = append(p.lines, vline{text: part, link: l.Link, title: l.Link})
		}
	}
}

// wrapSection lays a section out: its title, then its rows with their
// labels in a column.
func (p *Part) wrapSection(sec present.Section, w int) {
	room := max(w-4, 8)
	for _, part := range common.Wrap(sec.Title, room, 0) {
		if part != "" {
			p.lines = append(p.lines, vline{heading: true, text: part})
		}
	}
	labelW := 0
	for _, r := range sec.Rows {
		labelW = max(labelW, ansi.StringWidth(r.Label))
	}
	labelW = min(labelW, max(w/3, 8))
	valueW := max(w-labelW-6, 10)
	for _, r := range sec.Rows {
		v := r.Value
		if v == "" {
			v = "—"
		}
		if r.Tone == present.Warning {
			v = "! " + v
		}
		for i, part := range common.Wrap(v, valueW, 0) {
			l := vline{labelW: labelW, text: part, tone: r.Tone, link: r.Link, title: r.Open}
			if i == 0 {
				l.label = ansi.Truncate(r.Label, labelW, "…")
			}
			p.lines = append(p.lines, l)
		}
	}
}

// firstLink is the first line that opens something, or 0.
func (p *Part) firstLink() int {
	for i, l := range p.lines {
		if l.link != "" {
			return i
		}
	}
	return 0
}

// docLine draws one line of a document: a heading, a label and its
// value, or JSON; lines that open something stand out, and the selected
// one is highlighted across the width.
func (p *Part) docLine(l vline, selected bool, w int) string {
	s := p.C.Styles
	switch {
	case l.heading:
		return "  " + s.Head.Render(common.Cut(l.text, max(w-2, 1)))
	case l.labelW == 0:
		if l.link != "" && !selected {
			return "  " + s.Rows.Note.Paint(common.Cut(l.text, max(w-2, 1)))
		}
		return p.C.RowStyle(l.text, selected, false, w)
	}
	labelled := common.Pad(l.label, l.labelW) + "  "
	text := labelled + l.text
	if l.link != "" {
		text += "  ›"
	}
	if selected {
		return p.C.RowStyle(text, true, false, w)
	}
	value := s.Tone(l.tone)
	if l.link != "" {
		value = s.Rows.Note
	}
	return "  " + s.Rows.Label.Paint(common.Pad(l.label, l.labelW)) + "  " + value.Paint(common.Cut(strings.TrimPrefix(text, labelled), max(w-l.labelW-4, 1)))
}

// Window is the cursor and the window of lines.
func (p *Part) Window() *listview.Model { return &p.lv }
