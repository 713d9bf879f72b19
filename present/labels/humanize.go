package labels

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"coview/present/sanitize"
)

// acronyms are words that must stay upper case when a key is humanised;
// "Llp member" or "Uk establishment" would look like a bug to a reader.
// Only whole words are matched, so "se" (Societas Europaea) never touches
// words such as "secretary".
var acronyms = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"cic":   "CIC",
		"cio":   "CIO",
		"eeig":  "EEIG",
		"eu":    "EU",
		"gb":    "GB",
		"hmrc":  "HMRC",
		"icvc":  "ICVC",
		"id":    "ID",
		"llp":   "LLP",
		"lp":    "LP",
		"nsc":   "NSC",
		"pflp":  "PFLP",
		"plc":   "PLC",
		"psc":   "PSC",
		"pscs":  "PSCs",
		"roe":   "ROE",
		"sail":  "SAIL",
		"scio":  "SCIO",
		"se":    "SE",
		"sic":   "SIC",
		"slp":   "SLP",
		"spflp": "SPFLP",
		"uk":    "UK",
		"ukeig": "UKEIG",
		"vat":   "VAT",
	}
})

// norm is the single normalisation every lookup uses: keys come from JSON,
// command lines and old exports with inconsistent case and padding.
func norm(v string) string {
	return strings.ToLower(strings.TrimSpace(v))
}

// Humanize turns a registry key into a sentence-case phrase:
// "active-proposal-to-strike-off" becomes "Active proposal to strike off".
// Hyphens, underscores and runs of spaces all separate words; known
// acronyms and form codes (such as "cs01") are upper-cased. It is the
// fallback for every lookup in this package, so it never fails: "" and
// separator-only input give "", and control characters are neutralised
// (present/sanitize).
func Humanize(key string) string {
	words := strings.FieldsFunc(norm(key), isKeySeparator)
	if len(words) == 0 {
		return ""
	}
	for i, w := range words {
		switch {
		case acronyms()[w] != "":
			words[i] = acronyms()[w]
		case isFormCode(w):
			words[i] = strings.ToUpper(w)
		case i == 0:
			words[i] = capitalise(w)
		}
	}
	// A key the registry sends is network text: what no table names is
	// shown made harmless, as everything from the network is.
	return sanitize.Line(strings.Join(words, " "))
}

func isKeySeparator(r rune) bool {
	return r == '-' || r == '_' || unicode.IsSpace(r)
}

// isFormCode reports whether w looks like a registry form or section code
// ("cs01", "ap01", "s1002a"): a letter followed by letters and digits with
// at least one digit. Ordinals such as "1st" start with a digit and are
// left alone.
func isFormCode(w string) bool {
	if len(w) < 2 || len(w) > 8 || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	digit := false
	for i := 1; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z':
		default:
			return false
		}
	}
	return digit
}

// capitalise upper-cases the first letter of s, rune-aware so that
// non-ASCII input is not corrupted.
func capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
