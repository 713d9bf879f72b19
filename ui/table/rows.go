// Package table is a list on screen as the browser draws it: the rows of
// every page of it loaded so far, in columns sized by what they hold, a
// filter over them, and the drawing of headings, rows and a row's long
// text. Every part that lists something (officers, filings, search
// results, connections) holds one.
package table

import (
	"slices"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/present"
)

// Rows are a list's rows as present put them, with the widest cell of
// each column kept as pages arrive so that drawing costs only the visible
// rows. The rows are the cached pages' own, not copies: a long list is
// held once.
type Rows struct {
	Columns []present.Column
	chunks  [][]present.Item // each page's rows, in order
	starts  []int            // the index of each chunk's first row
	Count   int              // rows loaded
	Total   int              // items in the whole list; -1 when the registry did not say
	Loaded  int              // items received so far: where the next page starts
	Done    bool             // nothing more to fetch
	Empty   string
	Summary string  // counts, under the breadcrumb
	Caveat  string  // a warning about reading the list (dissolved companies)
	Heading string  // whose list it is, when that is not a company (an officer)
	Past    string  // what a quiet row is ("resigned"); "" when rows are neither current nor past
	Widest  []int   // the widest cell of each column so far
	Typical []int   // the width three cells in four of each column are within
	counts  [][]int // how many cells of each column are of each width, the last counting all wider

	// What is shown of the items loaded: those containing Filter (as
	// typed, any case) and, with Current, none that are Quiet (resigned,
	// ceased, satisfied), in the order of a column when Sort says so
	// (sort.go).
	Filter  string
	Current bool
	Sort    int // the column+1 the rows are in the order of, negative for descending; 0: the registry's order
	view
	quiet bool // some row loaded is resigned, ceased or satisfied
}

// view is which rows loaded are shown, in which order: order holds the
// indices of them all as sorted (nil: as loaded), shown those the filter
// keeps, in that order (nil: all).
type view struct {
	order []int
	shown []int
}

// New starts a list with its first page.
func New(first *present.Page) *Rows {
	l := &Rows{Columns: first.Columns, Total: -1}
	l.Add(first)
	return l
}

// Filtered says whether the list shows only some of its items.
func (l *Rows) Filtered() bool { return l.Filter != "" || l.Current }

// Len is the number of rows shown.
func (l *Rows) Len() int {
	if l.Filtered() {
		return len(l.shown)
	}
	return l.Count
}

// Item is the i-th row shown.
func (l *Rows) Item(i int) present.Item { return l.At(l.LoadedIndex(i)) }

// Index is where the i-th row shown is among the rows loaded.
func (l *Rows) Index(i int) int {
	if l.Filtered() {
		return l.shown[i]
	}
	return i
}

// At is the i-th row loaded, shown or not.
func (l *Rows) At(i int) present.Item {
	c := sort.SearchInts(l.starts, i+1) - 1
	return l.chunks[c][i-l.starts[c]]
}

// PageStart is where the page of the list that the i-th row shown came
// in starts: the start index it was asked for, and its key in the cache.
func (l *Rows) PageStart(i int) int {
	i = l.LoadedIndex(i)
	return l.starts[sort.SearchInts(l.starts, i+1)-1]
}

// LoadedIndex is the index among the rows loaded of the i-th row shown.
func (l *Rows) LoadedIndex(i int) int {
	if l.Filtered() {
		return l.shown[i]
	}
	return l.loaded(i)
}

// ShownIndex is the index among the rows shown of the row loaded at i,
// or of the first shown after it when it is not shown (the last shown
// when none is).
func (l *Rows) ShownIndex(i int) int {
	if l.Sorted() {
		return l.sortedShownIndex(i)
	}
	if !l.Filtered() {
		return i
	}
	return min(sort.SearchInts(l.shown, i), max(len(l.shown)-1, 0))
}

// SetFilter shows only the rows that match, of those loaded and of those
// still to come.
func (l *Rows) SetFilter(text string, current bool) {
	l.Filter, l.Current = text, current
	l.shown = l.shown[:0]
	if l.Filtered() {
		l.match(0)
	}
}

// match notes which items from index from on (in the order shown) are
// shown.
func (l *Rows) match(from int) {
	needle := strings.ToLower(l.Filter)
	for k := from; k < l.Count; k++ {
		i := l.loaded(k)
		it := l.At(i)
		if l.Current && it.Quiet {
			continue
		}
		if needle == "" || slices.ContainsFunc(it.Cells, func(c string) bool { return strings.Contains(strings.ToLower(c), needle) }) {
			l.shown = append(l.shown, i)
		}
	}
}

// HasQuiet says whether some rows loaded are resigned, ceased or
// satisfied, so that showing the current ones only means something.
func (l *Rows) HasQuiet() bool { return l.quiet }

// Add joins the next page of the list: its rows, and what it says about
// the whole list.
func (l *Rows) Add(pg *present.Page) {
	l.Total, l.Empty, l.Summary, l.Caveat = pg.Total, pg.Empty, pg.Summary, pg.Caveat
	if pg.Heading != "" {
		l.Heading = pg.Heading
	}
	if pg.Past != "" {
		l.Past = pg.Past
	}
	l.measure(pg.Items)
	if l.repeats(pg) {
		// A registry that sends pages it has sent would be paged for
		// ever: what it sent is all there is, and the list says so.
		l.Done = true
		l.Caveat = NothingNew
		return
	}
	from := l.Count
	if len(pg.Items) > 0 {
		l.chunks = append(l.chunks, pg.Items)
		l.starts = append(l.starts, l.Count)
		l.Count += len(pg.Items)
	}
	// Kept as rows arrive: the footer asks on every frame.
	l.quiet = l.quiet || slices.ContainsFunc(pg.Items, func(it present.Item) bool { return it.Quiet })
	switch {
	case l.Sorted():
		l.resort() // once a page, not per frame
	case l.Filtered():
		l.match(from)
	}
	got := len(pg.Items)
	l.Loaded += got
	if l.Total >= 0 && l.Loaded > l.Total {
		l.Total = -1 // more rows than counted: the rows are trusted, the count is not
	}
	l.Done = got == 0 || (l.Total >= 0 && l.Loaded >= l.Total)
}

// measure notes the widths of the cells of rows arriving: the widest of
// each column, and how many are of each width, from which the typical
// width is worked out again once a page.
func (l *Rows) measure(items []present.Item) {
	for _, it := range items {
		for i, c := range it.Cells {
			if i >= len(l.Widest) {
				l.Widest = append(l.Widest, 0)
				l.counts = append(l.counts, make([]int, widthsCounted+1))
			}
			n := ansi.StringWidth(c)
			l.Widest[i] = max(l.Widest[i], n)
			l.counts[i][min(n, widthsCounted)]++
		}
	}
	l.Typical = l.Typical[:0]
	for _, counts := range l.counts {
		total := 0
		for _, n := range counts {
			total += n
		}
		seen, typical := 0, 0
		for width, n := range counts {
			seen += n
			if 4*seen >= 3*total {
				typical = width
				break
			}
		}
		l.Typical = append(l.Typical, typical)
	}
}

// widthsCounted is the widest cell counted by its width; wider ones are
// counted together.
const widthsCounted = 80

// NothingNew is what a list says when the registry's next page brought
// nothing new, as the command line's paging says it on stderr.
const NothingNew = "The registry's next page brought no row it had not sent already: these are all it gives."

// repeats says whether a page brings nothing new: every row it has leads
// somewhere a row loaded already leads (the registry sent the same page
// again, or pages it had sent), the rule every search and list pages by.
// A row leading nowhere cannot be told apart, and counts as new.
func (l *Rows) repeats(pg *present.Page) bool {
	if len(l.chunks) == 0 || len(pg.Items) == 0 {
		return false
	}
	loaded := make(map[string]bool, l.Count)
	for _, c := range l.chunks {
		for _, it := range c {
			loaded[it.Link] = it.Link != ""
		}
	}
	for _, it := range pg.Items {
		if !loaded[it.Link] {
			return false
		}
	}
	return true
}

// All is every row loaded, in the registry's order, for tests.
func (l *Rows) All() []present.Item {
	out := make([]present.Item, 0, l.Count)
	for _, c := range l.chunks {
		out = append(out, c...)
	}
	return out
}
