package common

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// Action is one of the browser's key bindings by the name the settings
// file uses for it (keys: quit: [q, ctrl+q]).
type Action struct {
	Name    string
	Binding *key.Binding
	// Fixed keys cannot be bound to others: the panes' digits. The
	// search box's keys are not actions at all: they are typed.
	Fixed bool
}

// Actions are the bindings the settings file may rebind, by name, in the
// order the help shows them. Check is not among them: it is r on the
// watch page, where r reloads, and follows Reload.
func (k *KeyMap) Actions() []Action {
	return []Action{
		{Name: "up", Binding: &k.Move.Up}, {Name: "down", Binding: &k.Move.Down},
		{Name: "page-up", Binding: &k.Move.PageUp}, {Name: "page-down", Binding: &k.Move.PageDown},
		{Name: "home", Binding: &k.Move.Home}, {Name: "end", Binding: &k.Move.End},
		{Name: "next-pane", Binding: &k.Pages.NextTab}, {Name: "prev-pane", Binding: &k.Pages.PrevTab},
		{Name: "panes", Binding: &k.Pages.Tabs, Fixed: true},
		{Name: "open", Binding: &k.Pages.Open}, {Name: "back", Binding: &k.Pages.Back}, {Name: "forward", Binding: &k.Pages.Forward},
		{Name: "search", Binding: &k.Do.Search}, {Name: "next", Binding: &k.Do.Next}, {Name: "reload", Binding: &k.Do.Reload},
		{Name: "copy", Binding: &k.Do.Copy}, {Name: "cancel", Binding: &k.Do.Cancel}, {Name: "help", Binding: &k.Do.Help},
		{Name: "quit", Binding: &k.Do.Quit}, {Name: "command", Binding: &k.Do.Command},
		{Name: "mouse", Binding: &k.Do.Mouse},
		{Name: "filter", Binding: &k.Lists.Filter}, {Name: "current", Binding: &k.Lists.Current},
		{Name: "source", Binding: &k.Lists.Source}, {Name: "connections", Binding: &k.Lists.Connect},
		{Name: "expand", Binding: &k.Lists.Expand}, {Name: "category", Binding: &k.Lists.Category},
		{Name: "sort", Binding: &k.Lists.Sort}, {Name: "reverse", Binding: &k.Lists.Reverse},
		{Name: "nearby", Binding: &k.Lists.Nearby}, {Name: "save", Binding: &k.Lists.Save},
		{Name: "preview", Binding: &k.Lists.Preview}, {Name: "flip-preview", Binding: &k.Lists.Flip},
		{Name: "download", Binding: &k.Docs.Download}, {Name: "open-document", Binding: &k.Docs.OpenDoc},
		{Name: "web", Binding: &k.Docs.Web},
		{Name: "watch", Binding: &k.Watch.Toggle}, {Name: "watch-list", Binding: &k.Watch.List},
	}
}

// Rebind gives the named actions other keys (the settings file's, checked
// already: no clashes, no unknown names), and says them in the help as
// they are now. ctrl+c stays with quit whatever it is bound to.
func (k *KeyMap) Rebind(keys map[string][]string) {
	if len(keys) == 0 {
		return
	}
	for _, a := range k.Actions() {
		ks, ok := keys[a.Name]
		if !ok || a.Fixed {
			continue
		}
		desc := a.Binding.Help().Desc
		bound := ks
		if a.Name == "quit" {
			bound = append(append([]string(nil), ks...), "ctrl+c")
		}
		a.Binding.SetKeys(bound...)
		a.Binding.SetHelp(keyWords(ks), desc)
	}
	k.Watch.Check.SetKeys(k.Do.Reload.Keys()...)
	k.Watch.Check.SetHelp(k.Do.Reload.Help().Key, k.Watch.Check.Help().Desc)
	k.Lists.Sort.SetHelp(keyWords(k.Lists.Sort.Keys())+"/"+keyWords(k.Lists.Reverse.Keys())+"/"+keyWords(k.Lists.Save.Keys()), k.Lists.Sort.Help().Desc)
	k.Lists.Preview.SetHelp(keyWords(k.Lists.Preview.Keys())+"/"+keyWords(k.Lists.Flip.Keys()), k.Lists.Preview.Help().Desc)
}

// keyWords are keys as the help shows them: arrows as arrows.
func keyWords(ks []string) string {
	r := strings.NewReplacer("pgup", "pgup", "up", "↑", "down", "↓", "left", "←", "right", "→", "backspace", "⌫", "pgdown", "pgdn")
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = r.Replace(k)
	}
	return strings.Join(out, "/")
}

// SortKeys are the keys that sort a list by its next column and the
// other way, as bound ("s" and "S" unless the settings say otherwise),
// for the lines that say how a list is ordered.
func (k *KeyMap) SortKeys() (next, reverse string) {
	return keyWords(k.Lists.Sort.Keys()), keyWords(k.Lists.Reverse.Keys())
}

// ActionKeys are the actions' names with their keys as bound, for the
// settings file's checks and for coview config show.
func (k *KeyMap) ActionKeys() []NamedKeys {
	var out []NamedKeys
	for _, a := range k.Actions() {
		ks := a.Binding.Keys()
		if a.Name == "quit" {
			ks = without(ks, "ctrl+c")
		}
		out = append(out, NamedKeys{Name: a.Name, Keys: ks, Fixed: a.Fixed})
	}
	return out
}

// NamedKeys are an action's keys.
type NamedKeys struct {
	Name  string
	Keys  []string
	Fixed bool
}

func without(ks []string, drop string) []string {
	var out []string
	for _, k := range ks {
		if k != drop {
			out = append(out, k)
		}
	}
	return out
}
