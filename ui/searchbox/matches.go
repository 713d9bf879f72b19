package searchbox

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/table"
)

// The box takes a number or a name. A name brings matches under the box
// as it is typed: after a short pause, one request a pause, the one in
// flight given up when the text changes, and a query already asked in
// this session costs nothing.

// typingPause is how long the text must rest before it is searched for:
// long enough that typing at a normal pace asks once, at the end.
const typingPause = 250 * time.Millisecond

// matchesShown is how many matches the box offers under it.
const matchesShown = 8

// matches are those offered under the box.
type matches struct {
	query   string         // what they are for
	items   []present.Item // the matches, as the results page shows them
	summary string         // how many in all, or that nothing was found
	failed  string         // why they could not be fetched, in words
	waiting bool           // a pause in typing is waited for, to ask then
	sel     int            // the match picked with ↑/↓, or -1
	asking  *askRequest    // the search in flight, if any
	pause   int            // the pause in typing waited for; older ones are dropped
}

// askRequest is a search for matches in flight.
type askRequest struct {
	id     int
	cancel context.CancelFunc
}

// pauseMsg says the text has rested for typingPause since it was typed.
type pauseMsg struct {
	id   int
	text string
}

// matchedMsg is the answer to a search for matches.
type matchedMsg struct {
	id  int
	key common.Key
	got common.Entry
	err error
}

// stop gives up the search in flight, and the one a pause would ask.
func (m *matches) stop() {
	m.waiting = false
	if m.asking != nil {
		m.asking.cancel()
		m.asking = nil
	}
}

// move moves the pick among the matches shown, and back to the box past
// either end.
func (m *matches) move(delta int) {
	n := min(len(m.items), matchesShown)
	if n == 0 {
		return
	}
	m.sel = (m.sel+1+delta+(n+1))%(n+1) - 1
}

// picked is the match picked with ↑/↓, if any.
func (m *matches) picked() (present.Item, bool) {
	if m.sel < 0 || m.sel >= len(m.items) {
		return present.Item{}, false
	}
	return m.items[m.sel], true
}

func (m *matches) show(pg *present.Page) {
	m.items, m.summary, m.sel = pg.Items, pg.Summary, -1
}

// nameQuery is the text of the box as a name to search for, or "" when
// it reads as a company number, is too short to search, or looks like a
// mistyped number (digits and no word): those are for Enter.
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
func searchFor(q string) common.Key {
	return common.Key{Res: api.SearchResource(api.ResSearch, q)}
}

// onText follows the text of the box as it changes: a name waits for a
// pause, anything else drops the matches offered.
func (b *Box) onText() tea.Cmd {
	q := nameQuery(b.input.Value())
	if q == b.matches.query {
		return nil
	}
	b.matches.stop()
	pause := b.matches.pause + 1
	b.matches = matches{sel: -1, pause: pause}
	if q == "" {
		return nil
	}
	b.matches.query, b.matches.waiting = q, true
	return b.c.After(typingPause, func(time.Time) tea.Msg { return pauseMsg{pause, q} })
}

// onPause asks for the matches of the text that rested, from the cache
// when this session asked already.
func (b *Box) onPause(msg pauseMsg) tea.Cmd {
	if msg.id != b.matches.pause || msg.text != b.matches.query || !b.focused || !b.matches.waiting {
		return nil
	}
	b.matches.waiting = false
	if b.c.Local != nil {
		return b.askLocal(msg.text)
	}
	k := searchFor(msg.text)
	if e, ok := b.c.Cache.Get(k); ok {
		b.matches.show(e.Page)
		return nil
	}
	id := b.c.NextID()
	ctx, cancel := context.WithCancel(b.c.Ctx)
	b.matches.asking = &askRequest{id: id, cancel: cancel}
	reg, now := b.c.Reg, b.c.Now
	return b.c.Guard(func() tea.Msg {
		defer cancel()
		got, err := common.Fetch(ctx, reg, k, nil, now)
		return matchedMsg{id: id, key: k, got: got, err: err}
	})
}

// askLocal asks the register's index on this machine for the companies
// the text may be: as a request would be, in a Cmd, so that no key waits
// for it, and its answer is dropped if the text has changed since.
func (b *Box) askLocal(text string) tea.Cmd {
	id := b.c.NextID()
	ctx, cancel := context.WithCancel(b.c.Ctx)
	b.matches.asking = &askRequest{id: id, cancel: cancel}
	local, now := b.c.Local, b.c.Now
	return b.c.Guard(func() tea.Msg {
		defer cancel()
		a, err := local.Typed(ctx, text, matchesShown)
		if err != nil {
			return matchedMsg{id: id, err: err}
		}
		pg := present.ShowAt(a, nil, now())
		pg.Summary = "From " + local.Where()
		if len(pg.Items) == 0 {
			pg.Summary = "No company on " + local.Where() + " is named so"
		}
		return matchedMsg{id: id, got: common.Entry{Page: pg}}
	})
}

// onMatched takes the matches in; they are cached whatever became of the
// text (the index's are not: asking it again costs nothing), and shown if
// it is still what they were asked for.
func (b *Box) onMatched(msg matchedMsg) {
	if msg.err == nil && msg.key.Res.Link != "" {
		b.c.Cache.Put(msg.key, msg.got)
	}
	if r := b.matches.asking; r == nil || r.id != msg.id {
		return
	}
	b.matches.asking = nil
	if msg.err != nil {
		if !common.IsCanceled(msg.err) {
			// What went wrong, not "not found": the name may well match.
			b.matches.failed = common.Explain(msg.err, msg.key.Res, b.c.Now(), time.Time{}).Title
		}
		return
	}
	b.matches.show(msg.got.Page)
}

// suggesting says whether matches (or the wait for them) are shown under
// the box.
func (b *Box) suggesting() bool {
	return b.focused && b.matches.query != "" && b.matches.query == nameQuery(b.input.Value())
}

// Searching says whether the box waits for matches, for the spinner.
func (b *Box) Searching() bool { return b.matches.asking != nil }

// matchLines are the matches under the box: what they are for, how many,
// and the first few, the picked one marked.
func (b *Box) matchLines(w int) []string {
	if !b.suggesting() {
		return nil
	}
	m := &b.matches
	head := fmt.Sprintf("Matches for %q", m.query)
	switch {
	case m.failed != "":
		// Enter lists the matches on a page of their own: the request
		// again. r would only type an r.
		head += ": " + common.Sentence(common.Line(m.failed)) + " Enter tries again, esc leaves the search"
	case m.asking != nil || m.waiting:
		head += ": searching…"
	case m.items == nil && m.summary == "":
		// Asked for no more (Enter listed them, and esc stopped that):
		// nothing is on its way.
		return nil
	case len(m.items) == 0:
		head = common.Line(common.Or(m.summary, fmt.Sprintf("Nothing found for %q", m.query))) + ": edit the text, or esc"
	default:
		head = common.Line(m.summary) + ": ↑/↓ pick, Enter opens"
	}
	var out []string
	for _, l := range common.Wrap(head, w-2, 2) {
		out = append(out, common.Fit("  "+b.c.Styles.Quiet.Render(l), w))
	}
	for i, it := range m.items[:min(len(m.items), matchesShown)] {
		out = append(out, b.matchLine(it, i == m.sel, w))
	}
	return out
}

// matchLine is one match under the box: its name (the matched part
// marked), what it is, and where.
func (b *Box) matchLine(it present.Item, selected bool, w int) string {
	var parts []string
	for _, c := range it.Cells[1:] {
		if c != "" {
			parts = append(parts, c)
		}
	}
	rest := strings.Join(parts, " · ")
	if selected {
		return b.c.RowStyle(it.Cells[0]+"  "+rest, true, false, w)
	}
	name := table.Accented(b.c, it, 0, it.Cells[0], b.c.Styles.Rows.Value)
	return common.Fit("  "+name+"  "+b.c.Styles.Rows.Quiet.Paint(rest), w)
}
