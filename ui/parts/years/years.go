// Package years is a company's figures year by year (enter on its
// accounts pane): a row a figure, a column a year, newest first, each
// with its change from the year before and its trend as a sparkline over
// the years; a group's consolidated figures apart from its own company's.
// The rows are present's, the ones coview accounts prints. enter shows
// where the selected figure was read from, year by year. The figures
// are read from the last accounts when the page is first opened, once a
// session (ui/books).
package years

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/books"
	"coview/ui/common"
)

// Part is a company's figures by year on screen.
type Part struct {
	common.Base
	books   *books.Session
	reading *books.Reading // what the page was drawn from
	tables  []present.AccountsTable
	figs    []spot // the figures, in the order drawn: what the cursor moves through
	cursor  int    // among figs
	top     int    // the first line drawn
	height  int
	sources bool // the selected figure's sources are shown under the table
	restore bool
}

// spot is a figure's row in the tables.
type spot struct{ table, row int }

// New makes the table of years of a company from what the session has
// read; Arrive reads what it has not.
func New(c *common.Common, b *books.Session, at common.Place) *Part {
	at.Source = false
	p := &Part{Base: common.Base{C: c, At: at, Profile: c.Cache.Profile(at.Company)}, books: b, restore: true}
	p.rebuild()
	return p
}

// rebuild makes the tables again from the session's reading.
func (p *Part) rebuild() {
	p.reading = p.books.Of(p.At.Company, books.Table)
	p.tables, p.figs = nil, nil
	if p.reading != nil && p.reading.Company != nil {
		p.tables = present.AccountsTables(p.reading.Company)
	}
	for t, tb := range p.tables {
		for r := range tb.Rows {
			p.figs = append(p.figs, spot{t, r})
		}
	}
	p.cursor = min(p.cursor, max(len(p.figs)-1, 0))
}

// Arrive reads the company's last accounts, unless the session has.
func (p *Part) Arrive() tea.Cmd {
	cmd := p.books.Read(p.At.Company, books.Table)
	p.rebuild()
	return cmd
}

// Place is where the page is: the figure under the cursor, the scroll.
func (p *Part) Place() common.Place {
	at := p.At
	at.Cursor, at.Offset = p.cursor, p.top
	return at
}

// Layout gives the page its height and, the first time, puts the cursor
// where history left it.
func (p *Part) Layout(h int) {
	p.height = max(h, 1)
	if p.restore && len(p.figs) > 0 {
		p.cursor, p.top = p.At.Cursor, p.At.Offset
		p.restore = false
	}
	p.cursor = min(max(p.cursor, 0), max(len(p.figs)-1, 0))
	p.show()
}

// Busy says the figures are being read.
func (p *Part) Busy() string {
	if p.reading != nil && p.reading.Busy {
		return "Reading the figures from the last accounts…"
	}
	return ""
}

// Cancel stops the reading under way; what was read stays read.
func (p *Part) Cancel() (tea.Cmd, bool) {
	return nil, p.books.Stop(p.At.Company, books.Table)
}

// Reload reads again what could not be read; what was read is as filed,
// and accounts never change once filed.
func (p *Part) Reload() tea.Cmd {
	if r := p.reading; r != nil && (r.Busy || r.Company != nil && !r.Failed()) {
		return p.C.Flash("The figures are as the accounts were filed: a filed document never changes.", false)
	}
	return p.Arrive()
}

// Position says which figure the cursor is on.
func (p *Part) Position() string {
	if len(p.figs) == 0 {
		return ""
	}
	return "figure " + present.Thousands(p.cursor+1) + " of " + present.Thousands(len(p.figs))
}

// Keys enables moving, and enter for the selected figure's sources.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k.Pages.Open.SetEnabled(len(p.figs) > 0)
	if p.sources {
		k.Pages.Open.SetHelp(k.Pages.Open.Help().Key, "hide sources")
	} else {
		k.Pages.Open.SetHelp(k.Pages.Open.Help().Key, "sources")
	}
	return k
}

// Update takes the session's readings and the keys that move.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case books.ReadMsg:
		if msg.Number == p.At.Company && msg.Docs == books.Table {
			p.rebuild()
			p.show()
		}
		return nil
	case tea.KeyPressMsg:
		return p.key(msg)
	}
	return nil
}

func (p *Part) key(m tea.KeyPressMsg) tea.Cmd {
	k := p.C.Keys
	switch {
	case key.Matches(m, k.Pages.Open):
		if len(p.figs) == 0 {
			return p.C.Flash("There is no figure to show the sources of.", false)
		}
		p.sources = !p.sources
	case key.Matches(m, k.Move.Up):
		p.move(-1)
	case key.Matches(m, k.Move.Down):
		p.move(1)
	case key.Matches(m, k.Move.PageUp):
		p.move(-p.height)
	case key.Matches(m, k.Move.PageDown):
		p.move(p.height)
	case key.Matches(m, k.Move.Home):
		p.move(-len(p.figs))
	case key.Matches(m, k.Move.End):
		p.move(len(p.figs))
	}
	return nil
}

// move moves the cursor through the figures, keeping it on screen.
func (p *Part) move(delta int) {
	p.cursor = min(max(p.cursor+delta, 0), max(len(p.figs)-1, 0))
	p.show()
}
