// Package filings is the page of a company's filing history: the list,
// and the categories the registry can be asked for (C), each in the
// registry's own words, as its web pages offer them.
package filings

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present/labels"
	"coview/ui/common"
	"coview/ui/parts/list"
)

// categories are those C goes through after all filings, in the order
// people look for them (the registry's web pages offer the same); each
// is asked of the registry, which filters the history itself.
var categories = []string{"accounts", "confirmation-statement", "officers", "persons-with-significant-control",
	"capital", "mortgage", "insolvency", "liquidation", "resolution", "incorporation", "change-of-name", "address"}

// Part is a filing history on screen.
type Part struct {
	*list.Part
}

// New makes a filing history's page from the cache.
func New(c *common.Common, at common.Place) (*Part, bool) {
	l, ok := list.New(c, at)
	if !ok {
		return nil, false
	}
	p := &Part{Part: l}
	l.Above = p.categoryLine
	return p, true
}

// category is the category the page asks for, or "" for every filing.
func (p *Part) category() string { return api.FilingHistoryCategories(p.At.Res.Link) }

// categoryLine says which filings are listed, and how to list others.
func (p *Part) categoryLine(w int) []string {
	words := "every category"
	if c := p.category(); c != "" {
		words = labels.FilingCategory(c)
	}
	s := p.C.Styles
	return []string{common.Fit("  "+s.Note.Render("Filings: "+common.Line(words))+s.Quiet.Render(" · C: "+next(p.category())), w)}
}

// next names the category C goes to from cat.
func next(cat string) string {
	if n := following(cat); n != "" {
		return labels.FilingCategory(n)
	}
	return "every category"
}

// following is the category after cat, or "" (every filing) after the
// last.
func following(cat string) string {
	for i, c := range categories {
		if c == cat {
			if i+1 < len(categories) {
				return categories[i+1]
			}
			return ""
		}
	}
	if cat == "" {
		return categories[0]
	}
	return "" // a category asked for elsewhere: back to every filing
}

// Update takes C; the rest is the list's.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	if m, ok := msg.(tea.KeyPressMsg); ok && !p.Typing() && key.Matches(m, p.C.Keys.Lists.Category) {
		return p.cycle()
	}
	return p.Part.Update(msg)
}

// cycle shows the history of the next category, in the page's place in
// history: from the cache when this session asked already.
func (p *Part) cycle() tea.Cmd {
	base := api.FilingHistoryLink(p.At.Res.Link, nil)
	link := base
	if c := following(p.category()); c != "" {
		link = api.FilingHistoryLink(base, []string{c})
	}
	res, err := api.Route(link)
	if err != nil {
		return p.C.Post(common.ProblemMsg{Problem: common.Refused("Filing history", err)})
	}
	to := p.Place().Fresh()
	to.Res = res
	return p.C.Post(common.ReplaceMsg{To: to})
}

// Keys enables C.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	k.Lists.Category.SetEnabled(true)
	return k
}
