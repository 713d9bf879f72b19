// Package cli is coview's command line: every command and its flags (on
// cobra, with fang's help, completions and man page), where the API key
// comes from, the one-shot output, and how the program ends: exit codes
// and the messages on stderr. main hands it the arguments and the process's
// streams; the browser itself is package ui.
package cli
