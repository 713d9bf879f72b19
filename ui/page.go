package ui

import (
	"coview/api"
	"coview/present"
	"coview/ui/listview"
)

// page is what is on screen: a place and the data it shows, rebuilt from
// the cache whenever the user arrives at it.
type page struct {
	place
	profile *api.Profile       // the company in the header, when known
	panes   []present.Pane     // a profile's five panes
	links   []present.LinkItem // a profile's links
	list    *listPage          // a list
	doc     []present.Line     // a document's lines
	lv      listview.Model     // the cursor over the list, the document or the links

	// restore asks for the saved cursor and offset to be applied once the
	// window's height is known.
	restore bool
}

// view is the place with how it is being looked at now, for history.
func (pg *page) view() place {
	p := pg.place
	p.cursor, p.offset = pg.lv.Cursor(), pg.lv.Offset()
	return p
}

const linksTab = 4

// build makes the page for a place from what the cache holds, or reports
// that something must be fetched first. Whether it is a list or a
// document is read from the answer: a resource put in rows is a list.
func (m *model) build(to place) (*page, bool) {
	pg := &page{place: to, restore: true}
	pg.profile = m.cache.profile(to.company)
	switch {
	case to.isHome():
		return pg, true
	case to.isProfile():
		if pg.profile == nil {
			return nil, false
		}
		pg.panes = present.Panes(pg.profile, m.now())
		pg.links = present.ProfileLinks(pg.profile)
		pg.lv.SetLen(len(pg.links))
		if pg.title == "" {
			pg.title = or(line(pg.profile.CompanyName), to.res.Number.String())
		}
		return pg, true
	}
	first, ok := m.cache.get(fetch{res: to.res})
	if !ok {
		return nil, false
	}
	if len(first.page.Columns) == 0 {
		pg.doc = first.page.Lines
		pg.lv.SetLen(len(pg.doc))
	} else {
		l := newListPage(first.page)
		for !l.done {
			next, ok := m.cache.get(fetch{res: to.res, start: l.loaded})
			if !ok {
				break
			}
			l.add(next.page)
		}
		pg.list = l
		pg.lv.SetLen(len(l.items))
		if pg.title == "" {
			pg.title = l.heading
		}
	}
	if pg.title == "" {
		pg.title = line(to.res.Link)
	}
	return pg, true
}
