package present

import (
	"encoding/csv"
	"io"
	"strings"
)

// CSV writes records as every CSV coview writes does (screen --csv,
// search --csv, a screening saved, a list saved): quoted as RFC 4180
// says, lines ended by LF, dates as yyyy-mm-dd (each writer's records
// say them so), and every cell a spreadsheet would take for a formula
// made plain text.
type CSV struct{ w *csv.Writer }

// NewCSV writes records to w.
func NewCSV(w io.Writer) *CSV { return &CSV{w: csv.NewWriter(w)} }

// Write writes a record, each cell a spreadsheet would read as a formula
// (beginning with =, +, -, @, a tab or a carriage return: a name such as
// =HYPERLINK(...) from the network) begun with ', which makes it text,
// as OWASP's advice on CSV injection has it. A cell that is a number and
// nothing else, a negative amount (-577, -1.5), is left as it is: a spreadsheet reads it as
// that number, and a ' would make an amount text.
func (c *CSV) Write(record []string) error {
	out := record
	for i, cell := range record {
		if cell != "" && strings.ContainsRune(formulaStarts, rune(cell[0])) && !isNumber(cell) {
			if &out[0] == &record[0] {
				out = append([]string(nil), record...)
			}
			out[i] = "'" + cell
		}
	}
	return c.w.Write(out)
}

// isNumber reports whether a cell is a negative number alone: a minus,
// digits, and at most one decimal point with digits after it. (A plus is
// made text still: "+6403" is more likely a number pasted wrongly than an
// amount, and is shown as it was given.)
func isNumber(cell string) bool {
	digits := strings.TrimLeft(cell[1:], "0123456789")
	if len(digits) == len(cell)-1 || cell[0] != '-' {
		return false // no digit after the minus, or no minus
	}
	if digits == "" {
		return true
	}
	frac, ok := strings.CutPrefix(digits, ".")
	return ok && frac != "" && strings.Trim(frac, "0123456789") == ""
}

// formulaStarts are the characters a spreadsheet reads a cell beginning
// with as a formula.
const formulaStarts = "=+-@\t\r"

// Flush writes what is buffered.
func (c *CSV) Flush() { c.w.Flush() }

// Error is the first error of a write or a flush.
func (c *CSV) Error() error { return c.w.Error() }
