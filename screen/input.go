package screen

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"coview/api"
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
	// Cut says Text is only the beginning of an entry too long to be
	// read (over api.MaxLineBytes), which is Invalid.
	Cut bool
}

// inputOf is the input of text found at line: one longer than any entry
// is read (api.MaxLineBytes) is Invalid, and only its beginning is kept,
// so that a huge line costs neither memory nor time in any row. size is
// the entry's whole length, of which text may be the beginning.
func inputOf(line int, text string, size int) Input {
	if size <= api.MaxLineBytes {
		return Input{Line: line, Text: text}
	}
	return Input{Line: line, Text: firstRunes(text, api.QuoteRunes), Cut: true,
		Invalid: fmt.Sprintf("it is %s bytes long, longer than any entry coview reads (%s)", thousands(size), thousands(api.MaxLineBytes))}
}

// Arguments are inputs given one an argument.
func Arguments(args []string) []Input {
	out := make([]Input, len(args))
	for i, a := range args {
		out[i] = Argument(i+1, a)
	}
	return out
}

// Argument is the input of an argument at a place (from 1).
func Argument(at int, text string) Input { return inputOf(at, text, len(text)) }

// Lines reads pasted text as inputs, one a line. Blank lines are not
// inputs (a paste from an e-mail or a web page is full of them). A first
// line that is a column heading ("Company number", "Name", "CRN", or
// words without digits over a column of numbers) is not an input either:
// it is returned as header, so that a caller can say it was skipped.
func Lines(text string) (inputs []Input, header string) {
	inputs, header, _ = ReadLines(strings.NewReader(text))
	return inputs, header
}

// ReadLines reads lines as Lines does, from r a line at a time: a line
// longer than api.MaxLineBytes is never held whole (see inputOf). The error
// is r's.
func ReadLines(r io.Reader) (inputs []Input, header string, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var cur []byte // the line so far: at most api.MaxLineBytes+1 bytes of it
	size, line, afterCR := 0, 1, false
	end := func() {
		text := string(cur)
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a spreadsheet's byte order mark
		}
		if size > len(cur) || strings.TrimSpace(text) != "" {
			inputs = append(inputs, inputOf(line, text, size))
		}
		line++
		cur, size = cur[:0], 0
	}
	for {
		b, rerr := br.ReadByte()
		if rerr != nil {
			if size > 0 {
				end()
			}
			if !errors.Is(rerr, io.EOF) {
				err = rerr
			}
			break
		}
		// Lines end in LF, CRLF, or CR alone (an old Mac's export).
		switch {
		case b == '\n' && afterCR:
		case b == '\n' || b == '\r':
			end()
		default:
			if len(cur) <= api.MaxLineBytes {
				cur = append(cur, b)
			}
			size++
		}
		afterCR = b == '\r'
	}
	if len(inputs) > 0 && inputs[0].Invalid == "" && isHeading(inputs[0].Text, texts(inputs[1:])) {
		header, inputs = inputs[0].Text, inputs[1:]
	}
	return inputs, header, err
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
			in.Text = firstRunes(rec[column-1], api.QuoteRunes)
			in.Invalid = fmt.Sprintf("column %d is empty", column)
		default:
			in = inputOf(line, rec[column-1], len(rec[column-1]))
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
var headingWords = sync.OnceValue(func() map[string]bool {
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
})

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
		all = all && headingWords()[w]
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

// firstRunes is s up to its first n characters.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// thousands writes n with commas between thousands: 1,048,576.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
