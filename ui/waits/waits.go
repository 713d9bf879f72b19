// Package waits counts down the waits for the registry's quota: the
// client tells of every wait before a request longer than a moment, and
// the status line says until when, once a second.
package waits

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
)

// Msg is the registry client telling of a wait before a request: the
// quota of this window is spent, and the request goes out when it resets.
type Msg struct{ W api.Wait }

// tickMsg redraws the countdown of the waits in progress once a second.
type tickMsg struct{ id int }

// Model is the waits in progress, by the request they hold back.
type Model struct {
	c     *common.Common
	waits map[string]api.Wait
	tick  int // the countdown ticking; older ticks are dropped
}

// New counts no wait yet.
func New(c *common.Common) *Model { return &Model{c: c, waits: map[string]api.Wait{}} }

// Len is how many waits are in progress.
func (m *Model) Len() int { return len(m.waits) }

// Update keeps the waits in progress and starts the countdown when the
// first begins. Waits for a request the browser has let go of end as its
// context ends, and say so.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		w := msg.W
		if w.Over {
			delete(m.waits, w.Subject)
			return nil
		}
		first := len(m.waits) == 0
		m.waits[w.Subject] = w
		if !first {
			return nil
		}
		m.tick++
		return m.next(m.tick)
	case tickMsg:
		if msg.id != m.tick || len(m.waits) == 0 {
			return nil
		}
		return m.next(msg.id)
	}
	return nil
}

func (m *Model) next(id int) tea.Cmd {
	return m.c.After(time.Second, func(time.Time) tea.Msg { return tickMsg{id} })
}

// Text is the longest of the waits in progress, in words, or "".
func (m *Model) Text() string {
	var longest api.Wait
	for _, w := range m.waits {
		if w.Until.After(longest.Until) {
			longest = w
		}
	}
	if longest.Until.IsZero() {
		return ""
	}
	// Counted down as the root counts any wait (common.Remaining): the
	// client's own words round a part of a second up to a whole one, and
	// its waits carry a moment's margin past the reset.
	left := "now"
	if r := common.Remaining(longest.Until.Sub(m.c.Now())); r > 0 {
		left = "in " + r.String()
	}
	return common.Line(longest.Subject+": "+longest.Reason) + "; next request " + left +
		" (at " + longest.Until.Local().Format("15:04:05") + "); esc cancels"
}
