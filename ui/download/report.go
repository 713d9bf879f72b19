package download

import (
	"path/filepath"
	"sync"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
)

// Msg is a download's latest state, as its goroutine left it.
type Msg struct {
	id    int
	title string
	stage string
	prog  api.Progress
	bytes bool
	path  string
	err   error
	done  bool
	r     *reporter // where the next state comes from
}

// OpenedMsg is what the viewer said when asked to open a document.
type OpenedMsg struct {
	id  int
	err error
}

// reporter hands a download's state from its goroutine to the program:
// the newest state replaces an older one not yet taken, so a fast download
// never waits for the screen, and the last state is never lost.
type reporter struct {
	mu     sync.Mutex
	state  Msg
	notify chan struct{}
}

func (r *reporter) set(f func(*Msg)) {
	r.mu.Lock()
	f(&r.state)
	r.mu.Unlock()
	select {
	case r.notify <- struct{}{}:
	default: // a notice is pending: it will read this state
	}
}

func (r *reporter) get() Msg {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.state
	s.r = r
	return s
}

// next waits for the download's next state.
func (m *Model) next(r *reporter) tea.Cmd {
	return m.c.Guard(func() tea.Msg {
		<-r.notify
		return r.get()
	})
}

// Update takes a download's state in; once saved, D's document is
// opened.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return m.onState(msg)
	case OpenedMsg:
		if d := m.dl; d != nil && d.id == msg.id {
			d.opened = "opened in the viewer"
			if msg.err != nil {
				d.opened = "the viewer could not be started: " + common.Line(msg.err.Error())
			}
		}
	}
	return nil
}

func (m *Model) onState(msg Msg) tea.Cmd {
	d := m.dl
	if d == nil || d.id != msg.id || d.finished {
		return nil
	}
	d.title, d.stage, d.prog, d.bytes = msg.title, msg.stage, msg.prog, msg.bytes
	if !msg.done {
		return m.next(msg.r)
	}
	d.finished, d.path, d.err = true, msg.path, msg.err
	if d.err != nil {
		return nil
	}
	m.saved[d.filing] = d.path
	d.title = filepath.Base(d.path)
	if d.open {
		return m.openDocument(d)
	}
	return nil
}

// openDocument opens a saved document in the system's viewer, when there
// is a display to show it on.
func (m *Model) openDocument(d *download) tea.Cmd {
	if m.opts.OpenFile == nil {
		d.opened = "no display here to open it on"
		return nil
	}
	d.opened = "opening it in the viewer…"
	open, path, id := m.opts.OpenFile, d.path, d.id
	return m.c.Guard(func() tea.Msg { return OpenedMsg{id: id, err: open(path)} })
}
