// Package list is the page of a list the registry serves a page at a
// time (officers, filings, PSCs, charges, an officer's appointments,
// search results): rows under columns, the next page asked for as the
// cursor nears the end of what is loaded, end to load it all, a filter.
package list

import (
	"errors"
	"fmt"
	"os"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/save"
	"coview/ui/common"
	"coview/ui/listview"
	"coview/ui/table"
)

// Part is a list on screen.
type Part struct {
	common.Base
	T *table.Model

	more       *common.Request // the next page, in flight
	moreFailed func()          // set while the last request for more failed: moving does not ask again
	toEnd      bool            // loading the list to its end (end), page after page
	endAsked   bool            // end said what loading to the end costs; end again goes
	restore    bool            // the saved cursor waits for the window's height

	// Above and Below add lines around the list's counts, for pages that
	// are a list and more (the tabs of search results, who else an
	// officer probably is).
	Above, Below func(w int) []string
}

// New makes the list of a place from the cache: its first page, and every
// page after it the cache holds. ok is false when the first page is not
// there, or the answer is not a list.
func New(c *common.Common, at common.Place) (*Part, bool) {
	first, ok := c.Cache.Get(common.Key{Res: at.Res})
	if !ok || first.Page == nil || len(first.Page.Columns) == 0 {
		return nil, false
	}
	rows := table.New(first.Page)
	for !rows.Done {
		next, ok := c.Cache.Get(common.Key{Res: at.Res, Start: rows.Loaded})
		if !ok || next.Page == nil {
			break
		}
		rows.Add(next.Page)
	}
	return FromRows(c, at, rows), true
}

// FromRows makes the page of a list already in rows.
func FromRows(c *common.Common, at common.Place, rows *table.Rows) *Part {
	if at.Title == "" {
		at.Title = rows.Heading
	}
	if at.Title == "" {
		at.Title = common.Line(at.Res.Link)
	}
	p := &Part{Base: common.Base{C: c, At: at, Profile: c.Cache.Profile(at.Company)}, restore: true}
	p.T = table.NewModel(c, rows, at)
	return p
}

// Place is where the list is, as it is being looked at.
func (p *Part) Place() common.Place { return p.T.View(p.At) }

// Layout gives the window its height and, the first time, puts the
// cursor where history left it.
func (p *Part) Layout(h int) {
	p.T.LV.SetHeight(h)
	if p.restore {
		p.T.LV.SetPosition(p.At.Cursor, p.At.Offset)
		p.restore = false
	}
}

// Head is the way here, the list's counts, a caveat and the filter.
func (p *Part) Head(w int) []string {
	s := p.C.Styles
	out := p.C.Crumbs(p.At, w)
	if p.Above != nil {
		out = append(out, p.Above(w)...)
	}
	out = append(out, common.Fit("  "+s.Meta.Render(common.Or(p.T.Rows.Summary, "—")), w))
	if p.Below != nil {
		out = append(out, p.Below(w)...)
	}
	for _, l := range common.Wrap(p.T.Rows.Caveat, w-4, 2) {
		if l != "" {
			out = append(out, "  "+s.Warning.Render(l))
		}
	}
	out = append(out, p.T.SortLines(w)...)
	return append(out, p.T.FilterLines(w)...)
}

func (p *Part) Mid(w int) []string        { return p.T.Mid(w) }
func (p *Part) Body(w, h int) []string    { return p.T.Body(w, h) }
func (p *Part) Foot(w int) []string       { return p.T.Foot(w) }
func (p *Part) Position() string          { return p.T.Position() }
func (p *Part) Typing() bool              { return p.T.Typing() }
func (p *Part) TypingKeys() []key.Binding { return p.T.TypingKeys() }
func (p *Part) HasSource() bool           { return true }

// Pointed is the row under the cursor and the page it came in.
func (p *Part) Pointed() common.Pointed {
	it, ok := p.T.Selected()
	if !ok {
		return common.Pointed{}
	}
	return common.Pointed{Link: it.Link, Title: it.Title, From: common.Key{Res: p.At.Res, Start: p.T.Rows.PageStart(p.T.LV.Cursor())},
		NoDocument: it.NoDocument}
}

// Busy says what is loading.
func (p *Part) Busy() string {
	if p.more == nil {
		return ""
	}
	l := p.T.Rows
	if p.toEnd {
		of := ""
		if l.Total >= 0 {
			of = " of " + present.Thousands(l.Total)
		}
		return fmt.Sprintf("Loading %s to the end: %s%s… esc stops", p.more.Key.What(), present.Thousands(l.Loaded), of)
	}
	return "Loading more " + p.more.Key.What() + "…"
}

// Keys enables what works on a list.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.T.Keys(k)
	k.Pages.Open.SetEnabled(p.Pointed().Link != "")
	return k
}

// Arrive asks for more of the list if the cursor, where history left
// it, is near the end of what is loaded.
func (p *Part) Arrive() tea.Cmd { return p.moreIfNear() }

// Leave gives up the next page in flight.
func (p *Part) Leave() { p.StopLoading() }

// Loading says whether the next page is in flight.
func (p *Part) Loading() bool { return p.more != nil }

// StopLoading gives up the next page and loading to the end.
func (p *Part) StopLoading() {
	p.toEnd = false
	p.more.Stop()
	p.more = nil
}

// Escape drops the filter.
func (p *Part) Escape() bool { return p.T.Escape() }

// Update takes keys and the answers to the list's own requests.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if p.T.Typing() {
			return p.T.FilterKey(msg)
		}
		if !key.Matches(msg, p.C.Keys.Move.End) {
			p.endAsked = false // end asks again after anything else
		}
		return p.Key(msg)
	case common.FetchedMsg:
		return p.onFetched(msg)
	case table.SaveMsg:
		return p.save(msg.Format)
	case table.SortMsg:
		return p.T.SetSort(msg.By)
	}
	return p.T.Input(msg)
}

// Key handles a key on the list.
func (p *Part) Key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.C.Keys
	lv := &p.T.LV
	switch {
	case key.Matches(msg, k.Pages.Open):
		return p.open()
	case key.Matches(msg, k.Lists.Filter):
		return p.T.StartFilter()
	case key.Matches(msg, k.Lists.Current):
		return p.T.ToggleCurrent()
	case key.Matches(msg, k.Lists.Sort):
		p.T.NextSort()
		return nil
	case key.Matches(msg, k.Lists.Reverse):
		p.T.ReverseSort()
		return nil
	case key.Matches(msg, k.Lists.Save):
		return p.save("csv")
	case key.Matches(msg, k.Move.Up):
		lv.Move(-1)
	case key.Matches(msg, k.Move.Down):
		lv.Move(1)
	case key.Matches(msg, k.Move.PageUp):
		lv.PageUp()
	case key.Matches(msg, k.Move.PageDown):
		lv.PageDown()
	case key.Matches(msg, k.Move.Home):
		lv.Home()
	case key.Matches(msg, k.Move.End):
		if !p.T.Rows.Done {
			return p.toListEnd()
		}
		lv.End()
	default:
		return nil
	}
	return p.moreIfNear()
}

// open follows the row under the cursor.
func (p *Part) open() tea.Cmd {
	it, ok := p.T.Selected()
	switch {
	case !ok:
		return p.C.Flash("Nothing to open here.", false)
	case it.Link == "":
		return p.C.Flash("This row has nothing to open.", false)
	}
	if res, err := api.Route(it.Link); err == nil && res == p.At.Res && p.At.Show == common.ShowResource {
		return p.C.Flash("This is the page on screen.", false)
	}
	return p.C.Post(common.OpenLinkMsg{Link: it.Link, Title: it.Title})
}

// moreIfNear asks for the next page of the list when the cursor is within
// a screen of the end of what is loaded. Pages already in the cache are
// added at once.
func (p *Part) moreIfNear() tea.Cmd {
	l, lv := p.T.Rows, &p.T.LV
	if l.Done && p.toEnd {
		p.toEnd = false
		lv.End()
	}
	// A filter or a sort shows only what is loaded: it never fetches
	// more by itself (end does, saying what it costs).
	if l.Done || p.more != nil || p.moreFailed != nil || ((l.Filtered() || l.Sorted()) && !p.toEnd) {
		return nil
	}
	for !l.Done && (lv.NearEnd() || p.toEnd) {
		k := common.Key{Res: p.At.Res, Start: l.Loaded}
		e, ok := p.C.Cache.Get(k)
		if !ok {
			return p.fetchMore(k)
		}
		p.T.Add(e.Page)
	}
	if p.toEnd && l.Done {
		p.toEnd = false
		lv.End()
	}
	return nil
}

func (p *Part) fetchMore(k common.Key) tea.Cmd {
	var cmd tea.Cmd
	p.more, cmd = p.C.Fetch(k, p.C.Cache.Profile(p.At.Company))
	return cmd
}

// onFetched takes the next page in, if it is the one awaited.
func (p *Part) onFetched(msg common.FetchedMsg) tea.Cmd {
	r := p.more
	if r == nil || r.ID != msg.ID {
		return nil
	}
	p.more = nil
	if msg.Err != nil {
		if errors.Is(msg.Err, api.ErrCanceled) {
			return nil
		}
		p.moreFailed = func() { p.moreFailed = nil }
		return p.C.Post(common.FailedMsg{Key: r.Key, Err: msg.Err, Retry: p.retry(r.Key), Forget: p.moreFailed})
	}
	if p.T.Rows.Loaded == r.Key.Start && msg.Entry.Page != nil {
		p.T.Add(msg.Entry.Page)
		return p.moreIfNear()
	}
	return nil
}

// retry is how the failed request for more is sent again.
func (p *Part) retry(k common.Key) func() tea.Cmd {
	return func() tea.Cmd {
		p.moreFailed = nil
		if p.more != nil || p.T.Rows.Loaded != k.Start {
			return nil
		}
		return p.fetchMore(k)
	}
}

// endWithoutAsking is how many pages end may fetch to reach the real end
// of a list before it asks first: each is a request against the quota.
const endWithoutAsking = 5

// toListEnd is end on a list not all loaded: it fetches what is left, with
// progress on the status line (esc stops it), and then goes to the last
// row. When that is more than a few pages it asks first, saying what it
// will cost.
func (p *Part) toListEnd() tea.Cmd {
	l := p.T.Rows
	pages := -1
	if l.Total >= 0 {
		size := p.At.Res.Kind.MaxPage(common.PageSize)
		pages = (l.Total - l.Loaded + size - 1) / size
	}
	if !p.endAsked && (pages < 0 || pages > endWithoutAsking) {
		// The last row loaded at once, as end does on any list; the
		// rest only once asked, so nothing more is fetched yet.
		p.T.LV.End()
		p.endAsked = true
		cost := "an unknown number of pages to load"
		if pages > 0 {
			cost = fmt.Sprintf("%d more pages to load (%d requests", pages, pages)
			if q := p.C.Reg.RateLimit(); q.Known && q.Remain >= 0 {
				cost += fmt.Sprintf(" of %s left", present.Thousands(q.Remain))
			}
			cost += ")"
		}
		return p.C.Flash(cost+": end again loads them", false)
	}
	p.endAsked = false
	p.toEnd = true
	p.C.Note.Text = "" // the question is answered
	return p.moreIfNear()
}

// save writes the list as shown to the download directory.
func (p *Part) save(format string) tea.Cmd {
	dir := save.DownloadDir(os.Getenv)
	if p.C.Downloads != nil {
		dir = p.C.Downloads()
	}
	return p.T.Save(dir, format, p.Place())
}

// Table is the list's rows, cursor and filter.
func (p *Part) Table() *table.Model { return p.T }

// Window is the cursor and the window of rows.
func (p *Part) Window() *listview.Model { return &p.T.LV }

// LoadingToEnd says whether end is loading the list to its end.
func (p *Part) LoadingToEnd() bool { return p.toEnd }
