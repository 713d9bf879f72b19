package help

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"coview/ui/cmdline"
	"coview/ui/common"
)

// The help filters as it is typed, lazygit's way: every command of the
// command line (the keys' actions by name, and company, search...) whose
// name, keys or words hold what is typed, one a line, ↑/↓ moving the
// highlight and enter running it.

// entry is one line of the filtered help: a command, its keys, what it
// does.
type entry struct {
	cmd  cmdline.Command
	keys string
}

// entries are every command, with its keys when it is a key's action.
func entries(k *common.KeyMap) []entry {
	actions := k.Actions()
	var out []entry
	for _, c := range cmdline.Commands(actions) {
		e := entry{cmd: c}
		for _, a := range actions {
			if a.Name == c.Name {
				e.keys = a.Binding.Help().Key
			}
		}
		out = append(out, e)
	}
	return out
}

// matching are the entries that hold every word of the filter, the best
// first (enter runs it): those whose name is a word typed, then those
// whose name begins with one, holds one, then whose keys hold one, and
// last those that hold them only in their words (typing sort lists :sort
// before :save, which saves the list "as filtered and sorted").
func (m *Model) matching() []entry {
	words := strings.Fields(strings.ToLower(m.filter))
	type ranked struct {
		e    entry
		rank int
	}
	var found []ranked
	for _, e := range entries(&m.c.Keys) {
		name, keys := strings.ToLower(e.cmd.Name), strings.ToLower(e.keys)
		text := name + " " + strings.ToLower(e.cmd.Desc) + " " + keys
		rank, ok := 0, true
		for _, w := range words {
			ok = ok && strings.Contains(text, w)
			rank += matchRank(w, name, keys)
		}
		if ok {
			found = append(found, ranked{e, rank})
		}
	}
	slices.SortStableFunc(found, func(a, b ranked) int { return a.rank - b.rank })
	out := make([]entry, len(found))
	for i, f := range found {
		out[i] = f.e
	}
	return out
}

// matchRank is how well a word typed matches a command: 0 when it is the
// command's name, up to 4 when only the command's words hold it.
func matchRank(w, name, keys string) int {
	switch {
	case w == name:
		return 0
	case strings.HasPrefix(name, w):
		return 1
	case strings.Contains(name, w):
		return 2
	case strings.Contains(keys, w):
		return 3
	}
	return 4
}

// filterKey takes a key that types into the filter, or works on what it
// found; handled is false for a key it leaves to the help.
func (m *Model) filterKey(msg tea.KeyPressMsg) (run string, handled bool) {
	km := m.c.Keys
	switch {
	case m.filter != "" && key.Matches(msg, km.Pages.Open):
		found := m.matching()
		if m.sel >= len(found) {
			return "", true
		}
		c := found[m.sel].cmd
		if c.Args != "" && !c.Action {
			return c.Name + " ", true // it takes more: the line opens to complete it
		}
		return c.Name, true
	case m.filter != "" && msg.Code == tea.KeyBackspace && msg.Mod == 0:
		r := []rune(m.filter)
		m.filter, m.sel = string(r[:len(r)-1]), 0
	case m.filter != "" && key.Matches(msg, km.Box.Leave):
		m.filter, m.sel = "", 0
	case m.filter != "" && msg.Code == tea.KeyUp && msg.Mod == 0:
		m.sel = max(m.sel-1, 0)
	case m.filter != "" && msg.Code == tea.KeyDown && msg.Mod == 0:
		m.sel = min(m.sel+1, max(len(m.matching())-1, 0))
	case msg.Text != "" && msg.Text != "?" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0 && (m.filter != "" || msg.Text != " "):
		m.filter += msg.Text
		m.sel = 0
	default:
		return "", false
	}
	return "", true
}

// filteredLines are the entries found, one a line, the highlighted one
// marked, scrolled to keep it in the h lines.
func (m *Model) filteredLines(w, h int) []string {
	s := m.c.Styles
	out := []string{"  " + s.Head.Render("Help: ") + s.Value.Render(common.Line(m.filter)) + s.Quiet.Render("▏ ↑/↓ pick, enter runs, esc clears")}
	found := m.matching()
	if len(found) == 0 {
		return append(out, "", "  "+s.Quiet.Render("No key or command holds “"+common.Line(m.filter)+"”."))
	}
	keyW, nameW := 0, 0
	for _, e := range found {
		keyW, nameW = max(keyW, common.Cells(e.keys)), max(nameW, common.Cells(e.cmd.Name))
	}
	rows := max(h-1, 1)
	from := max(m.sel-rows+1, 0)
	for i := from; i < min(len(found), from+rows); i++ {
		e := found[i]
		line := common.Pad(e.keys, keyW) + "  :" + common.Pad(e.cmd.Name, nameW) + "  " + e.cmd.Desc
		if i == m.sel {
			out = append(out, common.Fit(s.Selected.Render("▸ "+line), w))
		} else {
			out = append(out, common.Fit("  "+s.Value.Render(line), w))
		}
	}
	return out
}
