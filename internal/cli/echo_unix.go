//go:build unix

package cli

import (
	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// echoOff stops the terminal echoing what is typed, state being how the
// terminal is set now.
func echoOff(fd uintptr, state *term.State) error {
	quiet := *state
	quiet.Lflag &^= unix.ECHO
	return term.SetState(fd, &quiet)
}
