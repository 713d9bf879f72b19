//go:build windows

package cli

import (
	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/windows"
)

// echoOff stops the console echoing what is typed, state being how the
// console is set now.
func echoOff(fd uintptr, state *term.State) error {
	quiet := *state
	quiet.Mode &^= windows.ENABLE_ECHO_INPUT
	return term.SetState(fd, &quiet)
}
