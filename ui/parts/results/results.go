// Package results is the page of a name search's results: the usual list
// of matches, with tabs for all of them, the companies only and the
// officers only.
package results

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/list"
)

// kinds are the views of a name search, in tab order.
var kinds = []api.ResourceKind{api.ResSearch, api.ResSearchCompanies, api.ResSearchOfficers, api.ResSearchDisqualified}

// Is reports whether a resource is a name search's results.
func Is(res api.Resource) bool { return slices.Contains(kinds, res.Kind) }

// Place is the results page of a search for q, opened from the page at.
func Place(q string, from common.Place) common.Place {
	title := fmt.Sprintf("Search %q", q)
	return common.Place{Res: api.SearchResource(api.ResSearch, q), Title: title, Trail: common.TrailTo(from, title)}
}

// Part is a search's results on screen.
type Part struct {
	*list.Part
}

// New makes the results page of a place from the cache.
func New(c *common.Common, at common.Place) (*Part, bool) {
	l, ok := list.New(c, at)
	if !ok {
		return nil, false
	}
	p := &Part{Part: l}
	l.Above = p.tabsLine
	return p, true
}

func (p *Part) tabsLine(w int) []string {
	return []string{p.C.TabsLine([]string{"all", "companies", "officers", "disqualified"}, slices.Index(kinds, p.At.Res.Kind), w)}
}

// Update takes the tabs' keys; the rest is the list's.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	if m, ok := msg.(tea.KeyPressMsg); ok && !p.Typing() {
		k := p.C.Keys
		at := slices.Index(kinds, p.At.Res.Kind)
		switch {
		case key.Matches(m, k.Pages.NextTab):
			return p.switchKind(at + 1)
		case key.Matches(m, k.Pages.PrevTab):
			return p.switchKind(at - 1)
		case key.Matches(m, k.Pages.Tabs) && m.Code >= '1' && m.Code <= '4':
			return p.switchKind(int(m.Code - '1'))
		}
	}
	return p.Part.Update(msg)
}

// switchKind shows the same search listing another kind: all, companies
// or officers. It takes the place of the page in history.
func (p *Part) switchKind(i int) tea.Cmd {
	kind := kinds[common.Cycle(i, len(kinds))]
	if kind == p.At.Res.Kind {
		return nil
	}
	to := p.Place().Fresh()
	to.Res = api.SearchResource(kind, api.SearchQuery(p.At.Res.Link))
	return p.C.Post(common.ReplaceMsg{To: to})
}

// Keys enables the tabs.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	for _, b := range []*key.Binding{&k.Pages.NextTab, &k.Pages.PrevTab, &k.Pages.Tabs} {
		b.SetEnabled(true)
	}
	k.Pages.Tabs.SetHelp("1-4", "tab")
	return k
}
