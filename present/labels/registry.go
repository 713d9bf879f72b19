package labels

import "strings"

// Every lookup in this package reads coview's own words first, where it
// has better ones for a terminal (a status read as a state, "Corporate
// director" where the registry says "Director"), then the registry's
// (enumerations.go, generated from its published files), and only then
// humanises the key, so that a key neither knows still reads.

// wordsFor looks a key up in coview's table, then the registry's; ok is
// false when neither has it.
func wordsFor(own map[string]string, reg enumTable, v string) (string, bool) {
	k := norm(v)
	if w, ok := own[k]; ok {
		return w, true
	}
	if w, ok := reg.get(k); ok {
		if w = strings.Join(strings.Fields(w), " "); w != "" {
			return w, true
		}
	}
	return "", false
}

// words is wordsFor, humanising a key neither table has.
func words(own map[string]string, reg enumTable, v string) string {
	if w, ok := wordsFor(own, reg, v); ok {
		return w
	}
	return Humanize(v)
}

// DisqualificationReason says why a person was disqualified, from a
// disqualification's reason.description_identifier: "Disqualification on
// conviction of indictable offence".
func DisqualificationReason(v string) string {
	return words(nil, enumDisqualifiedOfficerDescriptionsDescriptionIdentifier, v)
}

// DisqualificationAct names the act a disqualification was made under
// (reason.act).
func DisqualificationAct(v string) string {
	return words(nil, enumDisqualifiedOfficerDescriptionsAct, v)
}

// DisqualificationType says what made the disqualification: a court
// order, an undertaking, a sanction.
func DisqualificationType(v string) string {
	return words(nil, enumDisqualifiedOfficerDescriptionsDisqualificationType, v)
}

// PartialData says where the rest of a company's record is, for a profile
// whose partial_data_available is set.
func PartialData(v string) string {
	return words(nil, enumConstantsPartialDataAvailable, v)
}

// CorporateAnnotation says what a corporate annotation on a profile
// means.
func CorporateAnnotation(v string) string {
	return words(nil, enumConstantsCorporateAnnotationType, v)
}

// plainMarkup reads the registry's page markup as plain text: "\" breaks
// a line (a space here), "[[text]](address)" is a link, shown as its
// address.
func plainMarkup(s string) string {
	for {
		i := strings.Index(s, "[[")
		j := strings.Index(s, "]](")
		if i < 0 || j < i {
			break
		}
		k := strings.IndexByte(s[j:], ')')
		if k < 0 {
			break
		}
		s = s[:i] + s[j+3:j+k] + s[j+k+1:]
	}
	s = strings.ReplaceAll(s, `\`, " ")
	return strings.Join(strings.Fields(s), " ")
}
