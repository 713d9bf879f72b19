// Package nearby is the page of the companies filed either side of a
// name in the registry's alphabetical index (a): a page of its own,
// which reads the page before its first row or after its last as the
// cursor moves past either end, by the index's cursors; the best match
// is marked, and each row opens its company.
package nearby

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/table"
)

// Is reports whether a resource is a page of the alphabetical index.
func Is(res api.Resource) bool { return res.Kind == api.ResAlphabeticalSearch }

// Place is the index around name, opened from the page at.
func Place(name string, from common.Place) common.Place {
	return common.Place{Res: api.AlphabeticalResource(name, "", ""), Company: from.Company,
		Title: fmt.Sprintf("Filed near %q", common.Line(name)), Trail: common.TrailHere(from)}
}

// page is a page of the index as loaded: its rows, and the cursors of
// the pages either side.
type page struct {
	rows          *present.Page
	before, after string
}

// Part is the index on screen.
type Part struct {
	*list.Part
	c     *common.Common
	pages []page // in the index's order
	more  *common.Request
	ahead bool    // more is the page after (else before)
	ended [2]bool // no page before, after
}

// New makes the page of a place from the cache.
func New(c *common.Common, at common.Place) (*Part, bool) {
	e, ok := c.Cache.Get(common.Key{Res: at.Res})
	if !ok || e.Page == nil {
		return nil, false
	}
	p := &Part{c: c, pages: []page{pageOf(e)}}
	if at.Cursor == 0 && at.Offset == 0 {
		at.Cursor = best(e.Page) // first here: on the name looked up
	}
	p.rebuild(at)
	return p, true
}

// pageOf is a page of the index with the cursors either side of it.
func pageOf(e common.Entry) page {
	return page{rows: e.Page, before: e.Page.Before, after: e.Page.After}
}

// best is the row of the name looked up: the one marked.
func best(pg *present.Page) int {
	for i, it := range pg.Items {
		for _, a := range it.Accents {
			if a.Kind == present.Match {
				return i
			}
		}
	}
	return 0
}

// rebuild makes the list of every page loaded, the cursor where at says.
func (p *Part) rebuild(at common.Place) {
	first := p.pages[0].rows
	all := &present.Page{Columns: first.Columns, Total: -1, Summary: first.Summary, Empty: first.Empty}
	for _, pg := range p.pages {
		all.Items = append(all.Items, pg.rows.Items...)
	}
	rows := table.New(all)
	rows.Done = true // the next page is this part's to read, by the cursor
	p.Part = list.FromRows(p.c, at, rows)
	p.Below = p.edges
}

// edges say what moving past either end does.
func (p *Part) edges(w int) []string {
	text := "↑ at the first row reads the names before · ↓ at the last, those after"
	if p.more != nil {
		text = "Reading the index…"
	}
	return []string{common.Fit("  "+p.C.Styles.Meta.Render(text), w)}
}

// Update reads the page before or after as the cursor goes past the
// first or the last row; the rest is the list's.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch m := msg.(type) {
	case common.FetchedMsg:
		if p.more != nil && m.ID == p.more.ID {
			return p.arrived(m)
		}
	case tea.KeyPressMsg:
		if p.Typing() || p.T.Rows.Filtered() {
			break
		}
		k, cur, n := p.C.Keys, p.T.LV.Cursor(), p.T.Rows.Len()
		switch {
		case cur == n-1 && key.Matches(m, k.Move.Down, k.Move.PageDown, k.Move.End):
			return p.read(true)
		case cur == 0 && key.Matches(m, k.Move.Up, k.Move.PageUp, k.Move.Home):
			return p.read(false)
		}
	}
	return p.Part.Update(msg)
}

// read asks for the page after the last row (or before the first).
func (p *Part) read(after bool) tea.Cmd {
	end := 0
	if after {
		end = 1
	}
	if p.more != nil || p.ended[end] {
		return nil
	}
	name := api.SearchQuery(p.At.Res.Link)
	res := api.AlphabeticalResource(name, p.pages[0].before, "")
	if after {
		res = api.AlphabeticalResource(name, "", p.pages[len(p.pages)-1].after)
	}
	var cmd tea.Cmd
	p.more, cmd = p.C.Fetch(common.Key{Res: res}, nil)
	p.ahead = after
	return cmd
}

// arrived takes a page in: after the last, or before the first with the
// cursor kept on the row it was on.
func (p *Part) arrived(m common.FetchedMsg) tea.Cmd {
	p.more = nil
	end := 0
	if p.ahead {
		end = 1
	}
	if m.Err != nil {
		if errors.Is(m.Err, api.ErrCanceled) {
			return nil
		}
		return p.C.Post(common.FailedMsg{Key: m.Key, Err: m.Err})
	}
	pg := pageOf(m.Entry)
	if len(pg.rows.Items) == 0 {
		p.ended[end] = true
		return p.C.Flash("The index has no more names that way.", false)
	}
	at := p.Place()
	if p.ahead {
		p.pages = append(p.pages, pg)
		at.Cursor++
	} else {
		p.pages = append([]page{pg}, p.pages...)
		at.Cursor += len(pg.rows.Items) - 1
		at.Offset += len(pg.rows.Items)
	}
	p.rebuild(at)
	return nil
}

// Busy says what is being read.
func (p *Part) Busy() string {
	if p.more != nil {
		return "Reading the index…"
	}
	return p.Part.Busy()
}

// Leave gives up a page in flight.
func (p *Part) Leave() {
	p.more.Stop()
	p.more = nil
}
