package e2e

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/internal/testkit/testtime"
)

// tmuxSession runs the real binary in a real terminal: a tmux server of
// its own, so the tests never touch the user's tmux.
//
// The session is driven through one tmux client in control mode (tmux
// -C): commands go down its stdin and their output comes back on its
// stdout, with no process started per command, and tmux says there
// (%output) whenever the program in the pane writes to the terminal. A
// wait for text reads the screen again only then: it is woken by the
// program, not by a timer.
type tmuxSession struct {
	t      testing.TB
	socket string
	client *exec.Cmd
	stdin  io.WriteCloser

	mu      sync.Mutex     // one command at a time
	replies chan tmuxReply // the output of each command, in order
	written chan struct{}  // a token when the pane has been written to since it was last taken
	ended   chan struct{}  // closed when the control client has ended
	before  string         // the screen as it was before the last keys
}

type tmuxReply struct {
	lines  []string
	failed bool
}

var sessions atomic.Int64

func startTmux(t testing.TB, width, height int, env []string, args ...string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("COVIEW_REQUIRE_TMUX") == "1" {
			t.Fatal("COVIEW_REQUIRE_TMUX=1 but tmux is not installed")
		}
		t.Skip("tmux is not installed; .ci/run installs it")
	}
	s := &tmuxSession{
		t: t,
		// Random as well as numbered: a server left by a run that was
		// killed, under a process id used again, is never this one.
		socket:  fmt.Sprintf("coview-e2e-%d-%d-%08x", os.Getpid(), sessions.Add(1), rand.Uint32()),
		replies: make(chan tmuxReply, 1),
		written: make(chan struct{}, 1),
		ended:   make(chan struct{}),
	}
	quoted := make([]string, 0, len(env)+len(args)+3)
	quoted = append(quoted, "env", "-i")
	for _, e := range append(env, "TERM=xterm-256color") {
		quoted = append(quoted, shellQuote(e))
	}
	quoted = append(quoted, shellQuote(binary))
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	// After coview exits, say how, and keep the pane so it can be read.
	script := strings.Join(quoted, " ") + `; echo "coview exited with $?"; sleep 60`
	if out, err := exec.Command("tmux", "-L", s.socket, "-f", "/dev/null", "new-session", "-d",
		"-x", fmt.Sprint(width), "-y", fmt.Sprint(height), "sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "-L", s.socket, "kill-server").Run() })

	s.client = exec.Command("tmux", "-L", s.socket, "-C", "attach-session")
	var err error
	if s.stdin, err = s.client.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := s.client.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.client.Start(); err != nil {
		t.Fatalf("tmux -C attach-session: %v", err)
	}
	go s.read(stdout)
	t.Cleanup(func() {
		// Registered after kill-server, so run before it: the client
		// leaves first, then the server goes.
		s.stdin.Close()
		select {
		case <-s.ended:
		case <-testtime.Bound(t):
			s.client.Process.Kill()
		}
		s.client.Wait()
	})
	return s
}

// read takes in what the control client says: the replies to commands,
// and notice of output in the pane.
func (s *tmuxSession) read(stdout io.Reader) {
	defer close(s.ended)
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 64<<10), 16<<20)
	var block []string
	begun, ours := "", false
	for lines.Scan() {
		line := lines.Text()
		if begun != "" {
			// A reply is the lines between %begin and the %end (or
			// %error) with the same time, number and flags.
			if line == "%end "+begun || line == "%error "+begun {
				if ours {
					s.replies <- tmuxReply{lines: block, failed: strings.HasPrefix(line, "%error")}
				}
				block, begun = nil, ""
				continue
			}
			block = append(block, line)
			continue
		}
		switch {
		case strings.HasPrefix(line, "%begin "):
			begun = strings.TrimPrefix(line, "%begin ")
			// Flags 1: the reply to a command of this client (0 is tmux's
			// own, on attaching).
			ours = !strings.HasSuffix(begun, " 0")
		case strings.HasPrefix(line, "%output "), strings.HasPrefix(line, "%extended-output "):
			select {
			case s.written <- struct{}{}:
			default:
			}
		}
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// tmuxQuote quotes one argument of a tmux command: in double quotes,
// where tmux reads \\, \", \$, \n and the like, and expands nothing.
func tmuxQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\', '"', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tmux runs a tmux command in the session and returns its output.
func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = tmuxQuote(a)
	}
	if _, err := io.WriteString(s.stdin, strings.Join(quoted, " ")+"\n"); err != nil {
		s.t.Fatalf("tmux %v: %v", args, err)
	}
	select {
	case r := <-s.replies:
		out := strings.Join(r.lines, "\n")
		if r.failed {
			s.t.Fatalf("tmux %v: %s", args, out)
		}
		if out != "" {
			out += "\n"
		}
		return out
	case <-s.ended:
		s.t.Fatalf("tmux %v: the tmux client has ended", args)
	case <-testtime.Bound(s.t):
		s.t.Fatalf("tmux %v: no answer by the test's deadline", args)
	}
	return ""
}

func (s *tmuxSession) screen() string { return s.tmux("capture-pane", "-p") }

// until reads the screen until ok holds for it, each time the pane has
// been written to, and fails the test, saying what it waited for, if
// that lasts until the test's deadline. It reads it again every recheck too:
// under load a notice of output has been seen to go missing (the screen
// held what was waited for, and nothing woke the wait).
func (s *tmuxSession) until(what func() string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.NewTimer(time.Until(testtime.Deadline(s.t)))
	defer deadline.Stop()
	recheck := time.NewTicker(250 * time.Millisecond)
	defer recheck.Stop()
	for {
		select { // what is written from here on wakes the wait below
		case <-s.written:
		default:
		}
		screen := s.screen()
		if ok(screen) {
			return screen
		}
		select {
		case <-s.written:
		case <-recheck.C:
		case <-s.ended:
			s.t.Fatalf("the tmux client ended while waiting for %s; the screen showed:\n%s", what(), screen)
		case <-deadline.C:
			s.t.Fatalf("waited until the test's deadline for %s; the screen shows:\n%s", what(), s.screen())
		}
	}
}

// mustBeRestored fails the test unless the terminal is as coview found
// it (when: "after quitting"): off the alternate screen, cursor shown.
func (s *tmuxSession) mustBeRestored(when string) {
	s.t.Helper()
	if alt := strings.TrimSpace(s.tmux("display-message", "-p", "#{alternate_on}")); alt != "0" {
		s.t.Fatalf("the alternate screen is still on %s (%s)", when, alt)
	}
	if cursor := strings.TrimSpace(s.tmux("display-message", "-p", "#{cursor_flag}")); cursor != "1" {
		s.t.Fatalf("the cursor is still hidden %s (%s)", when, cursor)
	}
}

// waitFor waits until every text is on the screen.
func (s *tmuxSession) waitFor(texts ...string) string {
	s.t.Helper()
	missing := ""
	return s.until(func() string { return fmt.Sprintf("%q", missing) }, func(screen string) bool {
		for _, text := range texts {
			if !strings.Contains(screen, text) {
				missing = text
				return false
			}
		}
		return true
	})
}

// keys sends keys to the pane, as tmux send-keys does, having noted the
// screen as it was before them.
func (s *tmuxSession) keys(keys ...string) {
	s.t.Helper()
	s.before = s.screen()
	s.tmux(append([]string{"send-keys"}, keys...)...)
}

// waitForChange waits until the screen is not what it was before the
// last keys: they were taken in.
func (s *tmuxSession) waitForChange() {
	s.t.Helper()
	before := s.before
	s.until(func() string { return "the screen to change" }, func(screen string) bool { return screen != before })
}

// downTo presses Down until the selected line starts with text, one
// row at a time: after each Down it waits until the selection has moved,
// so that what it reads next is where that Down left the cursor.
func (s *tmuxSession) downTo(text string) {
	s.t.Helper()
	for range 40 {
		screen := s.screen()
		if strings.Contains(screen, "▸ "+text) {
			return
		}
		was := selected(screen)
		if was == "" {
			// No cursor on screen yet (the page or pane is still coming):
			// a Down now would be counted against a row never seen.
			s.until(func() string { return "a cursor (▸) on screen" },
				func(screen string) bool { return selected(screen) != "" })
			continue
		}
		s.keys("Down")
		s.until(func() string { return fmt.Sprintf("the cursor to move from %q", was) },
			func(screen string) bool { return selected(screen) != was })
	}
	s.t.Fatalf("never selected %q:\n%s", text, s.screen())
}

// selected is the line of a screen the cursor (▸) is on.
func selected(screen string) string {
	for line := range strings.Lines(screen) {
		if strings.Contains(line, "▸ ") {
			return line
		}
	}
	return ""
}

// paste sends text as a bracketed paste, as a terminal does when the user
// pastes from the clipboard.
func (s *tmuxSession) paste(text string) {
	s.t.Helper()
	s.tmux("set-buffer", "--", text)
	s.tmux("paste-buffer", "-p", "-d")
}
