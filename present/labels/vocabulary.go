package labels

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"coview/internal/spelling"
)

// Term is one of the registry's keys with its words: a value a search
// may be asked for, as a person reads it.
type Term struct{ Key, Words string }

// Vocabulary is one of the registry's lists that a search's values are
// checked against before any request: the registry refuses a status or
// type it does not know (400), and finds nothing for a SIC code that is
// not one.
type Vocabulary struct {
	// What is a value of it, for messages: "company status".
	What  string
	Terms []Term // sorted by key

	words [][]string // each term's words, lower-cased (wordsOf), for Holding
}

// searchStatuses are the statuses the advanced search takes: the
// registry's company_status less "registered", which its search service
// refuses.
var searchStatuses = []string{
	"active", "administration", "closed", "converted-closed", "dissolved", "insolvency-proceedings",
	"liquidation", "open", "receivership", "removed", "voluntary-arrangement",
}

// searchSubtypes are the only subtypes the advanced search takes.
var searchSubtypes = []string{"community-interest-company", "private-fund-limited-partnership"}

// The vocabularies of the advanced search, from the registry's own lists
// (enumerations.go), in coview's words where it has its own. Each is made
// when first asked for, so that a command that checks nothing spends
// nothing on them at start-up.
var (
	searchStatusVocabulary = sync.OnceValue(func() Vocabulary {
		return vocabulary("company status", enumConstantsCompanyStatus, searchStatuses, Status)
	})
	companyTypeVocabulary = sync.OnceValue(func() Vocabulary {
		return vocabulary("company type", enumConstantsCompanyType, nil, CompanyType)
	})
	searchSubtypeVocabulary = sync.OnceValue(func() Vocabulary {
		return vocabulary("company subtype", enumConstantsCompanySubtype, searchSubtypes, nil)
	})
	sicVocabulary = sync.OnceValue(func() Vocabulary {
		return vocabulary("SIC code", enumConstantsSicDescriptions, nil, nil)
	})
)

// SearchStatuses are the company statuses the advanced search takes.
func SearchStatuses() Vocabulary { return searchStatusVocabulary() }

// CompanyTypes are the registry's company types.
func CompanyTypes() Vocabulary { return companyTypeVocabulary() }

// SearchSubtypes are the company subtypes the advanced search takes.
func SearchSubtypes() Vocabulary { return searchSubtypeVocabulary() }

// SICCodes are the registry's SIC codes.
func SICCodes() Vocabulary { return sicVocabulary() }

// vocabulary makes a list of the keys of a table (only those of only,
// when given), worded by own (coview's words) where it is given, else as
// the registry words them.
func vocabulary(what string, t enumTable, only []string, own func(string) string) Vocabulary {
	v := Vocabulary{What: what}
	for _, e := range t {
		if only != nil && !slices.Contains(only, e.key) {
			continue
		}
		words := strings.Join(strings.Fields(e.words), " ")
		if own != nil {
			words = own(e.key)
		}
		v.Terms = append(v.Terms, Term{Key: e.key, Words: words})
		v.words = append(v.words, wordsOf(words))
	}
	return v
}

// Keys are the vocabulary's keys, in order.
func (v Vocabulary) Keys() []string {
	out := make([]string, len(v.Terms))
	for i, t := range v.Terms {
		out[i] = t.Key
	}
	return out
}

// Lookup finds a key, in any case and padding.
func (v Vocabulary) Lookup(key string) (Term, bool) {
	k := norm(key)
	i, found := slices.BinarySearchFunc(v.Terms, k, func(t Term, k string) int { return strings.Compare(t.Key, k) })
	if !found {
		return Term{}, false
	}
	return v.Terms[i], true
}

// Nearest is the key someone who typed s most likely meant: the first
// that starts with it, else one whose words hold it as a word ("limited
// partnership", "software"), else the closest in spelling if close
// enough. ok is false when none is near.
func (v Vocabulary) Nearest(s string) (Term, bool) {
	k := strings.ReplaceAll(norm(s), "_", "-")
	if k == "" {
		return Term{}, false
	}
	if m := v.Matching(k, 1); len(m) > 0 {
		return m[0], true
	}
	// The closest in spelling; of those as close, one as long as what was
	// typed and sharing more of its start (62021 means 62020 rather than
	// 6021).
	best, bestDist := -1, len(k)/3+2
	rank := func(key string) int {
		r := commonPrefix(k, key)
		if len(key) == len(k) {
			r += 100
		}
		return r
	}
	for i, t := range v.Terms {
		d := spelling.Distance(k, t.Key)
		if d < bestDist || d == bestDist && best >= 0 && rank(t.Key) > rank(v.Terms[best].Key) {
			best, bestDist = i, d
		}
	}
	if best < 0 {
		return Term{}, false
	}
	return v.Terms[best], true
}

// Matching are at most n terms that what is typed may mean, for offering
// as it is typed: keys that start with it first, then those whose words
// contain it.
func (v Vocabulary) Matching(typed string, n int) []Term {
	k := norm(typed)
	if k == "" || n <= 0 {
		return nil
	}
	var out []Term
	for _, t := range v.Terms {
		if strings.HasPrefix(t.Key, k) {
			if out = append(out, t); len(out) == n {
				return out
			}
		}
	}
	if len(k) < 3 {
		return out
	}
	for _, t := range v.Terms {
		if !strings.HasPrefix(t.Key, k) && strings.Contains(strings.ToLower(t.Words), k) {
			if out = append(out, t); len(out) == n {
				return out
			}
		}
	}
	return out
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// Holding are the terms whose words hold every word of a phrase, each as
// the beginning of one of theirs, in any case and order: "software" is
// 62012 (Business and domestic software development) and every other
// code with software in its words; "raising sheep" is 01450 (Raising of
// sheep and goats) and "comput" every code about computers. Nothing for
// a phrase of no words.
func (v Vocabulary) Holding(phrase string) []Term {
	want := wordsOf(phrase)
	if len(want) == 0 {
		return nil
	}
	var out []Term
	for i, t := range v.Terms {
		var have []string
		if len(v.words) == len(v.Terms) {
			have = v.words[i]
		} else {
			have = wordsOf(t.Words)
		}
		if !slices.ContainsFunc(want, func(w string) bool {
			return !slices.ContainsFunc(have, func(h string) bool { return strings.HasPrefix(h, w) })
		}) {
			out = append(out, t)
		}
	}
	return out
}

// wordsOf are the words of a text, lower-cased: runs of letters and
// digits.
func wordsOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
