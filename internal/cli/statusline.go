package cli

import (
	"io"
	"os"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// statusLine is the last line of a terminal's stderr, rewritten in place
// to show how a long command is getting on. Lines written through it (a
// wait for the quota) go above it, whole, and it is drawn again under
// them. It is only for a terminal: elsewhere progress is not shown.
type statusLine struct {
	mu    sync.Mutex
	w     io.Writer
	width int // the terminal's columns; the line is cut to fit, since a wrapped line cannot be rewritten
	text  string
}

func newStatusLine(w io.Writer) *statusLine {
	width := 80
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 1 {
			width = cols
		}
	}
	return &statusLine{w: w, width: width}
}

// clearLine returns to the start of the line and clears it.
const clearLine = "\r\x1b[K"

// Set shows text (coview's own words: nothing from the network) in place
// of what the line said, unless it says that already.
func (s *statusLine) Set(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	text = ansi.Truncate(text, s.width-1, "…")
	if text == s.text {
		return // unchanged: no need to draw it again
	}
	s.text = text
	io.WriteString(s.w, clearLine+s.text)
}

// Write prints whole lines above the status line.
func (s *statusLine) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	io.WriteString(s.w, clearLine)
	n, err := s.w.Write(p)
	if s.text != "" {
		io.WriteString(s.w, s.text)
	}
	return n, err
}

// Clear takes the status line away, for the output that follows.
func (s *statusLine) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.text != "" {
		io.WriteString(s.w, clearLine)
		s.text = ""
	}
}
