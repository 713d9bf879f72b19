package common

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// The messages a part returns to be taken elsewhere. The root acts on
// them: a part never changes the history or another part itself.

// OpenMsg opens a place as a new page, after the one on screen.
type OpenMsg struct{ To Place }

// OpenLinkMsg follows a link from the page on screen, as a browser
// follows a link: the new page's breadcrumb continues this one's.
type OpenLinkMsg struct{ Link, Title string }

// ReplaceMsg shows the page on screen another way (another tab, its
// source), in its place in history; fetched first if need be.
type ReplaceMsg struct{ To Place }

// BackMsg goes back in history, as backspace does: a page with the
// keyboard (a form) leaves by it.
type BackMsg struct{}

// ProblemMsg shows a problem above the page, until the next page or esc.
type ProblemMsg struct{ Problem Problem }

// FailedMsg says a part's own request failed. The root shows why, and
// Retry sends it again (r, or the quota's reset after a 429).
type FailedMsg struct {
	Key    Key
	Err    error
	Retry  func() tea.Cmd
	Forget func() // the problem was dismissed: the part may ask again
}

// Post gives the root a message to act on as soon as the part's Update
// returns, before anything else happens: a key that opens a page has
// begun to open it by the time the next key comes. It returns nil, so
// that a part may return it as its Cmd.
func (c *Common) Post(msg tea.Msg) tea.Cmd {
	c.posted = append(c.posted, msg)
	return nil
}

// Posted takes the messages posted since it was last called.
func (c *Common) Posted() []tea.Msg {
	out := c.posted
	c.posted = nil
	return out
}

// TrailHere is the breadcrumb of a page opened from p.
func TrailHere(p Place) []string {
	if p.IsHome() {
		return nil
	}
	return append(slices.Clone(p.Trail), p.Title)
}

// TrailMax is the most steps a breadcrumb keeps before the page's own:
// the oldest go first. History, not the breadcrumb, is the way back.
const TrailMax = 8

// TrailTo is the breadcrumb of a page called title opened from p. A step
// already on the way (an officer's appointments opened from one of them,
// both called by the officer's name; a company reached again) ends it
// there, so no step is said twice, and it keeps at most TrailMax steps.
func TrailTo(p Place, title string) []string {
	trail := TrailHere(p)
	if i := slices.Index(trail, title); i >= 0 {
		trail = trail[:i]
	}
	if len(trail) > TrailMax {
		trail = slices.Clone(trail[len(trail)-TrailMax:])
	}
	return trail
}
