// Package around is the page of the companies around a company (x):
// those linked to it through its officers' other appointments and its
// owners, the people who link them, and what was not checked, filling in
// while the session's walk runs in the background. esc stops the walk
// and keeps what was found; e walks on from a connected company, in
// place.
package around

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/table"
	"coview/ui/walks"
)

// tabs are the three lists of a connections page.
var tabs = []string{"companies", "people", "not checked"}

// Part is a company's connections on screen: a list, rebuilt from the
// walk's newest snapshot as it comes.
type Part struct {
	*list.Part
	walks *walks.Session
}

// Title is what the breadcrumb calls a connections page.
const Title = "Connections"

// Place is where x leads from a page about a company.
func Place(n api.Number, trail []string) common.Place {
	return common.Place{Res: api.CompanyResource(n), Company: n, Show: common.ShowConnections, Title: Title, Trail: trail}
}

// New makes the connections page of a place from the newest snapshot of
// its company's walk: the companies linked (tab 0), the people linking
// them (1), or what was not checked (2).
func New(c *common.Common, s *walks.Session, at common.Place) *Part {
	return &Part{Part: list.FromRows(c, at, rowsOf(c, s.Of(at.Company), at)), walks: s}
}

func rowsOf(c *common.Common, w *walks.Walk, at common.Place) *table.Rows {
	if w == nil || w.Result == nil {
		rows := table.New(&present.Page{Total: -1, Summary: "Walking: reading the officers and owners…",
			Columns: []present.Column{{Title: "Company", Flex: true}}})
		if w != nil && w.Err != nil {
			rows.Summary = "The walk could not begin."
			rows.Empty = common.Line(common.Explain(w.Err, at.Res, c.Now(), c.Now()).Detail)
		}
		return rows
	}
	var p *present.Page
	switch at.Tab {
	case 1:
		p = present.ConnectionPeople(w.Result)
	case 2:
		p = present.NotChecked(w.Result)
	default:
		p = present.Connections(w.Result)
	}
	rows := table.New(p)
	rows.Summary = present.ConnectionsSummary(w.Result)
	return rows
}

// rebuild makes the page again from the newest snapshot, where the
// cursor was.
func (p *Part) rebuild(at common.Place) {
	p.Part = list.FromRows(p.C, at, rowsOf(p.C, p.walks.Of(at.Company), at))
	p.Above = p.tabsLine
}

// Arrive starts the walk unless this session has it already.
func (p *Part) Arrive() tea.Cmd {
	p.Above = p.tabsLine
	n := p.At.Company
	if w := p.walks.Of(n); w == nil || (!w.Running() && w.Result == nil) {
		return p.walks.Start(n, nil)
	}
	return nil
}

func (p *Part) tabsLine(w int) []string { return []string{p.C.TabsLine(tabs, p.At.Tab, w)} }

// Update takes the tabs' keys, e, and the walk's snapshots.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case walks.Msg:
		if msg.Number == p.At.Company {
			p.rebuild(p.Place())
		}
		return nil
	case tea.KeyPressMsg:
		if p.Typing() {
			break
		}
		k := p.C.Keys
		switch {
		case key.Matches(msg, k.Pages.NextTab):
			return p.switchTab(p.At.Tab + 1)
		case key.Matches(msg, k.Pages.PrevTab):
			return p.switchTab(p.At.Tab - 1)
		case key.Matches(msg, k.Pages.Tabs) && msg.Code >= '1' && msg.Code <= '3':
			return p.switchTab(int(msg.Code - '1'))
		case key.Matches(msg, k.Lists.Expand):
			return p.expandSelected()
		}
	}
	return p.Part.Update(msg)
}

// switchTab shows another of the three lists, in the page's place in
// history.
func (p *Part) switchTab(tab int) tea.Cmd {
	to := p.Place().Fresh()
	to.Tab = common.Cycle(tab, len(tabs))
	return p.C.Post(common.ReplaceMsg{To: to})
}

// expandSelected is e on a connected company: walk from it too, in place.
func (p *Part) expandSelected() tea.Cmd {
	w := p.walks.Of(p.At.Company)
	it, ok := p.T.Selected()
	if p.At.Tab != 0 || !ok || w == nil {
		return p.C.Flash("e expands a connected company, on the companies of a connections page.", false)
	}
	res, err := api.Route(it.Link)
	if err != nil || res.Number == "" {
		return nil
	}
	if slices.Contains(w.Expand, res.Number) {
		return p.C.Flash("Already walked from "+res.Number.String()+".", false)
	}
	return tea.Batch(p.walks.Start(p.At.Company, append(slices.Clone(w.Expand), res.Number)),
		p.C.Flash("Walking from "+res.Number.String()+" too: its connections are added in place.", false))
}

// Reload walks again: what this session read already costs nothing.
func (p *Part) Reload() tea.Cmd {
	var expand []api.Number
	if w := p.walks.Of(p.At.Company); w != nil {
		expand = w.Expand
	}
	return p.walks.Start(p.At.Company, expand)
}

// Cancel is esc during a walk: it stops, keeping what was found.
func (p *Part) Cancel() (tea.Cmd, bool) {
	if !p.walks.Stop(p.At.Company) {
		return nil, false
	}
	return p.C.Flash("Stopped: what was found is kept, the rest listed as not checked. r walks on.", false), true
}

// Busy is the walk under way.
func (p *Part) Busy() string {
	w := p.walks.Of(p.At.Company)
	if !w.Running() {
		return p.Part.Busy()
	}
	if w.Result == nil {
		return "Walking the connections… esc stops"
	}
	return "Walking: " + present.ConnectionsProgress(w.Result) + "… esc stops"
}

// Keys enables the tabs and e, and not x: this is x's page.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	for _, b := range []*key.Binding{&k.Pages.NextTab, &k.Pages.PrevTab, &k.Pages.Tabs} {
		b.SetEnabled(true)
	}
	k.Pages.Tabs.SetHelp("1-3", "companies/people/not checked")
	k.Lists.Connect.SetEnabled(false)
	k.Lists.Expand.SetEnabled(p.At.Tab == 0 && p.T.Rows.Len() > 0)
	return k
}

// HasSource is false: a walk is made of many answers, not one.
func (p *Part) HasSource() bool { return false }
