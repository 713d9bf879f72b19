package labels

import (
	"strings"
	"sync"
)

// chargeStatuses give a charge's status.
var chargeStatuses = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"outstanding":     "Outstanding",
		"part-satisfied":  "Partly satisfied",
		"fully-satisfied": "Fully satisfied",
		"satisfied":       "Satisfied",
	}
})

// ChargeStatus returns the label for a charge status; unknown values are
// humanised.
func ChargeStatus(v string) string {
	return words(chargeStatuses(), enumMortgageDescriptionsStatus, v)
}

// ChargeSatisfied reports whether a status says the charge no longer
// secures anything, so that it can be shown dim.
func ChargeSatisfied(v string) bool {
	k := norm(v)
	return k == "satisfied" || k == "fully-satisfied"
}

// chargeDescriptionTypes say what a charge's typed free texts are: its
// classification, its particulars and what it secures.
var chargeDescriptionTypes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"charge-description":                          "Description",
		"nature-of-charge":                            "Nature of charge",
		"short-particulars":                           "Short particulars",
		"brief-description":                           "Brief description",
		"charged-property-description":                "Property charged",
		"charged-property-or-undertaking-description": "Property or undertaking",
		"amount-secured":                              "Amount secured",
		"obligations-secured":                         "Obligations secured",
	}
})

// ChargeDescriptionType labels the type of a charge's classification,
// particulars or secured details; unknown values are humanised.
func ChargeDescriptionType(v string) string {
	for _, reg := range []enumTable{enumMortgageDescriptionsClassificationDesc, enumMortgageDescriptionsParticularDescription,
		enumMortgageDescriptionsSecuredDetailsDescription, enumMortgageDescriptionsAlterationsDescription} {
		if w, ok := wordsFor(chargeDescriptionTypes(), reg, v); ok {
			return w
		}
	}
	return Humanize(v)
}

// ChargeFlag says what one of a charge's particulars' flags
// (contains_floating_charge...) means; unknown flags are humanised.
func ChargeFlag(v string) string {
	return words(nil, enumMortgageDescriptionsParticularFlags, v)
}

// assetsCeasedReleased say what has happened to the property a charge
// covered.
var assetsCeasedReleased = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"property-ceased-to-belong":                    "The property no longer belongs to the company",
		"part-property-ceased-to-belong":               "Part of the property no longer belongs to the company",
		"part-property-released":                       "Part of the property has been released from the charge",
		"whole-property-released":                      "All the property has been released from the charge",
		"part-property-release-and-ceased-to-belong":   "Part of the property has been released, and part no longer belongs to the company",
		"whole-property-released-and-ceased-to-belong": "All the property has been released or no longer belongs to the company",
		"multiple-filings":                             "Property released or no longer the company's, over several filings",
	}
})

// AssetsCeasedReleased labels a charge's assets_ceased_released; unknown
// values are humanised.
func AssetsCeasedReleased(v string) string {
	return words(assetsCeasedReleased(), enumMortgageDescriptionsAssetsCeasedReleased, v)
}

// chargeTransactions say what a filing about a charge did. The registry
// has well over a hundred filing types for charges, most of them one of
// the actions below qualified by the kind of company, the country, the Act
// it was filed under or the form's variant (chargeQualifiers), which add
// nothing a reader needs; they are read off and the action looked up.
var chargeTransactions = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"create-charge":                                 "Charge registered",
		"create-floating-charge":                        "Floating charge registered",
		"acquire-charge":                                "Charge registered on property the company acquired",
		"debenture":                                     "Series of debentures registered",
		"create-charge-series-debentures":               "Charge securing a series of debentures registered",
		"create-issue-of-secured-debentures":            "Issue of secured debentures registered",
		"create-issue-out-of-series-debentures":         "Issue out of a series of debentures registered",
		"create-charge-by-judgement-enforcement-office": "Charge registered by the Enforcement of Judgments Office",
		"supporting-evidence-create-charge":             "Evidence supporting a charge's registration",
		"charge-certificate":                            "Certificate of the charge",
		"charge-satisfaction":                           "Satisfaction of the charge",
		"charge-part-satisfaction":                      "Satisfaction of part of the charge",
		"charge-satisfaction-floating-charge":           "Satisfaction of a floating charge",
		"charge-satisfaction-cease-release":             "Charge satisfied, or property released from it",
		"charge-whole-release":                          "All the property released from the charge",
		"charge-whole-cease":                            "All the property no longer subject to the charge",
		"charge-whole-both":                             "All the property released or no longer subject to the charge",
		"charge-part-release":                           "Part of the property released from the charge",
		"charge-part-cease":                             "Part of the property no longer subject to the charge",
		"charge-part-both":                              "Part of the property released or no longer subject to the charge",
		"charge-release-cease":                          "Property released or no longer subject to the charge",
		"charge-part-or-whole-release":                  "Property released from the charge, in part or in whole",
		"charge-released-floating-charge":               "Property released from a floating charge",
		"trustee-acting":                                "The company acts as trustee on the charge",
		"alter-charge":                                  "Charge altered",
		"alter-floating-charge":                         "Floating charge altered",
		"liquidation-appointment-of-receiver":           "Receiver or manager appointed",
		"liquidation-appointment-of-receiver-by-court":  "Receiver or manager appointed by the court",
		"liquidation-appointment-of-liquidator":         "Liquidator appointed",
		"liquidation-cease-to-act-receiver":             "Receiver or manager ceased to act",
		"liquidation-ceasing-to-act-receiver":           "Receiver or manager ceased to act",
	}
})

// chargeQualifiers are the parts of a charge filing type that say which
// form was used rather than what happened. Longer ones come first, so that
// "-with-deed" is not read out of "-without-deed".
var chargeQualifiers = []string{
	"-with-charles-court-order", "-with-court-order", "-without-deed", "-with-deed",
	"-as-limited-liability-partnership", "-limited-liability-partnership",
	"-pre-april-2013", "-pre-2006-companies-act", "-northern-ireland", "-scotland", "-overseas",
}

// ChargeTransaction says what a filing about a charge did: "Charge
// registered", "Satisfaction of the charge". A filing delivered late under
// a court's order says so. Unknown filing types are humanised.
func ChargeTransaction(filingType string) string {
	k := norm(filingType)
	if l, ok := chargeTransactions()[k]; ok {
		return l
	}
	base := k
	if i := strings.Index(base, "-form-"); i > 0 {
		base = base[:i]
	}
	for _, q := range chargeQualifiers {
		base = strings.ReplaceAll(base, q, "")
	}
	for strings.Contains(base, "--") {
		base = strings.ReplaceAll(base, "--", "-")
	}
	base = strings.TrimSuffix(strings.TrimSuffix(base, "-"), "-in")
	l, ok := chargeTransactions()[base]
	if !ok {
		if w, ok := enumMortgageDescriptionsFilingType.get(k); ok && strings.TrimSpace(w) != "" {
			return strings.TrimSpace(w)
		}
		return Humanize(k)
	}
	if strings.Contains(k, "court-order") {
		l += " (late, with the court's leave)"
	}
	return l
}

// lookup finds a normalised key in a table, humanising what is not there.
func lookup(table map[string]string, v string) string {
	k := norm(v)
	if l, ok := table[k]; ok {
		return l
	}
	return Humanize(k)
}
