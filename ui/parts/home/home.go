// Package home is the start page: what to type or paste, how many
// watched companies changed since the user last looked, and the
// companies opened lately.
package home

import (
	"fmt"

	"coview/present"
	"coview/ui/common"
	"coview/ui/recent"
	"coview/ui/watches"
)

// Part is the start page.
type Part struct {
	common.Base
	version string
	// recent is the companies opened lately, and whether the search box
	// already offers them under it.
	recent  func() ([]recent.Entry, bool)
	watches *watches.Session
}

// New makes the start page. recent tells the companies opened lately;
// watches is the session's watch list.
func New(c *common.Common, version string, recent func() ([]recent.Entry, bool), w *watches.Session) *Part {
	return &Part{Base: common.Base{C: c, At: common.Place{Title: "Home"}}, version: version, recent: recent, watches: w}
}

// Title is coview itself.
func (p *Part) Title(w int) string {
	s := p.C.Styles
	title := s.Title.Render("coview") + "  " + s.Meta.Render("the company registry, in a terminal")
	if p.version != "" {
		title += s.Meta.Render("  " + p.version)
	}
	return common.Fit(title, w)
}

// Head is nothing: the start page came from nowhere.
func (p *Part) Head(int) []string { return nil }

// Body says what to do, and the companies opened lately.
func (p *Part) Body(w, h int) []string {
	s := p.C.Styles
	text := []string{
		"Type or paste a company number and press Enter: 8 digits, or 2 letters and 6 digits (00006400, SC123456).",
		"Or type a name, of a company or of an officer: matches appear as you type; Enter on the name lists them all.",
		"Paste a column of numbers or names from a spreadsheet to screen them into one table: status, deadlines, red flags; n then opens them one by one.",
		"Press / to search again from anywhere, and ? for every key.",
	}
	out := []string{""}
	news, hint := p.watchNews()
	if news != "" {
		for _, l := range common.Wrap(news, w-4, 0) {
			out = append(out, "  "+s.Note.Render(l))
		}
		out = append(out, "")
	}
	if hint != "" {
		text = append(text, hint)
	}
	for _, t := range text {
		for _, l := range common.Wrap(t, w-4, 0) {
			out = append(out, "  "+s.Value.Render(l))
		}
		out = append(out, "")
	}
	if recent, offered := p.recent(); len(recent) > 0 && !offered {
		out = append(out, "  "+s.Head.Render("Recent"))
		for _, e := range recent[:min(len(recent), 10)] {
			out = append(out, common.Fit("  "+s.Quiet.Render(p.C.NumberAndName(e.Number, e.Name)), w))
		}
	}
	return out[:min(len(out), max(h, 0))]
}

// watchNews is what the start page says of the watch list: how many
// watched companies changed since the user last looked (news, first),
// or how to watch one (a hint, with the rest).
func (p *Part) watchNews() (news, hint string) {
	if p.watches == nil || !p.watches.Available() {
		return "", ""
	}
	n, known := p.watches.Counts()
	switch {
	case !known:
		return "", ""
	case n.Watched == 0:
		return "", "Press w on a company's page to watch it: W then shows what changed at it since you last looked, and what falls due."
	case n.Changed == 0:
		return "", fmt.Sprintf("None of the %s you watch changed since you last looked; W shows them and what falls due.",
			present.Plural(n.Watched, "company", "companies"))
	}
	return fmt.Sprintf("%s of the %s you watch changed since you last looked (%s): esc, then W, shows them.",
		present.Thousands(n.Changed), present.Plural(n.Watched, "company", "companies"), present.Plural(n.Changes, "change", "changes")), ""
}

// Keys disables what needs a page to act on.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	common.DisableAll(&k.Move.Up, &k.Move.Down, &k.Move.PageUp, &k.Move.PageDown, &k.Move.Home, &k.Move.End,
		&k.Do.Copy, &k.Lists.Source, &k.Pages.Open)
	return k
}
