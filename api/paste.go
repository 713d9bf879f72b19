package api

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The one reader of company numbers in pasted text. The command line's
// arguments, its stdin ("-") and the browser's search box all read through
// ReadNumbers (ExtractNumbers and ReadsAsNumbers are built on it), so that
// the same text gives the same numbers wherever it is typed.

// Ignored is a part of pasted text in which no company number was read,
// and why, so a caller can say what it left out.
type Ignored struct {
	// Text is the part as written, trimmed; only its first QuoteRunes
	// characters when Cut.
	Text string
	Why  string
	// Cut says Text is the beginning of a longer part: quote it with an
	// ellipsis (String does).
	Cut bool
}

// NoNumber is why a line with nothing like a company number was ignored.
const NoNumber = "no company number in it"

// NotText is why input that is not text (bytes that are not UTF-8, NULs:
// a binary file, random bytes) was ignored, all of it.
const NotText = "it is not text (it has NUL bytes or bytes that are not UTF-8); nothing in it was read"

// QuoteRunes is how much of an ignored part is quoted: a 20 MB line is
// shown as its first few words, never whole.
const QuoteRunes = 60

// MaxLineBytes bounds a line: a spreadsheet row of thousands of numbers
// fits; anything longer is ignored, not read, whatever its length.
const MaxLineBytes = 64 << 10

// sniffBytes is how much of the input is looked at to tell text from
// binary, as grep and git do.
const sniffBytes = 8 << 10

func (i Ignored) String() string { return fmt.Sprintf("%q: %s", i.Quoted(), i.Why) }

// Quoted is the text to quote: Text, with an ellipsis when it was cut.
func (i Ignored) Quoted() string {
	if i.Cut {
		return i.Text + "…"
	}
	return i.Text
}

// Reading is one thing read from pasted text, in the order written: a
// company number, or a part that was ignored.
type Reading struct {
	Number  Number  // the number read, normalised; "" when the part was ignored
	Ignored Ignored // what was ignored and why, when Number is ""
}

// ReadNumbers reads the company numbers in text as it comes from a
// spreadsheet column, an e-mail, a web page or a terminal: one or more a
// line, with labels such as "Company No." around them. It yields each
// number, and each part it ignored with the reason, in the order written
// (duplicates kept). A read error ends it, yielded last.
//
// The grammar:
//   - Lines end at a newline or a carriage return. A line longer than
//     MaxLineBytes is ignored, unread. Input whose first 8 KiB hold a NUL
//     byte or more than a tenth of bytes that are not UTF-8 is not text,
//     and is ignored whole (NotText): random bytes never become lookups.
//   - Commas, semicolons, tabs and bars separate fields; a comma inside a
//     figure written with thousands separators ("6,400") does not. Spaces
//     separate words. Fullwidth forms ("６４００") read as their ASCII
//     twins; invisible formatting characters are dropped.
//   - Labels are skipped: company, co, no, number, reg, registration, crn,
//     # and the like, with or without a dot or colon, also written onto the
//     number ("No.6400", "#6400"). "No. 6400" and "no 6400" are 00006400;
//     only an upper-case NO without a dot, before its digits, is the
//     prefix NO ("NO 123456").
//   - A number stands as a word: digits (with dashes, dots or slashes inside,
//     "01-23-45-67"), a prefix written onto them (SC006405, sc-6405), or a
//     prefix and digits across a space ("sc 6405"). A dash after a word
//     ("6400-"), a dash alone ("6400 - 6401") and a typographic dash before
//     a word ("—6400") are punctuation, not part of it. Digits inside a date
//     (2024-01-15, 15/01/2024) or an amount (£6,400.00, 6,400, 12.50, 5%)
//     are not a number; neither is a word with other letters in it.
//   - Words of digits after one another are a number each ("6400 6401"),
//     unless together they read as one number split for reading (8 digits
//     with a leading zero, "0123 4567": refused as ambiguous) or as a
//     telephone number (ignored).
//   - In running text (a field with ordinary words in it) only what is
//     unmistakably a company number counts: a real prefix written onto its
//     digits, an upper-case real prefix and five or more digits ("NI
//     012345"), or a word of five to eight digits; so "founded in 2024",
//     "item no 5" or a phone number give nothing.
//   - A part that tries to be a number and is not one ("123456789", "SC
//     1234567", "ABC123", "2024-01-15" alone) is ignored with the reason; a
//     line with nothing like a number is ignored as NoNumber.
func ReadNumbers(r io.Reader) iter.Seq2[Reading, error] {
	return func(yield func(Reading, error) bool) {
		br := bufio.NewReaderSize(r, sniffBytes*2)
		head, err := br.Peek(sniffBytes)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			yield(Reading{}, err)
			return
		}
		if !isText(head) {
			yield(Reading{Ignored: ignore(string(head), NotText)}, nil)
			return
		}
		var buf []byte
		for {
			var size int
			buf, size, err = nextLine(br, buf)
			if err == nil {
				size-- // the newline
			}
			if size > 0 && !readLine(buf, size, yield) {
				return
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					yield(Reading{}, err)
				}
				return
			}
		}
	}
}

// nextLine reads the next line, its newline included, keeping at most
// MaxLineBytes+1 bytes of it in buf; size is its whole length.
func nextLine(br *bufio.Reader, buf []byte) ([]byte, int, error) {
	buf = buf[:0]
	size := 0
	for {
		chunk, err := br.ReadSlice('\n')
		size += len(chunk)
		if room := MaxLineBytes + 1 - len(buf); room > 0 {
			buf = append(buf, chunk[:min(len(chunk), room)]...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, size, err
		}
	}
}

// readLine reads one line of size bytes, its newline left out (line
// holds its first MaxLineBytes+1 bytes at most), and yields what it
// holds. It reports false when yield did.
func readLine(line []byte, size int, yield func(Reading, error) bool) bool {
	if size > MaxLineBytes {
		return yield(Reading{Ignored: ignore(string(line),
			fmt.Sprintf("the line is %s bytes long, longer than any line of numbers coview reads (%s); put the numbers on lines of their own",
				thousands(size), thousands(MaxLineBytes)))}, nil)
	}
	for part := range strings.SplitSeq(string(line[:size]), "\r") {
		for _, r := range lineReadings(part) {
			if !yield(r, nil) {
				return false
			}
		}
	}
	return true
}

// isText tells text from binary by its first bytes: no NUL, and at most a
// tenth of them not UTF-8 (a Latin-1 "£" now and then is still text). A
// character cut off at the end of what was looked at is not counted.
func isText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 {
			if len(head)-i < utf8.UTFMax && !utf8.FullRune(head[i:]) {
				break
			}
			bad++
		}
		i += size
	}
	return bad*10 <= len(head)
}

// ExtractNumbers reads the company numbers in pasted text (see
// ReadNumbers for how): the numbers in order, duplicates kept, and what
// was ignored, with the reason.
func ExtractNumbers(text string) (numbers []Number, ignored []Ignored) {
	for r := range ReadNumbers(strings.NewReader(text)) {
		if r.Number != "" {
			numbers = append(numbers, r.Number)
		} else {
			ignored = append(ignored, r.Ignored)
		}
	}
	return numbers, ignored
}

// ReadsAsNumbers reports whether text is company numbers and nothing
// else (labels and separators aside): "6400", "sc 6405", "Company No.
// 01234567", "6400, 6401". Text with ordinary words in it, a name, does
// not, even when a number is among them.
func ReadsAsNumbers(text string) bool {
	if len(text) > MaxLineBytes || !isText([]byte(text[:min(len(text), sniffBytes)])) {
		return false
	}
	found := false
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		for _, field := range splitLine(line) {
			got, running := fieldReadings(line, field)
			if running {
				return false
			}
			for _, r := range got {
				if r.Number == "" {
					return false
				}
				found = true
			}
		}
	}
	return found
}

// lineReadings reads one line: each field's numbers and refused parts,
// or the whole line as NoNumber when it gave neither.
func lineReadings(line string) []Reading {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil
	}
	var out []Reading
	for _, field := range splitLine(line) {
		got, _ := fieldReadings(line, field)
		out = append(out, got...)
	}
	if len(out) == 0 {
		out = append(out, Reading{Ignored: ignore(line, NoNumber)})
	}
	return out
}

// ignore is an Ignored part: trimmed, and quoted only as its first
// QuoteRunes characters.
func ignore(text, why string) Ignored {
	text = strings.TrimSpace(text)
	n := 0
	for i := range text {
		if n == QuoteRunes {
			return Ignored{Text: strings.TrimSpace(text[:i]), Why: why, Cut: true}
		}
		n++
	}
	return Ignored{Text: text, Why: why}
}

// foldRune reads a fullwidth form as its ASCII twin ("６" as "6", "，" as
// ","), and the ideographic space as a space.
func foldRune(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	}
	return r
}

// fold is foldRune over a word, dropping invisible formatting characters
// (zero-width spaces, byte order marks, bidi marks) that copy and paste
// brings along.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return foldRune(r)
	}, s)
}

// span is a part of a line: line[at:end].
type span struct{ at, end int }

// splitLine cuts a line into fields at commas, semicolons, bars and tabs,
// and each field into words at white space. Words are spans of the line
// as written. A comma that separates thousands ("6,400", "£1,000,000")
// stays inside its word.
func splitLine(line string) [][]span {
	runes := make([]rune, 0, len(line))
	offs := make([]int, 0, len(line)+1)
	for i, r := range line {
		runes = append(runes, foldRune(r))
		offs = append(offs, i)
	}
	offs = append(offs, len(line))
	var fields [][]span
	var words []span
	start := -1
	endWord := func(end int) {
		if start >= 0 {
			words = append(words, span{offs[start], offs[end]})
			start = -1
		}
	}
	endField := func() {
		if len(words) > 0 {
			fields = append(fields, words)
			words = nil
		}
	}
	for i, r := range runes {
		switch {
		case r == '\t' || r == ';' || r == '|' || (r == ',' && !thousandsComma(runes, i)):
			endWord(i)
			endField()
		case unicode.IsSpace(r):
			endWord(i)
		case start < 0:
			start = i
		}
	}
	endWord(len(runes))
	endField()
	return fields
}

// thousandsComma says whether the comma at i separates thousands: one to
// three digits before it (after the number's start or another such comma)
// and exactly three after.
func thousandsComma(runes []rune, i int) bool {
	j := i
	for j > 0 && isDigit(runes[j-1]) {
		j--
	}
	if n := i - j; n < 1 || n > 3 || (n < 3 && j > 0 && runes[j-1] == ',') {
		return false
	}
	if j > 0 && runes[j-1] == ',' && !thousandsComma(runes, j-1) {
		return false
	}
	if i+4 > len(runes) || !isDigit(runes[i+1]) || !isDigit(runes[i+2]) || !isDigit(runes[i+3]) {
		return false
	}
	return i+4 == len(runes) || !isDigit(runes[i+4])
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// realPrefix reports whether p is a prefix the registry gives company
// numbers (registry-in-the-wild §4). In running text only these are read
// as one. (Switches, not maps: a map literal is built at start-up by
// every run.)
func realPrefix(p string) bool {
	switch p {
	case "SC", "NI", "R0", "OC", "SO", "NC", "LP", "SL", "NL",
		"SG", "FC", "SF", "NF", "BR", "OE", "SE", "ES", "EN",
		"GE", "GS", "GN", "IC", "SI", "NV", "IP", "SP", "NP",
		"NO", "RS", "RC", "SR", "NR", "AC", "SA", "NA", "PC",
		"CE", "CS", "FE", "ZC", "SZ", "NZ":
		return true
	}
	return false
}

// isLabel reports whether w is one of the words people put before a
// company number.
func isLabel(w string) bool {
	switch w {
	case "company", "co", "no", "nos", "number", "num", "nr",
		"reg", "regd", "registration", "registered", "crn", "#":
		return true
	}
	return false
}

// word is one word of a field, read for what it can be.
type word struct {
	raw    string // as written
	at     int    // where it starts in its line
	end    int    // where it ends
	t      string // folded, without the brackets, quotes and label punctuation around it
	kind   wordKind
	digits string // the digits of a digits word
	why    string // for a word that tries to be a number and is not: why not
}

type wordKind int

const (
	wordOther   wordKind = iota
	wordLabel            // Company, No., #
	wordLetters          // two letters (or R0) alone: perhaps a prefix
	wordDigits           // digits, perhaps with dashes, dots or slashes inside
	wordJoined           // letters and digits together: SC006405, sc-6405
)

// readWords reads the words of a field, splitting a label written onto
// its number ("No.6400", "#6400") into the two.
func readWords(line string, spans []span) []word {
	var out []word
	for _, sp := range spans {
		raw := line[sp.at:sp.end]
		if label, rest, ok := gluedLabel(raw); ok {
			l := word{raw: label, t: label, kind: wordLabel, at: sp.at, end: sp.at + len(label)}
			w := readWord(rest)
			w.at, w.end = l.end, sp.end
			out = append(out, l, w)
			continue
		}
		if w := readWord(raw); w.t != "" || w.kind == wordLabel {
			w.at, w.end = sp.at, sp.end
			out = append(out, w)
		}
	}
	return out
}

// gluedLabel splits "No.6400", "no:6400" and "#6400" into the label and
// the rest, both as written.
func gluedLabel(raw string) (label, rest string, ok bool) {
	var name strings.Builder
	punct, hash := false, false
	for i, r := range raw {
		r = foldRune(r)
		switch {
		case unicode.Is(unicode.Cf, r):
		case strings.ContainsRune(".:#", r):
			punct, hash = true, hash || r == '#'
		case punct:
			n := name.String()
			if isLabel(strings.ToLower(n)) || (n == "" && hash) {
				return raw[:i], raw[i:], true
			}
			return "", "", false
		case r < 0x80 && isLetters(string(r)):
			name.WriteRune(r)
		default:
			return "", "", false
		}
	}
	return "", "", false
}

func readWord(raw string) word {
	f := fold(raw)
	w := word{raw: raw, t: strings.Trim(f, `()[]{}<>"'“”‘’«»/\!?`)}
	// A dash after a word, or one standing alone, is punctuation, as in
	// "6400 - Marzipan" or "6400-"; so is a typographic dash before it.
	// A hyphen-minus before digits is a sign: "-6400" is an amount.
	w.t = strings.TrimLeft(strings.TrimRight(w.t, "-‐‑–—"), "‐‑–—")
	t := strings.TrimRight(w.t, ".:#")
	if t == "" {
		if strings.Contains(w.t, "#") {
			w.kind = wordLabel
		}
		w.t = ""
		return w
	}
	switch {
	case isLabel(strings.ToLower(t)) && !(t == w.t && isUpper(t) && realPrefix(t)):
		w.kind = wordLabel
	case len(t) == 2 && isLetters(t), strings.EqualFold(t, "R0"):
		w.kind, w.t = wordLetters, t
	case isDate(t):
		w.why = "it looks like a date, not a company number"
	case isAmount(t):
		w.why = "it looks like an amount or a count, not a company number"
	case isDigitsWord(t):
		w.kind, w.t = wordDigits, t
		w.digits = strings.Map(func(r rune) rune {
			if isDigit(r) {
				return r
			}
			return -1
		}, t)
	default:
		n, err := ParseNumber(t)
		switch {
		case err == nil && isLetters(t[:1]):
			w.kind, w.t = wordJoined, string(n)
		case err == nil:
			// Digits with odd punctuation inside ("64,00"): not a word of digits.
			w.why = "it has characters other than letters and digits inside"
		case strings.ContainsFunc(t, isDigit):
			var ae *Error
			if errors.As(err, &ae) {
				w.why = ae.Reason
			}
		}
	}
	return w
}

// fieldReadings reads one field (a part of a line between separators):
// its numbers and the parts refused, in order, and whether it is running
// text (has ordinary words in it).
func fieldReadings(line string, spans []span) ([]Reading, bool) {
	words := readWords(line, spans)
	running := false
	content := 0
	for _, w := range words {
		if w.kind != wordLabel {
			content++
		}
		if w.kind == wordOther || (w.kind == wordLetters && !realPrefix(strings.ToUpper(w.t))) {
			running = true
		}
	}
	var out []Reading
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch w.kind {
		case wordOther:
			// A word alone (labels aside) that tries to be a number says
			// why it is not one.
			if content == 1 && w.why != "" {
				out = append(out, Reading{Ignored: ignore(w.raw, w.why)})
			}
		case wordLetters:
			next := i + 1
			if next >= len(words) || words[next].kind != wordDigits {
				break
			}
			prefix := strings.ToUpper(w.t)
			if running && !(realPrefix(prefix) && isUpper(w.t) && len(words[next].digits) >= 5) {
				break
			}
			i = next
			n, err := ParseNumber(prefix + words[next].digits)
			if err != nil {
				out = append(out, Reading{Ignored: ignore(line[w.at:words[next].end], reasonOf(err))})
				break
			}
			out = append(out, Reading{Number: n})
		case wordJoined:
			n := Number(w.t)
			if !running || realPrefix(string(n[:2])) {
				out = append(out, Reading{Number: n})
			}
		case wordDigits:
			j := i
			for j+1 < len(words) && words[j+1].kind == wordDigits {
				j++
			}
			out = append(out, digitRun(line, words[i:j+1], running)...)
			i = j
		}
	}
	return out, running
}

func reasonOf(err error) string {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.Reason
	}
	return err.Error()
}

// digitRun reads words of digits that follow one another: each a number
// of its own, unless together they look like one number split for reading
// (refused as ambiguous) or like a telephone number (ignored).
func digitRun(line string, run []word, running bool) []Reading {
	joined, text := "", line[run[0].at:run[len(run)-1].end]
	for _, w := range run {
		joined += w.digits
	}
	if len(run) > 1 && strings.HasPrefix(joined, "0") {
		switch {
		case len(joined) == 8:
			return []Reading{{Ignored: ignore(text, fmt.Sprintf("it could be one number (%s) or %d; write a number without spaces, and separate numbers with commas", joined, len(run)))}}
		case len(joined) >= 10 && len(joined) <= 13:
			return []Reading{{Ignored: ignore(text, "it looks like a telephone number, not a company number")}}
		}
	}
	var out []Reading
	for _, w := range run {
		if running && (len(w.digits) < 5 || len(w.digits) > 8) {
			continue // a day, a count, a year or a house number in a sentence
		}
		n, err := ParseNumber(w.digits)
		if err != nil {
			out = append(out, Reading{Ignored: ignore(w.raw, fmt.Sprintf("%s has %d digits; a company number has at most 8", w.t, len(w.digits)))})
			continue
		}
		out = append(out, Reading{Number: n})
	}
	return out
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

// isDigitsWord is a word of digits, with the dashes, dots, slashes and
// underscores that spreadsheets and letters put inside them
// ("01-23-45-67"), but starting and ending with a digit.
func isDigitsWord(s string) bool {
	for _, r := range s {
		if !isDigit(r) && !strings.ContainsRune("-./_", r) {
			return false
		}
	}
	return s != "" && isDigit(rune(s[0])) && isDigit(rune(s[len(s)-1]))
}

// digitGroups splits "2024-01-15" into its groups of digits when they are
// separated by one kind of separator (-, / or .), and nothing else.
func digitGroups(s string) []string {
	i := strings.IndexAny(s, "-/.")
	if i < 0 {
		return nil
	}
	groups := strings.Split(s, s[i:i+1])
	for _, g := range groups {
		if g == "" || strings.ContainsFunc(g, func(r rune) bool { return !isDigit(r) }) {
			return nil
		}
	}
	return groups
}

// isDate says whether a word is a date: 2024-01-15, 15/01/2024, 15.1.24,
// with a month and day that can be.
func isDate(s string) bool {
	g := digitGroups(s)
	if len(g) != 3 {
		return false
	}
	n := func(s string) int {
		v := 0
		for _, r := range s {
			v = v*10 + int(r-'0')
		}
		return v
	}
	short := func(s string) bool { return len(s) <= 2 }
	switch {
	case len(g[0]) == 4 && short(g[1]) && short(g[2]):
		return n(g[1]) >= 1 && n(g[1]) <= 12 && n(g[2]) >= 1 && n(g[2]) <= 31
	case short(g[0]) && short(g[1]) && (len(g[2]) == 4 || len(g[2]) == 2):
		a, b := n(g[0]), n(g[1])
		return a >= 1 && b >= 1 && a <= 31 && b <= 31 && (a <= 12 || b <= 12)
	}
	return false
}

// isAmount says whether a word is money, a share or a count: a currency
// sign or a per cent sign with digits, thousands separators (6,400), or
// two decimals (6400.00).
func isAmount(s string) bool {
	if !strings.ContainsFunc(s, isDigit) {
		return false
	}
	core := strings.TrimLeft(s, "£$€¥₹+-")
	core = strings.TrimRight(core, "%£$€¥")
	if core != s {
		return true
	}
	if strings.Contains(s, ",") {
		intPart, _, _ := strings.Cut(s, ".")
		groups := strings.Split(intPart, ",")
		if len(groups[0]) < 1 || len(groups[0]) > 3 {
			return false
		}
		for _, g := range groups {
			if strings.ContainsFunc(g, func(r rune) bool { return !isDigit(r) }) {
				return false
			}
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return false
			}
		}
		return true
	}
	if g := digitGroups(s); len(g) == 2 && strings.Contains(s, ".") && len(g[1]) == 2 {
		return true
	}
	return false
}

// thousands writes n with commas, as the rest of coview does.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
