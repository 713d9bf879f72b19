package cli

import (
	"fmt"
	"io"
	"strings"

	"coview/api"
	"coview/present/sanitize"
)

// readNumbers reads the company numbers the command line names, in order:
// each argument as pasted text, and stdin for "-", through the one reader
// the browser's search box uses too (api.ReadNumbers), so the same text
// gives the same numbers either way. What could not be read comes back in
// its place, to be reported in turn. fromStdin says "-" was given.
func readNumbers(args []string, env Env) (items []api.Reading, fromStdin bool, err error) {
	for _, a := range args {
		var in io.Reader = strings.NewReader(a)
		if a == "-" {
			in, fromStdin = env.Stdin, true
		}
		for r, err := range api.ReadNumbers(in) {
			if err != nil {
				return nil, fromStdin, fmt.Errorf("reading numbers from stdin: %w", err)
			}
			items = append(items, r)
		}
	}
	return items, fromStdin, nil
}

// numbersOf are the numbers among what was read.
func numbersOf(items []api.Reading) []api.Number {
	var out []api.Number
	for _, it := range items {
		if it.Number != "" {
			out = append(out, it.Number)
		}
	}
	return out
}

// notANumber is a part of the command line or of stdin that gave no
// company number, as an error with the usage exit code: alone, it is the
// answer ("6400x" is not a company number: ...); among others, a line
// saying what was left out (ignoring "6400x": ...).
func notANumber(ig api.Ignored, alone bool) error {
	if alone {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("%q is not a company number: %s", sanitize.Line(ig.Quoted()), sanitize.Line(ig.Why))}
	}
	return &exitError{code: exitUsage, msg: fmt.Sprintf("ignoring %q: %s", sanitize.Line(ig.Quoted()), sanitize.Line(ig.Why))}
}

// oneNumber reads an argument that must be one company number (coview
// connections NUMBER, coview document NUMBER ID) with the same reader.
func oneNumber(arg string) (api.Number, error) {
	var items []api.Reading
	for r := range api.ReadNumbers(strings.NewReader(arg)) {
		items = append(items, r) // a strings.Reader never fails
	}
	switch {
	case len(items) == 0:
		return "", usageError("no company number given: name one, such as 00006400")
	case len(items) == 1 && items[0].Number != "":
		return items[0].Number, nil
	case items[0].Number == "":
		return "", notANumber(items[0].Ignored, true)
	}
	return "", usageError("%q is more than one company number; give one", sanitize.Line(shortArg(arg)))
}

// noNumberError says that a one-shot command has nothing to look up, and
// how to give it something: numbers piped in are read only with "-", so a
// pipe alone is not enough.
func noNumberError(flag string, fromStdin bool) error {
	if fromStdin {
		return usageError("no company numbers on stdin: pipe in one or more, one or more a line (echo 6400 | coview %s -)", flag)
	}
	return usageError("no company number given: name one or more (coview %s 00006400), or give - to read them from stdin (echo 6400 | coview %s -)", flag, flag)
}

// shortArg is an argument as quoted in a message: at most its first 60
// characters.
func shortArg(s string) string {
	n := 0
	for i := range s {
		if n == 60 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
