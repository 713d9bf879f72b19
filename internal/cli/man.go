package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCommand is "coview man": the man page, made from the commands
// themselves, so it says what --help says. It replaces fang's, which made
// every wrapped line of the help text a paragraph of its own, was hidden
// from --help, and wrote to the process's stdout whatever it was given.
func newManCommand(env Env) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the man page (view it with: coview man | man -l -)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := io.WriteString(env.Stdout, manPage(cmd.Root()))
			return err
		},
	}
}

// manPage is the whole command tree as a man page in roff: the root's
// description and flags, then every command with its own, then the
// examples.
func manPage(root *cobra.Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH COVIEW 1 \"\" %q \"User Commands\"\n", "coview "+root.Version)
	b.WriteString(".SH NAME\n")
	b.WriteString("coview \\- " + roffEscape(lowerFirst(root.Short)) + "\n")
	b.WriteString(".SH SYNOPSIS\n")
	b.WriteString(".B coview\n[\\fIflags\\fR] [\\fINUMBER\\fR ...]\n.br\n")
	b.WriteString(".B coview\n\\fICOMMAND\\fR [\\fIflags\\fR] [\\fIARGUMENTS\\fR ...]\n")
	b.WriteString(".SH DESCRIPTION\n")
	b.WriteString(roffText(root.Long))
	b.WriteString(".SH OPTIONS\n")
	b.WriteString(roffFlags(root.LocalFlags()))
	b.WriteString(".SH COMMANDS\n")
	for _, c := range visibleCommands(root) {
		writeManCommand(&b, c)
	}
	b.WriteString(".SH ENVIRONMENT\n")
	b.WriteString(roffText(environmentHelp))
	b.WriteString(".SH EXIT STATUS\n")
	b.WriteString(roffText(exitCodesHelp))
	if ex := strings.TrimSpace(root.Example); ex != "" {
		b.WriteString(".SH EXAMPLES\n.nf\n")
		for _, l := range strings.Split(ex, "\n") {
			b.WriteString(roffLine(l) + "\n")
		}
		b.WriteString(".fi\n")
	}
	return b.String()
}

// writeManCommand is one command, and the commands under it.
func writeManCommand(b *strings.Builder, c *cobra.Command) {
	b.WriteString(".SS \"" + roffEscape(c.CommandPath()) + "\"\n")
	b.WriteString(".PP\n" + roffLine(c.Short+".") + "\n")
	if c.Long != "" {
		b.WriteString(roffText(c.Long))
	}
	if flags := roffFlags(c.LocalNonPersistentFlags()); flags != "" {
		b.WriteString(".PP\nFlags:\n.RS\n" + flags + ".RE\n")
	}
	for _, sub := range visibleCommands(c) {
		writeManCommand(b, sub)
	}
}

func visibleCommands(c *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub.Name() == "help" {
			out = append(out, sub)
		}
	}
	return out
}

// roffFlags lists flags, each a tagged paragraph: the flag, then what it
// does.
func roffFlags(fs *pflag.FlagSet) string {
	var b strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		tag := "\\fB\\-\\-" + roffEscape(f.Name) + "\\fR"
		if f.Shorthand != "" {
			tag = "\\fB\\-" + roffEscape(f.Shorthand) + "\\fR, " + tag
		}
		if f.NoOptDefVal == "" {
			tag += " \\fI" + roffEscape(f.Value.Type()) + "\\fR"
		}
		usage := f.Usage
		if f.NoOptDefVal == "" && f.DefValue != "" && f.DefValue != "0" && f.DefValue != "[]" && f.Value.Type() != "bool" {
			usage += " (default " + f.DefValue + ")"
		}
		b.WriteString(".TP\n" + tag + "\n" + roffLine(usage) + "\n")
	})
	return b.String()
}

// roffText turns help text into roff paragraphs. Lines wrapped for an
// 80-column terminal are joined into one paragraph, up to a blank line;
// an indented block (a table of variables or exit codes, a command to
// type) is kept line for line as it is laid out.
func roffText(text string) string {
	var b strings.Builder
	var para []string
	table := false
	endPara := func() {
		if len(para) > 0 {
			b.WriteString(".PP\n" + roffLine(strings.Join(para, " ")) + "\n")
			para = nil
		}
	}
	endTable := func() {
		if table {
			b.WriteString(".fi\n.RE\n")
			table = false
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		switch {
		case strings.TrimSpace(l) == "":
			endPara()
			endTable()
		case strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t"):
			endPara()
			if !table {
				b.WriteString(".RS 2\n.nf\n")
				table = true
			}
			b.WriteString(roffLine(strings.TrimPrefix(strings.TrimPrefix(l, "\t"), "  ")) + "\n")
		default:
			endTable()
			para = append(para, strings.TrimSpace(l))
		}
	}
	endPara()
	endTable()
	return b.String()
}

// roffLine is one line of text made safe for roff: backslashes and
// hyphens escaped, and a line that would read as a request (starting
// with a dot or a quote) started with a zero-width character.
func roffLine(s string) string {
	s = roffEscape(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = "\\&" + s
	}
	return s
}

func roffEscape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return strings.ReplaceAll(s, "-", `\-`)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
