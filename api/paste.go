package api

import (
	"fmt"
	"strings"
	"unicode"
)

// Ignored is a part of pasted text in which no company number was read,
// and why, so a caller can say what it left out.
type Ignored struct {
	Text string
	Why  string
}

// NoNumber is why a line with nothing like a company number was ignored.
const NoNumber = "no company number in it"

func (i Ignored) String() string { return fmt.Sprintf("%q: %s", i.Text, i.Why) }

// ExtractNumbers reads the company numbers in pasted text, as it comes
// from a spreadsheet column, an e-mail or a web page: one or more a line,
// with labels such as "Company No." around them. It returns the numbers
// in order (duplicates kept) and what it ignored, with the reason.
//
// Commas, semicolons, tabs and bars always separate numbers, and so do
// spaces between complete numbers ("6400 sc6405" is two), while a prefix
// and its digits stay one number across a space ("sc 6405") and labels are
// skipped. In running text (a line with ordinary words in it) only what is
// unmistakably a company number counts: a real prefix written onto its
// digits (SC006405), an upper-case real prefix and five or more digits
// ("NI 012345"), or a run of five to eight digits; so "founded in 2024",
// "item no 5" or a phone number give nothing. What cannot be read one way
// only, such as "0123 4567" (one number or two?), is refused with the
// reason, never guessed.
func ExtractNumbers(text string) (numbers []Number, ignored []Ignored) {
	lines := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' })
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		before := len(numbers)
		var why string
		for _, field := range strings.FieldsFunc(line, isFieldSeparator) {
			got, problem, _ := numbersIn(field)
			numbers = append(numbers, got...)
			if problem != "" && why == "" {
				why = problem
			}
			if problem != "" && len(got) == 0 {
				ignored = append(ignored, Ignored{Text: strings.TrimSpace(field), Why: problem})
			}
		}
		if len(numbers) == before && why == "" {
			ignored = append(ignored, Ignored{Text: line, Why: NoNumber})
		}
	}
	return numbers, ignored
}

// ReadsAsNumbers reports whether text is company numbers and nothing
// else (labels and separators aside): "6400", "sc 6405", "Company No.
// 01234567", "6400, 6401". Text with ordinary words in it, a name, does
// not, even when a number is among them.
func ReadsAsNumbers(text string) bool {
	found := false
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		for _, field := range strings.FieldsFunc(line, isFieldSeparator) {
			got, why, running := numbersIn(field)
			if running || why != "" {
				return false
			}
			found = found || len(got) > 0
		}
	}
	return found
}

func isFieldSeparator(r rune) bool { return r == ',' || r == ';' || r == '\t' || r == '|' }

// realPrefixes are the prefixes the registry gives company numbers
// (registry-in-the-wild §4). In running text only these are read as one.
var realPrefixes = map[string]bool{
	"SC": true, "NI": true, "R0": true, "OC": true, "SO": true, "NC": true, "LP": true, "SL": true, "NL": true,
	"SG": true, "FC": true, "SF": true, "NF": true, "BR": true, "OE": true, "SE": true, "ES": true, "EN": true,
	"GE": true, "GS": true, "GN": true, "IC": true, "SI": true, "NV": true, "IP": true, "SP": true, "NP": true,
	"NO": true, "RS": true, "RC": true, "SR": true, "NR": true, "AC": true, "SA": true, "NA": true, "PC": true,
	"CE": true, "CS": true, "FE": true, "ZC": true, "SZ": true, "NZ": true,
}

// labels are the words people put before a company number.
var labels = map[string]bool{
	"company": true, "co": true, "no": true, "nos": true, "number": true, "num": true, "nr": true,
	"reg": true, "regd": true, "registration": true, "registered": true, "crn": true, "#": true,
}

// word is one word of a field, read for what it can be.
type word struct {
	raw    string // as written, without the brackets and quotes around it
	kind   wordKind
	digits string // the digits of a digits word
}

type wordKind int

const (
	wordOther   wordKind = iota
	wordLabel            // Company, No., #
	wordLetters          // two letters (or R0) alone: perhaps a prefix
	wordDigits           // digits, perhaps with dashes or dots inside
	wordJoined           // letters and digits together: SC006405, sc-6405
)

func readWord(raw string) word {
	w := word{raw: strings.Trim(raw, `()[]{}<>"'“”‘’«»/\\`)}
	t := strings.TrimRight(w.raw, ".:#")
	if t == "" && strings.Contains(w.raw, "#") {
		return word{raw: w.raw, kind: wordLabel}
	}
	switch {
	case t == "":
	case labels[strings.ToLower(t)] && !(isUpper(t) && realPrefixes[t]):
		w.kind = wordLabel
	case len(t) == 2 && isLetters(t), strings.EqualFold(t, "R0"):
		w.kind = wordLetters
		w.raw = t
	case isDigitsWord(t):
		w.kind, w.raw = wordDigits, t
		w.digits = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, t)
	default:
		if _, err := ParseNumber(t); err == nil && unicode.IsLetter(rune(t[0])) {
			w.kind, w.raw = wordJoined, t
		}
	}
	return w
}

// numbersIn reads one field (a part of a line between separators). It
// returns the numbers in it, why part of it was refused, if it was, and
// whether the field is running text (has ordinary words in it).
func numbersIn(field string) ([]Number, string, bool) {
	var words []word
	running := false
	for _, raw := range strings.Fields(field) {
		w := readWord(raw)
		words = append(words, w)
		if w.kind == wordOther || (w.kind == wordLetters && !realPrefixes[strings.ToUpper(w.raw)]) {
			running = true
		}
	}
	var out []Number
	var why string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch w.kind {
		case wordLetters:
			next := i + 1
			if next >= len(words) || words[next].kind != wordDigits {
				break
			}
			prefix := strings.ToUpper(w.raw)
			if running && !(realPrefixes[prefix] && isUpper(w.raw) && len(words[next].digits) >= 5) {
				break
			}
			if n, err := ParseNumber(prefix + words[next].digits); err == nil {
				out = append(out, n)
				i = next
			}
		case wordJoined:
			n, _ := ParseNumber(w.raw)
			if !running || realPrefixes[string(n[:2])] {
				out = append(out, n)
			}
		case wordDigits:
			j := i
			for j+1 < len(words) && words[j+1].kind == wordDigits {
				j++
			}
			run := words[i : j+1]
			i = j
			got, problem := digitRun(run, running)
			out = append(out, got...)
			if why == "" {
				why = problem
			}
		}
	}
	return out, why, running
}

// digitRun reads words of digits that follow one another: each a number
// of its own, unless together they look like one number split for reading
// (refused as ambiguous) or like a telephone number (ignored).
func digitRun(run []word, running bool) ([]Number, string) {
	joined := ""
	for _, w := range run {
		joined += w.digits
	}
	if len(run) > 1 && strings.HasPrefix(joined, "0") {
		switch {
		case len(joined) == 8:
			return nil, fmt.Sprintf("it could be one number (%s) or %d; write a number without spaces, and separate numbers with commas", joined, len(run))
		case len(joined) >= 10 && len(joined) <= 13:
			return nil, "it looks like a telephone number, not a company number"
		}
	}
	var out []Number
	var why string
	for _, w := range run {
		if running && (len(w.digits) < 5 || len(w.digits) > 8) {
			continue // a day, a count, a year or a house number in a sentence
		}
		n, err := ParseNumber(w.digits)
		if err != nil {
			if why == "" {
				why = fmt.Sprintf("%s has %d digits; a company number has at most 8", w.raw, len(w.digits))
			}
			continue
		}
		out = append(out, n)
	}
	return out, why
}

func isLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

func isUpper(s string) bool { return s == strings.ToUpper(s) }

// isDigitsWord is a word of digits, with the dashes, dots and slashes
// that spreadsheets and letters put inside them ("01-23-45-67").
func isDigitsWord(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune("-./_", r):
		default:
			return false
		}
	}
	return digits > 0 && s[0] >= '0' && s[0] <= '9'
}
