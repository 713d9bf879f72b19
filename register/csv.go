package register

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// records reads the file's CSV a record at a time: fields quoted or not,
// "" for a quote inside a quoted field, line breaks inside quotes. It is
// written for this file rather than taken from encoding/csv so that a
// quote left open cannot swallow the rest of a 2.7 GB file into one
// field: a record is at most maxRecordBytes over at most
// maxRecordLines lines, and one that runs past either is reported and
// reading goes on from the line after the one it started on. A quote
// inside a quoted field that does not end it ("A "B" LTD") is read as
// a quote, as a person would.
type records struct {
	// width is how many fields a record has, once the header is read:
	// a line that is a whole record of its own is never taken for the
	// rest of a quoted field left open on the line before.
	width   int
	r       *bufio.Reader
	line    int      // lines read so far, pushed back ones aside
	back    [][]byte // lines to read again, after a record that ran on
	long    []byte   // a line longer than the reader's buffer, put together
	tooLong bool     // the last line read ran past maxRecordBytes
	raw     [][]byte // the lines of the record being read; all but the last are copies
	out     []byte   // the fields' text, one after another
	ends    []int    // where each field ends in out
	fields  [][]byte // out cut at ends: the fields of the last record
}

const (
	maxRecordBytes = 64 << 10
	maxRecordLines = 8
)

// recordError is a record that could not be read; reading goes on.
type recordError struct {
	line   int
	reason string
}

func (e *recordError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.reason) }

func newRecords(r io.Reader) *records {
	return &records{r: bufio.NewReaderSize(r, 1<<20)}
}

// next reads a record: its fields, valid until the next call, and the
// line it begins on. It returns io.EOF at the end, a *recordError for a
// record it skipped, and any other error of the reader underneath.
func (rs *records) next() (fields [][]byte, line int, err error) {
	for {
		first, ok, err := rs.readLine()
		if err != nil {
			return nil, rs.line, err
		}
		if !ok {
			return nil, rs.line, io.EOF
		}
		start := rs.line
		if rs.tooLong {
			return nil, start, &recordError{line: start, reason: fmt.Sprintf("the line is longer than %d KiB, which no record is", maxRecordBytes>>10)}
		}
		if len(bytes.TrimSpace(first)) == 0 {
			continue // a blank line is no record
		}
		rs.raw = append(rs.raw[:0], first)
		if reason := rs.parse(); reason != "" {
			// Whatever followed the record's first line is read again:
			// it was most likely the next records.
			for i := len(rs.raw) - 1; i >= 1; i-- {
				rs.back = append(rs.back, rs.raw[i])
				rs.line--
			}
			return nil, start, &recordError{line: start, reason: reason}
		}
		return rs.fields, start, nil
	}
}

// readLine is the next line without its line break, valid until the
// next call, and false at the end of the input. A line longer than
// maxRecordBytes is cut there, with tooLong set.
func (rs *records) readLine() ([]byte, bool, error) {
	rs.tooLong = false
	if n := len(rs.back); n > 0 {
		l := rs.back[n-1]
		rs.back = rs.back[:n-1]
		rs.line++
		return l, true, nil
	}
	chunk, err := rs.r.ReadSlice('\n')
	if err == nil && len(chunk) <= maxRecordBytes+2 {
		rs.line++
		return trimEOL(chunk), true, nil
	}
	if err == nil {
		rs.line++
		rs.tooLong = true
		return chunk[:maxRecordBytes], true, nil
	}
	rs.long = rs.long[:0]
	for {
		if len(rs.long)+len(chunk) <= maxRecordBytes+2 {
			rs.long = append(rs.long, chunk...)
		} else {
			rs.tooLong = true
		}
		switch {
		case err == nil:
			rs.line++
			return trimEOL(rs.long), true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			chunk, err = rs.r.ReadSlice('\n')
			continue
		case errors.Is(err, io.EOF):
			if len(rs.long) == 0 {
				return nil, false, nil
			}
			rs.line++
			return trimEOL(rs.long), true, nil
		default:
			return nil, false, err
		}
	}
}

func trimEOL(l []byte) []byte {
	l = bytes.TrimSuffix(l, []byte("\n"))
	return bytes.TrimSuffix(l, []byte("\r"))
}

// parse splits the record whose first line is rs.raw[0], reading more
// lines while a quoted field runs on; "" when it is read, else why not.
func (rs *records) parse() string {
	rs.out, rs.ends = rs.out[:0], rs.ends[:0]
	l := rs.raw[0]
	size := len(l)
	i := 0
	for {
		// A field starts at l[i].
		if i < len(l) && l[i] == '"' {
			i++
			for {
				j := bytes.IndexByte(l[i:], '"')
				if j < 0 {
					// The field goes on on the next line: this one is kept,
					// to be read again if the record turns out to run on.
					rs.out = append(rs.out, l[i:]...)
					rs.raw[len(rs.raw)-1] = bytes.Clone(l)
					next, ok, err := rs.readLine()
					switch {
					case err != nil || !ok:
						return "a quoted field is never closed"
					case rs.tooLong || len(rs.raw) >= maxRecordLines || size+len(next) > maxRecordBytes:
						rs.raw = append(rs.raw, bytes.Clone(next))
						return fmt.Sprintf("a quoted field is not closed within %d lines", maxRecordLines)
					case rs.width > 0 && lineFields(next) == rs.width:
						rs.raw = append(rs.raw, bytes.Clone(next))
						return "a quoted field is not closed on its line, and the next line is a record of its own"
					}
					rs.raw = append(rs.raw, next)
					size += len(next) + 1
					rs.out = append(rs.out, '\n')
					l, i = next, 0
					continue
				}
				rs.out = append(rs.out, l[i:i+j]...)
				i += j + 1
				switch {
				case i < len(l) && l[i] == '"': // "" is a quote
					rs.out = append(rs.out, '"')
					i++
					continue
				case i == len(l) || l[i] == ',':
				default: // a quote inside the field: kept
					rs.out = append(rs.out, '"')
					continue
				}
				break
			}
		} else {
			j := bytes.IndexByte(l[i:], ',')
			if j < 0 {
				j = len(l) - i
			}
			rs.out = append(rs.out, l[i:i+j]...)
			i += j
		}
		rs.ends = append(rs.ends, len(rs.out))
		if i >= len(l) {
			break
		}
		i++ // the comma
		if i == len(l) {
			rs.ends = append(rs.ends, len(rs.out)) // a last, empty field
			break
		}
	}
	rs.fields = rs.fields[:0]
	from := 0
	for _, e := range rs.ends {
		rs.fields = append(rs.fields, rs.out[from:e]) // contiguous: rowReader.text relies on it
		from = e
	}
	return ""
}

// lineFields is how many fields a line holds on its own, or -1 when it
// ends inside quotes.
func lineFields(l []byte) int {
	n, quoted := 1, false
	for i := 0; i < len(l); i++ {
		switch c := l[i]; {
		case c == '"' && !quoted && (i == 0 || l[i-1] == ','):
			quoted = true
		case c == '"' && quoted:
			if i+1 < len(l) && l[i+1] == '"' {
				i++
			} else if i+1 == len(l) || l[i+1] == ',' {
				quoted = false
			}
		case c == ',' && !quoted:
			n++
		}
	}
	if quoted {
		return -1
	}
	return n
}
