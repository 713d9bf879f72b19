package ui

import (
	"fmt"

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
	doc     *document          // one thing in words, JSON, or the source of any page
	head    string             // what the page says about itself, under the breadcrumb
	caveat  string             // a warning about reading it
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

// showsPanes says whether the page is a profile in its five panes (not
// its source).
func (pg *page) showsPanes() bool { return pg.isProfile() && !pg.source }

const linksTab = 4

// build makes the page for a place from what the cache holds, or reports
// that something must be fetched first. Whether it is a list, one thing
// in words or JSON is read from the answer as present put it.
func (m *model) build(to place) (*page, bool) {
	if to.show == showConnections {
		return m.buildConnections(to), true
	}
	pg := &page{place: to, restore: true}
	pg.profile = m.cache.profile(to.company)
	switch {
	case to.isHome():
		return pg, true
	case to.isProfile():
		if pg.profile == nil {
			return nil, false
		}
		if pg.title == "" {
			pg.title = or(line(pg.profile.CompanyName), to.res.Number.String())
		}
		if to.source {
			pg.doc = &document{json: present.Document(pg.profile.Raw)}
			pg.head = "Source of " + line(to.res.Link) + " (v: back)"
			return pg, true
		}
		pg.panes = present.Panes(pg.profile, m.now())
		pg.links = present.ProfileLinks(pg.profile)
		pg.lv.SetLen(len(pg.links))
		return pg, true
	}
	first, ok := m.cache.get(fetch{res: to.res})
	if !ok {
		return nil, false
	}
	fp := first.page
	switch {
	case to.source:
		pg.doc = &document{json: m.sourceOf(to.res, first)}
		pg.head = "Source of " + line(to.res.Link) + " (v: back)"
	case len(fp.Columns) > 0:
		l := newListPage(fp)
		for !l.done {
			next, ok := m.cache.get(fetch{res: to.res, start: l.loaded})
			if !ok {
				break
			}
			l.add(next.page)
		}
		pg.list = l
		l.setFilter(to.filter, to.current)
		pg.lv.SetLen(l.len())
		if pg.title == "" {
			pg.title = l.heading
		}
	case len(fp.Sections) > 0:
		pg.doc = &document{sections: fp.Sections}
		pg.head, pg.caveat = or(fp.Summary, fp.Heading), fp.Caveat
	default:
		pg.doc = &document{json: fp.Lines}
		pg.head = "Document " + line(to.res.Link)
	}
	if pg.title == "" {
		pg.title = line(to.res.Link)
	}
	return pg, true
}

// sourceOf is the JSON of a resource as the registry sent it: every page
// of a list loaded so far, one after the other.
func (m *model) sourceOf(res api.Resource, first entry) []present.Line {
	lines := present.Document(first.raw.unpack())
	if first.page == nil || len(first.page.Columns) == 0 {
		return lines
	}
	for start := len(first.page.Items); ; {
		next, ok := m.cache.peek(fetch{res: res, start: start})
		if !ok || next.page == nil || len(next.page.Items) == 0 {
			return lines
		}
		lines = append(lines, present.Line{Text: fmt.Sprintf("— the next page, from item %s —", present.Thousands(start+1))})
		lines = append(lines, present.Document(next.raw.unpack())...)
		start += len(next.page.Items)
	}
}
