package present

import (
	"strconv"
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
// next ("... 14 January 2026", not "... 14 January 2026 with"), and
// never inside a date: a date the cut would fall in is kept whole when
// it fits ("... made up to 31 March 2026", beyond the usual count of
// words), else left out.
func shortWords(s string) string {
	words := strings.Fields(s)
	n := min(len(words), fileNameWords)
	for n > 0 && utf8.RuneCountInString(strings.Join(words[:n], " ")) > fileNameRunes {
		n-- // a word cut in two is left out
	}
	if n == 0 && len(words) > 0 {
		return strings.TrimRight(firstRunes(words[0], fileNameRunes), " ,;:") // one word too long for a name
	}
	cut := n < len(words)
	if start, end, ok := dateAcross(words, n); ok {
		if utf8.RuneCountInString(strings.Join(words[:end], " ")) <= fileNameRunes {
			n = end
		} else {
			n = start
		}
		cut = n < len(words)
	}
	words = words[:n]
	for cut && len(words) > 1 && leads(strings.ToLower(strings.Trim(words[len(words)-1], " ,;:"))) {
		words = words[:len(words)-1]
	}
	return strings.TrimRight(strings.Join(words, " "), " ,;:")
}

// dateAcross finds a date written in words (31 March 2026, 31 Mar,
// March 2026) that a cut before words[n] would fall inside: it spans
// words[start:end], start < n < end.
func dateAcross(words []string, n int) (start, end int, ok bool) {
	for i, w := range words {
		if !isMonth(w) {
			continue
		}
		start, end = i, i+1
		if i > 0 && isDay(words[i-1]) {
			start = i - 1
		}
		if i+1 < len(words) && isYear(words[i+1]) {
			end = i + 2
		}
		if end-start >= 2 && start < n && n < end {
			return start, end, true
		}
	}
	return 0, 0, false
}

// isMonth reports whether a word is a month's name, whole or short.
func isMonth(w string) bool {
	w = strings.ToLower(strings.TrimRight(w, ".,;:"))
	for _, m := range []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"} {
		if w == m || len(w) >= 3 && strings.HasPrefix(m, w) && (len(w) == 3 || w == "sept") {
			return true
		}
	}
	return false
}

// isDay reports whether a word is a day of a month: 1 to 31, maybe 1st.
func isDay(w string) bool {
	w = strings.ToLower(w)
	for _, suffix := range []string{"st", "nd", "rd", "th"} {
		w = strings.TrimSuffix(w, suffix)
	}
	d, err := strconv.Atoi(w)
	return err == nil && d >= 1 && d <= 31 && len(w) <= 2
}

// isYear reports whether a word is a year: four digits, maybe followed
// by punctuation.
func isYear(w string) bool {
	w = strings.TrimRight(w, ".,;:")
	return len(w) == 4 && strings.Trim(w, "0123456789") == ""
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
