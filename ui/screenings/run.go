package screenings

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/screen"
)

// run is one screening of a list under way: the screener's rows and
// progress come through events, in the order it hands them on, until it
// is closed.
type run struct {
	id     int // the run whose messages are taken; an older one's are dropped
	cancel context.CancelFunc
	events chan event
}

// event is what the screener handed on: a row final, the progress, or a
// panic in the screening, to end the program through its guard.
type event struct {
	row      *screen.Row
	progress *screen.Progress
	crash    tea.Msg
}

// Msg is the rows and progress of a screening that arrived since the
// last, or its end.
type Msg struct {
	ID       int // the screening
	run      int
	rows     []screen.Row
	progress *screen.Progress
	wait     *api.Wait // a wait for the quota, to tell
	done     bool
}

// maxRows bounds the rows one Msg carries: those that arrived while the
// last were drawn, so that a fast registry costs a redraw a batch rather
// than a row.
const maxRows = 256

// eventBuffer is how many events may wait for the browser to take them:
// past it, the screening waits (its requests are paced anyway).
const eventBuffer = 64

// start screens a screening's list from the top: every row pending, then
// answered as the screener hands them on. A run under way is stopped and
// let go of first. The screening goes on whatever page is on screen, and
// ends with the session.
func (s *Session) start(sc *Screening) tea.Cmd {
	if sc.run != nil {
		sc.run.cancel()
		drain(sc.run.events)
	}
	ctx, cancel := context.WithCancel(s.c.Ctx)
	r := &run{id: s.c.NextID(), cancel: cancel, events: make(chan event, eventBuffer)}
	sc.run, sc.Stopped = r, false
	sc.Rows = screen.Pending(sc.Inputs)
	sc.Progress = screen.Progress{Rows: len(sc.Inputs)}
	sc.Version++

	// Rows are handed on even once the screening is stopped (they come
	// back not screened, and are kept); only the session's end drops them.
	quit, guard, screener, inputs, today := s.c.Ctx, s.c.Guard, s.session(), sc.Inputs, s.c.Now()
	send := func(ev event) {
		select {
		case r.events <- ev:
		case <-quit.Done():
		}
	}
	opts := screen.Options{Today: today,
		OnRow:      func(row screen.Row) { send(event{row: &row}) },
		OnProgress: func(p screen.Progress) { send(event{progress: &p}) }}
	if l := s.c.Local; l != nil {
		// The register's file on this machine answers first, at no cost.
		opts.Register, opts.Offline = l.Screening(), l.Offline()
	}
	go func() {
		defer close(r.events)
		screening := guard(func() tea.Msg { screener.Screen(ctx, inputs, opts); return nil })
		if crash := screening(); crash != nil {
			send(event{crash: crash})
		}
	}()
	return s.next(sc.ID, r)
}

// drain takes what a run let go of still sends, so that its goroutine
// ends.
func drain(events <-chan event) {
	go func() {
		for range events {
		}
	}()
}

// next waits for the run's next rows: the first to arrive, and every one
// that arrived with it, up to maxRows; or a wait for the quota to tell.
func (s *Session) next(id int, r *run) tea.Cmd {
	quit, told := s.c.Ctx, s.waits
	return s.c.Guard(func() tea.Msg {
		msg := Msg{ID: id, run: r.id}
		select {
		case w := <-told:
			msg.wait = &w
			return msg
		case ev, ok := <-r.events:
			if out, end := msg.take(ev, ok); end {
				return out
			}
		case <-quit.Done():
			return nil
		}
		for len(msg.rows) < maxRows {
			select {
			case ev, ok := <-r.events:
				if out, end := msg.take(ev, ok); end {
					return out
				}
			default:
				return msg
			}
		}
		return msg
	})
}

// take adds an event to the message, or ends it: with the run's end (ok
// false: the events are closed), or with a panic to hand on instead.
func (m *Msg) take(ev event, ok bool) (out tea.Msg, end bool) {
	switch {
	case !ok:
		m.done = true
		return *m, true
	case ev.crash != nil:
		return ev.crash, true
	}
	if ev.row != nil {
		m.rows = append(m.rows, *ev.row)
	}
	if ev.progress != nil {
		m.progress = ev.progress
	}
	return nil, false
}
