package ui

import (
	"context"
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/connections"
	"coview/ui/recent"
)

// model is the browser. It is used through a pointer: Update changes it in
// place and returns it, and View only reads it.
type model struct {
	opts   Options
	reg    Registry
	now    func() time.Time
	ctx    context.Context // every request's parent; cancelled on quit
	cancel context.CancelFunc
	guard  func(tea.Cmd) tea.Cmd                                // turns a panic in a Cmd into a crash report
	after  func(time.Duration, func(time.Time) tea.Msg) tea.Cmd // tea.Tick; tests fire timers themselves

	width, height int
	styles        Styles
	keyMap        KeyMap
	help          help.Model
	spin          spinner.Model
	spinning      bool
	showHelp      bool
	helpScroll    int // first line of the help shown, on a window too small for all of it

	search      textinput.Model
	searching   bool         // the search input has the keyboard
	queue       []api.Number // numbers of a paste still to open
	recent      []api.Number // numbers opened lately, most recent first
	recentSel   int          // the pick selected with ↑/↓ under the empty input, or -1
	lastText    string       // what was left in the box when / opened a fresh search
	suggest     suggestions  // matches of a name being typed, under the box
	pauseID     int          // the pause in typing waited for; older ones are dropped
	store       *recent.Store
	storeWarned bool

	toEnd     bool            // loading a list to its end (end), page after page
	endAsked  bool            // end said what loading to the end costs; end again goes
	filtering bool            // the filter input has the keyboard
	filterIn  textinput.Model // the filter of the list on screen

	keys      *keyScreen     // the key screen, when it is up
	afterKeys func() tea.Cmd // what to do once a key is saved (open the first number)

	page  *page
	hist  history
	cache *cache

	seq     int      // the last request id
	nav     *request // the navigation in flight
	more    *request // the next page of the list on screen, in flight
	failed  *request // the request that failed and may be retried (r, a new key, the quota reset)
	retryAt time.Time
	problem *trouble // shown above the page until the next success or esc

	problemErr  error // the rate-limit error being counted down
	countdownID int   // the countdown ticking; older ticks are dropped

	walker *connections.Walker            // the session's walks of connections, and every answer they read
	walks  map[api.Number]*walking        // each company's walk: its newest snapshot, and the walk under way
	sameAs map[string]*connections.SameAs // who else each officer seen probably is, by officer id

	waits    map[string]api.Wait // waits for the quota in progress, by the request they hold back
	waitTick int                 // the countdown of the waits ticking; older ticks are dropped

	dl    *download               // the download under way, or the last one
	saved map[api.Resource]string // where this session saved each filing's document
	bar   progress.Model          // a download's progress bar

	note    string // a transient message in the footer
	noteBad bool
	noteSeq int
	quota   api.RateLimit
}

// New returns the browser's root model, for tests and teatest. Run is what
// main uses.
func New(opts Options) tea.Model {
	return newGuarded(newModel(context.Background(), opts), nil)
}

func newModel(ctx context.Context, opts Options) *model {
	ctx, cancel := context.WithCancel(ctx)
	m := &model{
		opts:      opts,
		reg:       opts.Registry,
		now:       opts.Now,
		ctx:       ctx,
		cancel:    cancel,
		guard:     func(c tea.Cmd) tea.Cmd { return c },
		after:     tea.Tick,
		keyMap:    DefaultKeyMap(),
		help:      help.New(),
		spin:      spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		recentSel: -1,
		hist:      newHistory(),
		waits:     map[string]api.Wait{},
		walks:     map[api.Number]*walking{},
		sameAs:    map[string]*connections.SameAs{},
		saved:     map[api.Resource]string{},
		cache:     newCache(cacheSize),
		width:     80,
		height:    24,
	}
	if m.now == nil {
		m.now = time.Now
	}
	m.search = newSearchInput()
	m.filterIn = newFilterInput()
	m.setStyles(true)
	m.sizeInputs()
	m.page, _ = m.build(place{title: "Home"})
	m.suggest.sel = -1
	if store, err := recent.Open(opts.StateDir); err == nil {
		m.store = store
	}
	if len(opts.Numbers) > 0 {
		m.queue = dedupe(opts.Numbers)
	} else {
		m.searching = true
		m.search.Focus()
	}
	if opts.NeedKey {
		m.keys = newKeyScreen("", m.styles.Input)
		m.sizeInputs()
	}
	return m
}

func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.loadRecent()}
	if len(m.queue) > 0 {
		if m.keys != nil {
			m.afterKeys = m.openNext
		} else {
			cmds = append(cmds, m.openNext())
		}
	}
	return tea.Batch(cmds...)
}

func (m *model) setStyles(isDark bool) {
	m.styles = NewStyles(isDark)
	m.help.Styles = m.styles.Help
	m.spin.Style = m.styles.Spinner
	m.bar = progress.New(progress.WithoutPercentage(), progress.WithFillCharacters('█', '░'), progress.WithColors(m.styles.Good.GetForeground()))
	m.search.SetStyles(m.styles.Input)
	m.filterIn.SetStyles(m.styles.Input)
	if m.keys != nil {
		m.keys.input.SetStyles(m.styles.Input)
	}
}

// sizeInputs fits the inputs and the help to the terminal: a textinput
// without a width shows one character of its placeholder.
func (m *model) sizeInputs() {
	m.help.SetWidth(max(m.width-1, 10))
	m.search.SetWidth(max(m.width-ansi.StringWidth(m.search.Prompt)-2, 8))
	m.filterIn.SetWidth(max(m.width/5, 12))
	if m.keys != nil {
		m.keys.input.SetWidth(max(m.width-ansi.StringWidth(m.keys.input.Prompt)-4, 8))
	}
}

func newSearchInput() textinput.Model {
	in := textinput.New()
	in.Prompt = "Company › "
	in.Placeholder = "type or paste a number or a name, then Enter"
	in.CharLimit = 200
	in.ShowSuggestions = true
	// ctrl+v would read the clipboard of the machine running coview, which
	// over SSH is not the user's; the terminal's own paste arrives as a
	// bracketed paste and is handled whole.
	in.KeyMap.Paste.SetEnabled(false)
	return in
}

func dedupe[T comparable](list []T) []T {
	out := make([]T, 0, len(list))
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
