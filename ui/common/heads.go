package common

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/present/labels"
	"coview/screen"
)

// The lines most pages draw alike at their top: what the page is about,
// the way the user came, a row of tabs.

// TitleLine is the first line of a page about a company, or a page named
// by its company number or title.
func (c *Common) TitleLine(at Place, p *api.Profile, w int) string {
	if p != nil {
		return c.CompanyLine(p, at.Company, w)
	}
	return Fit(c.Styles.Title.Render(Or(at.Company.String(), at.Title)), w)
}

// CompanyLine is the name, number, status badge, alerts and type. The
// name gives way first when the line is too long (and the overview then
// shows it whole in a row of its own).
func (c *Common) CompanyLine(p *api.Profile, n api.Number, w int) string {
	name, room, tail := c.CompanyParts(p, n, w, true)
	return Fit(c.Styles.Title.Render(ansi.Truncate(name, room, "…"))+tail, w)
}

// ProfileLine is CompanyLine without the alerts: a profile says them, with
// the rest of the company's flags, on the line under it (FlagLines).
func (c *Common) ProfileLine(p *api.Profile, n api.Number, w int) string {
	name, room, tail := c.CompanyParts(p, n, w, false)
	return Fit(c.Styles.Title.Render(ansi.Truncate(name, room, "…"))+tail, w)
}

// CompanyParts are the company's name, the cells the title line leaves
// it, and the rest of the line, styled, with its alerts or without.
func (c *Common) CompanyParts(p *api.Profile, n api.Number, w int, alerts bool) (name string, room int, tail string) {
	s := c.Styles
	var rest []string
	rest = append(rest, s.Meta.Render(Line(Or(p.CompanyNumber, n.String()))))
	if p.CompanyStatus != "" {
		badge := s.Badge[api.StatusClassOf(p.CompanyStatus)]
		rest = append(rest, badge.Render(Line(labels.Status(p.CompanyStatus))))
	}
	if c.Watched != nil && c.Watched(api.Number(Or(n.String(), p.CompanyNumber))) {
		rest = append(rest, s.Note.Render(WatchedMark))
	}
	if alerts {
		for _, a := range present.Alerts(p) {
			rest = append(rest, s.Warning.Render("! "+a))
		}
	}
	if p.Type != "" {
		rest = append(rest, s.Meta.Render(Line(labels.CompanyType(p.Type))))
	}
	tail = "  " + strings.Join(rest, "  ")
	name = Or(Line(p.CompanyName), "(no name on record)")
	return name, max(w-ansi.StringWidth(tail), min(20, w)), tail
}

// WatchedMark is what the title line of a page about a watched company
// says.
const WatchedMark = "★ watched"

// FlagSign marks a flag's severity in words' stead, so that flags read
// the same without colour (NO_COLOR): "!!" for a company that has ended
// or is insolvent, "!" for what needs looking into, "·" for what is
// worth knowing.
func FlagSign(s present.Severity) string {
	switch s {
	case present.SeveritySevere:
		return "!!"
	case present.SeverityWarning:
		return "!"
	}
	return "·"
}

// maxFlagLines bounds the lines a company's flags take under its name.
const maxFlagLines = 2

// FlagLines are a company's flags under its name, each its sign and its
// words in its severity's colour, as many a line as fit, on at most two
// lines (the last cut with "…" when even they are too few); none when it
// has none. The status is left to the badge beside the name
// (present.HeaderFlags). The red flags of its latest accounts' figures
// are among them once the session has read those (Figures): never a
// request for them alone.
func (c *Common) FlagLines(p *api.Profile, w int) []string {
	var out []string
	line, used := "", 0
	var deep *screen.Deep
	if c.Figures != nil {
		if l := c.Figures(api.Number(p.CompanyNumber)); l != nil {
			deep = &screen.Deep{Accounts: l}
		}
	}
	for _, f := range present.HeaderFlags(p, deep, c.Now()) {
		text := FlagSign(f.Severity) + " " + Line(f.Words)
		if used > 0 && used+2+Cells(text) > w-2 && len(out) < maxFlagLines-1 {
			out = append(out, Fit("  "+line, w))
			line, used = "", 0
		}
		if used > 0 {
			line += "  "
			used += 2
		}
		line += c.Styles.Rows.Severity(f.Severity).Paint(text)
		used += Cells(text)
	}
	if used > 0 {
		out = append(out, Fit("  "+line, w))
	}
	return out
}

// Crumbs is the way the user came to a place, when they came from
// another page: none for a page opened on its own.
func (c *Common) Crumbs(at Place, w int) []string {
	if at.IsHome() || len(at.Trail) == 0 {
		return nil
	}
	return []string{c.Breadcrumb(at.Trail, at.Title, w)}
}

// Breadcrumb is the way the user came, dropping the oldest steps when it
// is too long.
func (c *Common) Breadcrumb(trail []string, title string, w int) string {
	steps := append(append([]string(nil), trail...), title)
	const sep = " › "
	text := strings.Join(steps, sep)
	for len(steps) > 1 && ansi.StringWidth(text)+2 > w {
		steps = steps[1:]
		text = "…" + sep + strings.Join(steps, sep)
	}
	return Fit("  "+c.Styles.Meta.Render(ansi.Truncate(text, max(w-2, 1), "…")), w)
}

// TabsLine is a row of numbered tabs, the one shown marked.
func (c *Common) TabsLine(names []string, on, w int) string {
	var b strings.Builder
	for i, name := range names {
		label := fmt.Sprintf("%d %s", i+1, name)
		if i == on {
			b.WriteString(c.Styles.Tabs.On.Render(label))
		} else {
			b.WriteString(c.Styles.Tabs.Off.Render(label))
		}
	}
	return Fit(" "+b.String(), w)
}

// RowStyle draws one row of a list: the selected one marked and
// highlighted across the width, quiet ones dim.
func (c *Common) RowStyle(text string, selected, quiet bool, w int) string {
	room := max(w-2, 1)
	ink := c.Styles.Rows
	switch {
	case selected:
		return ink.Selected.Paint("▸ " + Pad(Cut(text, room), room))
	case quiet:
		return "  " + ink.Quiet.Paint(Cut(text, room))
	}
	return "  " + ink.Value.Paint(Cut(text, room))
}

// Cycle is i brought into 0..n-1, going round.
func Cycle(i, n int) int { return ((i % n) + n) % n }

// NumberAndName is a company number followed by its name, for lists of
// numbers: as this session has seen it, else known (as an earlier run
// saw it), else the number alone.
func (c *Common) NumberAndName(n api.Number, known string) string {
	name := known
	if p := c.Cache.Profile(n); p != nil {
		name = p.CompanyName
	}
	if name = Line(name); name != "" {
		return n.String() + "  " + name
	}
	return n.String()
}
