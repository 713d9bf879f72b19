package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
	"coview/ui/download"
	"coview/ui/parts/help"
	"coview/ui/parts/keyscreen"
	"coview/ui/table"
	"coview/ui/waits"
)

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmds := []tea.Cmd{m.update(msg)}
	// What parts posted (a page to open) is acted on now, in order,
	// before the next message: bounded, as a part may post in answer.
	for range maxPosted {
		posted := m.c.Posted()
		if len(posted) == 0 {
			break
		}
		for _, p := range posted {
			cmds = append(cmds, m.update(p))
		}
	}
	return m, tea.Batch(append(cmds, m.layoutAndFollow(), m.startSpinner())...)
}

// layoutAndFollow lays the page out, as layout does, and lets the
// preview see the row under a list's cursor there: the frame is counted
// once for both.
func (m *model) layoutAndFollow() tea.Cmd {
	f := m.frame()
	m.layIn(f)
	return m.preview.Follow(m.page, f.split.Where, f.split.PrevW, f.split.PrevH)
}

// layIn lays the page out in a frame: the width its body gets, then its
// rows.
func (m *model) layIn(f frame) {
	if w, ok := m.page.(common.Widener); ok {
		w.SetBodyWidth(f.split.ListW)
	}
	m.page.Layout(f.body)
}

// maxPosted bounds the rounds of posted messages one update acts on.
const maxPosted = 8

// update hands a message to whoever it is for: the root's own, the
// navigation's, a component's, and the rest to the page on screen.
func (m *model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.Width, m.c.Height = max(msg.Width, 1), max(msg.Height, 1)
		m.resize()
		return nil
	case tea.BackgroundColorMsg:
		m.restyle(msg.IsDark())
		return m.page.Update(msg)
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
		return m.onPaste(msg)
	case tea.MouseClickMsg:
		return m.onClick(msg)
	case tea.MouseWheelMsg:
		return m.onWheel(msg)
	case common.NoteExpiredMsg:
		if msg.Seq == m.c.Note.Seq {
			m.c.Note.Text = ""
		}
		return nil
	case spinner.TickMsg:
		if !m.busy() {
			m.foot.spinning = false
			return nil
		}
		var cmd tea.Cmd
		m.foot.spin, cmd = m.foot.spin.Update(msg)
		return cmd
	}
	if cmd, ok := m.navigation(msg); ok {
		return cmd
	}
	return m.components(msg)
}

// components hands a message to the components and services that may
// be waiting for it, and to the page.
func (m *model) components(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case table.SavedMsg:
		return m.c.Flash(msg.Say())
	case keyscreen.SavedMsg:
		if m.keys != nil {
			return m.keys.Update(msg)
		}
		return nil
	case keyscreen.DoneMsg:
		return m.onKeyDone(msg)
	case keyscreen.LeftMsg:
		return m.onKeyLeft()
	case waits.Msg:
		return m.foot.waits.Update(msg)
	case download.Msg, download.OpenedMsg:
		return m.dl.Update(msg)
	case webOpenedMsg:
		if msg.err != nil {
			return m.c.Flash("The web browser could not be started: "+common.Line(msg.err.Error()), true)
		}
		return nil
	case countdownMsg:
		return m.onCountdown(msg)
	}
	return tea.Batch(m.foot.waits.Update(msg), m.box.Update(msg), m.makers.update(msg), m.page.Update(msg), m.inputs(msg),
		m.preview.Update(msg))
}

// inputs hands what else comes to the input that has the keyboard.
func (m *model) inputs(msg tea.Msg) tea.Cmd {
	switch {
	case m.keys != nil:
		return m.keys.Update(msg)
	case m.cmd.Active():
		return m.cmd.Input(msg)
	case m.box.Focused():
		return m.box.Input(msg)
	}
	return nil
}

// onKey handles a key: the key screen, the search box and a part's
// input take every key when they have the keyboard; then the keys that
// act anywhere; the rest are the page's.
func (m *model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Box.ForceQuit):
		return m.quit()
	case m.keys != nil:
		return m.keys.Update(msg)
	case m.cmd.Active():
		return m.cmdKey(msg)
	case m.box.Focused() && msg.Text == ":" && m.box.Value() == "":
		return m.openCmdline()
	case m.box.Focused():
		if key.Matches(msg, k.Box.Leave) {
			// A page on its way, or more of a list, is cancelled; the page's
			// own work (a walk, a check) goes on, and esc leaves the box.
			if m.nav != nil || m.pageLoading() {
				return m.cancelRequests()
			}
			m.box.Blur()
			return nil
		}
		return m.act(m.box.Key(msg))
	case typing(m.page):
		return m.page.Update(msg)
	}
	if m.help != nil {
		if cmd, handled := m.helpKey(msg); handled {
			return cmd
		}
	}
	if cmd, ok := m.globalKey(msg); ok {
		return cmd
	}
	return m.pageKey(msg)
}

// globalKey handles the keys that act on whatever page is on screen.
func (m *model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.c.Keys
	if pz, ok := m.page.(common.Pauser); ok && (key.Matches(msg, k.Lists.Preview) || msg.String() == "space") {
		return pz.Pause(), true
	}
	actions := []struct {
		b  key.Binding
		do func() tea.Cmd
	}{
		{k.Do.Quit, m.quit},
		{k.Do.Help, m.toggleHelp},
		{k.Do.Cancel, m.escape},
		{k.Do.Search, m.box.Open},
		{k.Do.Command, m.openCmdline},
		{k.Pages.Back, func() tea.Cmd { return m.step(-1) }},
		{k.Pages.Forward, func() tea.Cmd { return m.step(1) }},
		{k.Do.Reload, m.reload},
		{k.Do.Copy, m.copy},
		{k.Docs.Download, func() tea.Cmd { return m.saveDocument(false) }},
		{k.Docs.OpenDoc, func() tea.Cmd { return m.saveDocument(true) }},
		{k.Docs.Web, m.openWeb},
		{k.Lists.Source, m.toggleSource},
		{k.Lists.Connect, m.openConnections},
		{k.Lists.Nearby, m.openNearby},
		{k.Do.Next, m.next},
		{k.Watch.Toggle, m.toggleWatch},
		{k.Watch.List, m.openWatchList},
		{k.Lists.Preview, m.togglePreview},
		{k.Lists.Flip, m.flipPreview},
		{k.Do.Mouse, m.toggleMouse},
	}
	for _, a := range actions {
		if key.Matches(msg, a.b) {
			return a.do(), true
		}
	}
	return nil, false
}

// pageKey gives a key to the page, or says why it does nothing here.
func (m *model) pageKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	here := m.contextKeys()
	switch {
	case key.Matches(msg, k.Lists.Filter) && !here.Lists.Filter.Enabled():
		return m.c.Flash("Only a list can be filtered.", false)
	case key.Matches(msg, k.Lists.Current) && !here.Lists.Filter.Enabled():
		return m.c.Flash("Only a list has current rows: c works on lists of officers, owners, charges and appointments.", false)
	case key.Matches(msg, k.Lists.Expand) && !here.Lists.Expand.Enabled():
		return m.c.Flash("e expands a connected company, on the companies of a connections page.", false)
	case key.Matches(msg, k.Lists.Sort, k.Lists.Reverse) && !here.Lists.Sort.Enabled():
		return m.c.Flash("Only a list can be sorted (s, S) or saved (ctrl+s).", false)
	case key.Matches(msg, k.Lists.Save) && !here.Lists.Save.Enabled():
		return m.c.Flash("Only a list can be saved (ctrl+s: CSV, :save json: JSON).", false)
	}
	return m.page.Update(msg)
}

// typing says whether a part's input (a filter) has the keyboard.
func typing(p common.Part) bool {
	t, ok := p.(common.Typist)
	return ok && t.Typing()
}

// helpOverlay is the help over the page.
type helpOverlay struct{ *help.Model }

// toggleHelp is ?: every key, over the page, and back.
func (m *model) toggleHelp() tea.Cmd {
	if m.help != nil {
		m.help = nil
	} else {
		m.help = &helpOverlay{help.New(m.c)}
	}
	return nil
}

// helpKey lets the help take the keys that filter it, scroll it, close
// it, and run the command picked in it.
func (m *model) helpKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	run, closed, handled := m.help.Key(msg, m.contextKeys(), m.c.Width, m.bodyHeight())
	if closed {
		m.help = nil
	}
	if run != "" {
		return m.runLine(run), true
	}
	return nil, handled
}

// onPaste takes a bracketed paste: into the key screen when it is up,
// else the search box reads it.
func (m *model) onPaste(msg tea.PasteMsg) tea.Cmd {
	if m.keys != nil {
		return m.keys.Update(msg)
	}
	if m.cmd.Active() {
		m.cmd.Paste(msg.Content)
		return nil
	}
	return m.act(m.box.Paste(msg))
}
