package cli

import (
	"fmt"
	"io"

	"coview/api"
	"coview/present/sanitize"
)

// readNumbers normalises the numbers on the command line, and those on
// stdin for "-". An invalid number on the command line stops everything
// before any request; lines of stdin without a number are reported.
func readNumbers(args []string, env Env) ([]api.Number, error) {
	var out []api.Number
	for _, a := range args {
		if a == "-" {
			data, err := io.ReadAll(env.Stdin)
			if err != nil {
				return nil, fmt.Errorf("reading numbers from stdin: %w", err)
			}
			nums, rejected := api.ExtractNumbers(string(data))
			for _, r := range rejected {
				fmt.Fprintf(env.Stderr, "coview: ignoring %q: %s\n", sanitize.Line(truncate(r.Text, 60)), sanitize.Line(r.Why))
			}
			if len(nums) == 0 && len(rejected) > 0 {
				return nil, usageError("no company numbers found on stdin")
			}
			out = append(out, nums...)
			continue
		}
		n, err := api.ParseNumber(a)
		if err != nil {
			return nil, &exitError{code: exitUsage, msg: err.Error()}
		}
		out = append(out, n)
	}
	return out, nil
}

// noNumberError says that a one-shot command has nothing to look up, and
// how to give it something: numbers piped in are read only with "-", so a
// pipe alone is not enough.
func noNumberError(flag string) error {
	return usageError("no company number given: name one or more (coview %s 00006400), or give - to read them from stdin (echo 6400 | coview %s -)", flag, flag)
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
