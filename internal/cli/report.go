package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/fang/v2"
	"github.com/charmbracelet/x/term"

	"coview/present/sanitize"
)

// report prints an error the way one-shot commands do in the middle of a
// run (one number of several failed): "coview: ..." on stderr, sanitised,
// since it may quote the registry.
func report(stderr io.Writer, err error) {
	if msg := sanitize.Text(err.Error()); strings.TrimSpace(msg) != "" {
		fmt.Fprintln(stderr, "coview: "+msg)
	}
}

// errorHandler shows the error a command ended with. On a terminal it is
// fang's styled block; anywhere else (a script, a log) it is one plain
// "coview: ..." line, easy to grep. fang.Execute hands every handler a
// colour-profile writer, never the stream itself, so fang's default cannot
// tell a terminal from a pipe and always styles: whether stderr is a
// terminal is decided here, from the stream Main was given. A program
// ended by a signal says nothing: the shell reports that itself.
func errorHandler(ctx context.Context, env Env) fang.ErrorHandler {
	return func(w io.Writer, styles fang.Styles, err error) {
		if signalled(ctx) != 0 {
			return
		}
		msg := sanitize.Text(err.Error())
		if strings.TrimSpace(msg) == "" {
			return // reported already, as it happened
		}
		var ee *exitError
		help := ""
		if errors.As(err, &ee) {
			help = ee.help
		}
		if !isTerminal(env.Stderr) {
			if help != "" {
				msg += fmt.Sprintf("\nRun '%s --help' for usage.", help)
			}
			fmt.Fprintln(env.Stderr, "coview: "+msg)
			return
		}
		fmt.Fprintln(w, styles.ErrorHeader.String())
		// In the words of the plain line: fang's style capitalises the
		// first word, which is often what the user typed ("marzipan").
		fmt.Fprintln(w, styles.ErrorText.UnsetTransform().Render(msg))
		fmt.Fprintln(w)
		if help != "" {
			fmt.Fprintln(w, styles.ErrorText.UnsetTransform().Render("Try '"+help+" --help' for usage."))
			fmt.Fprintln(w)
		}
	}
}

// isTerminal reports whether a stream is a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(file.Fd())
}
