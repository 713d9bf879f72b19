package labels

import "strings"

// SIC describes a SIC code from sic_codes in the registry's words
// (sic_descriptions: every SIC 2007 code, and the registry's own 74990
// "Non-trading company" and 99999 "Dormant Company"). A five-digit code
// the registry does not list gets its division title with the division
// number ("Computer programming and consultancy (division 62)"). Four-digit
// codes are SIC 2003 codes still held by old companies: the registry's
// table has their words too ("Other entertainment activities"), and one
// it does not list is named ("SIC 2003 code 1234"). Anything else gives "".
func SIC(code string) string {
	c := norm(code)
	if _, ok := digits(c); !ok || len(c) != 4 && len(c) != 5 {
		return ""
	}
	if d, ok := enumConstantsSicDescriptions.get(c); ok && strings.TrimSpace(d) != "" {
		return strings.Join(strings.Fields(d), " ") // a few have double spaces
	}
	if len(c) == 4 {
		return "SIC 2003 code " + c
	}
	if d, ok := sicDivisions()[c[:2]]; ok {
		return d + " (division " + c[:2] + ")"
	}
	return ""
}
