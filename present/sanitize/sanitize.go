// Package sanitize makes text from the network harmless to print on a
// terminal: nothing in a response may move the cursor, change the title,
// write the clipboard, ring the bell or reorder what is shown.
package sanitize

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line returns s as a single line of visible text. Control characters
// become their visible Unicode pictures (ESC as ␛, BEL as ␇), newlines and
// tabs become spaces, C1 controls and bidirectional overrides are shown as
// <U+XXXX>, and invalid UTF-8 becomes U+FFFD.
func Line(s string) string {
	return clean(s, false)
}

// Text is Line but keeps newlines, for multi-line values.
func Text(s string) string {
	return clean(s, true)
}

func clean(s string, keepNewlines bool) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune('\uFFFD')
		case r == '\n' && keepNewlines:
			b.WriteByte('\n')
		case r == '\n' || r == '\t' || r == '\r' && !keepNewlines:
			b.WriteByte(' ')
		case r == '\r':
			// A lone CR would return the cursor and let later text overwrite earlier.
		case r < 0x20:
			b.WriteRune(0x2400 + r) // control pictures: ␀ … ␟
		case r == 0x7f:
			b.WriteRune('␡')
		case r >= 0x80 && r < 0xa0, isBidiControl(r), isInvisibleFormat(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// JSON returns a JSON document with every character that could control a
// terminal written as a \u escape, which JSON reads as the same
// character: the document means what it meant, and printing it is
// harmless. DEL, C1 controls, bidi controls, invisible formatting
// characters and the line and paragraph separators are escaped; bytes
// that are not UTF-8 become \ufffd (JSON cannot carry them). Control
// characters below space may only be white space between values in valid
// JSON (newline, carriage return, tab) and are kept; any other is escaped
// too. body is not changed; it is returned as is when there is nothing to
// do.
func JSON(body []byte) []byte {
	first := -1
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if jsonEscaped(r, size) {
			first = i
			break
		}
		i += size
	}
	if first < 0 {
		return body
	}
	out := make([]byte, first, len(body)+16)
	copy(out, body[:first])
	for i := first; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case jsonEscaped(r, size):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, body[i:i+size]...)
		}
		i += size
	}
	return out
}

// jsonEscaped says whether JSON writes a character as an escape.
func jsonEscaped(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r == '\n' || r == '\r' || r == '\t':
		return false
	}
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r) || isInvisibleFormat(r) || r == 0x2028 || r == 0x2029
}

// isPlain is the fast path: printable ASCII needs no work.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isBidiControl covers the embedding, override and isolate controls that
// can make text display in an order other than it is stored ("Trojan
// Source"), plus the Arabic letter mark.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x061C || r == 0x200E || r == 0x200F
}

// isInvisibleFormat covers characters that take no space and would let two
// different names look the same.
func isInvisibleFormat(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x180E:
		return true
	}
	return r >= 0xFFF9 && r <= 0xFFFB
}
