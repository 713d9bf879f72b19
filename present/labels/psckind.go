package labels

import (
	"strings"
	"sync"
)

// pscKinds name the eight kinds of person with significant control: four
// sorts of person, each either a PSC of a UK company or a beneficial owner
// of a registered overseas entity. long is for the person's own page,
// short for a column of the list (whose summary says whether they are
// beneficial owners).
var pscKinds = sync.OnceValue(func() map[string]pscKind {
	return map[string]pscKind{
		"individual-person-with-significant-control":       {"Individual", "Individual"},
		"corporate-entity-person-with-significant-control": {"Company or other corporate body", "Corporate"},
		"legal-person-person-with-significant-control":     {"Legal person that is not a company (such as a public body)", "Legal person"},
		"super-secure-person-with-significant-control":     {"Protected person", "Protected"},
		"individual-beneficial-owner":                      {"Beneficial owner: an individual", "Individual"},
		"corporate-entity-beneficial-owner":                {"Beneficial owner: a company or other corporate body", "Corporate"},
		"legal-person-beneficial-owner":                    {"Beneficial owner: a legal person that is not a company", "Legal person"},
		"super-secure-beneficial-owner":                    {"Beneficial owner: a protected person", "Protected"},
	}
})

// pscKind is a kind's words: long and short.
type pscKind struct{ long, short string }

// pscKindSuffixes are cut from a kind coview does not know before it is
// humanised, so that "trust-person-with-significant-control" reads "Trust".
var pscKindSuffixes = []string{"-person-with-significant-control", "-beneficial-owner"}

// PSCKind says what kind of person a PSC is, in full; unknown kinds are
// humanised.
func PSCKind(kind string) string {
	if l, ok := pscKinds()[norm(kind)]; ok {
		return l.long
	}
	return unknownPSCKind(kind)
}

// PSCKindShort is PSCKind in a word or two, for a column.
func PSCKindShort(kind string) string {
	if l, ok := pscKinds()[norm(kind)]; ok {
		return l.short
	}
	return unknownPSCKind(kind)
}

func unknownPSCKind(kind string) string {
	k := norm(kind)
	for _, s := range pscKindSuffixes {
		if r, ok := strings.CutSuffix(k, s); ok && r != "" {
			return Humanize(r)
		}
	}
	return Humanize(k)
}

// superSecure explains the description a protected PSC carries instead of
// a name.
var superSecure = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"super-secure-persons-with-significant-control": "The registry withholds this person's details: making them public could put someone at serious risk of violence or intimidation.",
		"super-secure-beneficial-owner":                 "The registry withholds this beneficial owner's details: making them public could put someone at serious risk of violence or intimidation.",
	}
})

// SuperSecure says why a protected PSC has no name; unknown descriptions
// are humanised.
func SuperSecure(description string) string {
	k := norm(description)
	if s, ok := superSecure()[k]; ok {
		return s
	}
	if s, ok := superSecure()[strings.Replace(k, "person-with", "persons-with", 1)]; ok {
		return s
	}
	return words(nil, enumPscDescriptionsSuperSecureDescription, k)
}
