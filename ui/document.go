package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/present"
)

// document is a page read line by line: one thing in words (sections of
// label and value), a resource's JSON, or the source JSON of any page.
// Its lines are wrapped to the width, so nothing is ever cut off with no
// way to see its end, and rebuilt when the width changes; the cursor moves
// over them, and a line that belongs to a link opens it.
type document struct {
	sections []present.Section // one thing in words; nil for JSON
	json     []present.Line    // JSON, pretty-printed

	width int     // the width lines were wrapped for
	lines []vline // wrapped
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

// wrapFor lays the document out for width w, if it is not already.
func (d *document) wrapFor(w int) {
	if d.width == w && d.lines != nil {
		return
	}
	d.width = w
	d.lines = d.lines[:0]
	room := max(w-4, 8)
	if d.sections == nil {
		for _, l := range d.json {
			// A long JSON line is wrapped under itself, indented as it was.
			indent := len(l.Text) - len(strings.TrimLeft(l.Text, " "))
			for i, part := range wrap(l.Text, room, 0) {
				if i > 0 {
					part = strings.Repeat(" ", min(indent+2, room/2)) + strings.TrimLeft(part, " ")
				}
				d.lines = append(d.lines, vline{text: part, link: l.Link, title: l.Link})
			}
		}
		return
	}
	for si, sec := range d.sections {
		if si > 0 {
			d.lines = append(d.lines, vline{})
		}
		for _, part := range wrap(sec.Title, room, 0) {
			if part != "" {
				d.lines = append(d.lines, vline{heading: true, text: part})
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
			for i, part := range wrap(v, valueW, 0) {
				l := vline{labelW: labelW, text: part, tone: r.Tone, link: r.Link, title: r.Open}
				if i == 0 {
					l.label = ansi.Truncate(r.Label, labelW, "…")
				}
				d.lines = append(d.lines, l)
			}
		}
	}
}

// firstLink is the first line that opens something, or 0.
func (d *document) firstLink() int {
	for i, l := range d.lines {
		if l.link != "" {
			return i
		}
	}
	return 0
}

// docLine draws one line of a document: a heading, a label and its
// value, or JSON; lines that open something stand out, and the selected
// one is highlighted across the width.
func (m *model) docLine(l vline, selected bool, w int) string {
	s := m.styles
	switch {
	case l.heading:
		return "  " + s.Head.Render(cut(l.text, max(w-2, 1)))
	case l.labelW == 0:
		if l.link != "" && !selected {
			return "  " + s.rows.note.paint(cut(l.text, max(w-2, 1)))
		}
		return m.rowStyle(l.text, selected, false, w)
	}
	text := pad(l.label, l.labelW) + "  " + l.text
	if l.link != "" {
		text += "  ›"
	}
	if selected {
		return m.rowStyle(text, true, false, w)
	}
	value := s.tone(l.tone)
	if l.link != "" {
		value = s.rows.note
	}
	return "  " + s.rows.label.paint(pad(l.label, l.labelW)) + "  " + value.paint(cut(strings.TrimPrefix(text, pad(l.label, l.labelW)+"  "), max(w-l.labelW-4, 1)))
}

// toggleSource is v: the JSON the registry sent for the page on screen,
// wrapped to the width with its links followable, and v again to come
// back. The page is rebuilt from the cache, so it costs no request.
func (m *model) toggleSource() tea.Cmd {
	if m.page.isHome() {
		return m.flash("Open a company first: the source is the registry's JSON for a page.", false)
	}
	to := m.page.view()
	to.source = !to.source
	to.cursor, to.offset = 0, 0
	pg, ok := m.build(to)
	if !ok {
		return m.flash("The source of this page is no longer kept; r fetches it again.", true)
	}
	m.page = pg
	m.hist.replace(pg.place)
	return nil
}
