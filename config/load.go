package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"go.yaml.in/yaml/v3"
)

// maxFileSize bounds what is read: a settings file is a few hundred
// bytes, and a path that names something endless must not hang coview.
const maxFileSize = 1 << 20

// Load reads the settings at w, checking every key binding against the
// browser's actions, and then COVIEW_THEME. It never fails: what is wrong
// is returned as problems, and what it would have set keeps its default.
// actions is called only when there is a file to read: most runs have
// none, and need not make the browser's keys to learn so.
func Load(w Where, actions func() []Action, getenv func(string) string) (Settings, []Problem) {
	s := Settings{Lines: map[string]int{}}
	var problems []Problem
	body, p := read(w)
	if p != nil {
		problems = append(problems, *p)
	} else if len(body) > 0 {
		r := reader{file: w.Path, s: &s, getenv: getenv}
		if actions != nil {
			r.actions = actions()
		}
		r.parse(body)
		problems = append(problems, r.problems...)
	}
	return s, append(problems, theme(&s, getenv)...)
}

// read is the file's text, or the problem that kept it unread. A default
// file that does not exist is no problem: most people have none. Only a
// regular file (or a link to one) is read: a named pipe would hold coview
// at the open until something wrote to it, deaf to ctrl+c, and a device
// (a terminal) at the read.
func read(w Where) ([]byte, *Problem) {
	problem := func(text string) *Problem { return &Problem{File: w.Path, Text: text} }
	unread := func(err error) *Problem {
		return problem(fmt.Sprintf("cannot be read (%s); going on with the defaults", reason(err)))
	}
	fi, err := os.Stat(w.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !w.Chosen:
		return nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, problem(fmt.Sprintf("no such file (named by %s); going on with the defaults (coview config edit makes one)", w.By))
	case err != nil:
		return nil, unread(err)
	case !fi.Mode().IsRegular():
		return nil, problem(notRegular(fi.Mode()))
	}
	// Without waiting: a named pipe put there since the look opens at
	// once, and what was opened is looked at again before a byte is read.
	f, err := os.OpenFile(w.Path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, unread(err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, unread(err)
	} else if !fi.Mode().IsRegular() {
		return nil, problem(notRegular(fi.Mode()))
	}
	body, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	switch {
	case err != nil:
		return nil, unread(err)
	case len(body) > maxFileSize:
		return nil, problem("is larger than 1 MiB, which no settings file is; going on with the defaults")
	}
	return body, nil
}

// notRegular says what the settings path is instead of a file.
func notRegular(mode fs.FileMode) string {
	var what string
	switch {
	case mode.IsDir():
		return "is a directory, not a settings file; going on with the defaults"
	case mode&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case mode&fs.ModeSocket != 0:
		what = "a socket"
	case mode&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "of an unknown kind"
	}
	return "is " + what + ", not a regular file: only a file is read as settings; going on with the defaults"
}

// reason is an error's own words without the path, which the problem
// already names.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// reader walks the parsed file, setting what is right and saying what is
// not.
type reader struct {
	file     string
	s        *Settings
	actions  []Action
	getenv   func(string) string
	problems []Problem
}

func (r *reader) say(line int, format string, args ...any) {
	r.problems = append(r.problems, Problem{File: r.file, Line: line, Text: fmt.Sprintf(format, args...)})
}

var yamlLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
})

func (r *reader) parse(body []byte) {
	var doc yaml.Node
	if err := yaml.Unmarshal(body, &doc); err != nil {
		if m := yamlLine().FindStringSubmatch(err.Error()); m != nil {
			n, _ := strconv.Atoi(m[1])
			r.say(n, "is not YAML coview can read (%s); going on with the defaults", m[2])
			return
		}
		r.say(0, "is not YAML coview can read (%s); going on with the defaults", strings.TrimPrefix(err.Error(), "yaml: "))
		return
	}
	if len(doc.Content) == 0 {
		return // only comments
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		r.say(top.Line, "should be settings as name: value lines (theme: dark), not a %s; going on with the defaults", kindWords(top))
		return
	}
	r.settings(top)
}

// settings are the file's top level.
func (r *reader) settings(top *yaml.Node) {
	for _, kv := range r.pairs(top, "") {
		switch name, v := kv[0].Value, kv[1]; name {
		case "theme":
			r.theme(v)
		case "download_dir":
			r.downloadDir(v)
		case "budgets":
			r.budgets(v)
		case "keys":
			r.keys(v)
		case "preview":
			r.preview(v)
		case "mouse":
			r.mouse(v)
		case "stream_url":
			r.streamURL(v)
		case "download_url":
			r.downloadURL(v)
		case "key", "api_key", "apikey", "token":
			r.say(kv[0].Line, "%s: coview never reads its API key from this file, which is not kept secret; use coview auth login (the system keyring) or COVIEW_API_KEY", name)
		default:
			r.unknown(kv[0], "", []string{"theme", "download_dir", "budgets", "keys", "preview", "mouse", "stream_url", "download_url"})
		}
	}
}

// pairs are a mapping's key and value nodes, each name once: a name said
// twice is a problem, and its first value is kept.
func (r *reader) pairs(m *yaml.Node, in string) [][2]*yaml.Node {
	seen := map[string]int{}
	var out [][2]*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if first, dup := seen[k.Value]; dup {
			r.say(k.Line, "%s is set twice (first on line %d); the first is kept", shown(in+k.Value), first)
			continue
		}
		seen[k.Value] = k.Line
		out = append(out, [2]*yaml.Node{k, v})
	}
	return out
}

func (r *reader) unknown(k *yaml.Node, in string, known []string) {
	hint := ""
	if near := nearest(k.Value, known); near != "" {
		hint = fmt.Sprintf("; did you mean %s%s?", in, near)
	}
	r.say(k.Line, "%s is no setting coview has%s (the settings are %s); it is ignored", shown(in+k.Value), hint, strings.Join(known, ", "))
}

func (r *reader) theme(v *yaml.Node) {
	if t, ok := oneOf(strings.ToLower(v.Value), Themes); ok && v.Kind == yaml.ScalarNode {
		r.s.Theme, r.s.Lines["theme"] = t, v.Line
		return
	}
	r.say(v.Line, "theme: %s is no theme; use auto, light or dark (going on with auto)", valueWords(v))
}

func (r *reader) downloadDir(v *yaml.Node) {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "" {
		r.say(v.Line, "download_dir: want a directory's path, not %s; documents go where they would without it", valueWords(v))
		return
	}
	dir := v.Value
	home := r.getenv("HOME")
	if rest, ok := strings.CutPrefix(dir, "~"); ok && home != "" && (rest == "" || rest[0] == '/') {
		dir = home + rest
	} else if rest, ok := strings.CutPrefix(dir, "$HOME"); ok && home != "" {
		dir = home + rest
	}
	if !filepath.IsAbs(dir) {
		r.say(v.Line, "download_dir: %q is a relative path; give it from / or ~/ (documents go where they would without it)", v.Value)
		return
	}
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		r.say(v.Line, "download_dir: %s: %s; make it or name another (documents go where they would without it)", shown(dir), reason(err))
	case !fi.IsDir():
		r.say(v.Line, "download_dir: %s is not a directory (documents go where they would without it)", shown(dir))
	default:
		r.s.DownloadDir, r.s.Lines["download_dir"] = filepath.Clean(dir), v.Line
	}
}

// downloadURL is the page coview index update finds the monthly file on.
func (r *reader) downloadURL(v *yaml.Node) {
	u, err := url.Parse(v.Value)
	if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.say(v.Line, "download_url: want the web address of the download page (https://...), not %s; coview index update uses the registry's", valueWords(v))
		return
	}
	r.s.DownloadURL, r.s.Lines["download_url"] = v.Value, v.Line
}

func (r *reader) budgets(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		r.say(v.Line, "budgets: want lines such as connections: 200 under it, not %s", valueWords(v))
		return
	}
	for _, kv := range r.pairs(v, "budgets.") {
		var to *int
		switch kv[0].Value {
		case "connections":
			to = &r.s.Budgets.Connections
		case "watch_check":
			to = &r.s.Budgets.WatchCheck
		default:
			r.unknown(kv[0], "budgets.", []string{"connections", "watch_check"})
			continue
		}
		n, err := strconv.Atoi(kv[1].Value)
		if kv[1].Kind != yaml.ScalarNode || kv[1].Tag != "!!int" || err != nil || n < 1 {
			r.say(kv[1].Line, "budgets.%s: want a number of requests, at least 1, not %s; the default is kept", kv[0].Value, valueWords(kv[1]))
			continue
		}
		*to, r.s.Lines["budgets."+kv[0].Value] = n, kv[1].Line
	}
}

// kindWords names what a node is, for a message.
func kindWords(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "group of settings"
	}
	return "single value"
}

// valueWords quotes a scalar, or names what else was given.
func valueWords(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		if n.Value == "" {
			return "nothing"
		}
		return strconv.Quote(n.Value)
	}
	return "a " + kindWords(n)
}
