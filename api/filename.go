package api

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on a saved document's name: a few words of the description, and
// well under the 255 bytes file systems allow, leaving room for " (9999)".
const (
	fileNameWords = 8
	fileNameRunes = 60
	fileNameBytes = 200
)

// DocumentFileName is the name a filing's document is saved under, which
// says what it is: the company number, the filing's date, its form type, a
// few words of its description, and the format's extension:
//
//	00006400 2025-12-09 AA full accounts.pdf
//
// words is the description in words, such as the browser shows it;
// labels.FilingDescription(f.Description, nil) gives the short form
// without names and dates. Every part is from the network, so anything
// that could not be in a file name, or could mislead in one (path
// separators, control and bidirectional characters, a leading dot), is
// dropped.
func DocumentFileName(number Number, f *FilingItem, words, format string) string {
	var parts []string
	if n := fileNamePart(string(number), 12); n != "" {
		parts = append(parts, n)
	}
	if f != nil {
		if d := f.Date; len(d) >= 10 && isISODay(d[:10]) {
			parts = append(parts, d[:10])
		}
		if t := fileNamePart(f.Type, 20); t != "" {
			parts = append(parts, t)
		}
	}
	w := fileNamePart(shortWords(words), fileNameRunes)
	if w == "" {
		w = "document"
	}
	r, size := utf8.DecodeRuneInString(w)
	parts = append(parts, string(unicode.ToLower(r))+w[size:])
	name := strings.Join(parts, " ")
	for len(name) > fileNameBytes {
		_, size := utf8.DecodeLastRuneInString(name)
		name = strings.TrimRight(name[:len(name)-size], " .")
	}
	return name + FormatExtension(format)
}

// shortWords is the first few words of s.
func shortWords(s string) string {
	words := strings.Fields(s)
	if len(words) > fileNameWords {
		words = words[:fileNameWords]
	}
	return strings.TrimRight(strings.Join(words, " "), ",;:")
}

// fileNamePart keeps letters, digits, spaces and a little punctuation that
// is safe in file names everywhere, squeezes spaces, and trims dots and
// spaces from the ends (a leading dot hides a file; Windows drops trailing
// ones), to at most max runes.
func fileNamePart(s string, max int) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range s {
		keep := unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.,()'&+", r)
		if !keep {
			// Anything else, separators and controls included, is a
			// space, so words do not run together.
			space = b.Len() > 0
			continue
		}
		if n >= max {
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return strings.Trim(b.String(), " .")
}

// isISODay reports whether s is a date written 2025-12-09.
func isISODay(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, r := range s {
		if i != 4 && i != 7 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
