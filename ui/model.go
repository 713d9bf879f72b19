package ui

import (
	"context"
	"image/color"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"coview/ui/cmdline"
	"coview/ui/common"
	"coview/ui/download"
	"coview/ui/layout"
	"coview/ui/parts/keyscreen"
	"coview/ui/recent"
	"coview/ui/searchbox"
	"coview/ui/waits"
)

// model is the browser's root: the history and the page on screen (a
// part), the navigation in flight, and what is drawn around every page
// (the search box, a problem, a download, the footer). Everything a page
// shows and does is its part's; a part asks to go elsewhere with a
// message. It is used through a pointer: Update changes it in place and
// returns it, and View only reads it.
type model struct {
	c      *common.Common
	opts   Options
	cancel context.CancelFunc

	hist   history
	page   common.Part
	nav    *navRequest // the navigation in flight
	makers makers      // how each kind of page is made

	box     *searchbox.Box
	cmd     *cmdline.Line    // the command line (:)
	help    *helpOverlay     // the help over the page, when up
	keys    *keyscreen.Model // the key screen, when up
	trouble problems         // a failure shown above the page, and what may be retried
	dl      *download.Model
	foot    footer
	preview *layout.Preview // what the row under a list's cursor opens
	mouse   bool            // clicks and the wheel are the browser's (m)
}

// footer is the status line and the keys under every page.
type footer struct {
	spin      spinner.Model
	spinning  bool
	help      help.Model
	waits     *waits.Model
	afterKeys func() tea.Cmd // what to do once a key is saved (open the first number)
}

// New returns the browser's root model, for tests and teatest. Run is what
// main uses.
func New(opts Options) tea.Model {
	return newGuarded(newModel(context.Background(), opts), nil)
}

func newModel(ctx context.Context, opts Options) *model {
	ctx, cancel := context.WithCancel(ctx)
	c := common.New(ctx, opts.Registry, opts.Now)
	if opts.Local.Index != nil {
		live := opts.Registry
		if opts.Local.Offline {
			live = nil
		}
		c.Local = common.NewLocal(opts.Local.Index, live)
		c.Reg = c.Local.Registry(opts.Registry)
	}
	c.Keys.Rebind(opts.Settings.Keys)
	c.Downloads = opts.DownloadDir
	m := &model{c: c, opts: opts, cancel: cancel, hist: newHistory(), mouse: !opts.Settings.Layout.NoMouse}
	m.foot = footer{spin: spinner.New(spinner.WithSpinner(spinner.MiniDot)), help: help.New(), waits: waits.New(c)}
	m.makers = newMakers(c, opts.Version, func() ([]recent.Entry, bool) { return m.box.Recent() }, opts.Watch, opts.DownloadDir,
		figureDocuments(opts.Documents), opts.Live)
	m.preview = layout.NewPreview(c, opts.Settings.Layout.Preview, m.makers.build)
	m.box = searchbox.New(c, opts.StateDir)
	m.cmd = newCmdline(m)
	m.dl = download.New(c, download.Options{Docs: opts.Documents, Dir: opts.DownloadDir, OpenFile: opts.OpenFile})
	m.page, _ = m.makers.build(common.Place{Title: "Home"})
	if len(opts.Numbers) > 0 {
		m.box.Queue(opts.Numbers)
	} else {
		m.box.Focus()
	}
	if opts.NeedKey {
		m.keys = keyscreen.New(c, "", m.keyOptions())
	}
	m.trouble.showSettings(opts.Settings.Problems)
	m.restyle(opts.Settings.Theme != "light")
	return m
}

func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.background(), m.box.Init(), m.makers.watches.Init()}
	if m.box.Queued() {
		if m.keys != nil {
			m.foot.afterKeys = m.openNext
		} else {
			cmds = append(cmds, m.openNext())
		}
	}
	return tea.Batch(cmds...)
}

// background asks the terminal for its background colour, or, when the
// theme says it, answers for it: every part then styles itself as it
// would for the terminal's own answer.
func (m *model) background() tea.Cmd {
	switch m.opts.Settings.Theme {
	case "light":
		return func() tea.Msg { return tea.BackgroundColorMsg{Color: color.White} }
	case "dark":
		return func() tea.Msg { return tea.BackgroundColorMsg{Color: color.Black} }
	}
	return tea.RequestBackgroundColor
}

// keyOptions say where a key entered on the key screen goes.
func (m *model) keyOptions() keyscreen.Options {
	save := func(key string) (string, error) {
		if m.opts.SaveKey == nil {
			return key, nil
		}
		return m.opts.SaveKey(key)
	}
	return keyscreen.Options{Save: save, Host: m.opts.KeyHost, Kept: m.opts.KeyKept}
}

// restyle builds the styles for a dark or light background, and gives
// them to everything that keeps a copy.
func (m *model) restyle(isDark bool) {
	*m.c.Styles = common.NewStyles(isDark)
	m.foot.help.Styles = m.c.Styles.Help
	m.foot.spin.Style = m.c.Styles.Spinner
	m.box.Restyle()
	m.cmd.Restyle()
	m.dl.Restyle()
	if m.keys != nil {
		m.keys.Restyle()
	}
}

// resize fits what is sized to the window: the inputs and the help.
func (m *model) resize() {
	m.foot.help.SetWidth(max(m.c.Width-1, 10))
	m.box.Resize()
	m.cmd.Resize()
	if m.keys != nil {
		m.keys.Resize()
	}
}

// busy says whether something is in flight that the footer tells of.
func (m *model) busy() bool {
	return m.nav != nil || m.page.Busy() != "" || (m.keys != nil && m.keys.Saving())
}

// startSpinner starts the spinner when something is in flight.
func (m *model) startSpinner() tea.Cmd {
	if m.foot.spinning || !m.busy() {
		return nil
	}
	m.foot.spinning = true
	return m.foot.spin.Tick
}

// quit stops everything in flight and ends the program. A download
// under way is cancelled and its unfinished file taken away.
func (m *model) quit() tea.Cmd {
	m.stopNav()
	if l, ok := m.page.(common.Leaver); ok {
		l.Leave()
	}
	m.dl.Stop(true)
	m.cancel()
	return tea.Quit
}

// closeRecent writes the recent numbers, once the program has stopped.
func (m *model) closeRecent() error { return m.box.Close() }

// now is the browser's clock.
func (m *model) now() time.Time { return m.c.Now() }
