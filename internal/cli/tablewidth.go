package cli

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// tableWidth is the width a one-shot table is printed for
// (present.FitPage): the columns of the terminal stdout is, or 0 for a
// pipe or a file, which get every column whole.
func tableWidth(env Env) int {
	if env.Columns != nil {
		return env.Columns()
	}
	f, ok := env.Stdout.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0
	}
	if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 1 {
		return cols
	}
	return 80
}
