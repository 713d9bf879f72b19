package cli

import (
	"context"
	"io"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
)

// Env is what a run of the program may touch: its streams and its
// environment, so that tests can run commands in-process.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// SessionBus says whether the keyring's session bus is there; nil
	// asks the system (keystore.SessionBusAvailable). Tests say.
	SessionBus func() bool
}

// stopsOnSignal marks a command for which a signal is the normal way to
// stop (serve-demo): it then exits 0, not 128 plus the signal.
const stopsOnSignal = "coview/stops-on-signal"

// Main runs coview with the arguments after the program's name and
// returns the exit status. A signal that ends ctx (see NotifySignals)
// makes it 128 plus the signal's number.
func Main(ctx context.Context, args []string, env Env) int {
	silenceStandardLog()
	root := newProgram(env)
	var ran *cobra.Command
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) { ran = cmd }
	root.SetArgs(arrange(root, args))
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)

	err := fang.Execute(ctx, root,
		fang.WithVersion(root.Version),
		fang.WithErrorHandler(errorHandler(ctx, env)),
	)
	return exitStatus(ctx, err, ran != nil && ran.Annotations[stopsOnSignal] != "")
}

// newProgram is the whole command tree, with what cobra would otherwise
// add only once it runs (help and version flags, the help and completion
// commands), so that arrange sees every command and flag.
func newProgram(env Env) *cobra.Command {
	root := newRootCommand(env)
	root.Version = programVersion()
	root.InitDefaultVersionFlag()
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.SetFlagErrorFunc(flagError)
	quietAfterSignals(root)
	return root
}

// quietAfterSignals makes every command end without an error once a
// signal has stopped it: what it was doing was given up on purpose, and
// the exit status says why (see exitStatus). fang then has nothing to
// show, and so does not query the terminal for its colours either, which
// after ctrl+c at a prompt would wait for an answer that the abandoned
// read swallows.
func quietAfterSignals(c *cobra.Command) {
	if run := c.RunE; run != nil {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			err := run(cmd, args)
			if signalled(cmd.Context()) != 0 {
				return nil
			}
			return err
		}
	}
	for _, sub := range c.Commands() {
		quietAfterSignals(sub)
	}
}

// flagError makes cobra's complaints about flags usage errors that point
// to the command's help. Its messages already name flags as --flag.
func flagError(cmd *cobra.Command, err error) error {
	return &exitError{code: exitUsage, msg: err.Error(), help: cmd.CommandPath()}
}
