package register

import (
	"database/sql/driver"
	"strings"
	"sync"
	"unicode"

	"modernc.org/sqlite"
)

// nameEndings are the words that end a company's name and are left out
// of its place in the alphabetical index.
var nameEndings = []string{"LIMITED", "LTD", "PLC", "LLP", "CIC", "LP", "CIO"}

// alphaKey is a name's place in the alphabetical index, as the
// registry's alphabetical search files it: upper case, "&" read as AND,
// its ending (LIMITED, PLC...) left out, nothing but letters and digits.
func alphaKey(name string) string {
	up := strings.ToUpper(name)
	if strings.Contains(up, "&") {
		up = strings.ReplaceAll(up, "&", " AND ")
	}
	// The last word, if the name has more than one and it is an ending.
	end := len(up)
	t := strings.TrimRight(up, " \t")
	if i := strings.LastIndexAny(t, " \t"); i >= 0 && strings.TrimSpace(t[:i]) != "" {
		last := strings.Trim(t[i+1:], ".()")
		for _, e := range nameEndings {
			if last == e {
				end = i
				break
			}
		}
	}
	var b strings.Builder
	b.Grow(end)
	for _, r := range up[:end] {
		if r < 0x80 {
			if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				b.WriteByte(byte(r))
			}
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// words are a text's words as the index matches them: runs of letters
// and digits, lower-cased, as the registry's search engine reads them
// and as the index's tokenizer splits names and addresses.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// Postcode is a UK postcode as the index keeps it: upper case, one space
// between its outward and inward codes ("LS1 4AB"), or "" for what is
// not one.
func Postcode(s string) string {
	var b [8]byte
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			continue
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return ""
		}
		if n == 7 {
			return ""
		}
		b[n] = c
		n++
	}
	if n < 5 {
		return ""
	}
	out, in := string(b[:n-3]), string(b[n-3:n])
	if !isDigit(in[0]) || !isLetter(in[1]) || !isLetter(in[2]) || !outward(out) {
		return ""
	}
	return out + " " + in
}

// outward reports whether s is an outward code: an area of one or two
// letters, then a district of a digit and a digit or a letter, or one
// digit (LS1, LS10, EC1A, W1K, M1).
func outward(s string) bool {
	i := 0
	for i < len(s) && i < 2 && isLetter(s[i]) {
		i++
	}
	if i == 0 || i == len(s) || !isDigit(s[i]) {
		return false
	}
	rest := s[i+1:]
	return rest == "" || len(rest) == 1 && (isDigit(rest[0]) || isLetter(rest[0]))
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' }

// postcodeArea and postcodeDistrict are the area (LS) and the district
// (LS1) of a postcode as Postcode writes it.
func postcodeArea(pc string) string {
	i := 0
	for i < len(pc) && isLetter(pc[i]) {
		i++
	}
	return pc[:i]
}

func postcodeDistrict(pc string) string {
	out, _, _ := strings.Cut(pc, " ")
	return out
}

// registerFunctions gives SQLite coview_alpha, the alphabetical index's
// key of a name (alphaKey), which the index of names by key is made of:
// once, before the first connection that needs it.
func registerFunctions() { registered.Do(registerAlpha) }

var registered sync.Once

func registerAlpha() {
	err := sqlite.RegisterDeterministicScalarFunction("coview_alpha", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case string:
			return alphaKey(v), nil
		case []byte:
			return alphaKey(string(v)), nil
		}
		return "", nil
	})
	if err != nil {
		panic("register: cannot give SQLite coview_alpha: " + err.Error())
	}
}
