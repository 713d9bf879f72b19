package ui

import (
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"coview/api"
)

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	m.layout()
	return m, cmd
}

func (m *model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = max(msg.Width, 1), max(msg.Height, 1)
		m.sizeInputs()
		return nil
	case tea.BackgroundColorMsg:
		m.setStyles(msg.IsDark())
		return nil
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
		return m.onPaste(msg)
	case fetchedMsg:
		return m.onFetched(msg)
	case keySavedMsg:
		return m.onKeySaved(msg)
	case countdownMsg:
		return m.onCountdown(msg)
	case waitMsg:
		return m.onWait(msg)
	case walkMsg:
		return m.onWalk(msg)
	case sameAsMsg:
		return m.onSameAs(msg)
	case downloadMsg:
		return m.onDownload(msg)
	case openedMsg:
		return m.onOpened(msg)
	case pauseMsg:
		return m.onPause(msg)
	case suggestedMsg:
		return m.onSuggested(msg)
	case waitTickMsg:
		return m.onWaitTick(msg)
	case recentLoadedMsg:
		return m.onRecentLoaded(msg)
	case recentSavedMsg:
		return m.onRecentSaved(msg)
	case noteExpiredMsg:
		if msg.seq == m.noteSeq {
			m.note = ""
		}
		return nil
	case spinner.TickMsg:
		if !m.busy() {
			m.spinning = false
			return nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	}
	// Anything else (the inputs' own messages) goes to the input in use.
	var cmd tea.Cmd
	if m.keys != nil {
		m.keys.input, cmd = m.keys.input.Update(msg)
	} else if m.searching {
		m.search, cmd = m.search.Update(msg)
	} else if m.filtering {
		m.filterIn, cmd = m.filterIn.Update(msg)
	}
	return cmd
}

func (m *model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keyMap.ForceQuit) {
		return m.quit()
	}
	if !key.Matches(msg, m.keyMap.End) {
		m.endAsked = false // end asks again after anything else
	}
	if m.keys != nil {
		return m.onKeyScreenKey(msg)
	}
	if m.searching {
		return m.onSearchKey(msg)
	}
	if m.filtering {
		return m.onFilterKey(msg)
	}
	k := m.keyMap
	if m.showHelp {
		// The help takes the keys that move: on a small window it scrolls.
		most := max(len(m.helpLines(m.width))-m.bodyHeight(), 0)
		switch {
		case key.Matches(msg, k.Quit):
			return m.quit()
		case key.Matches(msg, k.Help, k.Cancel):
			m.showHelp = false
			return nil
		case key.Matches(msg, k.Up):
			m.helpScroll = max(m.helpScroll-1, 0)
			return nil
		case key.Matches(msg, k.Down):
			m.helpScroll = min(m.helpScroll+1, most)
			return nil
		case key.Matches(msg, k.PageUp, k.Home):
			m.helpScroll = 0
			return nil
		case key.Matches(msg, k.PageDown, k.End):
			m.helpScroll = most
			return nil
		}
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.showHelp, m.helpScroll = !m.showHelp, 0
	case key.Matches(msg, k.Cancel):
		return m.escape()
	case key.Matches(msg, k.Search):
		return m.openSearch()
	case key.Matches(msg, k.Back):
		return m.step(-1)
	case key.Matches(msg, k.Forward):
		return m.step(1)
	case key.Matches(msg, k.Reload):
		return m.reload()
	case key.Matches(msg, k.Copy):
		return m.copy()
	case key.Matches(msg, k.Download):
		return m.saveDocument(false)
	case key.Matches(msg, k.OpenDoc):
		return m.saveDocument(true)
	case key.Matches(msg, k.Web):
		return m.openWeb()
	case key.Matches(msg, k.Filter):
		return m.startFilter()
	case key.Matches(msg, k.Current):
		return m.toggleCurrent()
	case key.Matches(msg, k.Source):
		return m.toggleSource()
	case key.Matches(msg, k.Connect):
		return m.openConnections()
	case key.Matches(msg, k.Expand):
		return m.expandSelected()
	case key.Matches(msg, k.Next):
		if len(m.queue) == 0 {
			return m.flash("No more numbers from a paste.", false)
		}
		return m.openNext()
	case m.page.show == showConnections && key.Matches(msg, k.NextTab, k.PrevTab, k.Tabs):
		switch {
		case key.Matches(msg, k.NextTab):
			m.switchConnections(m.page.tab + 1)
		case key.Matches(msg, k.PrevTab):
			m.switchConnections(m.page.tab - 1)
		case msg.Code >= '1' && msg.Code <= '3':
			m.switchConnections(int(msg.Code - '1'))
		}
	case isSearch(m.page.res) && key.Matches(msg, k.NextTab, k.PrevTab, k.Tabs):
		at := slices.Index(searchKinds, m.page.res.Kind)
		switch {
		case key.Matches(msg, k.NextTab):
			return m.switchSearch(at + 1)
		case key.Matches(msg, k.PrevTab):
			return m.switchSearch(at - 1)
		case msg.Code >= '1' && msg.Code <= '3':
			return m.switchSearch(int(msg.Code - '1'))
		}
	case key.Matches(msg, k.NextTab):
		m.switchTab(m.page.tab + 1)
	case key.Matches(msg, k.PrevTab):
		m.switchTab(m.page.tab - 1)
	case key.Matches(msg, k.Tabs):
		m.switchTab(int(msg.Code - '1'))
	case key.Matches(msg, k.Open):
		return m.openSelected()
	case key.Matches(msg, k.Up):
		return m.move(func() { m.page.lv.Move(-1) }, -1)
	case key.Matches(msg, k.Down):
		return m.move(func() { m.page.lv.Move(1) }, 1)
	case key.Matches(msg, k.PageUp):
		return m.move(m.page.lv.PageUp, -m.bodyHeight())
	case key.Matches(msg, k.PageDown):
		return m.move(m.page.lv.PageDown, m.bodyHeight())
	case key.Matches(msg, k.Home):
		return m.move(m.page.lv.Home, -1<<30)
	case key.Matches(msg, k.End):
		if l := m.page.list; l != nil && !l.done {
			return m.toListEnd()
		}
		return m.move(m.page.lv.End, 1<<30)
	}
	return nil
}

// escape is esc outside the inputs: it stops what is in flight (a page
// loading first, then a download, then a walk), then dismisses an error,
// a download's outcome, the help.
func (m *model) escape() tea.Cmd {
	switch {
	case m.dl.running() && !m.dl.cancelled && m.nav == nil && m.more == nil:
		return m.cancelDownload()
	case m.walkingNow() != nil && m.nav == nil && m.more == nil:
		return m.stopWalk()
	case m.busy():
		return m.cancelRequests()
	case m.problem != nil:
		m.problem, m.failed, m.retryAt = nil, nil, time.Time{}
	case m.dl != nil && m.dl.finished:
		m.dl = nil
	case m.showHelp:
		m.showHelp = false
	case m.page.list != nil && m.page.list.filtered():
		m.applyFilter("", false)
	}
	return nil
}

// cancelRequests stops the requests in flight; their answers, if any still
// come, are dropped, and the page on screen stays.
func (m *model) cancelRequests() tea.Cmd {
	m.toEnd = false
	m.stopNav()
	m.stopMore()
	return m.flash("Cancelled.", false)
}

func (m *model) quit() tea.Cmd {
	m.stopNav()
	m.stopMore()
	m.stopDownload(true)
	m.cancel()
	return tea.Quit
}

// switchTab shows another pane of a profile.
func (m *model) switchTab(tab int) {
	if !m.page.showsPanes() {
		return
	}
	n := len(m.page.panes)
	m.page.tab = ((tab % n) + n) % n
	m.page.scroll = 0
}

// move moves the cursor of a list, a document or the links pane with
// lvMove, or scrolls the other panes of a profile by lines; then fetches
// more of a list if the cursor came near the end.
func (m *model) move(lvMove func(), lines int) tea.Cmd {
	pg := m.page
	switch {
	case pg.isHome():
		return nil
	case pg.showsPanes() && pg.tab != linksTab:
		most := max(len(m.paneLines(pg, m.width))-m.bodyHeight(), 0)
		pg.scroll = min(max(pg.scroll+lines, 0), most)
		return nil
	}
	lvMove()
	return m.moreIfNear()
}

// openSelected follows what is under the cursor.
func (m *model) openSelected() tea.Cmd {
	link, title, why := m.selected()
	switch {
	case why != "":
		return m.flash(why, false)
	case link == "":
		return nil
	}
	if res, err := api.Route(link); err == nil && m.page.same(place{res: res}) {
		return m.flash("This is the page on screen.", false)
	}
	return m.openLink(link, title)
}

// selected is what Enter would open where the user is: a link and its
// title, or why nothing opens here. A refused link is shown as a problem.
func (m *model) selected() (link, title, why string) {
	pg := m.page
	switch {
	case pg.showsPanes() && pg.tab == linksTab && len(pg.links) > 0:
		l := pg.links[pg.lv.Cursor()]
		if l.Refused != nil {
			m.problem = ptr(refused(l.Name, l.Refused))
			return "", "", ""
		}
		if l.Rel == api.LinkSelf {
			return "", "", "This is the profile on screen."
		}
		return l.Raw, l.Name, ""
	case pg.showsPanes():
		return "", "", "Nothing opens from this pane: its links are on pane 5."
	case pg.list != nil && pg.list.len() > 0:
		it := pg.list.item(pg.lv.Cursor())
		if it.Link == "" {
			return "", "", "This row has nothing to open."
		}
		return it.Link, it.Title, ""
	case pg.doc != nil && len(pg.doc.lines) > 0:
		if l := pg.doc.lines[pg.lv.Cursor()]; l.link != "" {
			return l.link, or(l.title, l.link), ""
		}
		return "", "", "This line holds no link; the lines in colour do."
	}
	return "", "", "Nothing to open here."
}

// canOpen says whether Enter opens something where the user is, for the
// footer and the help: a link under the cursor, but the profile's own.
func (m *model) canOpen() bool {
	pg := m.page
	if pg.showsPanes() && pg.tab == linksTab && len(pg.links) > 0 && pg.links[pg.lv.Cursor()].Rel == api.LinkSelf {
		return false
	}
	return m.pointedAt() != ""
}

// copy puts on the clipboard, with OSC 52, which works over SSH, the web
// address o would open; where the registry has no web site, the company
// number, or on the links pane the selected link's full URL.
func (m *model) copy() tea.Cmd {
	pg := m.page
	var text string
	web, hasWeb := m.webTarget()
	switch {
	case hasWeb:
		text = web
	case pg.showsPanes() && pg.tab == linksTab && len(pg.links) > 0:
		l := pg.links[pg.lv.Cursor()]
		if l.Refused != nil {
			m.problem = ptr(refused(l.Name, l.Refused))
			return nil
		}
		u, err := m.reg.URLFor(l.Raw)
		if err != nil {
			m.problem = ptr(refused(l.Name, err))
			return nil
		}
		text = u
	case pg.res.Kind == api.ResAppointments && pg.list != nil && pg.list.len() > 0:
		text = pg.list.item(pg.lv.Cursor()).Cells[1]
	case pg.doc != nil:
		if u, err := m.reg.URLFor(pg.res.Link); err == nil {
			text = u
		}
	default:
		text = pg.company.String()
	}
	if text == "" {
		return m.flash("Nothing to copy here.", false)
	}
	return tea.Batch(tea.SetClipboard(text), m.flash("Copied "+line(text), false))
}

// flash shows a message in the footer for a few seconds.
func (m *model) flash(text string, bad bool) tea.Cmd {
	m.noteSeq++
	m.note, m.noteBad = text, bad
	seq := m.noteSeq
	return m.after(noteLife, func(time.Time) tea.Msg { return noteExpiredMsg{seq} })
}
