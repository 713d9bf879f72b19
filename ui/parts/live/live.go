// Package live is the live page (:live): the registry as it happens,
// from its companies and filings streams: each company incorporated and
// each filing, newest first, as they come, filtered as the user said
// (watched companies only, a SIC code, a place, a word). p or space
// pauses it (what comes meanwhile is counted, and shown on resuming);
// the list keys work as on any list. The feed is the session's
// (ui/lives), started when the page is first opened.
package live

import (
	"net/url"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/lives"
	"coview/ui/parts/list"
	"coview/ui/table"
)

// Every is how often the page takes in what the feed brought.
const Every = 200 * time.Millisecond

// Part is the live page on screen.
type Part struct {
	*list.Part
	s       *lives.Session
	filter  present.LiveFilter
	watched func(api.Number) bool
	paused  bool
	newest  int64   // the Seq of the newest event when the page was made
	seqs    []int64 // each row's Seq, for keeping the cursor on its row
	held    int     // events kept by the filter that came while paused
	tick    int     // the tick under way; a newer one (or leaving) ends it
}

// Place is the live page with a filter.
func Place(f present.LiveFilter) common.Place {
	q := url.Values{}
	for k, v := range map[string]string{"sic": f.SIC, "place": f.Place, "word": f.Word} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if f.Watched {
		q.Set("watched", "1")
	}
	return common.Place{Show: common.ShowLive, Title: "Live", Res: api.Resource{ID: "live?" + q.Encode()}}
}

// filterOf is the filter a place of the live page holds.
func filterOf(at common.Place) present.LiveFilter {
	q, _ := url.ParseQuery(strings.TrimPrefix(at.Res.ID, "live?"))
	return present.LiveFilter{Watched: q.Get("watched") == "1", SIC: q.Get("sic"), Place: q.Get("place"), Word: q.Get("word")}
}

// New makes the live page from what the session has.
func New(c *common.Common, s *lives.Session, at common.Place) *Part {
	p := &Part{s: s, filter: filterOf(at), watched: c.Watched}
	p.build(c, at)
	return p
}

func (p *Part) keep(r present.LiveRow) bool { return p.filter.Keep(r, p.watched) }

// build makes the list from the session's rows as they now are.
func (p *Part) build(c *common.Common, at common.Place) {
	v := p.s.View(p.keep)
	pg := present.LivePage(v.Rows, v.Received, p.filter, c.Now().Location())
	switch {
	case !p.s.Available() && c.Local.Offline():
		pg.Empty = "Offline: the live page follows the registry's streams, and offline nothing is asked of the registry. Start coview without --offline to follow them."
	case !p.s.Available():
		pg.Empty = "No streaming key: the live page follows the registry's streams, which take a streaming key of their own. Keep one with coview auth login --stream (or set COVIEW_STREAM_KEY)."
	}
	p.seqs = p.seqs[:0]
	for _, r := range v.Rows {
		p.seqs = append(p.seqs, r.Seq)
	}
	p.newest, p.held = v.Newest, 0
	p.Part = list.FromRows(c, at, table.New(pg))
	p.Below = p.state
}

// refresh takes in what came since the page was made: the cursor stays
// on its row, or at the top, where news comes in.
func (p *Part) refresh() {
	if p.Typing() {
		return // made again when the filter lets go of the keyboard
	}
	at := p.Place()
	if at.Cursor > 0 && at.Cursor < len(p.seqs) {
		seq, below := p.seqs[at.Cursor], at.Cursor-at.Offset
		p.build(p.C, at)
		if i := slices.Index(p.seqs, seq); i >= 0 {
			at.Cursor, at.Offset = i, max(i-below, 0)
		}
		p.Part = list.FromRows(p.C, at, p.T.Rows)
		p.Below = p.state
		return
	}
	p.build(p.C, at)
}

// TickMsg is the page's tick: time to take in what the feed brought.
type TickMsg struct{ n int }

func (p *Part) schedule() tea.Cmd {
	p.tick++
	n := p.tick
	return p.C.After(Every, func(time.Time) tea.Msg { return TickMsg{n} })
}

// Arrive starts the feed, if it is not running yet, and the ticks.
func (p *Part) Arrive() tea.Cmd {
	p.refresh()
	return tea.Batch(p.s.Start(), p.schedule(), p.Part.Arrive())
}

// Leave stops the ticks; the feed goes on for the session.
func (p *Part) Leave() {
	p.tick++
	p.Part.Leave()
}

// Update takes the ticks and the page's keys.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	if t, ok := msg.(TickMsg); ok {
		if t.n != p.tick {
			return nil
		}
		p.take()
		return p.schedule()
	}
	return p.Part.Update(msg)
}

// take takes in what came since the last tick: shown, or counted while
// paused.
func (p *Part) take() {
	if p.paused {
		p.held = p.s.Since(p.newest, p.keep)
		return
	}
	if p.s.Newest() != p.newest || p.T.Rows.Len() == 0 {
		p.refresh()
	}
}

// Pause is p or space: the list stays as it is, and what comes is
// counted; again, it takes in what came.
func (p *Part) Pause() tea.Cmd {
	p.paused = !p.paused
	if p.paused {
		return p.C.Flash("Paused: what comes is counted, and shown when p (or space) resumes.", false)
	}
	p.refresh()
	return p.C.Flash("Resumed.", false)
}

// state says, under the counts, how the feed is getting on.
func (p *Part) state(w int) []string {
	s := p.C.Styles
	v := p.s.View(func(present.LiveRow) bool { return false })
	var text string
	style := s.Meta
	switch {
	case !p.s.Available():
		return nil
	case v.Done && v.Ended != nil:
		text, style = "The streams stopped: "+common.Line(v.Ended.Error()), s.Warning
	case p.paused:
		text, style = "Paused: "+present.Plural(p.held, "new event", "new events")+" since · p or space resumes", s.Warning
	case v.Note != "":
		text = common.Line(v.Note)
	default:
		text = "Following the registry's companies and filings streams · p or space pauses"
	}
	var out []string
	for _, l := range common.Wrap(text, w-4, 2) {
		out = append(out, "  "+style.Render(l))
	}
	return out
}

// Keys: p and space pause here, where p elsewhere turns the preview.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	k.Lists.Preview.SetHelp("p/space", "pause")
	k.Do.Reload.SetEnabled(false)
	return k
}

// Title says what the page is.
func (p *Part) Title(w int) string {
	s := p.C.Styles
	return common.Fit(s.Title.Render("Live")+"  "+s.Meta.Render("new companies and filings, as the registry publishes them"), w)
}

// HasSource is false: the page is made from many events, not one answer.
func (p *Part) HasSource() bool { return false }
