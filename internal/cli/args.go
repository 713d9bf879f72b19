package cli

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// arrange puts a command line in an order cobra understands, so that
// flags may come anywhere on it, a sub-command's own flags before the
// sub-command included ("coview --latency 1s serve-demo", "coview --demo
// auth status"): the sub-command's path first, then every flag with its
// value, then the other arguments. cobra alone guesses which word names
// the sub-command by skipping flags it does not know as if they took a
// value, and so gets lines like these wrong.
//
// Whether a flag takes a value is read from the commands themselves (see
// flagTable), never from a copy kept here. A word names a sub-command only
// where a sub-command can come: as the first argument at its level. "--"
// ends the flags; what follows it stays after it. A line that asks cobra
// for shell completions is left alone: its order is the user's line.
func arrange(root *cobra.Command, args []string) []string {
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		return args
	}
	table := flagTable(root)
	cur := root
	path, flags, positional := []string{}, []string{}, []string{}
	var afterDash []string
	dash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			dash, afterDash = true, args[i+1:]
			i = len(args)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			if takesValue(table, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		case len(positional) == 0 && subCommand(cur, a) != nil:
			cur = subCommand(cur, a)
			path = append(path, a)
		default:
			positional = append(positional, a)
		}
	}
	out := append(append(path, flags...), positional...)
	if dash {
		out = append(append(out, "--"), afterDash...)
	}
	return out
}

// subCommand is the sub-command of cmd that name calls, or nil.
func subCommand(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return c
		}
	}
	return nil
}

// flagInfo says whether a flag takes a value: "--follow LINK" does,
// "--plain" does not.
type flagInfo struct{ takesValue bool }

// flagTables are every flag of every command, by long name and by
// shorthand.
type flagTables struct{ long, short map[string]flagInfo }

// flagTable reads every flag of every command in the tree, help and
// version included. A flag is found by its name alone, whichever command
// it belongs to, so one name must mean the same on every command (a test
// holds the tree to that).
func flagTable(root *cobra.Command) flagTables {
	t := flagTables{long: map[string]flagInfo{}, short: map[string]flagInfo{}}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		for _, fs := range []*pflag.FlagSet{c.Flags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				info := flagInfo{takesValue: f.NoOptDefVal == ""}
				t.long[f.Name] = info
				if f.Shorthand != "" {
					t.short[f.Shorthand] = info
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return t
}

// takesValue reports whether the flag written as arg takes the next
// argument as its value. A flag no command knows is taken to have none:
// cobra then reports it as unknown. Shorthands run together (-ab) are
// not split: no flag here has a shorthand that takes a value.
func takesValue(t flagTables, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	if name, ok := strings.CutPrefix(arg, "--"); ok {
		return t.long[name].takesValue
	}
	return len(arg) == 2 && t.short[arg[1:]].takesValue
}
