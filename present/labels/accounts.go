package labels

import "sync"

// accountTypeLabels gives accounts.last_accounts.type as a short adjective
// for the "Last accounts" line.
var accountTypeLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"full":                        "Full",
		"small":                       "Small company",
		"medium":                      "Medium-sized company",
		"group":                       "Group",
		"dormant":                     "Dormant",
		"interim":                     "Interim",
		"initial":                     "Initial",
		"total-exemption-full":        "Total exemption full",
		"total-exemption-small":       "Total exemption small",
		"partial-exemption":           "Partial exemption",
		"audit-exemption-subsidiary":  "Audit-exempt subsidiary",
		"filing-exemption-subsidiary": "Filing-exempt subsidiary",
		"micro-entity":                "Micro-entity",
		"no-accounts-type-available":  "Type not available",
		"audited-abridged":            "Audited abridged",
		"unaudited-abridged":          "Unaudited abridged",
	}
})

// AccountType returns the label for an accounts type. The registry sends
// the literal string "null" when no accounts have been filed (overseas
// companies especially); that and "" give "" so the caller shows a dash.
// Other unknown values are humanised.
func AccountType(v string) string {
	k := norm(v)
	if k == "" || k == "null" {
		return ""
	}
	return words(accountTypeLabels(), enumConstantsAccountType, k)
}
