// Package profile is the page of a company: its five panes (overview,
// address, accounts, confirmation statement, links), the same rows
// --plain prints, with the links followable, and, for a watched company,
// what changed since the user last looked, over the panes. The accounts
// pane adds the figures of the latest accounts once the user selects it
// (they cost requests), and enter there opens the figures by year.
package profile

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/ui/books"
	"coview/ui/common"
	"coview/ui/listview"
	"coview/ui/watches"
)

// The panes that do more than show rows: the accounts, whose figures are
// read when it is selected, and the links, which open.
const (
	AccountsTab = 2
	LinksTab    = 4
)

// Part is a company's profile on screen.
type Part struct {
	common.Base
	panes   []present.Pane
	links   []present.LinkItem
	lv      listview.Model // the cursor over the links
	height  int
	restore bool
	watches *watches.Session
	asked   bool           // its changes were asked for, the watch list having been read
	books   *books.Session // the figures of the latest accounts
	// fromFile is a profile read from the register's file on this
	// machine, not the registry's.
	fromFile bool
}

// New makes a company's profile page from the cache; ok is false when
// the cache does not hold the profile.
func New(c *common.Common, w *watches.Session, b *books.Session, at common.Place) (*Part, bool) {
	p := c.Cache.Profile(at.Company)
	if p == nil {
		return nil, false
	}
	if at.Title == "" {
		at.Title = common.Or(common.Line(p.CompanyName), at.Res.Number.String())
	}
	part := &Part{Base: common.Base{C: c, At: at, Profile: p}, restore: true, watches: w, books: b}
	part.panes = present.Panes(p, c.Now())
	part.links = present.ProfileLinks(p)
	if c.Local.Answers(at.Res) {
		// The register's file on this machine (--offline): what it holds,
		// marked as such, and no links, which it does not have.
		part.fromFile = true
		part.panes, part.links = present.FilePanes(p, c.Now(), c.Local.Where()), nil
	}
	part.lv.SetLen(len(part.links))
	return part, true
}

// Place is where the profile is: its pane, the links' cursor, the scroll.
func (p *Part) Place() common.Place {
	at := p.At
	at.Cursor, at.Offset = p.lv.Cursor(), p.lv.Offset()
	return at
}

func (p *Part) HasSource() bool { return true }

// Layout gives the panes their height and, the first time, puts the
// links' cursor where history left it.
func (p *Part) Layout(h int) {
	p.height = PaneRows(p.C.Width, h)
	p.lv.SetHeight(p.height)
	if p.restore {
		p.lv.SetPosition(p.At.Cursor, p.At.Offset)
		p.restore = false
	}
}

// Title is the company's name line, without the alerts: Subtitle says
// them with the rest of its flags.
func (p *Part) Title(w int) string { return p.C.ProfileLine(p.Profile, p.At.Company, w) }

// Subtitle is the company's flags, under its name.
func (p *Part) Subtitle(w int) []string { return p.C.FlagLines(p.Profile, w) }

// Head is the way here, what changed since the user last looked (a
// watched company), and the panes' tabs.
func (p *Part) Head(w int) []string {
	out := append(p.C.Crumbs(p.At, w), p.changeLines(w)...)
	return append(out, p.C.TabsLine(present.PaneNames, p.At.Tab, w))
}

// Arrive reads the company's changes not seen yet, if it is watched
// (the watch list may not have been read yet, at start), and the
// figures of its latest accounts when the accounts pane is the one
// selected.
func (p *Part) Arrive() tea.Cmd {
	figures := p.readFigures()
	if p.watches == nil {
		return figures
	}
	_, p.asked = p.watches.Counts()
	return tea.Batch(figures, p.watches.LoadShown(p.At.Company))
}

// changeLines are the company's changes since the user last looked, at
// most watches.ProfileShows of them: a company with more keeps them
// unseen for the watch page, which lists them all.
func (p *Part) changeLines(w int) []string {
	if p.watches == nil {
		return nil
	}
	sh := p.watches.Shown(p.At.Company)
	if sh == nil || len(sh.Changes) == 0 {
		return nil
	}
	s := p.C.Styles
	n := len(sh.Changes)
	head := "1 change since you last looked:"
	if n > 1 {
		head = present.Thousands(n) + " changes since you last looked:"
	}
	out := []string{common.Fit("  "+s.Warning.Render(head), w)}
	shown := sh.Changes
	if n > watches.ProfileShows {
		shown = shown[:watches.ProfileShows-1]
	}
	for _, c := range shown {
		out = append(out, common.Fit("    "+s.Value.Render(common.Cut(common.Line(c.Date)+"  "+present.WatchChange(c), w-4)), w))
	}
	if more := n - len(shown); more > 0 {
		text := fmt.Sprintf("… and %s more", present.Thousands(more))
		if !sh.Seen {
			text += ": W lists them all, and enter there marks them seen"
		}
		out = append(out, common.Fit("    "+s.Meta.Render(common.Cut(text, w-4)), w))
	}
	return out
}

// Body is the pane shown.
func (p *Part) Body(w, h int) []string {
	if cols := Columns(w); cols > 1 {
		return p.grid(w, h, cols)
	}
	if p.At.Tab == LinksTab {
		return p.linkLines(w, true)
	}
	all := p.paneLinesOf(p.At.Tab, w)
	// Scrolled on a smaller screen, the pane may now fit: show it from
	// its first line rather than leave its top hidden above blank rows.
	from := min(p.At.Scroll, max(len(all)-h, 0))
	return all[from:min(from+h, len(all))]
}

// Position is the link under the cursor, on the links pane.
func (p *Part) Position() string {
	if p.At.Tab == LinksTab && len(p.links) > 0 {
		return fmt.Sprintf("link %d of %d", p.lv.Cursor()+1, len(p.links))
	}
	return ""
}

// Keys enables the panes' keys, and enter where a link is selected.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	for _, b := range []*key.Binding{&k.Pages.NextTab, &k.Pages.PrevTab, &k.Pages.Tabs} {
		b.SetEnabled(true)
	}
	l, ok := p.selectedLink()
	k.Pages.Open.SetEnabled(ok && l.Rel != api.LinkSelf && l.Refused == nil)
	if p.At.Tab == LinksTab {
		k.Do.Copy.SetHelp("y", "copy URL")
	}
	if p.At.Tab == AccountsTab && p.books.Available() {
		k.Pages.Open.SetEnabled(true)
		k.Pages.Open.SetHelp(k.Pages.Open.Help().Key, "figures by year")
	}
	return k
}

// selectedLink is the link under the cursor, on the links pane.
func (p *Part) selectedLink() (present.LinkItem, bool) {
	if p.At.Tab != LinksTab || len(p.links) == 0 {
		return present.LinkItem{}, false
	}
	return p.links[p.lv.Cursor()], true
}

// Pointed is the link under the cursor, unless it is refused.
func (p *Part) Pointed() common.Pointed {
	if l, ok := p.selectedLink(); ok && l.Refused == nil {
		return common.Pointed{Link: l.Raw}
	}
	return common.Pointed{}
}

// CopyText is the selected link's full URL, on the links pane.
func (p *Part) CopyText() (string, *common.Problem) {
	l, ok := p.selectedLink()
	if !ok {
		return p.At.Company.String(), nil
	}
	if l.Refused != nil {
		return "", common.Ptr(common.Refused(l.Name, l.Refused))
	}
	u, err := p.C.Reg.URLFor(l.Raw)
	if err != nil {
		return "", common.Ptr(common.Refused(l.Name, err))
	}
	return u, nil
}

// Update takes the keys of the panes, and news of the watch list: a
// check that ended, or the company watched now, may bring changes.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case watches.StateMsg:
		if !p.asked {
			return p.Arrive()
		}
	case watches.CheckMsg:
		if msg.Ended() {
			return p.Arrive()
		}
	case watches.ToggledMsg:
		if msg.Number == p.At.Company {
			return p.Arrive()
		}
	}
	m, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k := p.C.Keys
	switch {
	case key.Matches(m, k.Pages.NextTab):
		return p.switchTab(p.At.Tab + 1)
	case key.Matches(m, k.Pages.PrevTab):
		return p.switchTab(p.At.Tab - 1)
	case key.Matches(m, k.Pages.Tabs):
		return p.switchTab(int(m.Code - '1'))
	case key.Matches(m, k.Pages.Open):
		return p.open()
	case key.Matches(m, k.Move.Up):
		p.move(p.lv.Move, -1, -1)
	case key.Matches(m, k.Move.Down):
		p.move(p.lv.Move, 1, 1)
	case key.Matches(m, k.Move.PageUp):
		p.move(func(int) { p.lv.PageUp() }, 0, -p.height)
	case key.Matches(m, k.Move.PageDown):
		p.move(func(int) { p.lv.PageDown() }, 0, p.height)
	case key.Matches(m, k.Move.Home):
		p.move(func(int) { p.lv.Home() }, 0, -1<<30)
	case key.Matches(m, k.Move.End):
		p.move(func(int) { p.lv.End() }, 0, 1<<30)
	}
	return nil
}

// switchTab shows another pane: the accounts pane reads the figures.
func (p *Part) switchTab(tab int) tea.Cmd {
	p.At.Tab = common.Cycle(tab, len(p.panes))
	p.At.Scroll = 0
	return p.readFigures()
}

// move moves the links' cursor with lvMove(delta), or scrolls the other
// panes by lines.
func (p *Part) move(lvMove func(int), delta, lines int) {
	if p.At.Tab == LinksTab {
		lvMove(delta)
		return
	}
	most := max(len(p.paneLinesOf(p.At.Tab, paneWidth(p.C.Width)))-p.height, 0)
	p.At.Scroll = min(max(p.At.Scroll+lines, 0), most)
}

// open follows the link under the cursor.
func (p *Part) open() tea.Cmd {
	l, ok := p.selectedLink()
	switch {
	case p.At.Tab == AccountsTab && p.books.Available():
		return p.C.Post(common.OpenMsg{To: common.YearsPlace(p.At.Company, common.TrailTo(p.At, common.YearsTitle))})
	case !ok:
		return p.C.Flash("Nothing opens from this pane: its links are on pane 5.", false)
	case l.Refused != nil:
		return p.C.Post(common.ProblemMsg{Problem: common.Refused(l.Name, l.Refused)})
	case l.Rel == api.LinkSelf:
		return p.C.Flash("This is the profile on screen.", false)
	}
	return p.C.Post(common.OpenLinkMsg{Link: l.Raw, Title: l.Name})
}

// paneLinesOf are a pane's rows as lines: labels in a column, values
// wrapped beside them, warnings marked and quiet values dim.
func (p *Part) paneLinesOf(tab, w int) []string {
	s := p.C.Styles
	rows := p.panes[tab].Rows
	if tab == AccountsTab {
		rows = append(rows[:len(rows):len(rows)], p.figureRows(tab == p.At.Tab)...)
	}
	if tab == 0 {
		if name, room, _ := p.C.CompanyParts(p.Profile, p.At.Company, p.C.Width, false); common.Cells(name) > room {
			rows = append([]present.Row{{Label: "Name", Value: name}}, rows...)
		}
	}
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, common.Cells(r.Label))
	}
	labelW = min(labelW, max(w/3, 8))
	valueW := max(w-labelW-5, 10)
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		v, style := r.Value, s.Tone(r.Tone)
		if v == "" {
			v, style = "—", s.Rows.Quiet
		}
		if r.Tone == present.Warning {
			v = "! " + v
		}
		for i, l := range common.Wrap(v, valueW, 0) {
			label := ""
			if i == 0 {
				label = ansi.Truncate(r.Label, labelW, "…")
			}
			out = append(out, "  "+s.Rows.Label.Paint(common.Pad(label, labelW))+"  "+style.Paint(l))
		}
	}
	return out
}

// linkLines are the links pane: each link's name and where it leads, or
// why it is refused; the cursor's shown when the pane is the one the keys
// act on.
func (p *Part) linkLines(w int, focused bool) []string {
	if len(p.links) == 0 && p.fromFile {
		var out []string
		for _, l := range common.Wrap(present.FileLinksNote, max(w-2, 10), 0) {
			out = append(out, "  "+p.C.Styles.Quiet.Render(l))
		}
		return out
	}
	if len(p.links) == 0 {
		return []string{"  " + p.C.Styles.Quiet.Render("This profile carries no links.")}
	}
	nameW := 0
	for _, l := range p.links {
		nameW = max(nameW, ansi.StringWidth(l.Name))
	}
	return common.Split(p.lv.Render(func(i int, sel bool) string { return p.linkLine(p.links[i], sel && focused, nameW, w) }))
}

func (p *Part) linkLine(l present.LinkItem, selected bool, nameW, w int) string {
	nameW = min(nameW, max(w/3, min(w*2/5, 26), 10)) // a column of panes still shows a name of 26
	text := common.Pad(common.Cut(l.Name, nameW), nameW) + "  "
	if l.Refused != nil {
		text += "refused: " + common.Line(common.RefusalReason(l.Refused))
		if !selected {
			return "  " + p.C.Styles.Rows.Refused.Paint(common.Cut(text, w-2))
		}
		return p.C.RowStyle(text, selected, false, w)
	}
	return p.C.RowStyle(text+l.Path, selected, false, w)
}

// Window is the cursor and the window over the links.
func (p *Part) Window() *listview.Model { return &p.lv }

// Links are the profile's links, as the links pane shows them.
func (p *Part) Links() []present.LinkItem { return p.links }
