package screen

import (
	"strings"
	"sync"
	"unicode"
)

// companyName is a company name reduced to what tells two names apart on
// the register: base is the name without its legal form, form the legal
// form in one spelling ("LIMITED" for Ltd, Ltd., Limited, Cyf), or "" when
// the name ends in none.
//
// The reduction is what a person checking a list by hand allows: case,
// punctuation and spacing do not count (C.I.C. is CIC, Smith-Jones is
// SMITHJONES), accents do not count (CAFÉ is CAFE), "&" is AND, CO is
// COMPANY, a leading THE is dropped, and each legal form is one whatever
// its spelling, English or Welsh (LTD and LIMITED; PLC and PUBLIC LIMITED
// COMPANY; LLP, LP, CIC and their long forms). Those are also most of the
// differences the registry itself disregards when it decides whether a new
// name is the same as an existing one.
type companyName struct {
	base, form string
}

// legalForms are the endings that name a legal form, each as the words it
// is written in (after the reduction of each word), and the one spelling
// they stand for. Longer endings come first, so that PUBLIC LIMITED
// COMPANY is read whole before LIMITED could be.
var legalForms = []struct {
	words []string
	form  string
}{
	{[]string{"PARTNERIAETH", "ATEBOLRWYDD", "CYFYNGEDIG"}, "LLP"},
	{[]string{"CWMNI", "CYFYNGEDIG", "CYHOEDDUS"}, "PLC"},
	{[]string{"CWMNI", "BUDDIANT", "CYMUNEDOL"}, "CIC"},
	{[]string{"LIMITED", "LIABILITY", "PARTNERSHIP"}, "LLP"},
	{[]string{"COMMUNITY", "INTEREST", "COMPANY"}, "CIC"},
	{[]string{"PUBLIC", "LIMITED", "COMPANY"}, "PLC"},
	{[]string{"LIMITED", "PARTNERSHIP"}, "LP"},
	{[]string{"PARTNERIAETH", "CYFYNGEDIG"}, "LP"},
	{[]string{"LIMITED"}, "LIMITED"},
	{[]string{"LTD"}, "LIMITED"},
	{[]string{"CYFYNGEDIG"}, "LIMITED"},
	{[]string{"CYF"}, "LIMITED"},
	{[]string{"PLC"}, "PLC"},
	{[]string{"CCC"}, "PLC"},
	{[]string{"LLP"}, "LLP"},
	{[]string{"PAC"}, "LLP"},
	{[]string{"LP"}, "LP"},
	{[]string{"CIC"}, "CIC"},
	{[]string{"CBC"}, "CIC"},
	{[]string{"UNLIMITED"}, "UNLIMITED"},
}

// sameWords are words written more than one way anywhere in a name.
var sameWords = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"&":  "AND",
		"CO": "COMPANY",
	}
})

// parseName reduces a name; see companyName.
func parseName(s string) companyName {
	words := nameWords(s)
	for i, w := range words {
		if same, ok := sameWords()[w]; ok {
			words[i] = same
		}
	}
	if len(words) > 1 && words[0] == "THE" {
		words = words[1:]
	}
	var form string
	for _, lf := range legalForms {
		n := len(lf.words)
		if len(words) >= n && equalWords(words[len(words)-n:], lf.words) {
			words, form = words[:len(words)-n], lf.form
			break
		}
	}
	return companyName{base: strings.Join(words, ""), form: form}
}

// key is the name as one string, for asking for each name once.
func (n companyName) key() string { return n.base + "|" + n.form }

// matches reports whether a name as given (n) names the company
// registered as reg: the same name, and the same legal form unless the
// name as given has none (a list that says "Marzipan Mountain Software"
// means the company, whatever it is).
func (n companyName) matches(reg companyName) bool {
	return n.base != "" && n.base == reg.base && (n.form == "" || n.form == reg.form)
}

// nameWords splits a name into words in upper case without accents.
// Dots, apostrophes and hyphens join what they stand between (C.I.C.,
// O'Brien, Co-operative); "&" is a word of its own; any other character
// that is not a letter or a digit separates words.
func nameWords(s string) []string {
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			words = append(words, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteString(fold(r))
		case r == '&':
			flush()
			words = append(words, "&")
		case strings.ContainsRune(".'’‘`´-‐‑–", r), unicode.Is(unicode.Mn, r), unicode.Is(unicode.Cf, r):
			// joins: nothing written
		default:
			flush()
		}
	}
	flush()
	return words
}

// fold is a letter in upper case without its accent, for the Latin
// letters names on the register are written in; any other letter is only
// upper-cased.
func fold(r rune) string {
	r = unicode.ToUpper(r)
	if f, ok := accentless()[r]; ok {
		return f
	}
	return string(r)
}

var accentless = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{'ß': "SS", 'Æ': "AE", 'Œ': "OE", 'Ø': "O", 'Ł': "L", 'Đ': "D", 'Þ': "TH"}
	for base, letters := range map[string]string{
		"A": "ÀÁÂÃÄÅĀĂĄ", "C": "ÇĆĈĊČ", "D": "Ď", "E": "ÈÉÊËĒĔĖĘĚ", "G": "ĜĞĠĢ", "H": "ĤĦ",
		"I": "ÌÍÎÏĨĪĬĮİ", "J": "Ĵ", "K": "Ķ", "L": "ĹĻĽĿ", "N": "ÑŃŅŇ", "O": "ÒÓÔÕÖŌŎŐ",
		"R": "ŔŖŘ", "S": "ŚŜŞŠ", "T": "ŢŤŦ", "U": "ÙÚÛÜŨŪŬŮŰŲ", "W": "Ŵ", "Y": "ÝŶŸ", "Z": "ŹŻŽ",
	} {
		for _, r := range letters {
			m[r] = base
		}
	}
	return m
})

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ignoredWords say nothing about which company a line means: labels put
// before a number, and words most names share.
var ignoredWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"COMPANY": true, "NO": true, "NOS": true, "NUMBER": true, "NUM": true, "NR": true, "REG": true,
		"REGD": true, "REGISTRATION": true, "REGISTERED": true, "CRN": true, "AND": true, "THE": true,
		"OF": true, "UK": true, "GROUP": true, "HOLDINGS": true, "SERVICES": true, "TRADING": true,
	}
})

// sharesAWord reports whether the words of text, numbers and legal forms
// aside, include any of those of a company's name, and whether text has
// such words at all. "MARZIPAN LTD (00006400)" shares MARZIPAN with
// MARZIPAN MOUNTAIN SOFTWARE LTD; "ACME LTD 00006400" shares nothing.
func sharesAWord(text, name string) (shares, hasWords bool) {
	have := map[string]bool{}
	for _, w := range significantWords(name) {
		have[w] = true
	}
	for _, w := range significantWords(text) {
		hasWords = true
		if have[w] {
			return true, true
		}
	}
	return false, hasWords
}

// significantWords are the words of a name that could tell it from
// another: not numbers, legal forms, labels or words most names share.
func significantWords(s string) []string {
	var out []string
	for _, w := range nameWords(s) {
		if same, ok := sameWords()[w]; ok {
			w = same
		}
		if len([]rune(w)) < 2 || ignoredWords()[w] || isLegalFormWord(w) || strings.ContainsFunc(w, unicode.IsDigit) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func isLegalFormWord(w string) bool {
	for _, lf := range legalForms {
		for _, x := range lf.words {
			if x == w {
				return true
			}
		}
	}
	return false
}
