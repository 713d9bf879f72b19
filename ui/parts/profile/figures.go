package profile

import (
	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/books"
	"coview/ui/common"
)

// readFigures reads the figures of the company's latest accounts when the
// accounts pane is selected and the session has not read them.
func (p *Part) readFigures() tea.Cmd {
	if p.At.Tab != AccountsTab {
		return nil
	}
	return p.books.Read(p.At.Company, books.Latest)
}

// figureRows are what the accounts pane says of the figures of the latest
// accounts, under its dates: the figures once read (in this session,
// whichever page read them), that they are being read, why they could
// not be, or, on a pane not selected, how to read them.
func (p *Part) figureRows(selected bool) []present.Row {
	if !p.books.Available() {
		return nil
	}
	n := p.At.Company
	if l := p.books.Latest(n); l != nil {
		return present.AccountsFigures(l)
	}
	row := present.Row{Label: "Figures", Tone: present.Quiet}
	r := p.books.Of(n, books.Latest)
	switch {
	case r != nil && r.Busy:
		row.Value = "reading the latest accounts…"
	case r != nil && r.Err != nil && !common.IsCanceled(r.Err):
		row.Value, row.Tone = "could not be read: "+r.Problem(p.At.Res, p.C.Now())+" Select the pane again to try again.", present.Warning
	case selected:
		row.Value = "not read: enter reads them, with every year"
	default:
		row.Value = "select this pane to read them from the latest accounts"
	}
	return []present.Row{row}
}

// Busy says the figures of the latest accounts are being read.
func (p *Part) Busy() string {
	if r := p.books.Of(p.At.Company, books.Latest); r != nil && r.Busy {
		return "Reading the latest accounts…"
	}
	return ""
}

// Cancel stops the reading of the figures under way.
func (p *Part) Cancel() (tea.Cmd, bool) {
	return nil, p.books.Stop(p.At.Company, books.Latest)
}
