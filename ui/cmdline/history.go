package cmdline

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"coview/present/sanitize"
	"coview/ui/recent"
)

// HistoryMax is how many command lines are kept between runs, as k9s
// keeps them.
const HistoryMax = 20

// HistoryFile is the history's name in the state directory
// ($XDG_STATE_HOME/coview/commands).
const HistoryFile = "commands"

// maxLine bounds a line kept, in bytes (the input takes 200 characters).
const maxLine = 800

// maxHistoryBytes bounds what is read of the file: 20 lines take a few
// kilobytes; anything bigger is not ours, and only its start is read.
const maxHistoryBytes = 64 << 10

// History is the command lines run lately, oldest first, kept in a file
// of one line each. Every Add reads the file again and writes it whole
// (a temporary file, then a rename), so two coviews running at once each
// keep the other's lines, and neither ever reads half a file.
type History struct {
	dir   string
	mu    sync.Mutex // serialises Add's read and write
	lines []string
}

// OpenHistory is the history in dir, or in the XDG state directory when
// dir is "". Nothing is read until Load.
func OpenHistory(dir string) (*History, error) {
	if dir == "" {
		d, err := recent.DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return &History{dir: dir}, nil
}

// Path is the file the history is kept in.
func (h *History) Path() string { return filepath.Join(h.dir, HistoryFile) }

// Lines are the lines as last read or written, oldest first.
func (h *History) Lines() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.lines)
}

// Load reads the file again (another coview may have written it). A
// missing file is an empty history; lines that could not have been kept
// (one that looks like a key, control characters) are dropped.
func (h *History) Load() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	lines, err := h.read()
	h.lines = lines
	return err
}

func (h *History) read() ([]string, error) {
	f, err := os.Open(h.Path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(io.LimitReader(f, maxHistoryBytes))
	for sc.Scan() {
		if l, ok := Keepable(sc.Text()); ok {
			out = push(out, l)
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return out, err
	}
	return out, nil
}

// Add keeps a line run, last, over what the file holds now: the same
// line earlier is dropped, and the oldest beyond HistoryMax. The read
// and the write are one at a time across coviews (lock). A line that
// may not be kept (Keepable) is not added, and the file is not touched.
func (h *History) Add(line string) error {
	l, ok := Keepable(line)
	if !ok {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := os.MkdirAll(h.dir, 0o700); err != nil {
		h.lines = push(h.lines, l)
		return err
	}
	defer lock(h.dir)()
	now, err := h.read()
	if err != nil {
		now = h.lines // unreadable: what this run knows is kept instead
	}
	now = push(now, l)
	if err := h.write(now); err != nil {
		h.lines = push(h.lines, l)
		return err
	}
	h.lines = now
	return nil
}

// push puts l last in lines, once, keeping the last HistoryMax.
func push(lines []string, l string) []string {
	out := slices.DeleteFunc(slices.Clone(lines), func(s string) bool { return s == l })
	out = append(out, l)
	if len(out) > HistoryMax {
		out = out[len(out)-HistoryMax:]
	}
	return out
}

// write replaces the file whole: a private temporary file beside it,
// flushed, then renamed over it.
func (h *History) write(lines []string) (err error) {
	if err := os.MkdirAll(h.dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(h.dir, "."+HistoryFile+"-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriter(tmp)
	for _, l := range lines {
		w.WriteString(l + "\n")
	}
	err = errors.Join(tmp.Chmod(0o600), w.Flush(), tmp.Sync(), tmp.Close())
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), h.Path())
}

// keyLike is what an API key looks like: 32 hex digits, with or without
// a uuid's dashes (36 characters), wherever it is in a line.
var keyLike = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}`)
})

// Keepable is a line as the history keeps it, one line of harmless text
// with its spaces trimmed, and whether it may be kept at all: not when
// empty, and not when something in it looks like an API key, which is
// never written to a file (typed text could be anything, a key pasted
// at the wrong prompt included).
func Keepable(line string) (string, bool) {
	l := strings.TrimSpace(sanitize.Line(line))
	if l == "" || len(l) > maxLine || keyLike().MatchString(l) {
		return "", false
	}
	return l, true
}
