package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
)

// The search box takes a number or a name. A name brings matches under
// the box as it is typed: after a short pause, one request a pause, the
// one in flight given up when the text changes, and a query already asked
// in this session costs nothing.

// typingPause is how long the text must rest before it is searched for:
// long enough that typing at a normal pace asks once, at the end.
const typingPause = 250 * time.Millisecond

// suggestShown is how many matches the box offers under it.
const suggestShown = 8

// suggestions are the matches offered under the search box.
type suggestions struct {
	query   string         // what they are for
	items   []present.Item // the matches, as the results page shows them
	summary string         // how many in all, or that nothing was found
	sel     int            // the match picked with ↑/↓, or -1
	asking  *request       // the search in flight, if any
}

// pauseMsg says the text has rested for typingPause since it was typed.
type pauseMsg struct {
	id   int
	text string
}

// suggestedMsg is the answer to a search for matches.
type suggestedMsg struct {
	id  int
	f   fetch
	got entry
	err error
}

// nameQuery is the text of the search box as a name to search for, or ""
// when it reads as a company number, is too short to search, or looks
// like a mistyped number (digits and no word): those are for Enter.
func nameQuery(text string) string {
	text = api.CleanQuery(text)
	if len([]rune(text)) < 2 || api.ReadsAsNumbers(text) || numberAttempt(text) {
		return ""
	}
	return text
}

// numberAttempt says whether text looks like a company number typed
// wrong ("sc12345678", "0123 4567") rather than a name: it has digits and
// no word of three letters or more.
func numberAttempt(text string) bool {
	if !strings.ContainsFunc(text, unicode.IsDigit) {
		return false
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 3 && !strings.EqualFold(w, "company") {
			return false
		}
	}
	return true
}

// searchFor is the search the box makes for a name: every kind, the
// registry's own order, a page as large as the results page asks for, so
// that opening the results costs nothing more.
func searchFor(q string) fetch {
	return fetch{res: api.SearchResource(api.ResSearch, q)}
}

// onSearchText follows the text of the box as it changes: a name waits
// for a pause, anything else drops the matches offered.
func (m *model) onSearchText() tea.Cmd {
	q := nameQuery(m.search.Value())
	if q == m.suggest.query {
		return nil
	}
	m.stopSuggesting()
	m.suggest = suggestions{sel: -1}
	if q == "" {
		return nil
	}
	m.suggest.query = q
	m.pauseID++
	id := m.pauseID
	return m.after(typingPause, func(time.Time) tea.Msg { return pauseMsg{id, q} })
}

// onPause asks for the matches of the text that rested, from the cache
// when this session asked already.
func (m *model) onPause(msg pauseMsg) tea.Cmd {
	if msg.id != m.pauseID || msg.text != m.suggest.query || !m.searching {
		return nil
	}
	f := searchFor(msg.text)
	if e, ok := m.cache.get(f); ok {
		m.showSuggestions(e.page)
		return nil
	}
	m.seq++
	ctx, cancel := context.WithCancel(m.ctx)
	r := &request{id: m.seq, f: f, cancel: cancel}
	m.suggest.asking = r
	reg, id := m.reg, r.id
	return tea.Batch(m.guard(func() tea.Msg {
		defer cancel()
		got, err := f.do(ctx, reg, nil)
		return suggestedMsg{id: id, f: f, got: got, err: err}
	}), m.startSpinner())
}

// onSuggested takes the matches in; they are cached whatever became of
// the text, and shown if it is still what they were asked for.
func (m *model) onSuggested(msg suggestedMsg) tea.Cmd {
	if msg.err == nil {
		m.cache.put(msg.f, msg.got)
	}
	if r := m.suggest.asking; r == nil || r.id != msg.id {
		return nil
	}
	m.suggest.asking = nil
	if msg.err != nil {
		if !isCanceled(msg.err) {
			m.suggest.summary = "Matches not found: " + line(explain(msg.err, msg.f, m.now(), time.Time{}).detail)
		}
		return nil
	}
	m.showSuggestions(msg.got.page)
	return nil
}

func (m *model) showSuggestions(pg *present.Page) {
	m.suggest.items = pg.Items
	m.suggest.summary = pg.Summary
	m.suggest.sel = -1
}

// stopSuggesting gives up the search in flight.
func (m *model) stopSuggesting() {
	if r := m.suggest.asking; r != nil {
		r.cancel()
		m.suggest.asking = nil
	}
}

// suggesting says whether matches (or the wait for them) are shown under
// the box.
func (m *model) suggesting() bool {
	return m.searching && m.keys == nil && m.suggest.query != "" && m.suggest.query == nameQuery(m.search.Value())
}

// moveSuggestion moves the pick among the matches shown, and back to the
// box past either end.
func (m *model) moveSuggestion(delta int) {
	n := min(len(m.suggest.items), suggestShown)
	if n == 0 {
		return
	}
	m.suggest.sel = (m.suggest.sel+1+delta+(n+1))%(n+1) - 1
}

// openSearchResults is Enter on a name: the results page, with every
// match the registry will show, in history like any page.
func (m *model) openSearchResults(q string) tea.Cmd {
	to := place{res: api.SearchResource(api.ResSearch, q), title: fmt.Sprintf("Search %q", q)}
	to.trail = m.trailHere()
	m.stopSuggesting()
	return m.navigate(to, forOpen, 0, true)
}

// suggestLines are the matches under the box: what they are for, how many,
// and the first few, the picked one marked.
func (m *model) suggestLines(w int) []string {
	if !m.suggesting() {
		return nil
	}
	s := m.styles
	head := fmt.Sprintf("Matches for %q", m.suggest.query)
	switch {
	case m.suggest.asking != nil || (m.suggest.items == nil && m.suggest.summary == ""):
		head += ": searching…"
	case len(m.suggest.items) == 0:
		head = line(or(m.suggest.summary, fmt.Sprintf("Nothing found for %q", m.suggest.query))) + ": edit the text, or esc"
	default:
		head = line(m.suggest.summary) + ": ↑/↓ pick, Enter opens"
	}
	out := []string{fit("  "+s.Quiet.Render(head), w)}
	items := m.suggest.items[:min(len(m.suggest.items), suggestShown)]
	for i, it := range items {
		out = append(out, m.matchLine(it, i == m.suggest.sel, w))
	}
	return out
}

// matchLine is one match under the box: its name (the matched part
// marked), what it is, and where.
func (m *model) matchLine(it present.Item, selected bool, w int) string {
	var parts []string
	for _, c := range it.Cells[1:] {
		if c != "" {
			parts = append(parts, c)
		}
	}
	rest := strings.Join(parts, " · ")
	if selected {
		return m.rowStyle(it.Cells[0]+"  "+rest, true, false, w)
	}
	name := m.accented(it, 0, it.Cells[0], m.styles.rows.value)
	return fit("  "+name+"  "+m.styles.rows.quiet.paint(rest), w)
}

func isCanceled(err error) bool {
	return errors.Is(err, api.ErrCanceled) || errors.Is(err, context.Canceled)
}

// searchKinds are the views of a name search, in tab order.
var searchKinds = []api.ResourceKind{api.ResSearch, api.ResSearchCompanies, api.ResSearchOfficers}

func isSearch(res api.Resource) bool { return slices.Contains(searchKinds, res.Kind) }

// searchTabsLine is the choice of what a results page lists.
func (m *model) searchTabsLine(w int) string {
	var b strings.Builder
	for i, name := range []string{"all", "companies", "officers"} {
		label := fmt.Sprintf("%d %s", i+1, name)
		if searchKinds[i] == m.page.res.Kind {
			b.WriteString(m.styles.TabOn.Render(label))
		} else {
			b.WriteString(m.styles.Tab.Render(label))
		}
	}
	return fit(" "+b.String(), w)
}

// switchSearch shows the same search listing another kind: all,
// companies or officers. It takes the place of the page in history.
func (m *model) switchSearch(i int) tea.Cmd {
	n := len(searchKinds)
	kind := searchKinds[((i%n)+n)%n]
	if kind == m.page.res.Kind {
		return nil
	}
	to := m.page.view()
	to.res = api.SearchResource(kind, api.SearchQuery(m.page.res.Link))
	to.cursor, to.offset, to.filter, to.current = 0, 0, "", false
	return m.navigate(to, forReload, 0, false)
}
