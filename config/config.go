// Package config reads coview's settings file, config.yaml: the theme,
// where documents are saved, the default budgets of the walks, and the
// browser's keys. A file that is wrong in part is never fatal: each thing
// wrong is a Problem naming the file and the line, and what it set is
// left at its default.
package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FileName is the settings file inside coview's config directory.
const FileName = "config.yaml"

// Themes are the values theme and COVIEW_THEME take: auto follows the
// terminal's background, light and dark say it for terminals that
// answer wrongly or not at all (tmux, SSH).
var Themes = []string{"auto", "light", "dark"}

// Settings are what the file (and COVIEW_THEME) set; a zero field is the
// default.
type Settings struct {
	Theme       string // auto, light or dark; "" when unset (auto)
	DownloadDir string // an existing directory, absolute; "" when unset
	StreamURL   string // the streaming API's base URL (http or https); "" when unset
	Budgets     Budgets
	// Keys are the browser's actions the file binds to other keys, each
	// to the whole list of its keys (merged over the defaults: an action
	// not named keeps its own).
	Keys map[string][]string
	// Preview is the browser's preview of a list's row; NoMouse turns
	// the mouse off (mouse: false).
	Preview Preview
	NoMouse bool
	// DownloadURL is the download site's page of the monthly company
	// file, for coview index update; "" when unset.
	DownloadURL string
	// Lines say on which line of the file each setting was made, for
	// show; keys are the settings' paths ("theme", "keys.quit").
	Lines map[string]int
}

// Budgets are the most requests a walk sends when no --budget is given;
// 0 is the walk's own default.
type Budgets struct {
	Connections int // coview connections and x in the browser
	WatchCheck  int // coview watch check
}

// Problem is one thing wrong in the settings: where, and what to do.
type Problem struct {
	File string // the file's path, or the environment variable's name
	Line int    // 0 when the problem is the whole file
	Text string
}

// String is the problem as a warning says it, with every character a
// terminal would obey, or that would reorder the line, written as an
// escape (\x1b, \u202e): the file's names and its path are not coview's.
func (p Problem) String() string {
	if p.Line > 0 {
		return escaped(fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Text))
	}
	return escaped(p.File + ": " + p.Text)
}

// escaped is s with each character that is not printable (a space is)
// and each byte that is not UTF-8 written as Go writes it in a quoted
// string.
func escaped(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		if unprintable(r) || r == utf8.RuneError && n == 1 {
			q := strconv.QuoteToASCII(s[:n])
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

func unprintable(r rune) bool { return r != ' ' && !strconv.IsPrint(r) }

// shown is a name or a path from the file as a problem quotes it: as it
// is when every character of it is printable, else quoted with escapes,
// as a value is (valueWords).
func shown(s string) string {
	if escaped(s) == s && !strings.ContainsAny(s, `"\`) {
		return s
	}
	return strconv.Quote(s)
}

// Where is the settings file to read and who chose it.
type Where struct {
	Path string
	// Chosen is true when --config or COVIEW_CONFIG named the file: then
	// a missing file is a problem, where the default one may well not
	// exist.
	Chosen bool
	By     string // "--config", "COVIEW_CONFIG" or "default"
}

// Locate finds the settings file: the --config flag's value, else
// COVIEW_CONFIG, else config.yaml in $XDG_CONFIG_HOME/coview, else in
// ~/.config/coview (a relative XDG_CONFIG_HOME is ignored, as the XDG
// specification says).
func Locate(flag string, getenv func(string) string) (Where, error) {
	switch {
	case flag != "":
		return Where{Path: flag, Chosen: true, By: "--config"}, nil
	case getenv("COVIEW_CONFIG") != "":
		return Where{Path: getenv("COVIEW_CONFIG"), Chosen: true, By: "COVIEW_CONFIG"}, nil
	}
	if x := getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return Where{Path: filepath.Join(x, "coview", FileName), By: "default"}, nil
	}
	home := getenv("HOME")
	if home == "" {
		return Where{}, errors.New("no settings file: neither XDG_CONFIG_HOME nor HOME is set; name one with --config or COVIEW_CONFIG")
	}
	return Where{Path: filepath.Join(home, ".config", "coview", FileName), By: "default"}, nil
}

// Action is one of the browser's actions with the keys it has by
// default. A Fixed action's keys cannot be changed (the panes' digits,
// ctrl+c), but no other action may take them.
type Action struct {
	Name  string
	Keys  []string
	Fixed bool
}

// theme checks COVIEW_THEME, which wins over the file's theme.
func theme(s *Settings, getenv func(string) string) []Problem {
	v := strings.TrimSpace(getenv("COVIEW_THEME"))
	if v == "" {
		return nil
	}
	if t, ok := oneOf(strings.ToLower(v), Themes); ok {
		s.Theme = t
		return nil
	}
	return []Problem{{File: "COVIEW_THEME", Text: fmt.Sprintf("%q is no theme; use auto, light or dark (going on with %s)", v, orAuto(s.Theme))}}
}

func orAuto(t string) string {
	if t == "" {
		return "auto"
	}
	return t
}

func oneOf(v string, among []string) (string, bool) {
	for _, a := range among {
		if v == a {
			return a, true
		}
	}
	return "", false
}
