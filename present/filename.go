package present

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"coview/api"
	"coview/present/labels"
)

// Limits on the words of a saved document's name: a few words of the
// description; the type is a form code, never long.
const (
	fileNameWords = 8
	fileNameRunes = 60
	fileTypeRunes = 20
)

// DocumentFileName is the name a filing's document is saved under, in
// words that say what it is: the company number, the filing's date, its
// form type, the first few words of its description as the filing's page
// shows it (with its values), and the format's extension:
//
//	00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf
//
// The browser (d, D) and coview document both save under it. Every part
// but the number is from the network: save.Into makes the name safe for
// a file system (separators, control and bidirectional characters, a
// leading dot, its length) as it saves.
func DocumentFileName(number api.Number, f *api.FilingItem, format string) string {
	parts := []string{string(number)}
	var words string
	if f != nil {
		if d := f.Date; len(d) >= 10 && isISODay(d[:10]) {
			parts = append(parts, d[:10])
		}
		if t := firstRunes(strings.TrimSpace(f.Type), fileTypeRunes); t != "" {
			parts = append(parts, t)
		}
		words = shortWords(labels.FilingDescription(f.Description, f.Values()))
	}
	if !strings.ContainsFunc(words, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		words = "document"
	}
	r, size := utf8.DecodeRuneInString(words)
	parts = append(parts, string(unicode.ToLower(r))+words[size:])
	return strings.Join(parts, " ") + api.FormatExtension(format)
}

// shortWords is the first few words of s, at most fileNameRunes long.
// Cut short, it ends on a whole word that is not one leading to the
// next ("... 14 January 2026", not "... 14 January 2026 with").
func shortWords(s string) string {
	words := strings.Fields(s)
	cut := len(words) > fileNameWords
	if cut {
		words = words[:fileNameWords]
	}
	joined := strings.Join(words, " ")
	if short := firstRunes(joined, fileNameRunes); short != joined {
		cut = true
		if i := strings.LastIndexByte(short, ' '); i > 0 {
			short = short[:i] // a word cut in two is left out
		}
		words = strings.Fields(short)
	}
	for cut && len(words) > 1 && leads(strings.ToLower(strings.Trim(words[len(words)-1], " ,;:"))) {
		words = words[:len(words)-1]
	}
	return strings.TrimRight(strings.Join(words, " "), " ,;:")
}

// leads reports whether a word leads to the next one: a name cut after
// it reads as cut. (A switch, not a map: a package-level map would be
// made at start-up, which no package of coview's does.)
func leads(w string) bool {
	switch w {
	case "a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "under", "with":
		return true
	}
	return false
}

// firstRunes is s cut to at most n runes.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
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
