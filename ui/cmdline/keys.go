package cmdline

import (
	"strings"
	"sync"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// named are the keys the bindings name, as tea names them.
var named = sync.OnceValue(func() map[string]rune {
	return map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "insert": tea.KeyInsert, "space": tea.KeySpace,
	}
})

// mods are the modifiers a binding may name.
var mods = sync.OnceValue(func() map[string]tea.KeyMod {
	return map[string]tea.KeyMod{"ctrl": tea.ModCtrl, "alt": tea.ModAlt, "shift": tea.ModShift}
})

// KeyPress is the key press a binding names ("f", "C", "shift+tab",
// "alt+left", "ctrl+f"), as the terminal would send it: what a command
// for a key's action presses. It reports false for a name it cannot
// make.
func KeyPress(s string) (tea.KeyPressMsg, bool) {
	var mod tea.KeyMod
	rest := s
	for {
		m, after, ok := strings.Cut(rest, "+")
		if !ok || after == "" {
			break
		}
		bit, known := mods()[m]
		if !known {
			return tea.KeyPressMsg{}, false
		}
		mod |= bit
		rest = after
	}
	if code, ok := named()[rest]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k, true
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || size != len(rest) {
		return tea.KeyPressMsg{}, false
	}
	if mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}, true
	}
	return tea.KeyPressMsg{Code: r, Text: rest, Mod: mod}, true
}
