package cmdline

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/internal/spelling"
	"coview/present"
	scr "coview/screen"
	"coview/ui/common"
)

// Command is a command of the line: its name, what it takes, and what
// it does, as the help and the completion show it.
type Command struct {
	Name, Args, Desc string
	// Action is set for the keys' actions: the command presses the key.
	Action bool
}

// own are the commands that are not a key's action, or that take what
// a key cannot (the company's number, a search's filters).
var own = []Command{
	{Name: "company", Args: "NUMBER", Desc: "open a company by its number"},
	{Name: "officer", Args: "NAME", Desc: "search the registry's officers by name"},
	{Name: "search", Args: "[NAME] [--status S] [--sic CODE]…", Desc: "search by name, or by filters as coview search spells them"},
	{Name: "watch", Args: "[add]", Desc: "watch the company on screen (add: only start watching)"},
	{Name: "live", Args: "[--watched] [--sic CODE] [--place WORD] [WORD]", Desc: "the registry as it happens: new companies and filings, filtered"},
	{Name: "theme", Args: "light|dark|auto", Desc: "colours for a light or dark background, or as the terminal says"},
	{Name: "screen", Args: "[NUMBER|NAME, …]", Desc: "screen the last list pasted, or the numbers and names after it"},
	{Name: "save", Args: "[csv|json]", Desc: "save the list on screen, as filtered and sorted, in the download directory"},
	{Name: "sort", Args: "[COLUMN [up|down]]", Desc: "sort the list on screen by a column (tab completes it), or alone in the registry's order"},
}

// Commands are every command of the line: its own first, then every
// action of the keys by the name the settings file gives it (quit,
// connections, filter, sort...), each once.
func Commands(actions []common.Action) []Command {
	out := slices.Clone(own)
	for _, a := range actions {
		if i := slices.IndexFunc(out, func(c Command) bool { return c.Name == a.Name }); i >= 0 {
			continue
		}
		out = append(out, Command{Name: a.Name, Desc: a.Binding.Help().Desc, Action: true})
	}
	return out
}

// Run is what a line asks the browser to do; exactly one thing is set.
type Run struct {
	// Action is the name of a key's action, and Key the key that does it.
	Action  string
	Key     tea.KeyPressMsg
	Company api.Number
	Officer string            // search the officers for this name
	Search  string            // search everything for this name
	Query   *api.CompanyQuery // an advanced search, every value checked
	Watch   bool              // watch the company on screen, if not yet
	Theme   string            // light, dark or auto
	// Screen screens Entries, one row each (as coview screen does its
	// arguments), or the last paste when there are none.
	Screen  bool
	Entries []scr.Input
	Save    string // save the list on screen as csv or json
	// Sort sorts the list on screen by SortBy: the column+1, negative
	// for down, 0 for the registry's order (as table.Rows.Sort).
	Sort   bool
	SortBy int
	// Live opens the live page, with LiveFilter.
	Live       bool
	LiveFilter present.LiveFilter
}

// Parse reads a line (without its colon): a command and what it takes,
// here being what the page on screen offers (the columns :sort takes).
// What is wrong is said as a sentence: an unknown command with the
// nearest one, a number that is not one, a filter mistyped.
func Parse(line string, actions []common.Action, here Here) (Run, error) {
	words, err := split(line)
	if err != nil {
		return Run{}, err
	}
	if len(words) == 0 {
		return Run{}, fmt.Errorf("type a command: company NUMBER, search NAME, quit…; tab completes")
	}
	name, args := strings.ToLower(words[0]), words[1:]
	switch {
	case name == "company":
		return company(args)
	case name == "officer":
		if len(args) == 0 {
			return Run{}, fmt.Errorf("officer needs a name to look for: officer jane smith")
		}
		return Run{Officer: api.CleanQuery(strings.Join(args, " "))}, nil
	case name == "search" && len(args) > 0:
		return search(args)
	case name == "watch" && len(args) > 0:
		return watch(args)
	case name == "screen":
		return screen(afterName(line))
	case name == "theme":
		if len(args) != 1 || !slices.Contains([]string{"light", "dark", "auto"}, strings.ToLower(args[0])) {
			return Run{}, fmt.Errorf("theme takes light, dark or auto")
		}
		return Run{Theme: strings.ToLower(args[0])}, nil
	case name == "save" && len(args) > 0:
		if len(args) != 1 || !slices.Contains([]string{"csv", "json"}, strings.ToLower(args[0])) {
			return Run{}, fmt.Errorf("save takes csv or json: save json")
		}
		return Run{Save: strings.ToLower(args[0])}, nil
	case name == "sort":
		return sortBy(args, here.Columns)
	case name == "live":
		return live(args)
	}
	return action(name, args, actions)
}

// company is :company NUMBER.
func company(args []string) (Run, error) {
	if len(args) != 1 {
		return Run{}, fmt.Errorf("company needs one company number: company 00006400")
	}
	n, err := api.ParseNumber(args[0])
	if err != nil {
		return Run{}, fmt.Errorf("company %q: %s", common.Line(args[0]), common.Line(err.Error()))
	}
	return Run{Company: n}, nil
}

// watch is :watch add, which watches the company on screen: a number
// after it is said to be opened first.
func watch(args []string) (Run, error) {
	switch {
	case strings.ToLower(args[0]) != "add":
		return Run{}, fmt.Errorf("watch takes add, or nothing: watch add starts watching the company on screen")
	case len(args) > 1:
		open := "company NUMBER"
		if n, err := api.ParseNumber(args[1]); err == nil {
			open = "company " + n.String()
		}
		return Run{}, fmt.Errorf("watch add watches the company on screen and takes nothing after it: open the company first (%s), then watch add", open)
	}
	return Run{Watch: true}, nil
}

// screen is :screen, alone or with what to screen after it: company
// numbers and names as coview screen takes them, one an entry between
// commas (scr.Entries), a quoted one whole, each kept as written.
func screen(rest string) (Run, error) {
	var entries []scr.Input
	for i, part := range strings.Split(rest, `"`) {
		if i%2 == 1 { // within quotes (split has checked they close)
			if strings.TrimSpace(part) != "" {
				entries = append(entries, scr.Argument(len(entries)+1, part))
			}
			continue
		}
		for _, e := range scr.Entries(part) {
			entries = append(entries, scr.Argument(len(entries)+1, e.Text))
		}
	}
	if len(entries) == 0 && strings.TrimSpace(rest) != "" {
		return Run{}, fmt.Errorf("screen takes company numbers and names (screen 00006400, Marzipan Mountain Software Ltd), or nothing for the last list pasted")
	}
	return Run{Screen: true, Entries: entries}, nil
}

// afterName is a line without its first word, the command's name.
func afterName(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[i:]
	}
	return ""
}

// action is a key's action by name: its key pressed. panes takes the
// pane's digit.
func action(name string, args []string, actions []common.Action) (Run, error) {
	i := slices.IndexFunc(actions, func(a common.Action) bool { return a.Name == name })
	if i < 0 {
		return Run{}, unknown(name, actions)
	}
	keys := actions[i].Binding.Keys()
	k := ""
	switch {
	case name == "panes" && len(args) == 1 && slices.Contains(keys, args[0]):
		k = args[0]
	case name == "panes":
		return Run{}, fmt.Errorf("panes takes the pane's number: panes %s", strings.Join(keys, "|"))
	case len(args) > 0:
		return Run{}, fmt.Errorf("%s takes nothing after it", name)
	case len(keys) > 0:
		k = keys[0]
	}
	msg, ok := KeyPress(k)
	if !ok {
		return Run{}, fmt.Errorf("%s has no key that can be pressed for it here", name)
	}
	return Run{Action: name, Key: msg}, nil
}

// unknown says a command is not one, and which is nearest.
func unknown(name string, actions []common.Action) error {
	var names []string
	for _, c := range Commands(actions) {
		names = append(names, c.Name)
	}
	if near := nearest(name, names); near != "" {
		return fmt.Errorf("No command %q: did you mean %s?", common.Line(name), near)
	}
	return fmt.Errorf("No command %q: tab lists the commands, ? the keys", common.Line(name))
}

// nearest is the name closest to a mistyped one: one it begins, or one
// a few letters away.
func nearest(v string, names []string) string {
	for _, n := range names {
		if len(v) >= 2 && strings.HasPrefix(n, v) {
			return n
		}
	}
	best, bestD := "", min(3, max(len(v)/2, 1)+1)
	for _, n := range names {
		if d := spelling.Distance(v, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// split cuts a line into words at spaces; "double quotes" keep spaces in
// a word.
func split(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	quoted, in := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case !quoted && (r == ' ' || r == '\t'):
			if in {
				words, in = append(words, b.String()), false
				b.Reset()
			}
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quote is not closed")
	}
	if in {
		words = append(words, b.String())
	}
	return words, nil
}

// live is :live and its filter: --watched, --sic CODE (a section or a
// code: digits), --place WORD, and words to look for.
func live(args []string) (Run, error) {
	var f present.LiveFilter
	var words []string
	for i := 0; i < len(args); i++ {
		a := strings.ToLower(args[i])
		value := func() (string, error) {
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "--") {
				return "", fmt.Errorf("live %s needs a value: live %s 62020", a, a)
			}
			i++
			return args[i], nil
		}
		switch a {
		case "--watched":
			f.Watched = true
		case "--sic":
			v, err := value()
			if err != nil {
				return Run{}, err
			}
			if len(v) > 5 || strings.Trim(v, "0123456789") != "" {
				return Run{}, fmt.Errorf("live --sic %q: a SIC code is up to five digits (62020, or 62 for its division)", common.Line(v))
			}
			f.SIC = v
		case "--place":
			v, err := value()
			if err != nil {
				return Run{}, fmt.Errorf("live --place needs a town or a postcode: live --place leeds")
			}
			f.Place = v
		default:
			if strings.HasPrefix(a, "--") {
				return Run{}, fmt.Errorf("live takes --watched, --sic CODE and --place WORD, not %s", common.Line(args[i]))
			}
			words = append(words, args[i])
		}
	}
	f.Word = strings.Join(words, " ")
	return Run{Live: true, LiveFilter: f}, nil
}
