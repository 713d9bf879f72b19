package watches

import (
	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
	"coview/watch"
)

// People on the watch list: w on an officer's page watches the officer
// (their new appointments, resignations and name, at any company), or
// stops watching them.

// PersonToggledMsg says a person is watched now, or no longer.
type PersonToggledMsg struct {
	ID       string
	Name     string
	Watching bool
	err      error
}

// WatchingOfficer says whether a person is on the list, as last read.
func (s *Session) WatchingOfficer(id string) bool { return s.people[id] }

// ToggleOfficer watches the officer with this id (reading their
// appointments once: what is there now is recorded, nothing reported),
// or stops watching them.
func (s *Session) ToggleOfficer(id string) tea.Cmd {
	if s.open == nil {
		return s.c.Flash("No watch list in this session.", true)
	}
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(true)
		if err != nil {
			return PersonToggledMsg{ID: id, err: err}
		}
		removed, err := w.Store().RemoveOfficers(ctx, id)
		if err != nil || len(removed) > 0 {
			return PersonToggledMsg{ID: id, err: err}
		}
		a, _, err := w.AddOfficer(ctx, id)
		if err != nil {
			return PersonToggledMsg{ID: id, err: err}
		}
		return PersonToggledMsg{ID: id, Name: a.Name, Watching: true}
	})
}

func (s *Session) onPersonToggled(msg PersonToggledMsg) tea.Cmd {
	if msg.err != nil {
		return s.c.Flash("The watch list could not be changed: "+common.Line(msg.err.Error()), true)
	}
	s.people[msg.ID] = msg.Watching
	s.stamp++
	if !msg.Watching {
		return tea.Batch(s.refresh(), s.c.Flash("No longer watching this officer; w watches them again.", false))
	}
	return tea.Batch(s.refresh(), s.c.Flash("Watching "+common.Or(common.Line(msg.Name), "the officer")+
		": their new appointments, resignations and name, at any company. W shows the watch list.", false))
}

// notePeople keeps which people the list watches, from its entries.
func (s *Session) notePeople(entries []watch.Entry) {
	clear(s.people)
	for _, e := range entries {
		if e.Person != nil {
			s.people[e.Person.ID] = true
		}
	}
}

// SeenOfficer marks a person's changes seen: the watch page listed them
// and the user opened the officer.
func (s *Session) SeenOfficer(id string, changes []watch.Change) tea.Cmd {
	if s.open == nil || len(changes) == 0 {
		return nil
	}
	open, ctx := s.open, s.c.Ctx
	return s.c.Guard(func() tea.Msg {
		w, err := open.get(false)
		if err != nil || w == nil {
			return MarkedMsg{err: err}
		}
		_, err = w.Store().MarkOfficersSeen(ctx, id)
		return MarkedMsg{err: err}
	})
}
