package cli

import (
	"bytes"
	"context"
	"io"
	"strings"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"coview/api"
	"coview/present/labels"
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
	// Columns is the width of the terminal stdout is, or 0 when it is
	// none (a pipe, a file); nil asks the system (tableWidth). Tests say.
	Columns func() int

	// clock is what a follow of the streams waits by (watch follow);
	// nil is the machine's. Tests move their own.
	clock api.Clock

	cobraOut io.Writer      // where cobra and fang write (see Main)
	settings *settings      // the settings file's, read once a run (see Main)
	registry *registryFlags // the root's registry flags, every command's (see ready)
}

// ready gives a run's Env what its commands share: the settings, read
// once when first wanted, and the registry flags, declared once as the
// root's persistent flags and opened by whichever command needs them.
func (env Env) ready() Env {
	if env.settings == nil {
		env.settings = &settings{}
	}
	if env.registry == nil {
		env.registry = &registryFlags{}
	}
	return env
}

// stopsOnSignal marks a command for which a signal is the normal way to
// stop (serve-demo): it then exits 0, not 128 plus the signal.
const stopsOnSignal = "coview/stops-on-signal"

// Main runs coview with the arguments after the program's name and
// returns the exit status. A signal that ends ctx (see NotifySignals)
// makes it 128 plus the signal's number.
func Main(ctx context.Context, args []string, env Env) int {
	silenceStandardLog()
	// What cobra and fang print themselves (help, usage, completion
	// scripts) goes out without the spaces fang pads its lines with.
	out := &trimmedLines{w: env.Stdout}
	defer out.Flush()
	env.cobraOut = out
	env = env.ready()
	root, whole := newCommands(env, args)
	var ran *cobra.Command
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		ran = cmd
		if needsSettings(cmd) {
			env.settings.load(cmd.Flags(), env).warnBefore(cmd, env)
		}
	}
	root.SetArgs(arrange(root, args))
	root.SetIn(env.Stdin)
	root.SetErr(env.Stderr)

	version := fang.WithVersion(root.Version)
	if !whole {
		version = fang.WithoutVersion() // asked for with --version, which makes the whole tree
	}
	err := fang.Execute(ctx, root,
		version,
		fang.WithErrorHandler(errorHandler(ctx, env)),
		fang.WithoutManpage(), // coview man is ours (man.go)
	)
	return exitStatus(ctx, err, ran != nil && ran.Annotations[stopsOnSignal] != "")
}

// newProgram is the whole command tree, with what cobra would otherwise
// add only once it runs (help and version flags, the help and completion
// commands), so that arrange sees every command and flag.
func newProgram(env Env) *cobra.Command {
	env = env.ready()
	return finish(env, newRoot(env), true)
}

// newCommands is what reads args: the root command alone when the line
// can name no sub-command (see lookupLine), else the whole tree (whole),
// grown on the same root. Making the whole tree (ten commands, their
// flags, help and completion) was most of what a one-shot lookup spent
// before it asked the registry.
func newCommands(env Env, args []string) (root *cobra.Command, whole bool) {
	env = env.ready()
	root = newRoot(env)
	whole = !lookupLine(root, args)
	return finish(env, root, whole), whole
}

// newRoot is the root command with the flags every command has: the
// settings file and the registry.
func newRoot(env Env) *cobra.Command {
	root := newRootCommand(env)
	registerConfigFlag(root)
	env.registry.register(root.PersistentFlags())
	return root
}

// finish readies root to run: grown into the whole tree, or alone.
func finish(env Env, root *cobra.Command, whole bool) *cobra.Command {
	// Before the completion command is made: it keeps the writer it finds.
	if env.cobraOut != nil {
		root.SetOut(env.cobraOut)
	}
	if whole {
		grow(env, root)
	} else {
		root.CompletionOptions.DisableDefaultCmd = true // there are no sub-commands to complete
	}
	root.SetFlagErrorFunc(flagError)
	quietAfterSignals(root)
	return root
}

// grow makes root the whole tree.
func grow(env Env, root *cobra.Command) {
	root.Version = programVersion()
	root.InitDefaultVersionFlag()
	root.AddCommand(newSearchCommand(env), newDisqualifiedCommand(env), newConnectionsCommand(env), newScreenCommand(env),
		newWatchCommand(env), newAuthCommand(env), newDocumentCommand(env), newAccountsCommand(env), newServeDemoCommand(env),
		newManCommand(env), newConfigCommand(env), newStreamCommand(env), newIndexCommand(env))
	root.AddCommand(newHelpTopics()...)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	offerUsedRegistryFlags(root)
}

// lookupLine says whether args can name no sub-command: a lookup or the
// browser ("coview --json 00006400", "coview --plain --follow officers
// sc6405", "echo 6400 | coview --json -"), which the root alone reads.
//
// A line can name no sub-command when every flag on it is one of the
// root's own (so that arrange reads it as the whole tree would: help and
// version, which need the whole tree, are not) and every other word has
// a digit in it or is "-": no sub-command's name or alias has either (a
// test holds the tree to that), so none of those words can name one.
func lookupLine(root *cobra.Command, args []string) bool {
	own := func(name string) *pflag.Flag {
		if f := root.Flags().Lookup(name); f != nil {
			return f
		}
		return root.PersistentFlags().Lookup(name)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-" || strings.ContainsAny(a, "0123456789") && !strings.HasPrefix(a, "-"):
		case strings.HasPrefix(a, "--") && len(a) > 2:
			name, _, hasValue := strings.Cut(a[2:], "=")
			f := own(name)
			if f == nil {
				return false
			}
			if !hasValue && f.NoOptDefVal == "" {
				i++ // its value, whatever it looks like
			}
		default:
			return false // a shorthand, "--", or a word that might name a sub-command
		}
	}
	return true
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
// to the command's help. Its messages already name flags as --flag; a
// flag that is not this command's but another's says whose it is
// ("unknown flag: --budget; it goes with coview connections, ...").
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if whose := commandsWithFlag(cmd.Root(), name); len(whose) > 0 {
			msg += "; it goes with " + labels.JoinAnd(whose)
		}
	}
	return &exitError{code: exitUsage, msg: msg, help: cmd.CommandPath()}
}

// commandsWithFlag are the commands of the tree under c that take the
// flag (shown in their help, not hidden), by their whole names.
func commandsWithFlag(c *cobra.Command, name string) []string {
	var out []string
	if f := c.LocalFlags().Lookup(name); f != nil && !f.Hidden {
		out = append(out, c.CommandPath())
	}
	for _, sub := range c.Commands() {
		out = append(out, commandsWithFlag(sub, name)...)
	}
	return out
}

// trimmedLines writes lines without their trailing spaces and tabs: fang
// pads help to the width of its widest line, which a pipe, a file or a
// diff then carries. Flush writes a last line that has no newline.
type trimmedLines struct {
	w       io.Writer
	pending []byte
}

func (t *trimmedLines) Write(p []byte) (int, error) {
	t.pending = append(t.pending, p...)
	for {
		i := bytes.IndexByte(t.pending, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := bytes.TrimRight(t.pending[:i], " \t")
		if _, err := t.w.Write(append(line, '\n')); err != nil {
			return len(p), err
		}
		t.pending = t.pending[i+1:]
	}
}

// Flush writes what is left, trimmed too.
func (t *trimmedLines) Flush() {
	if len(t.pending) > 0 {
		t.w.Write(bytes.TrimRight(t.pending, " \t"))
		t.pending = nil
	}
}
