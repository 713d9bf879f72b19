package labels

import (
	"strings"
	"sync"
)

// registers name the statutory registers a company may keep somewhere
// other than its registered office. The registry names them both ways:
// with underscores as members of the registers object, with hyphens as
// their register_type.
var registers = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"directors":                        "Register of directors",
		"secretaries":                      "Register of secretaries",
		"persons-with-significant-control": "Register of people with significant control",
		"usual-residential-address":        "Register of directors' home addresses",
		"members":                          "Register of members",
		"llp-members":                      "Register of LLP members",
		"llp-usual-residential-address":    "Register of LLP members' home addresses",
	}
})

// Register names a register; unknown ones are humanised.
func Register(v string) string {
	return words(registers(), enumConstantsRegisterTypes, strings.ReplaceAll(v, "_", "-"))
}

// registerPlaces say where a register is kept, and registerMoves where it
// went.
var registerPlaces = sync.OnceValue(func() map[string][2]string {
	return map[string][2]string{
		"public-register":                        {"On the public register at Companies House", "Moved to the public register at Companies House"},
		"registered-office":                      {"At the registered office", "Moved back to the registered office"},
		"single-alternative-inspection-location": {"At the company's inspection address (SAIL)", "Moved to the company's inspection address (SAIL)"},
		"unspecified-location":                   {"At a place the company has not given", "Moved to a place the company has not given"},
	}
})

// RegisterPlace says where a register is kept, for a register_moved_to
// value; unknown places are humanised.
func RegisterPlace(v string) string {
	if p, ok := registerPlaces()[norm(v)]; ok {
		return p[0]
	}
	return Humanize(v)
}

// RegisterMove says where a register was moved to; unknown places are
// humanised after "Moved to".
func RegisterMove(v string) string {
	if p, ok := registerPlaces()[norm(v)]; ok {
		return p[1]
	}
	if h := Humanize(v); h != "" {
		return "Moved to: " + h
	}
	return "Moved"
}
