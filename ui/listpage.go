package ui

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"coview/present"
	"coview/present/sanitize"
)

// listPage is a list on screen: the rows of every page of it loaded so
// far, as present put them, with the widest cell of each column kept as
// pages arrive so that drawing costs only the visible rows. The rows are
// the cached pages' own, not copies: a long list is held once.
type listPage struct {
	columns []present.Column
	chunks  [][]present.Item // each page's rows, in order
	starts  []int            // the index of each chunk's first row
	count   int              // rows loaded
	total   int              // items in the whole list; -1 when the registry did not say
	loaded  int              // items received so far: where the next page starts
	done    bool             // nothing more to fetch
	empty   string
	summary string // counts, under the breadcrumb
	caveat  string // a warning about reading the list (dissolved companies)
	heading string // whose list it is, when that is not a company (an officer)
	widest  []int  // the widest cell of each column so far

	// What is shown of the items loaded: those containing filter (as
	// typed, any case) and, with current, none that are Quiet (resigned,
	// ceased, satisfied). shown holds their indices; nil shows them all.
	filter  string
	current bool
	shown   []int
	quiet   bool // some row loaded is resigned, ceased or satisfied
}

// filtered says whether the list shows only some of its items.
func (l *listPage) filtered() bool { return l.filter != "" || l.current }

// len is the number of rows shown.
func (l *listPage) len() int {
	if l.filtered() {
		return len(l.shown)
	}
	return l.count
}

// item is the i-th row shown.
func (l *listPage) item(i int) present.Item {
	if l.filtered() {
		return l.at(l.shown[i])
	}
	return l.at(i)
}

// at is the i-th row loaded, shown or not.
func (l *listPage) at(i int) present.Item {
	c := sort.SearchInts(l.starts, i+1) - 1
	return l.chunks[c][i-l.starts[c]]
}

// pageStart is where the page of the list that the i-th row shown came
// in starts: the start index it was asked for, and its key in the cache.
func (l *listPage) pageStart(i int) int {
	if l.filtered() {
		i = l.shown[i]
	}
	return l.starts[sort.SearchInts(l.starts, i+1)-1]
}

// setFilter shows only the rows that match, of those loaded and of those
// still to come.
func (l *listPage) setFilter(text string, current bool) {
	l.filter, l.current = text, current
	l.shown = l.shown[:0]
	if l.filtered() {
		l.match(0)
	}
}

// match notes which items from index from on are shown.
func (l *listPage) match(from int) {
	needle := strings.ToLower(l.filter)
	for i := from; i < l.count; i++ {
		it := l.at(i)
		if l.current && it.Quiet {
			continue
		}
		if needle == "" || slices.ContainsFunc(it.Cells, func(c string) bool { return strings.Contains(strings.ToLower(c), needle) }) {
			l.shown = append(l.shown, i)
		}
	}
}

// hasQuiet says whether some rows loaded are resigned, ceased or
// satisfied, so that showing the current ones only means something.
func (l *listPage) hasQuiet() bool { return l.quiet }

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
	from := l.count
	if len(pg.Items) > 0 {
		l.chunks = append(l.chunks, pg.Items)
		l.starts = append(l.starts, l.count)
		l.count += len(pg.Items)
	}
	// Kept as rows arrive: the footer asks on every frame.
	l.quiet = l.quiet || slices.ContainsFunc(pg.Items, func(it present.Item) bool { return it.Quiet })
	if l.filtered() {
		l.match(from)
	}
	got := len(pg.Items)
	l.loaded += got
	l.done = got == 0 || (l.total >= 0 && l.loaded >= l.total)
}

// line is a value from the network made safe to draw on one line.
func line(s string) string { return sanitize.Line(strings.TrimSpace(s)) }

// endWithoutAsking is how many pages end may fetch to reach the real end
// of a list before it asks first: each is a request against the quota.
const endWithoutAsking = 5

// toListEnd is end on a list not all loaded: it fetches what is left, with
// progress on the status line (esc stops it), and then goes to the last
// row. When that is more than a few pages it asks first, saying what it
// will cost.
func (m *model) toListEnd() tea.Cmd {
	l := m.page.list
	pages := -1
	if l.total >= 0 {
		pages = (l.total - l.loaded + pageSize - 1) / pageSize
	}
	if !m.endAsked && (pages < 0 || pages > endWithoutAsking) {
		m.endAsked = true
		cost := "an unknown number of pages to load"
		if pages > 0 {
			cost = fmt.Sprintf("%d more pages to load (%d requests", pages, pages)
			if q := m.reg.RateLimit(); q.Known && q.Remain >= 0 {
				cost += fmt.Sprintf(" of %s left", present.Thousands(q.Remain))
			}
			cost += ")"
		}
		return m.flash(cost+": end again loads them", false)
	}
	m.endAsked = false
	m.toEnd = true
	m.note = "" // the question is answered
	return m.moreIfNear()
}
