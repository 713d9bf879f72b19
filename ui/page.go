package ui

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"coview/api"
	"coview/ui/listview"
	"coview/ui/panes"
	"coview/ui/sanitize"
)

// page is what is on screen: a place and the data it shows, rebuilt from
// the cache whenever the user arrives at it.
type page struct {
	place
	profile *api.Profile     // the profile shown, or the company the list or document belongs to
	panes   []panes.Pane     // a profile's five panes
	links   []panes.LinkItem // a profile's links
	list    *listPage        // a list
	doc     []docLine        // a document's lines
	lv      listview.Model   // the cursor over the list, the document or the links

	// restore asks for the saved cursor and offset to be applied once the
	// window's height is known.
	restore bool
}

// docLine is one line of a pretty-printed document, and the link on it.
type docLine struct {
	text string
	link string
}

// view is the place with how it is being looked at now, for history.
func (pg *page) view() place {
	p := pg.place
	p.cursor, p.offset = pg.lv.Cursor(), pg.lv.Offset()
	return p
}

const linksTab = 4

// build makes the page for a place from what the cache holds, or reports
// that something must be fetched first.
func (m *model) build(to place) (*page, bool) {
	pg := &page{place: to, restore: true}
	if to.number != "" {
		if p, ok := m.cache.get(fetch{kind: kindProfile, number: to.number}.key()); ok {
			pg.profile = p.(*api.Profile)
		}
	}
	switch to.kind {
	case kindHome:
		return pg, true
	case kindProfile:
		if pg.profile == nil {
			return nil, false
		}
		pg.panes = panes.All(pg.profile, m.now())
		pg.links = panes.Links(pg.profile)
		pg.lv.SetLen(len(pg.links))
		if pg.title == "" {
			pg.title = or(line(pg.profile.CompanyName), to.number)
		}
	case kindJSON:
		r, ok := m.cache.get(fetch{kind: kindJSON, link: to.link}.key())
		if !ok {
			return nil, false
		}
		pg.doc = document(r.(*api.Response).Body)
		pg.lv.SetLen(len(pg.doc))
	default:
		l := &listPage{total: -1}
		dissolved := pg.profile != nil && panes.Closed(pg.profile)
		for {
			d, ok := m.cache.get(fetch{kind: to.kind, link: to.link, start: l.loaded}.key())
			if !ok {
				if l.loaded == 0 {
					return nil, false
				}
				break
			}
			l.addPage(d, dissolved)
			if l.done {
				break
			}
		}
		pg.list = l
		pg.lv.SetLen(len(l.rows))
		if pg.title == "" && l.heading != "" {
			pg.title = l.heading
		}
	}
	if pg.title == "" {
		pg.title = to.link
	}
	return pg, true
}

// linkValue finds a link in a line of pretty-printed JSON: a member whose
// value is a path, as registry documents carry in their "links".
var linkValue = regexp.MustCompile(`^\s*"[^"]+":\s*"(/[^"\\]*)",?$`)

// document pretty-prints a JSON body into sanitised lines, noting the
// links that may be followed. A body that is not JSON is shown as text.
func document(body []byte) []docLine {
	var buf bytes.Buffer
	text := string(body)
	if json.Indent(&buf, body, "", "  ") == nil {
		text = buf.String()
	}
	raw := strings.Split(strings.TrimRight(text, "\n"), "\n")
	out := make([]docLine, len(raw))
	for i, l := range raw {
		out[i].text = sanitize.Line(l)
		if m := linkValue.FindStringSubmatch(l); m != nil && api.CheckLink(m[1]) == nil {
			out[i].link = m[1]
		}
	}
	return out
}
