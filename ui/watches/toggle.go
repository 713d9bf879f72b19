package watches

import (
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/watch"
)

// ToggledMsg says a company is watched now, or no longer.
type ToggledMsg struct {
	Number   api.Number
	Watching bool
	taken    *watch.Taken // what was kept of it, when it was taken off
	back     bool         // put back as it was
	err      error
}

// OK reports whether the list was changed as asked.
func (m ToggledMsg) OK() bool { return m.err == nil }

// Toggle watches a company, or stops watching it. p is its profile when
// the session has it; otherwise it is read. A company taken off the list
// earlier in the session is put back as it was, with what was recorded
// of it, rather than watched afresh.
func (s *Session) Toggle(n api.Number, p *api.Profile) tea.Cmd {
	if s.open == nil {
		return s.c.Flash("No watch list in this session.", true)
	}
	if s.turning[n] {
		// One at a time: a second w racing the first could take the
		// company off and watch it afresh, its history lost.
		return s.c.Flash("Still changing the watch list for "+n.String()+": a moment.", false)
	}
	s.turning[n] = true
	open, ctx, earlier := s.open, s.c.Ctx, s.taken[n]
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(true)
		if err != nil {
			return ToggledMsg{Number: n, err: err}
		}
		taken, err := w.Store().Take(ctx, n)
		if err != nil || taken != nil {
			return ToggledMsg{Number: n, taken: taken, err: err}
		}
		if earlier != nil {
			back, err := w.Store().PutBack(ctx, earlier)
			if err != nil || back {
				return ToggledMsg{Number: n, Watching: back, back: back, err: err}
			}
		}
		if p != nil {
			_, err = w.Store().AddProfile(ctx, p)
		} else {
			_, _, err = w.Add(ctx, n)
		}
		return ToggledMsg{Number: n, Watching: err == nil, err: err}
	})
}

func (s *Session) onToggled(msg ToggledMsg) tea.Cmd {
	delete(s.turning, msg.Number)
	n := msg.Number.String()
	if msg.err != nil {
		return s.c.Flash("The watch list could not be changed: "+common.Line(msg.err.Error()), true)
	}
	s.watched[msg.Number] = msg.Watching
	s.stamp++
	if !msg.Watching {
		delete(s.shown, msg.Number)
		if msg.taken != nil {
			s.taken[msg.Number] = msg.taken
		}
		return tea.Batch(s.refresh(), s.c.Flash("No longer watching "+n+"; w watches it again.", false))
	}
	if earlier := s.taken[msg.Number]; msg.back && earlier != nil {
		delete(s.taken, msg.Number)
		again := "Watching " + n + " again, as it was"
		if k := earlier.Changes(); k > 0 {
			again = "Watching " + n + " again, with the " + present.Plural(k, "change", "changes") + " recorded of it"
		}
		return tea.Batch(s.refresh(), s.c.Flash(again+": W shows the watch list.", false))
	}
	delete(s.taken, msg.Number)
	return tea.Batch(s.refresh(), s.c.Flash("Watching "+n+": W shows the watch list.", false))
}
