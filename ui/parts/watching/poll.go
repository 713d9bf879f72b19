package watching

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/common"
	"coview/watch"
)

// PollEvery is how often the page asks whether another coview (a
// follow, a cron job's check) wrote to the watch list, while it is on
// screen: a question that reads nothing of the list, so that a change
// a follow records is on screen within a moment.
const PollEvery = 100 * time.Millisecond

// PollMsg is the page's tick: time to poll the watch list.
type PollMsg struct{ n int }

func (p *Part) schedule() tea.Cmd {
	p.tick++
	n := p.tick
	return p.C.After(PollEvery, func(time.Time) tea.Msg { return PollMsg{n} })
}

// personDetails are a watched person's name and appointments, and their
// changes not seen yet.
func personDetails(e watch.Entry) string {
	if e.Person == nil {
		return ""
	}
	pr := e.Person
	parts := []string{common.Or(common.Line(pr.Name), "an officer") + ", watched at every company",
		present.Plural(pr.Current, "current appointment", "current appointments") + " of " + present.Thousands(pr.Total)}
	if n := len(e.Changes); n > 0 {
		parts = append(parts, present.Plural(n, "change", "changes")+" not seen yet: enter opens the officer and marks them seen")
	}
	return strings.Join(parts, " · ")
}
