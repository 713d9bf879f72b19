package ui

import "charm.land/bubbles/v2/key"

// KeyMap is every key the browser answers to, in one place, so the footer
// and the full help (?) are drawn from the same bindings the code matches.
// Bindings that do nothing where the user is are disabled, and disabled
// bindings are left out of the help.
type KeyMap struct {
	NextTab  key.Binding
	PrevTab  key.Binding
	Tabs     key.Binding // 1 to 5
	Search   key.Binding
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
	Open     key.Binding
	Cancel   key.Binding
	Reload   key.Binding
	Copy     key.Binding
	Download key.Binding // save the document of a filing
	OpenDoc  key.Binding // save it and open it in the viewer
	Web      key.Binding // the registry's web page of what is on screen
	Filter   key.Binding // filter a list as you type
	Current  key.Binding // a list's current rows only, or all
	Source   key.Binding // the JSON the registry sent, and back
	Connect  key.Binding // the companies and people around a company
	Expand   key.Binding // walk on from a connected company, in place
	Back     key.Binding
	Forward  key.Binding
	Next     key.Binding // the next number of a paste
	Help     key.Binding
	Quit     key.Binding

	// In the search input, where letters are typed rather than obeyed.
	// Complete is the input's own (textinput's AcceptSuggestion); it is
	// here for the help.
	RecentUp    key.Binding
	RecentDown  key.Binding
	Complete    key.Binding
	LeaveSearch key.Binding
	ForceQuit   key.Binding // quits from anywhere, inputs included
}

// DefaultKeyMap is the browser's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		NextTab:  key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		PrevTab:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "prev pane")),
		Tabs:     key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "pane")),
		Search:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first")),
		End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Reload:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		Copy:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy number")),
		Download: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "save document")),
		OpenDoc:  key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "open document")),
		Web:      key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "web page")),
		Filter:   key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filter")),
		Current:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "current/all")),
		Source:   key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "source JSON")),
		Connect:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "connections")),
		Expand:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "expand a company")),
		Back:     key.NewBinding(key.WithKeys("backspace", "alt+left"), key.WithHelp("⌫/alt+←", "back")),
		Forward:  key.NewBinding(key.WithKeys("alt+right"), key.WithHelp("alt+→", "forward")),
		Next:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next pasted")),
		Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Quit:     key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),

		RecentUp:    key.NewBinding(key.WithKeys("up"), key.WithHelp("↑/↓", "recent")),
		RecentDown:  key.NewBinding(key.WithKeys("down")),
		Complete:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
		LeaveSearch: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave search")),
		ForceQuit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// ShortHelp is the footer: the few keys most useful where the user is.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Download, k.Tabs, k.Back, k.Next, k.Filter, k.Connect, k.Expand, k.Search, k.Cancel, k.Help, k.Quit}
}

// SearchHelp is the footer while the search input has the keyboard.
func (k KeyMap) SearchHelp() []key.Binding {
	return []key.Binding{k.Open, k.RecentUp, k.Complete, k.LeaveSearch, k.ForceQuit}
}

// KeyScreenHelp is the footer of the key screen.
func (k KeyMap) KeyScreenHelp() []key.Binding {
	save, leave := k.Open, k.Cancel
	save.SetHelp("enter", "save the key")
	leave.SetHelp("esc", "leave this screen")
	return []key.Binding{save, leave, k.ForceQuit}
}

// FullHelp is the help screen, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.NextTab, k.PrevTab, k.Tabs, k.Open, k.Back, k.Forward},
		{k.Search, k.Next, k.Reload, k.Copy, k.Cancel, k.Help, k.Quit},
		{k.Download, k.OpenDoc, k.Web},
	}
}
