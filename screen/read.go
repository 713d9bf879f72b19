package screen

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"coview/api"
)

// QueryKind is how an input is looked up.
type QueryKind int

// The kinds of query. The zero value is none: an input that cannot be
// looked up.
const (
	Unreadable QueryKind = iota // neither a company number nor a name: Why says what is wrong
	ByNumber                    // a company number, asked for directly
	ByName                      // a name, found by name search
)

// Query is what an input asks for.
type Query struct {
	Kind   QueryKind
	Number api.Number // ByNumber
	Name   string     // ByName: the name as it is searched for
	Why    string     // Unreadable: why it cannot be looked up
	// InText is set for a number read out of other words ("ACME LTD
	// 00006400"): the company it names is checked against those words.
	InText bool

	name companyName // ByName: the name reduced, for matching
}

// maxNameRunes is longer than any name on the register (160 characters).
const maxNameRunes = 160

// Read reads one input: a company number in any pasted form (through
// api.ExtractNumbers, the project's one number parser), else a name. An
// input with two different numbers, a number the parser refuses (with
// its reason), or neither a number nor a letter cannot be looked up.
func Read(text string) Query {
	found, ignored := api.ExtractNumbers(text)
	var numbers []api.Number // "6400, 6400" is one
	for _, n := range found {
		if !slices.Contains(numbers, n) {
			numbers = append(numbers, n)
		}
	}
	if len(numbers) > 1 {
		shown := make([]string, len(numbers))
		for i, n := range numbers {
			shown[i] = string(n)
		}
		return Query{Why: fmt.Sprintf("it has %d company numbers (%s); give one a line", len(numbers), strings.Join(shown, ", "))}
	}
	if len(numbers) == 1 {
		return Query{Kind: ByNumber, Number: numbers[0], InText: !api.ReadsAsNumbers(text)}
	}
	for _, ig := range ignored {
		if ig.Why != api.NoNumber {
			return Query{Why: ig.Why}
		}
	}
	clean := api.CleanQuery(text)
	// One word with five or more digits was meant as a number
	// (SC12345678): say why it is not one, rather than search for it.
	if !strings.ContainsRune(clean, ' ') && countDigits(clean) >= 5 {
		if _, err := api.ParseNumber(clean); err != nil {
			return Query{Why: reason(err)}
		}
	}
	switch {
	case !strings.ContainsFunc(clean, unicode.IsLetter):
		return Query{Why: "it has neither a company number nor a name in it"}
	case len([]rune(clean)) > maxNameRunes:
		return Query{Why: fmt.Sprintf("it is longer than any company name (%d characters at most)", maxNameRunes)}
	}
	n := parseName(clean)
	if n.base == "" {
		return Query{Why: "it is only a legal form, not a name"}
	}
	return Query{Kind: ByName, Name: clean, name: n}
}

// key is what inputs asking for the same thing share: a number, or a
// name reduced.
func (q Query) key() string {
	switch q.Kind {
	case ByNumber:
		return "number " + string(q.Number)
	case ByName:
		return "name " + q.name.key()
	}
	return ""
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// reason is an api error's reason alone: the input is the row's, so
// repeating it in the message says nothing.
func reason(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.Reason != "" {
		return ae.Reason
	}
	return err.Error()
}
