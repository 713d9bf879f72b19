package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/present"
	"coview/present/sanitize"
)

// listPage is a list on screen: the rows of every page of it loaded so
// far, as present put them, joined, with the widest cell of each column
// kept as pages arrive so that drawing costs only the visible rows.
type listPage struct {
	columns []present.Column
	items   []present.Item
	total   int  // items in the whole list; -1 when the registry did not say
	loaded  int  // items received so far: where the next page starts
	done    bool // nothing more to fetch
	empty   string
	summary string // counts, under the breadcrumb
	caveat  string // a warning about reading the list (dissolved companies)
	heading string // whose list it is, when that is not a company (an officer)
	widest  []int  // the widest cell of each column so far
}

// newListPage starts a list with its first page.
func newListPage(first *present.Page) *listPage {
	l := &listPage{columns: first.Columns, total: -1}
	l.add(first)
	return l
}

// add joins the next page of the list: its rows, and what it says about
// the whole list.
func (l *listPage) add(pg *present.Page) {
	l.total, l.empty, l.summary, l.caveat = pg.Total, pg.Empty, pg.Summary, pg.Caveat
	if pg.Heading != "" {
		l.heading = pg.Heading
	}
	for _, it := range pg.Items {
		for i, c := range it.Cells {
			if i >= len(l.widest) {
				l.widest = append(l.widest, 0)
			}
			l.widest[i] = max(l.widest[i], ansi.StringWidth(c))
		}
	}
	l.items = append(l.items, pg.Items...)
	got := len(pg.Items)
	l.loaded += got
	l.done = got == 0 || (l.total >= 0 && l.loaded >= l.total)
}

// line is a value from the network made safe to draw on one line.
func line(s string) string { return sanitize.Line(strings.TrimSpace(s)) }
