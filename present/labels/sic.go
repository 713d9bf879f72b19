package labels

import "strings"

// SIC describes a SIC code from sic_codes in the registry's words
// (sic_descriptions: every SIC 2007 code, and the registry's own 74990
// "Non-trading company" and 99999 "Dormant Company"). A five-digit code
// the registry does not list gets its division title with the division
// number ("Computer programming and consultancy (division 62)"). Four-digit
// codes are SIC 2003 legacy codes still held by old companies; they are
// named but not described. Anything else gives "".
func SIC(code string) string {
	c := norm(code)
	if _, ok := digits(c); !ok {
		return ""
	}
	switch len(c) {
	case 5:
		if d, ok := enumConstantsSicDescriptions.get(c); ok && strings.TrimSpace(d) != "" {
			return strings.Join(strings.Fields(d), " ") // a few have double spaces
		}
		if d, ok := sicDivisions.Get()[c[:2]]; ok {
			return d + " (division " + c[:2] + ")"
		}
	case 4:
		return "SIC 2003 code " + c
	}
	return ""
}
