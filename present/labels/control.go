package labels

import (
	"strings"
	"sync"
)

// The registry's natures of control are built from parts, most optional:
//
//	{what}[-{band}][-{capacity}][-{body}]
//
// what is the kind of control (ownership-of-shares, voting-rights,
// right-to-appoint-and-remove-directors...); band a share of it
// (25-to-50-percent, more-than-25-percent); capacity how it is held
// (as-trust, as-firm, as-control-over-trust...); body the kind of company
// it is over (limited-liability-partnership, registered-overseas-entity).
// Reading the parts rather than listing every key (there are about
// ninety) gives words for combinations the registry adds later too. The
// words are coview's own.
//
// A capacity means different things for different bodies. Over a UK
// company or LLP, "as-trust" is control through a trust: the person
// controls a trust whose trustees hold the shares. Over an overseas
// entity, "as-trust" is the beneficial owner being one of those trustees,
// and control through a trust is "as-control-over-trust".

// controlKind is one kind of control: how to say the person has it
// (owns) and how to say a trust or firm has it (holds). "%s" stands for
// the band; a kind that has no band leaves the band forms empty.
type controlKind struct {
	owns, holds string // with a band
	bare        string // without one: "can appoint or remove directors"
}

var controlKinds = sync.OnceValue(func() map[string]controlKind {
	return map[string]controlKind{
		"ownership-of-shares":                   {owns: "owns %s of shares", holds: "holds %s of shares", bare: "owns shares"},
		"voting-rights":                         {owns: "holds %s of voting rights", holds: "holds %s of voting rights", bare: "holds voting rights"},
		"right-to-share-surplus-assets":         {owns: "is entitled to %s of surplus assets", holds: "is entitled to %s of surplus assets", bare: "is entitled to a share of surplus assets"},
		"part-right-to-share-surplus-assets":    {owns: "is entitled to %s of the partnership's surplus assets", holds: "is entitled to %s of the partnership's surplus assets", bare: "is entitled to a share of the partnership's surplus assets"},
		"right-to-appoint-and-remove-directors": {bare: "can appoint or remove directors"},
		"right-to-appoint-and-remove-members":   {bare: "can appoint or remove the members who manage it"},
		"right-to-appoint-and-remove-person":    {bare: "can appoint or remove those who manage the partnership"},
		"significant-influence-or-control":      {bare: "has significant influence or control"},
	}
})

// Bodies, as the last part of a key.
const (
	bodyLLP      = "-limited-liability-partnership"
	bodyOverseas = "-registered-overseas-entity"
)

// Capacities, as the part before the body.
var controlCapacities = []string{"-as-control-over-trust", "-as-control-over-firm", "-as-trust", "-as-firm"}

// nomineeLand are the overseas entity's natures saying it owns land in
// the UK as a nominee for the beneficial owner, or for another entity the
// beneficial owner owns; the key ends with where the land is.
var nomineeLand = []struct{ prefix, words string }{
	{"registered-owner-as-nominee-person-", "the entity owns land in %s as their nominee"},
	{"registered-owner-as-nominee-another-entity-", "the entity owns land in %s as nominee for another entity they own"},
}

var nomineePlaces = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"england-wales": "England and Wales", "scotland": "Scotland", "northern-ireland": "Northern Ireland",
	}
})

// NatureOfControl says in a few words what control a person with
// significant control has: "owns 75–100% of shares", "controls a trust
// that holds 25–50% of voting rights", "can appoint or remove directors".
// The words start in lower case, to follow the person's name. A key it
// cannot read is humanised.
func NatureOfControl(key string) string {
	if w, ok := natureOfControl(norm(key)); ok {
		return w
	}
	// A key coview cannot read: the registry's short words for it, in
	// lower case to follow the name, or the key humanised.
	if w, ok := enumPscDescriptionsShortDescription.get(norm(key)); ok && strings.TrimSpace(w) != "" {
		w = strings.TrimSpace(w)
		return strings.ToLower(w[:1]) + w[1:]
	}
	return Humanize(key)
}

// NatureOfControlInFull is the registry's own sentence for a nature of
// control, as the statute words it ("The person holds, directly or
// indirectly, more than 25% but not more than 50% of the shares in the
// company."), or "" when it publishes none.
func NatureOfControlInFull(key string) string {
	w, _ := enumPscDescriptionsDescription.get(norm(key))
	return strings.TrimSpace(w)
}

// natureOfControl reads a key from its parts; ok is false when it cannot.
func natureOfControl(k string) (string, bool) {
	rest, overseas := strings.CutSuffix(k, bodyOverseas)
	if !overseas {
		rest, _ = strings.CutSuffix(rest, bodyLLP)
	}
	if overseas {
		for _, n := range nomineeLand {
			if place, ok := strings.CutPrefix(rest, n.prefix); ok && nomineePlaces()[place] != "" {
				return strings.Replace(n.words, "%s", nomineePlaces()[place], 1), true
			}
		}
	}
	capacity := ""
	for _, c := range controlCapacities {
		if r, ok := strings.CutSuffix(rest, c); ok {
			rest, capacity = r, c
			break
		}
	}
	band, rest := cutBand(rest)
	kind, ok := controlKinds()[rest]
	if !ok || (band != "" && kind.owns == "") {
		return "", false
	}
	own, held := kind.bare, kind.bare
	if band != "" {
		own = strings.Replace(kind.owns, "%s", band, 1)
		held = strings.Replace(kind.holds, "%s", band, 1)
	}
	switch {
	case capacity == "":
		return own, true
	case capacity == "-as-trust" && overseas:
		return "is a trustee of a trust that " + held, true
	case capacity == "-as-firm" && overseas:
		return "is a member of a firm that " + held, true
	case strings.HasSuffix(capacity, "trust"):
		return "controls a trust that " + held, true
	}
	return "controls a firm that " + held, true
}

// cutBand reads a share band off the end of a key: "-25-to-50-percent" is
// "25–50%", "-more-than-25-percent" is "more than 25%".
func cutBand(s string) (band, rest string) {
	r, ok := strings.CutSuffix(s, "-percent")
	if !ok {
		return "", s
	}
	if i := strings.LastIndex(r, "-more-than-"); i >= 0 && isNumber(r[i+len("-more-than-"):]) {
		return "more than " + r[i+len("-more-than-"):] + "%", r[:i]
	}
	if i := strings.LastIndex(r, "-to-"); i > 0 {
		hi := r[i+len("-to-"):]
		j := strings.LastIndex(r[:i], "-")
		if lo := r[j+1 : i]; j >= 0 && isNumber(lo) && isNumber(hi) {
			return lo + "–" + hi + "%", r[:j]
		}
	}
	return "", s
}

// isNumber accepts a percentage: one to three digits.
func isNumber(s string) bool {
	_, ok := digits(s)
	return s != "" && len(s) <= 3 && ok
}
