package cli

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/screen"
)

// watchNumbers reads company numbers from the arguments in any pasted
// form, and from stdin for "-". Words that are not numbers are a name,
// returned for the caller to refuse with the matches; text that tries to
// be a number and is not one ("0123 4567": one number or two?) is
// refused with the reason, as --plain and screen refuse it, without a
// search. A part of stdin that is no number is said on stderr and the
// rest read; skipped then is the usage error to end with once the rest
// is done.
func watchNumbers(args []string, env Env) (numbers []api.Number, name string, skipped error, err error) {
	var words []string
	for _, a := range args {
		if a != "-" {
			words = append(words, a)
			continue
		}
		items, err := watchStdin(env)
		if err != nil {
			return nil, "", nil, err
		}
		for _, r := range items {
			if r.Number == "" {
				report(env.Stderr, notANumber(r.Ignored, false))
				if skipped == nil {
					skipped = &exitError{code: exitUsage}
				}
				continue
			}
			numbers = append(numbers, r.Number)
		}
	}
	if text := strings.Join(words, " "); text != "" {
		found, ignored := api.ExtractNumbers(text)
		for _, ig := range ignored {
			if ig.Why != api.NoNumber {
				return nil, "", nil, notANumber(ig, true)
			}
		}
		if len(found) == 0 {
			return nil, text, nil, nil
		}
		numbers = append(numbers, found...)
	}
	return dedupe(numbers), "", skipped, nil
}

// maxWatchStdin bounds what is read of stdin: a list of companies, even
// thousands of them, is a few hundred KiB.
const maxWatchStdin = 16 << 20

// watchStdin reads the numbers piped in, one or more a line in any pasted
// form, through the one reader every command uses. What a spreadsheet
// column brings with it is taken as screen takes it: a first line that is
// a column heading ("Company number") is skipped, saying so; and the CSV
// coview screen --csv writes is read by its number column, each row the
// screening found no company for said and skipped.
func watchStdin(env Env) ([]api.Reading, error) {
	data, err := io.ReadAll(io.LimitReader(env.Stdin, maxWatchStdin+1))
	if err != nil {
		return nil, fmt.Errorf("reading stdin: %w", err)
	}
	if len(data) > maxWatchStdin {
		return nil, usageError("stdin holds more than %d MiB, more than any list of companies: give the numbers one or more a line", maxWatchStdin>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if rows, ok := screenedRows(data); ok {
		return rows, nil
	}
	if _, header := screen.Lines(string(data)); header != "" {
		fmt.Fprintf(env.Stderr, "coview: the first line of stdin, %q, is a heading, not an entry: skipped\n", sanitize.Line(shortArg(header)))
		data = afterFirstLine(data)
	}
	var items []api.Reading
	for r, err := range api.ReadNumbers(bytes.NewReader(data)) {
		if err != nil {
			return nil, fmt.Errorf("reading numbers from stdin: %w", err)
		}
		items = append(items, r)
	}
	return items, nil
}

// afterFirstLine is text without its first line that is not blank.
func afterFirstLine(data []byte) []byte {
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			return nil
		}
		line := data[:i]
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
		if len(bytes.TrimSpace(line)) > 0 {
			return data
		}
	}
	return data
}

// screenedRows reads the CSV coview screen --csv writes (its heading
// names the input, the number and the result): the number of each row,
// or, for a row the screening found no company for, that row ignored with
// why. ok is false for anything else.
func screenedRows(data []byte) ([]api.Reading, bool) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return nil, false
	}
	input, number, result, why := slices.Index(head, present.FieldInput), slices.Index(head, present.FieldNumber),
		slices.Index(head, present.FieldResult), slices.Index(head, present.FieldWhy)
	if input != 0 || number < 0 || result < 0 || why < 0 {
		return nil, false
	}
	var out []api.Reading
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, true
		}
		if err != nil || len(rec) <= max(number, result, why) {
			return nil, false
		}
		n, perr := api.ParseNumber(rec[number])
		if perr != nil {
			text := []rune(strings.TrimSpace(rec[input]))
			ig := api.Ignored{Text: string(text[:min(len(text), api.QuoteRunes)]), Cut: len(text) > api.QuoteRunes,
				Why: "the screening found no company for it (" + strings.TrimSpace(rec[result]+": "+rec[why]) + ")"}
			out = append(out, api.Reading{Ignored: ig})
			continue
		}
		out = append(out, api.Reading{Number: n})
	}
}
