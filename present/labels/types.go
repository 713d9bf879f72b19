package labels

// companyTypeLabels gives the company "type" field. "nsc" in a key means
// "no share capital"; the section 30 and "limited exemption" types are
// companies allowed to leave "Limited" out of their name.
var companyTypeLabels = map[string]string{
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

// CompanyType returns the label for a company "type" value; unknown types
// are humanised.
func CompanyType(v string) string {
	k := norm(v)
	if l, ok := companyTypeLabels[k]; ok {
		return l
	}
	return Humanize(k)
}

// subtypeLabels gives the "subtype" field, which refines the type (a CIC
// is usually an ltd or a guarantee company underneath).
var subtypeLabels = map[string]string{
	"community-interest-company":       "Community interest company (CIC)",
	"private-fund-limited-partnership": "Private fund limited partnership",
	"slp":                              "Scottish limited partnership",
	"pflp":                             "Private fund limited partnership",
	"spflp":                            "Scottish private fund limited partnership",
}

// Subtype returns the label for a company "subtype" value; unknown
// subtypes are humanised.
func Subtype(v string) string {
	k := norm(v)
	if l, ok := subtypeLabels[k]; ok {
		return l
	}
	return Humanize(k)
}

// birthLabels lists the types whose date_of_creation is not an
// incorporation: partnerships, groupings, societies and overseas entities
// are registered, a UK establishment is opened, and an unregistered
// company is simply formed. The oversea-company record dates from its
// first UK establishment, not from its creation abroad.
var birthLabels = map[string]string{
	"limited-partnership":                   "Registered on",
	"scottish-partnership":                  "Registered on",
	"registered-overseas-entity":            "Registered on",
	"eeig":                                  "Registered on",
	"ukeig":                                 "Registered on",
	"industrial-and-provident-society":      "Registered on",
	"registered-society-non-jurisdictional": "Registered on",
	"uk-establishment":                      "Opened on",
	"oversea-company":                       "First UK establishment opened on",
	"unregistered-company":                  "Formed on",
}

// BirthLabel returns the label for date_of_creation given the company
// type; companies are incorporated unless listed otherwise.
func BirthLabel(companyType string) string {
	if l, ok := birthLabels[norm(companyType)]; ok {
		return l
	}
	return "Incorporated on"
}
