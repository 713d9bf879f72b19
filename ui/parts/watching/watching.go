// Package watching is the watch page (W): every watched company, those
// that changed since the user last looked first, each followed by its
// changes in words, then the rest by their next deadline, with their
// status and how far off their accounts and confirmation statement are.
// r checks now: the check is the session's (ui/watches), so it goes on
// while the user moves, opens a company and comes back; esc stops it,
// keeping what it recorded. enter opens a company, and marks its changes
// seen: the page has just listed them all.
package watching

import (
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/table"
	"coview/ui/watches"
	"coview/watch"
)

// Part is the watch page on screen: a list, made again from the
// session's newest read of the watch list.
type Part struct {
	*list.Part
	w       *watches.Session
	entries map[api.Number]watch.Entry
	people  map[string]watch.Entry // the people watched, by officer id
	gone    []watch.Entry          // unwatched while the page was on screen, still shown
	follow  string                 // the link whose row the cursor goes to when the page is made again
	stamp   int                    // the session's stamp the page last asked to read at
	stale   bool                   // a newer read came while the filter had the keyboard
	counted counted                // the companies among the rows, for Position
	tick    int                    // the poll under way; a newer one (or leaving) ends it
}

// Place is the watch page: the same wherever W is pressed.
func Place() common.Place {
	return common.Place{Show: common.ShowWatching, Title: "Watch list"}
}

// New makes the watch page from what the session last read of the list;
// Arrive reads it again.
func New(c *common.Common, w *watches.Session, at common.Place) *Part {
	at.Source = false
	p := &Part{w: w}
	p.Part = list.FromRows(c, at, p.rows(c))
	p.Below = p.checkLines
	return p
}

// rows are the session's list as rows, and what the page says when
// there are none.
func (p *Part) rows(c *common.Common) *table.Rows {
	entries, read := p.w.Entries()
	p.entries = make(map[api.Number]watch.Entry, len(entries))
	p.people = map[string]watch.Entry{}
	for _, e := range entries {
		if e.Person != nil {
			p.people[e.Person.ID] = e
			continue
		}
		p.entries[e.Number] = e
	}
	pg := present.WatchPage(entries, p.gone, c.Now())
	rows := table.New(pg)
	switch {
	case !p.w.Available():
		rows.Empty = "No watch list in this session."
	case p.w.Failed() != nil:
		rows.Summary = "The watch list could not be read."
		rows.Empty = common.Line(p.w.Failed().Error())
	case !read:
		rows.Summary = "Reading the watch list…"
		rows.Empty = "Reading the watch list…"
	case len(entries) == 0 && len(p.gone) == 0:
		rows.Summary = "No companies watched yet."
		rows.Empty = "Press w on a company's page to watch it: this page then shows what changed at it since you last looked, and when its accounts and confirmation statement are due."
	}
	return rows
}

func (p *Part) now() time.Time { return p.C.Now() }

// rebuild makes the page again from the newest read, with the cursor on
// the row it was on: the same company, or the same change of it; at the
// top of the list, it stays there, where news comes in.
func (p *Part) rebuild() {
	at := p.Place()
	link, below := p.follow, 0
	p.follow = ""
	if it, ok := p.T.Selected(); ok && at.Cursor > 0 && link == "" {
		link = it.Link
		for i := p.T.LV.Cursor(); i > 0 && present.IsNote(p.T.Rows.Item(i), len(p.T.Rows.Columns)); i-- {
			below++
		}
	}
	rows := p.rows(p.C)
	lp := list.FromRows(p.C, at, rows)
	if link != "" {
		for i := range lp.T.Rows.Len() {
			if it := lp.T.Rows.Item(i); it.Link == link && !present.IsNote(it, len(rows.Columns)) {
				at.Cursor = i + below
				for j := i + 1; j <= i+below && j < lp.T.Rows.Len(); j++ {
					if !present.IsNote(lp.T.Rows.Item(j), len(rows.Columns)) {
						at.Cursor = j - 1
						break
					}
				}
				lp = list.FromRows(p.C, at, rows)
				break
			}
		}
	}
	lp.Below = p.checkLines
	p.Part = lp
}

// Arrive reads the list again: a cron job may have checked meanwhile.
// Companies unwatched on an earlier visit are no longer shown.
func (p *Part) Arrive() tea.Cmd {
	p.gone = nil
	p.stamp = p.w.Stamp()
	p.w.OnPage(true)
	return tea.Batch(p.w.ReadOverview(p.now()), p.schedule())
}

// Leave lets the footer say how a check ends, while the page is not on
// screen, and stops polling.
func (p *Part) Leave() {
	p.w.OnPage(false)
	p.tick++
}

// Update takes enter, and the session's news of the list and its check.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case PollMsg:
		if msg.n != p.tick {
			return nil
		}
		return tea.Batch(p.w.Poll(p.now()), p.schedule())
	case tea.KeyPressMsg:
		if !p.Typing() && key.Matches(msg, p.C.Keys.Pages.Open) {
			return p.open()
		}
		cmd := p.Part.Update(msg)
		if p.stale && !p.Typing() {
			p.stale = false
			p.rebuild()
		}
		return cmd
	case watches.OverviewMsg:
		if p.Typing() {
			p.stale = true
		} else {
			p.rebuild()
		}
		return nil
	case watches.ToggledMsg:
		p.unwatched(msg)
		if p.w.Stamp() != p.stamp {
			p.stamp = p.w.Stamp()
			return p.w.ReadOverview(p.now())
		}
		return nil
	case watches.CheckMsg, watches.MarkedMsg:
		if p.w.Stamp() != p.stamp {
			p.stamp = p.w.Stamp()
			return p.w.ReadOverview(p.now())
		}
		return nil
	}
	return p.Part.Update(msg)
}

// unwatched keeps a company taken off the list on the page, its row
// under the cursor still, until the page is left; watched again, it is
// shown as watched.
func (p *Part) unwatched(msg watches.ToggledMsg) {
	if !msg.OK() {
		return
	}
	p.gone = slices.DeleteFunc(p.gone, func(e watch.Entry) bool { return e.Number == msg.Number })
	if e, ok := p.entries[msg.Number]; ok && !msg.Watching {
		e.Changes = nil
		p.gone = append(p.gone, e)
		p.follow = api.CompanyPath(e.Number)
	}
}

// open is enter: the company under the cursor, its changes marked seen.
func (p *Part) open() tea.Cmd {
	it, ok := p.T.Selected()
	if !ok || it.Link == "" {
		return p.C.Flash("Nothing to open here.", false)
	}
	res, err := api.Route(it.Link)
	if err != nil {
		return p.C.Flash("This row has nothing to open.", false)
	}
	if res.Kind == api.ResAppointments {
		seen := p.w.SeenOfficer(res.ID, p.people[res.ID].Changes)
		return tea.Batch(seen, p.C.Post(common.OpenLinkMsg{Link: it.Link, Title: it.Title}))
	}
	seen := p.w.Seen(res.Number, p.entries[res.Number].Changes)
	return tea.Batch(seen, p.C.Post(common.OpenLinkMsg{Link: it.Link, Title: it.Title}))
}

// Reload is r: check now.
func (p *Part) Reload() tea.Cmd {
	switch {
	case !p.w.Available():
		return p.C.Flash("No watch list in this session.", false)
	case p.w.Checking():
		return p.C.Flash("A check is under way: esc stops it.", false)
	case len(p.entries) == 0:
		return p.C.Flash("Nothing to check: press w on a company's page to watch it.", false)
	}
	return p.w.StartCheck()
}

// Cancel is esc during a check: it stops, keeping what it recorded.
func (p *Part) Cancel() (tea.Cmd, bool) {
	if !p.w.StopCheck() {
		return nil, false
	}
	return p.C.Flash("Stopping the check: what it recorded is kept.", false), true
}

// Busy is the check under way.
func (p *Part) Busy() string {
	if p.w.Checking() {
		return "Checking the watch list… esc stops"
	}
	return p.Part.Busy()
}

// checkLines say how the check is getting on, how the last one ended,
// or when the list was last checked.
func (p *Part) checkLines(w int) []string {
	s := p.C.Styles
	ch := p.w.Check()
	var text string
	style := s.Note
	switch {
	case ch.Running() && ch.Progress.Total == 0:
		text = "Starting the check…"
	case ch.Running():
		text = upperFirst(present.WatchProgress(ch.Progress, p.now())) + " · esc stops"
	case ch != nil:
		var bad bool
		text, bad = watches.Outcome(ch, p.C.Quota, p.now())
		if bad {
			style = s.Warning
		}
	case len(p.entries) > 0:
		text = p.lastChecked() + " r checks now."
		style = s.Meta
	default:
		return nil
	}
	var out []string
	for _, l := range common.Wrap(text, w-4, 2) {
		out = append(out, "  "+style.Render(l))
	}
	return out
}

// lastChecked says when the list was last checked, by this coview or
// another (a cron job).
func (p *Part) lastChecked() string {
	var last time.Time
	for _, e := range p.entries {
		if e.CheckedAt.After(last) {
			last = e.CheckedAt
		}
	}
	if last.IsZero() {
		return "Not checked yet: the first check of a company records what is there, and reports changes from then on."
	}
	return "Last checked " + ago(last, p.now()) + "."
}

// ago says how long before now t was.
func ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < 2*time.Minute:
		return "a minute ago"
	case d < time.Hour:
		return present.Thousands(int(d/time.Minute)) + " minutes ago"
	case d < 2*time.Hour:
		return "an hour ago"
	case d < 48*time.Hour:
		return present.Thousands(int(d/time.Hour)) + " hours ago"
	}
	return present.Thousands(int(d/(24*time.Hour))) + " days ago"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Foot is the row under the cursor in full: a change's words, or the
// company's name, status and due dates.
func (p *Part) Foot(w int) []string {
	it, ok := p.T.Selected()
	if !ok {
		return nil
	}
	var text string
	if present.IsNote(it, len(p.T.Rows.Columns)) {
		text = it.Cells[len(it.Cells)-1]
	} else if res, err := api.Route(it.Link); err == nil && res.Kind == api.ResAppointments {
		text = personDetails(p.people[res.ID])
	} else if err == nil {
		text = p.detailsOf(res.Number)
	}
	out := make([]string, table.PreviewRows)
	for i, l := range common.Wrap(text, w-4, table.PreviewRows) {
		out[i] = "  " + p.C.Styles.Rows.Note.Paint(l)
	}
	return out
}

// detailsOf are a company's details, or that it is no longer watched.
func (p *Part) detailsOf(n api.Number) string {
	if e, ok := p.entries[n]; ok {
		return details(e, p.now())
	}
	if i := slices.IndexFunc(p.gone, func(e watch.Entry) bool { return e.Number == n }); i >= 0 {
		name := common.Line(p.gone[i].Name)
		if name == "" {
			name = string(n)
		}
		return name + " is no longer watched: w watches it again, with what was recorded of it."
	}
	return ""
}

// details are a watched company's name, status and due dates, and its
// changes not seen yet.
func details(e watch.Entry, now time.Time) string {
	parts := []string{present.WatchName(e.Company)}
	pr := e.Profile
	if d := present.WatchDue("accounts", pr.AccountsDue, now); d != "" {
		parts = append(parts, d)
	}
	if d := present.WatchDue("confirmation statement", pr.ConfirmationDue, now); d != "" {
		parts = append(parts, d)
	}
	if n := len(e.Changes); n == 1 {
		parts = append(parts, "1 change not seen yet: enter opens the company and marks it seen")
	} else if n > 1 {
		parts = append(parts, present.Thousands(n)+" changes not seen yet: enter opens the company and marks them seen")
	}
	return strings.Join(parts, " · ")
}

// Keys: r checks now; enter opens a company.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	k.Watch.Check.SetEnabled(p.w.Available())
	k.Do.Reload.SetHelp("r", "check now")
	k.Lists.Connect.SetEnabled(false)
	return k
}

// HasSource is false: the page is made from the watch list, not from
// one answer of the registry.
func (p *Part) HasSource() bool { return false }

// CopyText is the number of the company under the cursor.
func (p *Part) CopyText() (string, *common.Problem) {
	it, ok := p.T.Selected()
	if !ok {
		return "", nil
	}
	res, err := api.Route(it.Link)
	if err != nil {
		return "", nil
	}
	return res.Number.String(), nil
}
