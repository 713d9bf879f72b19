package labels

import "sync"

// identificationTypes say what sort of body a corporate officer is.
var identificationTypes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"uk-limited-company":           "UK limited company",
		"eea":                          "Company registered in the European Economic Area",
		"non-eea":                      "Company registered outside the European Economic Area",
		"other-corporate-body-or-firm": "Other corporate body or firm",
		"registered-overseas-entity-corporate-managing-officer": "Corporate managing officer of an overseas entity",
		"limited-partnership-corporate-partner":                 "Corporate partner in a limited partnership",
	}
})

// IdentificationType names a corporate officer's identification_type;
// unknown ones are humanised.
func IdentificationType(v string) string {
	return words(identificationTypes(), enumConstantsIdentificationType, v)
}
