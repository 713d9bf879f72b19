package labels

import "sync"

// officerRoleLabels gives officer_role. Corporate roles keep the word
// "corporate" because the officer list otherwise gives no hint that the
// name is a company rather than a person.
var officerRoleLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"director":                                 "Director",
		"corporate-director":                       "Corporate director",
		"nominee-director":                         "Nominee director",
		"corporate-nominee-director":               "Corporate nominee director",
		"secretary":                                "Secretary",
		"corporate-secretary":                      "Corporate secretary",
		"nominee-secretary":                        "Nominee secretary",
		"corporate-nominee-secretary":              "Corporate nominee secretary",
		"llp-member":                               "LLP member",
		"llp-designated-member":                    "LLP designated member",
		"corporate-llp-member":                     "Corporate LLP member",
		"corporate-llp-designated-member":          "Corporate LLP designated member",
		"member":                                   "Member",
		"judicial-factor":                          "Judicial factor",
		"receiver-and-manager":                     "Receiver and manager",
		"managing-officer":                         "Managing officer",
		"corporate-managing-officer":               "Corporate managing officer",
		"general-partner-in-a-limited-partnership": "General partner",
		"limited-partner-in-a-limited-partnership": "Limited partner",
		"corporate-general-partner-in-a-limited-partnership": "Corporate general partner",
		"corporate-limited-partner-in-a-limited-partnership": "Corporate limited partner",
		"person-authorised-to-represent":                     "Authorised to represent the company",
		"person-authorised-to-accept":                        "Authorised to accept service",
		"person-authorised-to-represent-and-accept":          "Authorised to represent and accept service",
		"cic-manager":                                 "CIC manager",
		"manager-of-an-eeig":                          "EEIG manager",
		"corporate-manager-of-an-eeig":                "Corporate EEIG manager",
		"member-of-an-administrative-organ":           "Administrative body member",
		"member-of-a-management-organ":                "Management body member",
		"member-of-a-supervisory-organ":               "Supervisory body member",
		"corporate-member-of-an-administrative-organ": "Corporate administrative body member",
		"corporate-member-of-a-management-organ":      "Corporate management body member",
		"corporate-member-of-a-supervisory-organ":     "Corporate supervisory body member",
	}
})

// OfficerRole returns the label for an officer_role value; unknown roles
// are humanised.
func OfficerRole(v string) string {
	return words(officerRoleLabels(), enumConstantsOfficerRole, v)
}
