package config

import (
	"coview/internal/spelling"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// namedKeys are the keys written by name, as the browser reads them.
var namedKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"up": true, "down": true, "left": true, "right": true, "enter": true, "tab": true, "esc": true,
		"backspace": true, "delete": true, "insert": true, "home": true, "end": true, "pgup": true,
		"pgdown": true, "space": true,
	}
})

// keyProblem says what is wrong with a key's name, or "" when it names a
// key: a printable character, or a name (enter, f5), with ctrl+, alt+ or
// shift+ before it.
func keyProblem(k string) string {
	base := k
	for {
		rest, ok := "", false
		for _, mod := range []string{"ctrl+", "alt+", "shift+"} {
			if rest, ok = strings.CutPrefix(base, mod); ok {
				break
			}
		}
		if !ok {
			break
		}
		base = rest
	}
	switch {
	case k == "ctrl+c":
		return "ctrl+c always quits and cannot be bound to anything else"
	case utf8.RuneCountInString(base) == 1 && base != " " && strings.TrimSpace(base) != "" && !unprintable([]rune(base)[0]):
		return ""
	case namedKeys()[base] || isFunctionKey(base):
		return ""
	}
	return fmt.Sprintf("%q is no key coview knows; write a character (x, X, /), or a name (enter, esc, tab, space, up, pgdown, f5), with ctrl+, alt+ or shift+ before it if need be", k)
}

func isFunctionKey(s string) bool {
	n, ok := strings.CutPrefix(s, "f")
	if !ok || n == "" || n[0] == '0' {
		return false
	}
	v, err := strconv.Atoi(n)
	return err == nil && v >= 1 && v <= 20
}

// binding is a key the file gives an action, and on which line.
type binding struct {
	keys []string
	line int
}

// keys reads the keys: group, action: key or action: [key, key], and
// keeps the bindings that leave no key with two actions.
func (r *reader) keys(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		r.say(v.Line, "keys: want lines such as quit: [q, ctrl+q] under it, not %s", valueWords(v))
		return
	}
	byName := map[string]Action{}
	var names []string
	for _, a := range r.actions {
		byName[a.Name] = a
		if !a.Fixed {
			names = append(names, a.Name)
		}
	}
	given := map[string]binding{}
	for _, kv := range r.pairs(v, "keys.") {
		a, ok := byName[kv[0].Value]
		switch {
		case !ok:
			r.unknown(kv[0], "keys.", names)
			continue
		case a.Fixed:
			r.say(kv[0].Line, "keys.%s: its keys (%s) cannot be changed", a.Name, strings.Join(a.Keys, ", "))
			continue
		}
		if ks, ok := r.keyList(a.Name, kv[1]); ok {
			given[a.Name] = binding{keys: ks, line: kv[1].Line}
		}
	}
	for name, b := range r.clashFree(given) {
		if r.s.Keys == nil {
			r.s.Keys = map[string][]string{}
		}
		r.s.Keys[name], r.s.Lines["keys."+name] = b.keys, b.line
	}
}

// keyList is one action's keys as written: one key or a list of them,
// each a key coview knows, at least one.
func (r *reader) keyList(action string, v *yaml.Node) ([]string, bool) {
	var items []*yaml.Node
	switch v.Kind {
	case yaml.ScalarNode:
		items = []*yaml.Node{v}
	case yaml.SequenceNode:
		items = v.Content
	default:
		r.say(v.Line, "keys.%s: want a key or a list of keys ([q, ctrl+q]), not %s", action, valueWords(v))
		return nil, false
	}
	if len(items) == 0 || (len(items) == 1 && items[0].Value == "") {
		r.say(v.Line, "keys.%s: give it at least one key; leave it out to keep its own", action)
		return nil, false
	}
	var keys []string
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			r.say(it.Line, "keys.%s: want a key, not %s", action, valueWords(it))
			return nil, false
		}
		if p := keyProblem(it.Value); p != "" {
			r.say(it.Line, "keys.%s: %s; its own keys are kept", action, p)
			return nil, false
		}
		keys = append(keys, it.Value)
	}
	return keys, true
}

// clashFree merges the given bindings over the defaults and drops each
// given one that leaves a key with two actions, saying which two: the
// actions dropped keep their own keys.
func (r *reader) clashFree(given map[string]binding) map[string]binding {
	type holder struct {
		action string
		line   int // 0: by default
	}
	holders := map[string][]holder{}
	for _, a := range r.actions {
		if b, ok := given[a.Name]; ok {
			for _, k := range b.keys {
				holders[k] = append(holders[k], holder{a.Name, b.line})
			}
			continue
		}
		for _, k := range a.Keys {
			holders[k] = append(holders[k], holder{a.Name, 0})
		}
	}
	keys := make([]string, 0, len(holders))
	for k := range holders {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	dropped := map[string]bool{}
	for _, k := range keys {
		hs := holders[k]
		if len(hs) < 2 {
			continue
		}
		where := func(h holder) string {
			if h.line == 0 {
				return h.action + " (its own key)"
			}
			return fmt.Sprintf("%s (line %d)", h.action, h.line)
		}
		line := hs[0].line
		for _, h := range hs {
			if h.line > 0 {
				dropped[h.action] = true
				line = max(line, h.line)
			}
		}
		r.say(line, "keys: %s is bound to both %s and %s; give one of them another key (both keep their own keys meanwhile)", k, where(hs[0]), where(hs[1]))
	}
	out := map[string]binding{}
	for name, b := range given {
		if !dropped[name] {
			out[name] = b
		}
	}
	return out
}

// nearest is the known name closest to a mistyped one, if close enough
// to be what was meant.
func nearest(v string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := spelling.Distance(strings.ToLower(v), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}
