//go:build !unix && !windows

package cli

import "github.com/charmbracelet/x/term"

// echoOff does nothing where coview cannot set the terminal itself: the
// read turns echo off, a moment after the prompt.
func echoOff(fd uintptr, state *term.State) error { return nil }
