package api

import (
	"fmt"
	"strings"
	"unicode"
)

// Number is a company number as the registry writes it: 8 characters,
// upper case, zero-padded (00006400, SC006405). ParseNumber is how one is
// made from text; everything that takes a Number trusts it is normalised
// and never normalises again.
type Number string

func (n Number) String() string { return string(n) }

// ParseNumber turns what a person typed or pasted into the 8-character
// company number the registry expects, or explains why it cannot be one.
//
// It trims, drops the spaces and punctuation that come with pasted numbers
// ("SC 123456", "01-23-45-67"), upper-cases, pads all-digit input to 8 digits
// and prefixed input to 2 letters and 6 digits ("SC1234" -> "SC001234").
// The registry answers malformed numbers with 404 or even 500, so nothing
// that fails here is ever sent.
func ParseNumber(input string) (Number, error) {
	s := strings.TrimSpace(input)
	if s == "" {
		return "", numberError(input, "it is empty; type a number such as 00006400 or SC123456")
	}
	var b strings.Builder
	for _, r := range s {
		r = foldRune(r) // fullwidth digits and letters, as East Asian input methods type them
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case unicode.IsSpace(r), unicode.Is(unicode.Cf, r), strings.ContainsRune(pastedPunctuation, r):
			// Dropped: separators and invisible characters that come with copy and paste.
		default:
			return "", numberError(input, fmt.Sprintf("it contains %q, which is not a letter or a digit", r))
		}
	}
	c := b.String()
	if c == "" {
		return "", numberError(input, "it has no letters or digits")
	}
	first := strings.IndexFunc(c, func(r rune) bool { return r >= '0' && r <= '9' })
	if first < 0 {
		return "", numberError(input, "it has no digits; a company number is 8 digits or 2 letters and 6 digits")
	}
	prefix, digits := c[:first], c[first:]
	if strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return "", numberError(input, "letters may only come first, as the prefix in SC123456")
	}
	switch {
	case prefix == "":
		if len(digits) > 8 {
			return "", numberError(input, fmt.Sprintf("it has %d digits; a company number has at most 8", len(digits)))
		}
		return Number(strings.Repeat("0", 8-len(digits)) + digits), nil
	case prefix == "R" && digits[0] == '0':
		// The old Irish prefix R0 is a letter and a digit.
		prefix, digits = "R0", digits[1:]
	case len(prefix) != 2:
		return "", numberError(input, fmt.Sprintf("it starts with %d letters; a prefix is 2 letters, as in SC123456", len(prefix)))
	}
	if digits == "" {
		return "", numberError(input, fmt.Sprintf("it has no digits after the prefix %s", prefix))
	}
	if len(digits) > 6 {
		return "", numberError(input, fmt.Sprintf("it has %d digits after the prefix %s; at most 6 may follow a prefix", len(digits), prefix))
	}
	return Number(prefix + strings.Repeat("0", 6-len(digits)) + digits), nil
}

// pastedPunctuation is what spreadsheets, letters and web pages put in or
// around numbers; all of it is dropped.
const pastedPunctuation = "-‐‑–—./\\_,:;#()[]{}'\"`“”‘’«»"

// numberError quotes at most the first 40 characters of the input: a
// pasted page must not come back whole in an error.
func numberError(input, why string) error {
	shown := input
	n := 0
	for i := range input {
		if n == 40 {
			shown = input[:i] + "…"
			break
		}
		n++
	}
	return &Error{Kind: KindInvalidNumber, Subject: fmt.Sprintf("%q", shown), Reason: why}
}
