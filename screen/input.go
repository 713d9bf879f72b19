package screen

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"coview/api"
	"coview/internal/lazy"
)

// Input is one entry of a list to screen, exactly as it was given.
type Input struct {
	// Line is where it was: the line of the text or file (1-based), or
	// the argument's position.
	Line int
	// Text is the entry verbatim: the line without its line ending, or
	// the field of a CSV or TSV record.
	Text string
	// Invalid, when set, says why the entry cannot be screened, as found
	// when it was read (a record too short for the column asked for).
	Invalid string
}

// Arguments are inputs given one an argument.
func Arguments(args []string) []Input {
	out := make([]Input, len(args))
	for i, a := range args {
		out[i] = Input{Line: i + 1, Text: a}
	}
	return out
}

// Lines reads pasted text as inputs, one a line. Blank lines are not
// inputs (a paste from an e-mail or a web page is full of them). A first
// line that is a column heading ("Company number", "Name", "CRN", or
// words without digits over a column of numbers) is not an input either:
// it is returned as header, so that a caller can say it was skipped.
func Lines(text string) (inputs []Input, header string) {
	text = strings.TrimPrefix(text, "\uFEFF") // a spreadsheet's byte order mark
	// Lines end in LF, CRLF, or CR alone (an old Mac's export).
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	for i, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		inputs = append(inputs, Input{Line: i + 1, Text: l})
	}
	if len(inputs) > 0 && isHeading(inputs[0].Text, texts(inputs[1:])) {
		header, inputs = inputs[0].Text, inputs[1:]
	}
	return inputs, header
}

// ReadCSV reads the column'th field (1-based) of each record of CSV or
// TSV text: tab-separated when its first line has a tab, else
// semicolon-separated when it has semicolons and no commas (a European
// spreadsheet's export), else comma-separated. Quoted fields may hold the
// separator, quotes and line breaks. Every record is an input, a record
// without that field one that is Invalid, so that the rows screened line
// up with the spreadsheet's; a first record whose field is a column
// heading is returned as header instead. The error is for text that
// cannot be read as CSV at all, with its line.
func ReadCSV(r io.Reader, column int) (inputs []Input, header string, err error) {
	if column < 1 {
		return nil, "", fmt.Errorf("the column is counted from 1, not %d", column)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, "", err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = separator(data)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, "", fmt.Errorf("line %d is not CSV: %v", pe.StartLine, pe.Err)
		}
		if err != nil {
			return nil, "", err
		}
		line, _ := cr.FieldPos(0)
		in := Input{Line: line}
		switch {
		case len(rec) < column:
			in.Invalid = fmt.Sprintf("the line has %d %s, so no column %d", len(rec), plural(len(rec), "field", "fields"), column)
		case strings.TrimSpace(rec[column-1]) == "":
			in.Text = rec[column-1]
			in.Invalid = fmt.Sprintf("column %d is empty", column)
		default:
			in.Text = rec[column-1]
		}
		inputs = append(inputs, in)
	}
	if len(inputs) > 0 && inputs[0].Invalid == "" && isHeading(inputs[0].Text, texts(inputs[1:])) {
		header, inputs = inputs[0].Text, inputs[1:]
	}
	return inputs, header, nil
}

// separator guesses the field separator from the first line.
func separator(data []byte) rune {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	switch {
	case bytes.ContainsRune(first, '\t'):
		return '\t'
	case bytes.ContainsRune(first, ';') && !bytes.ContainsRune(first, ','):
		return ';'
	}
	return ','
}

func texts(inputs []Input) []string {
	out := make([]string, 0, len(inputs))
	for _, in := range inputs {
		if in.Invalid == "" {
			out = append(out, in.Text)
		}
	}
	return out
}

// headingWords are the words column headings of company lists are made
// of. A first line made of nothing else is a heading: no company is
// registered as "Company name" or "Supplier", since every name ends in a
// legal form or other words.
var headingWords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"company": true, "companies": true, "name": true, "names": true, "number": true, "numbers": true,
		"no": true, "nos": true, "num": true, "nr": true, "crn": true, "reg": true, "regd": true,
		"registration": true, "registered": true, "id": true, "ids": true, "ref": true, "reference": true,
		"supplier": true, "suppliers": true, "customer": true, "customers": true, "client": true, "clients": true,
		"vendor": true, "vendors": true, "counterparty": true, "counterparties": true, "entity": true,
		"entities": true, "organisation": true, "organisations": true, "organization": true,
		"organizations": true, "business": true, "businesses": true, "firm": true, "firms": true,
		"party": true, "parties": true, "member": true, "members": true, "legal": true, "house": true,
		"houses": true, "ch": true, "uk": true, "of": true, "the": true, "and": true,
	}
}}

// isHeading reports whether first is a column heading over the rest: made
// only of heading words, or a few words without a digit or a legal form
// ("Kundennummer") above a column most of whose entries read as company
// numbers.
func isHeading(first string, rest []string) bool {
	if strings.ContainsFunc(first, unicode.IsDigit) {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(first), func(r rune) bool { return !unicode.IsLetter(r) })
	if len(words) == 0 {
		return false
	}
	all := true
	for _, w := range words {
		all = all && headingWords.Get()[w]
	}
	if all {
		return true
	}
	if len(words) > 4 || parseName(first).form != "" {
		return false
	}
	numbers := 0
	for _, t := range rest {
		if api.ReadsAsNumbers(t) {
			numbers++
		}
	}
	return len(rest) > 0 && numbers*2 > len(rest)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
