package labels

import (
	"strings"
	"sync"
)

// companyTypeLabels gives the company "type" field. "nsc" in a key means
// "no share capital"; the section 30 and "limited exemption" types are
// companies allowed to leave "Limited" out of their name.
var companyTypeLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"ltd":                         "Private limited company",
		"plc":                         "Public limited company",
		"llp":                         "Limited liability partnership",
		"private-unlimited":           "Private unlimited company",
		"private-unlimited-nsc":       "Private unlimited company without share capital",
		"private-limited-guarant-nsc": "Private company limited by guarantee",
		"private-limited-guarant-nsc-limited-exemption":       "Guarantee company exempt from using \"Limited\"",
		"private-limited-shares-section-30-exemption":         "Share company exempt from using \"Limited\" (section 30)",
		"old-public-company":                                  "Old-style public company",
		"oversea-company":                                     "Overseas company",
		"uk-establishment":                                    "UK establishment of an overseas company",
		"registered-overseas-entity":                          "Overseas entity",
		"limited-partnership":                                 "Limited partnership",
		"scottish-partnership":                                "Qualifying Scottish partnership",
		"european-public-limited-liability-company-se":        "European public company (SE)",
		"united-kingdom-societas":                             "UK societas",
		"ukeig":                                               "UK economic interest grouping",
		"eeig":                                                "European economic interest grouping (EEIG)",
		"icvc-securities":                                     "Investment company with variable capital (securities)",
		"icvc-warrant":                                        "Investment company with variable capital (warrants)",
		"icvc-umbrella":                                       "Investment company with variable capital (umbrella)",
		"investment-company-with-variable-capital":            "Investment company with variable capital",
		"industrial-and-provident-society":                    "Industrial and provident society",
		"registered-society-non-jurisdictional":               "Registered society",
		"royal-charter":                                       "Body incorporated by royal charter",
		"unregistered-company":                                "Unregistered company",
		"charitable-incorporated-organisation":                "Charitable incorporated organisation (CIO)",
		"scottish-charitable-incorporated-organisation":       "Scottish charitable incorporated organisation (SCIO)",
		"further-education-or-sixth-form-college-corporation": "Further education or sixth form college corporation",
		"protected-cell-company":                              "Protected cell company",
		"assurance-company":                                   "Assurance company",
		"other":                                               "Other type of entity",
		"northern-ireland":                                    "Northern Ireland company",
		"northern-ireland-other":                              "Northern Ireland entity (other)",
	}
})

// CompanyType returns the label for a company "type" value; unknown types
// are humanised.
func CompanyType(v string) string {
	return words(companyTypeLabels(), enumConstantsCompanyType, v)
}

// subtypeLabels gives the "subtype" field, which refines the type (a CIC
// is usually an ltd or a guarantee company underneath).
var subtypeLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"community-interest-company":       "Community interest company (CIC)",
		"private-fund-limited-partnership": "Private fund limited partnership",
		"slp":                              "Scottish limited partnership",
		"pflp":                             "Private fund limited partnership",
		"spflp":                            "Scottish private fund limited partnership",
	}
})

// Subtype returns the label for a company "subtype" value; unknown
// subtypes are humanised.
func Subtype(v string) string {
	return words(subtypeLabels(), enumConstantsCompanySubtype, v)
}

// birthLabels name date_of_creation for the types the registry's
// company_birth_type leaves out: a registered society is registered, the
// rest are incorporated.
var birthLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"registered-society-non-jurisdictional": "Registered on",
	}
})

// BirthLabel returns the label for date_of_creation given the company
// type, as the registry's pages say it (company_birth_type): "Incorporated
// on", "Registered on" (partnerships, groupings, overseas entities...),
// "Formed on", "Opened on" (a UK establishment). A type neither knows is
// incorporated.
func BirthLabel(companyType string) string {
	k := norm(companyType)
	if l, ok := enumConstantsCompanyBirthType.get(k); ok && strings.TrimSpace(l) != "" {
		return strings.TrimSpace(l)
	}
	if l, ok := birthLabels()[k]; ok {
		return l
	}
	return "Incorporated on"
}
