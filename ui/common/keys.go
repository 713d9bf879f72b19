package common

import "charm.land/bubbles/v2/key"

// KeyMap is every key the browser answers to, in one place and in the
// groups the help shows, so the footer and the full help (?) are drawn
// from the same bindings the code matches. Bindings that do nothing where
// the user is are disabled, and the help says so.
type KeyMap struct {
	Move  MoveKeys
	Pages PageKeys
	Do    DoKeys
	Lists ListKeys
	Docs  DocKeys
	Watch WatchKeys
	Box   BoxKeys
}

// MoveKeys move the cursor.
type MoveKeys struct{ Up, Down, PageUp, PageDown, Home, End key.Binding }

// PageKeys go from page to page and pane to pane.
type PageKeys struct {
	NextTab, PrevTab key.Binding
	Tabs             key.Binding // 1 to 5
	Open             key.Binding
	Back, Forward    key.Binding
}

// DoKeys act anywhere.
type DoKeys struct {
	Search key.Binding
	Next   key.Binding // the next number of a paste
	Reload key.Binding
	Copy   key.Binding
	Cancel key.Binding
	Help   key.Binding
	Quit   key.Binding
	// Command opens the command line, where every action is a command.
	Command key.Binding
	Mouse   key.Binding // the mouse on or off (shift-drag selects text while on)
}

// ListKeys work on lists and on what a page is made from.
type ListKeys struct {
	Filter   key.Binding // filter a list as you type
	Current  key.Binding // a list's current rows only, or all
	Source   key.Binding // the JSON the registry sent, and back
	Connect  key.Binding // the companies and people around a company
	Expand   key.Binding // walk on from a connected company, in place
	Category key.Binding // a filing history's next category
	// Sort orders any list (a screening's table too) by its next column
	// (and Reverse the other way); Nearby shows the companies filed next to
	// a company's name in the registry's index.
	Sort, Reverse, Nearby key.Binding
	// Save is the list on screen, as filtered and sorted, as CSV; the
	// help shows it with Sort (s/S/ctrl+s), as the help has no room for
	// another line at 80x24.
	Save key.Binding
	// Preview shows what the row under the cursor opens beside or under
	// the list, or stops; Flip turns it the other way.
	Preview, Flip key.Binding
}

// DocKeys fetch documents and open the registry's web pages.
type DocKeys struct {
	Download key.Binding // save the document of a filing
	OpenDoc  key.Binding // save it and open it in the viewer
	Web      key.Binding // the registry's web page of what is on screen
}

// WatchKeys keep the watch list.
type WatchKeys struct {
	Toggle key.Binding // watch the company on screen, or stop
	List   key.Binding // the watch page, from anywhere
	// Check is r on the watch page, in its footer; the help lists r as
	// reload, which is what it does there.
	Check key.Binding
}

// BoxKeys are those of the search box, where letters are typed rather
// than obeyed. Complete is the input's own (textinput's
// AcceptSuggestion); it is here for the help.
type BoxKeys struct {
	RecentUp, RecentDown key.Binding
	Complete             key.Binding
	Filters              key.Binding // the form of an advanced search
	Leave                key.Binding
	ForceQuit            key.Binding // quits from anywhere, inputs included
}

// DefaultKeyMap is the browser's keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Move: MoveKeys{
			Up:       b([]string{"up", "k"}, "↑/k", "up"),
			Down:     b([]string{"down", "j"}, "↓/j", "down"),
			PageUp:   b([]string{"pgup"}, "pgup", "page up"),
			PageDown: b([]string{"pgdown"}, "pgdn", "page down"),
			Home:     b([]string{"home"}, "home", "first"),
			End:      b([]string{"end"}, "end", "last"),
		},
		Pages: PageKeys{
			NextTab: b([]string{"tab"}, "tab", "next pane"),
			PrevTab: b([]string{"shift+tab"}, "shift+tab", "prev pane"),
			Tabs:    b([]string{"1", "2", "3", "4", "5"}, "1-5", "pane"),
			Open:    b([]string{"enter"}, "enter", "open"),
			Back:    b([]string{"backspace", "alt+left"}, "⌫/alt+←", "back"),
			Forward: b([]string{"alt+right"}, "alt+→", "forward"),
		},
		Do: DoKeys{
			Search:  b([]string{"/"}, "/", "search"),
			Next:    b([]string{"n"}, "n", "next pasted"),
			Reload:  b([]string{"r"}, "r", "reload"),
			Copy:    b([]string{"y"}, "y", "copy number"),
			Cancel:  b([]string{"esc"}, "esc", "cancel"),
			Help:    b([]string{"?"}, "?", "help"),
			Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
			Command: b([]string{":"}, ":", "command line"), Mouse: b([]string{"m"}, "m", "mouse on/off"),
		},
		Lists: ListKeys{
			Filter:   b([]string{"f"}, "f", "filter"),
			Current:  b([]string{"c"}, "c", "current/all"),
			Source:   b([]string{"v"}, "v", "source JSON"),
			Connect:  b([]string{"x"}, "x", "connections"),
			Expand:   b([]string{"e"}, "e", "expand a company"),
			Category: b([]string{"C"}, "C", "category"),
			Sort:     b([]string{"s"}, "s/S/ctrl+s", "sort/save"),
			Reverse:  b([]string{"S"}, "S", "reverse"),
			Nearby:   b([]string{"a"}, "a", "neighbours"), Save: b([]string{"ctrl+s"}, "ctrl+s", "save list"),
			Preview: b([]string{"p"}, "p/P", "preview/turn it"), Flip: b([]string{"P"}, "P", "preview right/below"),
		},
		Docs: DocKeys{
			Download: b([]string{"d"}, "d", "save document"),
			OpenDoc:  b([]string{"D"}, "D", "open document"),
			Web:      b([]string{"o"}, "o", "web page"),
		},
		Watch: WatchKeys{Toggle: b([]string{"w"}, "w", "watch/unwatch"), List: b([]string{"W"}, "W", "watch list"),
			Check: b([]string{"r"}, "r", "check now")},
		Box: BoxKeys{
			RecentUp:   b([]string{"up"}, "↑/↓", "recent"),
			RecentDown: key.NewBinding(key.WithKeys("down")),
			Complete:   b([]string{"tab"}, "tab", "complete"),
			Filters:    b([]string{"ctrl+f"}, "ctrl+f", "find by filters"),
			Leave:      b([]string{"esc"}, "esc", "leave search"),
			ForceQuit:  b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		},
	}
}

// ShortHelp is the footer: the few keys most useful where the user is.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pages.Open, k.Watch.Check, k.Docs.Download, k.Pages.Tabs, k.Pages.Back, k.Do.Next, k.Lists.Filter,
		k.Lists.Sort, k.Lists.Connect, k.Lists.Expand, k.Do.Search, k.Do.Cancel, k.Do.Help, k.Do.Quit}
}

// SearchHelp is the footer while the search box has the keyboard.
func (k KeyMap) SearchHelp() []key.Binding {
	return []key.Binding{k.Pages.Open, k.Box.RecentUp, k.Box.Complete, k.Box.Filters, k.Box.Leave, k.Box.ForceQuit}
}

// FilterHelp is the footer while a list's filter has the keyboard.
func (k KeyMap) FilterHelp() []key.Binding {
	keep, drop := k.Pages.Open, k.Box.Leave
	keep.SetHelp("enter", "keep the filter")
	drop.SetHelp("esc", "drop the filter")
	return []key.Binding{keep, drop, k.Box.ForceQuit}
}

// KeyScreenHelp is the footer of the key screen.
func (k KeyMap) KeyScreenHelp() []key.Binding {
	save, leave := k.Pages.Open, k.Do.Cancel
	save.SetHelp("enter", "save the key")
	leave.SetHelp("esc", "leave this screen")
	return []key.Binding{save, leave, k.Box.ForceQuit}
}

// Group is a titled group of keys, as the help shows them.
type Group struct {
	Title string
	Keys  []key.Binding
	// Always shows every key as working: they work wherever their input
	// has the keyboard.
	Always bool
}

// Groups are every key in the help's groups.
func (k KeyMap) Groups() []Group {
	return []Group{
		{Title: "Move", Keys: []key.Binding{k.Move.Up, k.Move.Down, k.Move.PageUp, k.Move.PageDown, k.Move.Home, k.Move.End, k.Lists.Sort}},
		{Title: "Pages", Keys: []key.Binding{k.Pages.NextTab, k.Pages.PrevTab, k.Pages.Tabs, k.Pages.Open, k.Pages.Back, k.Pages.Forward, k.Lists.Nearby}},
		{Title: "Do", Keys: []key.Binding{k.Do.Search, k.Do.Command, k.Do.Reload, k.Do.Copy, k.Do.Cancel, k.Do.Help, k.Do.Quit}},
		{Title: "Lists", Keys: []key.Binding{k.Lists.Filter, k.Lists.Current, k.Lists.Source, k.Lists.Connect, k.Lists.Expand, k.Lists.Category}},
		{Title: "Save, open and watch", Keys: []key.Binding{k.Docs.Download, k.Docs.OpenDoc, k.Docs.Web, k.Do.Next, k.Watch.Toggle, k.Watch.List}},
		{Title: "In the search box", Keys: []key.Binding{k.Pages.Open, k.Box.RecentUp, k.Box.Complete, k.Box.Filters, k.Box.Leave, k.Box.ForceQuit}, Always: true},
	}
}

// DisableAll turns off every binding of the given ones.
func DisableAll(bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(false)
	}
}
