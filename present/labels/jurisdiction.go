package labels

import "sync"

// jurisdictionLabels gives the "jurisdiction" field, i.e. which register
// the entity sits on.
var jurisdictionLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"england-wales":    "England and Wales",
		"wales":            "Wales",
		"england":          "England",
		"scotland":         "Scotland",
		"northern-ireland": "Northern Ireland",
		"united-kingdom":   "United Kingdom",
		"european-union":   "European Union",
		"noneu":            "Outside the EU",
	}
})

// Jurisdiction returns the label for a jurisdiction value; unknown values
// are humanised.
func Jurisdiction(v string) string {
	return words(jurisdictionLabels(), enumConstantsJurisdiction, v)
}
