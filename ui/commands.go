package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	scr "coview/screen"
	"coview/ui/cmdline"
	"coview/ui/common"
	"coview/ui/layout"
	"coview/ui/parts/live"
	"coview/ui/parts/results"
	"coview/ui/recent"
	"coview/ui/searchbox"
	"coview/ui/table"
)

// The command line (:): opened from any page, or by : typed first in the
// search box; what a line asks for is done here.

func newCmdline(m *model) *cmdline.Line {
	return cmdline.New(m.c, m.opts.StateDir, func() cmdline.Here {
		list, _ := m.box.Recent()
		return cmdline.Here{Recent: recent.Numbers(list), Columns: m.columns()}
	})
}

// columns are the titles of the columns of the list on screen, for
// :sort; nil when the page is not a list that sorts.
func (m *model) columns() []string {
	l, ok := m.page.(layout.Lister)
	if !ok || !m.contextKeys().Lists.Sort.Enabled() {
		return nil
	}
	return l.Table().Rows.Titles()
}

// openCmdline is :, and : typed first in the empty search box.
func (m *model) openCmdline() tea.Cmd {
	if m.box.Focused() {
		m.box.Blur()
	}
	m.help = nil
	return m.cmd.Open("")
}

// cmdKey gives a key to the open line, and does what a line run asks.
func (m *model) cmdKey(msg tea.KeyPressMsg) tea.Cmd {
	cmd, run, ran := m.cmd.Key(msg)
	if !ran {
		return cmd
	}
	return tea.Batch(cmd, m.runCommand(run))
}

// runLine runs a command picked in the help; one that takes more (a
// company's number) opens the line with it typed, to be completed.
func (m *model) runLine(line string) tea.Cmd {
	if strings.HasSuffix(line, " ") {
		return m.cmd.Open(line)
	}
	run, err := cmdline.Parse(line, m.c.Keys.Actions(), cmdline.Here{Columns: m.columns()})
	if err != nil {
		return m.cmd.Open(line + " ")
	}
	return m.runCommand(run)
}

// runCommand does what a line asks: a key's action is its key pressed.
func (m *model) runCommand(r cmdline.Run) tea.Cmd {
	at := m.page.Place()
	switch {
	case r.Action != "":
		return m.onKey(r.Key)
	case r.Company != "":
		m.trouble.clear()
		return m.openCompany(r.Company, false)
	case r.Officer != "":
		to := results.Place(r.Officer, at)
		to.Res = api.SearchResource(api.ResSearchOfficers, r.Officer)
		return m.navigate(to, forOpen, 0, false)
	case r.Search != "":
		return m.navigate(results.Place(r.Search, at), forOpen, 0, false)
	case r.Query != nil:
		res := r.Query.Resource()
		to := common.Place{Res: res, Title: "Companies: " + present.DescribeSearch(res), Trail: common.TrailHere(at)}
		return m.navigate(to, forOpen, 0, false)
	case r.Watch:
		if n, ok := m.watchTarget(); ok && m.makers.watches.Watching(n) {
			return m.c.Flash(n.String()+" is watched already.", false)
		}
		return m.toggleWatch()
	case r.Screen:
		return m.screenCommand(r.Entries)
	case r.Save != "":
		if !m.contextKeys().Lists.Save.Enabled() {
			return m.c.Flash("Only a list can be saved: :save csv or :save json on a list.", false)
		}
		return m.page.Update(table.SaveMsg{Format: r.Save})
	case r.Sort:
		return m.page.Update(table.SortMsg{By: r.SortBy})
	case r.Live:
		return m.navigate(live.Place(r.LiveFilter), forOpen, 0, false)
	case r.Theme != "":
		m.opts.Settings.Theme = r.Theme
		return tea.Batch(m.background(), m.c.Flash("Theme: "+r.Theme+".", false))
	}
	return nil
}

// screenCommand is :screen: the entries given, or the last list pasted
// (a line of several numbers too, which opened the first).
func (m *model) screenCommand(entries []scr.Input) tea.Cmd {
	if len(entries) == 0 {
		entries = m.box.Pasted()
	}
	if len(entries) == 0 {
		return m.c.Flash("Nothing pasted to screen yet: paste a list, or give the numbers or names (screen 00006400, SC006405).", true)
	}
	return m.act(nil, searchbox.Intent{Screen: entries})
}
