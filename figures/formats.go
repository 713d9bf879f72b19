package figures

import (
	"strings"
	"time"
	"unicode/utf8"
)

// The Transformation Registries a format's prefix may be bound to. A
// format is found by its namespace and name, never by its prefix.
const (
	nsTR1 = "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20"
	nsTR2 = "http://www.xbrl.org/inlineXBRL/transformation/2011-07-31"
	nsTR3 = "http://www.xbrl.org/inlineXBRL/transformation/2015-02-26"
	nsTR4 = "http://www.xbrl.org/inlineXBRL/transformation/2020-02-12"
	nsTR5 = "http://www.xbrl.org/inlineXBRL/transformation/2022-02-16"
	nsSEC = "http://www.sec.gov/inlineXBRL/transformation/2015-08-31"
)

func knownRegistry(ns string) bool {
	switch ns {
	case nsTR1, nsTR2, nsTR3, nsTR4, nsTR5, nsSEC:
		return true
	}
	return false
}

// formatKey is a format's name as one key for every registry: TR 4's
// hyphenated "num-dot-decimal" and TR 2's "numdotdecimal" are one.
func formatKey(local string) string {
	return strings.ToLower(strings.ReplaceAll(local, "-", ""))
}

// How a numeric format reads its text.
type numberRule int

const (
	ruleUnknown      numberRule = iota
	ruleDotDecimal              // 1,234.56 and 1 234.56
	ruleCommaDecimal            // 1.234,56 and 1 234,56
	ruleZero                    // a dash (or anything, for fixed-zero) is 0
	ruleEmpty                   // no value at all
	ruleWords                   // "no", "none", "three", "twenty-one"
	ruleUnitDecimal             // "1 pound 50"
)

// numberRuleOf is the rule of a format key ("" is the plain XML number).
func numberRuleOf(key string) numberRule {
	switch key {
	case "", "numdotdecimal", "numcommadot", "numspacedot", "numdotdecimalin":
		return ruleDotDecimal
	case "numcommadecimal", "numdotcomma", "numspacecomma", "numcomma":
		return ruleCommaDecimal
	case "zerodash", "numdash", "fixedzero":
		return ruleZero
	case "nocontent", "fixedempty":
		return ruleEmpty
	case "numwordsen":
		return ruleWords
	case "numunitdecimal", "numunitdecimalin":
		return ruleUnitDecimal
	}
	return ruleUnknown
}

// isSpace is what separates thousands or pads a number: ordinary,
// no-break, narrow and thin spaces, and line breaks.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\u00a0', '\u202f', '\u2009', '\u2007':
		return true
	}
	return false
}

func trimSpace(s string) string { return strings.TrimFunc(s, isSpace) }

// isDash is a dash that stands for zero.
func isDash(s string) bool {
	switch s {
	case "-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212":
		return true
	}
	return false
}

// readNumber turns a fact's displayed text into a Number under its
// format. has is false when the format says there is no value
// (nocontent). why, when not "", says what is wrong with the text.
func readNumber(text string, key string) (n Number, has bool, why string) {
	t := trimSpace(text)
	rule := numberRuleOf(key)
	switch rule {
	case ruleUnknown:
		return Number{}, false, "its format " + key + " is not one coview knows"
	case ruleEmpty:
		return Number{}, false, ""
	case ruleZero:
		if key == "fixedzero" || t == "" || isDash(t) {
			return Number{}, true, ""
		}
		return Number{}, false, "its format says a dash for zero, but it reads " + quote(t)
	case ruleWords:
		if v, ok := numberWords(t); ok {
			return NumberOf(v), true, ""
		}
		return Number{}, false, "it is not a number in words: " + quote(t)
	}
	if t == "" {
		return Number{}, false, "it is empty"
	}
	if key == "" && isDash(t) {
		// Tagged with no format, a dash is how layouts draw a zero.
		return Number{}, true, ""
	}
	if strings.ContainsAny(t, "-()\u2212") {
		return Number{}, false, "it has a minus sign or brackets inside the tag (" + quote(t) + "); inline XBRL gives a negative as sign=\"-\""
	}
	if rule == ruleUnitDecimal {
		return unitDecimal(t)
	}
	decimal, group := '.', ','
	if rule == ruleCommaDecimal {
		decimal, group = ',', '.'
	}
	whole, frac, ok := splitNumber(t, decimal, group)
	if !ok {
		return Number{}, false, "it is not a number: " + quote(t)
	}
	if n, ok := parseDigits(whole, frac); ok {
		return n, true, ""
	}
	return Number{}, false, "it is not a number, or has too many digits: " + quote(t)
}

// splitNumber reads "1,234,567.89" into its whole digits and its
// fraction's: the thousands, if separated, in groups of three by one kind
// of separator (the group character or a space), so that two numbers in
// one tag ("228,726 750,000") are not read as one.
func splitNumber(t string, decimal, group rune) (whole, frac string, ok bool) {
	intPart, fracPart, hasPoint := strings.Cut(t, string(decimal))
	if hasPoint && (fracPart == "" || strings.Trim(fracPart, "0123456789") != "") {
		return "", "", false
	}
	var sep rune
	var digits strings.Builder
	groupLen, groups := 0, 0
	for _, r := range intPart {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
			groupLen++
		case r == group || isSpace(r):
			if isSpace(r) {
				r = ' '
			}
			if groupLen == 0 || (sep != 0 && r != sep) || (groups == 0 && groupLen > 3) || (groups > 0 && groupLen != 3) {
				return "", "", false
			}
			sep, groupLen = r, 0
			groups++
		default:
			return "", "", false
		}
	}
	if digits.Len() == 0 && !hasPoint || (groups > 0 && groupLen != 3) {
		return "", "", false
	}
	return digits.String(), fracPart, true
}

// unitDecimal reads "1,234 pounds 56" (numunitdecimal): whole units,
// words, then hundredths.
func unitDecimal(t string) (Number, bool, string) {
	i := strings.IndexFunc(t, func(r rune) bool { return !(r >= '0' && r <= '9' || r == ',' || r == '.' || isSpace(r)) })
	if i <= 0 {
		return Number{}, false, "it is not a number with a unit: " + quote(t)
	}
	wholeText := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, t[:i])
	rest := strings.TrimLeftFunc(t[i:], func(r rune) bool { return !(r >= '0' && r <= '9') })
	frac := strings.TrimRightFunc(rest, func(r rune) bool { return !(r >= '0' && r <= '9') })
	if strings.Trim(frac, "0123456789") != "" || len(frac) > 2 {
		return Number{}, false, "it is not a number with a unit: " + quote(t)
	}
	if len(frac) == 1 {
		frac = "0" + frac
	}
	if n, ok := parseDigits(wholeText, frac); ok {
		return n, true, ""
	}
	return Number{}, false, "it is not a number with a unit: " + quote(t)
}

// numberWords reads a whole number written in English words, up to the
// millions: "no", "none", "nil", "zero", "three", "twenty-one",
// "one hundred and five".
func numberWords(t string) (int64, bool) {
	words := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return r == '-' || r == ',' || isSpace(r) })
	if len(words) == 0 {
		return 0, false
	}
	switch words[0] {
	case "no", "none", "nil", "zero":
		return 0, len(words) == 1
	}
	var total, group int64
	for _, w := range words {
		if w == "and" {
			continue
		}
		if v := smallWord(w); v > 0 {
			group += v
			continue
		}
		switch w {
		case "hundred":
			group *= 100
		case "thousand":
			total, group = total+group*1000, 0
		case "million":
			total, group = total+group*1_000_000, 0
		default:
			return 0, false
		}
	}
	return total + group, true
}

// smallWord is the value of a number word below a hundred, 0 for any
// other word.
func smallWord(w string) int64 {
	switch w {
	case "one":
		return 1
	case "two":
		return 2
	case "three":
		return 3
	case "four":
		return 4
	case "five":
		return 5
	case "six":
		return 6
	case "seven":
		return 7
	case "eight":
		return 8
	case "nine":
		return 9
	case "ten":
		return 10
	case "eleven":
		return 11
	case "twelve":
		return 12
	case "thirteen":
		return 13
	case "fourteen":
		return 14
	case "fifteen":
		return 15
	case "sixteen":
		return 16
	case "seventeen":
		return 17
	case "eighteen":
		return 18
	case "nineteen":
		return 19
	case "twenty":
		return 20
	case "thirty":
		return 30
	case "forty":
		return 40
	case "fifty":
		return 50
	case "sixty":
		return 60
	case "seventy":
		return 70
	case "eighty":
		return 80
	case "ninety":
		return 90
	}
	return 0
}

// quote is text from a document, cut short, for a problem's words. The
// caller cleans it before showing it.
func quote(s string) string {
	const most = 40
	if utf8.RuneCountInString(s) > most {
		r := []rune(s)
		s = string(r[:most]) + "…"
	}
	return `"` + s + `"`
}

// readDate turns a date fact's text into a date under its format: the
// plain xs:date ("2025-03-31") without one, else the day-month-year and
// month-day-year formats of the registries.
func readDate(text, key string) (time.Time, bool) {
	t := trimSpace(text)
	switch key {
	case "":
		return xmlDate(t)
	case "datelonguk", "datedaymonthyearen", "datedaymonthnameyearen", "dateshortuk", "datelongdaymonthyear", "dateshortdaymonthuk":
		return wordDate(t, false)
	case "datelongus", "datemonthdayyearen", "datemonthnamedayyearen", "dateshortus":
		return wordDate(t, true)
	case "dateslasheu", "datedoteu", "datedaymonthyear", "dateslashdaymonthyear":
		return numericDate(t, false)
	case "dateslashus", "datedotus", "datemonthdayyear":
		return numericDate(t, true)
	case "dateyearmonthday", "datedotyearmonthday":
		return numericYMD(t)
	}
	return time.Time{}, false
}

// xmlDate reads an xs:date or xs:dateTime, keeping the day.
func xmlDate(s string) (time.Time, bool) {
	if len(s) < 10 {
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, s[:10])
	if err != nil || (len(s) > 10 && s[10] != 'T' && s[10] != 'Z' && s[10] != '+' && s[10] != '-') {
		return time.Time{}, false
	}
	return d, true
}

// monthOf reads a month's name or its abbreviation, 0 for anything else.
func monthOf(s string) time.Month {
	if len(s) < 3 {
		return 0
	}
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		if s == name || s == name[:3] || (m == time.September && s == "sept") {
			return m
		}
	}
	return 0
}

// wordDate reads "31 March 2025", "31st Mar 2025" or, month first,
// "March 31, 2025".
func wordDate(s string, monthFirst bool) (time.Time, bool) {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ',' || r == '.' || isSpace(r) })
	if len(f) != 3 {
		return time.Time{}, false
	}
	dayText, monthText := f[0], f[1]
	if monthFirst {
		dayText, monthText = f[1], f[0]
	}
	for _, suffix := range []string{"st", "nd", "rd", "th"} {
		dayText = strings.TrimSuffix(dayText, suffix)
	}
	m := monthOf(monthText)
	if m == 0 {
		return time.Time{}, false
	}
	return civil(atoi(f[2]), m, atoi(dayText))
}

// numericDate reads "31/03/2025", "31.3.2025" or "31-03-25", or month
// first.
func numericDate(s string, monthFirst bool) (time.Time, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' || isSpace(r) })
	if len(f) != 3 {
		return time.Time{}, false
	}
	d, m := atoi(f[0]), atoi(f[1])
	if monthFirst {
		d, m = m, d
	}
	y := atoi(f[2])
	if len(f[2]) == 2 {
		y += 2000
	}
	return civil(y, time.Month(m), d)
}

func numericYMD(s string) (time.Time, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' || isSpace(r) })
	if len(f) != 3 {
		return time.Time{}, false
	}
	return civil(atoi(f[0]), time.Month(atoi(f[1])), atoi(f[2]))
}

// civil is the date, or false when there is no such day.
func civil(y int, m time.Month, d int) (time.Time, bool) {
	if y < 1800 || y > 2999 || m < 1 || m > 12 || d < 1 {
		return time.Time{}, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}

// atoi reads a short run of digits, -1 for anything else.
func atoi(s string) int {
	if s == "" || len(s) > 4 {
		return -1
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// readBool reads a boolean fact under its format: fixed-true and
// booleantrue say true whatever the text, their false twins false, and
// without a format the text is "true" or "false".
func readBool(text, key string) (value, ok bool) {
	switch key {
	case "fixedtrue", "booleantrue":
		return true, true
	case "fixedfalse", "booleanfalse":
		return false, true
	case "":
		switch trimSpace(text) {
		case "true", "1":
			return true, true
		case "false", "0":
			return false, true
		}
	}
	return false, false
}
