// Package officer is the page of everything one officer holds (an
// officer's appointments): a list under the officer's name, and who else
// the officer probably is, from the session's walks and one search for
// the name.
package officer

import (
	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/walks"
)

// Part is an officer's appointments on screen.
type Part struct {
	*list.Part
	walks *walks.Session
}

// New makes an officer's page from the cache.
func New(c *common.Common, s *walks.Session, at common.Place) (*Part, bool) {
	l, ok := list.New(c, at)
	if !ok {
		return nil, false
	}
	p := &Part{Part: l, walks: s}
	l.Below = p.sameAsLines
	return p, true
}

// Title is the officer, in the company's place.
func (p *Part) Title(w int) string {
	if h := p.T.Rows.Heading; h != "" {
		s := p.C.Styles
		return common.Fit(s.Title.Render(h)+"  "+s.Meta.Render("officer"), w)
	}
	return p.Part.Title(w)
}

// Arrive asks who else the officer probably is, once a session.
func (p *Part) Arrive() tea.Cmd {
	var ask tea.Cmd
	if e, ok := p.C.Cache.Peek(common.Key{Res: p.At.Res}); ok {
		ask = p.walks.AskSameAs(e.Officer)
	}
	return tea.Batch(ask, p.Part.Arrive())
}

// sameAsLines are what is known of who else the officer probably is, for
// under the list's counts.
func (p *Part) sameAsLines(w int) []string {
	s := p.walks.SameAs(p.At.Res.ID)
	if s == nil {
		return nil
	}
	var out []string
	for _, l := range present.SameAsLines(s) {
		out = append(out, common.Fit("  "+p.C.Styles.Note.Render(common.Line(l)), w))
	}
	return out
}

// CopyText is the company of the appointment under the cursor.
func (p *Part) CopyText() (string, *common.Problem) {
	if it, ok := p.T.Selected(); ok {
		return it.Cells[1], nil
	}
	return p.At.Company.String(), nil
}
