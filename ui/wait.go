package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// waitMsg is the registry client telling of a wait before a request: the
// quota of this window is spent, and the request goes out when it resets.
type waitMsg struct{ w api.Wait }

// waitTickMsg redraws the countdown of the waits in progress once a
// second.
type waitTickMsg struct{ id int }

// onWait keeps the waits in progress, by the request they hold back, and
// starts the countdown when the first begins. Waits for a request the
// browser has let go of end as its context ends, and say so.
func (m *model) onWait(msg waitMsg) tea.Cmd {
	w := msg.w
	if w.Over {
		delete(m.waits, w.Subject)
		return nil
	}
	first := len(m.waits) == 0
	m.waits[w.Subject] = w
	if !first {
		return nil
	}
	m.waitTick++
	return m.tickWait(m.waitTick)
}

func (m *model) tickWait(id int) tea.Cmd {
	return m.after(time.Second, func(time.Time) tea.Msg { return waitTickMsg{id} })
}

func (m *model) onWaitTick(msg waitTickMsg) tea.Cmd {
	if msg.id != m.waitTick || len(m.waits) == 0 {
		return nil
	}
	return m.tickWait(msg.id)
}

// waitText is the longest of the waits in progress, in words, or "".
func (m *model) waitText() string {
	var longest api.Wait
	for _, w := range m.waits {
		if w.Until.After(longest.Until) {
			longest = w
		}
	}
	if longest.Until.IsZero() {
		return ""
	}
	return line(longest.Message(m.now())) + " (at " + longest.Until.Local().Format("15:04:05") + "); esc cancels"
}
