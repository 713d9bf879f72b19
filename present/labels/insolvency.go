package labels

import "sync"

// insolvencyCases name the kinds of insolvency case.
var insolvencyCases = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"compulsory-liquidation":                     "Compulsory liquidation (wound up by the court)",
		"creditors-voluntary-liquidation":            "Creditors' voluntary liquidation",
		"members-voluntary-liquidation":              "Members' voluntary liquidation (solvent)",
		"in-administration":                          "Administration",
		"administration-order":                       "Administration by order of the court",
		"administrative-receiver":                    "Administrative receivership",
		"scottish-administrative-receiver":           "Administrative receivership (Scotland)",
		"receiver-manager":                           "Receivership",
		"corporate-voluntary-arrangement":            "Company voluntary arrangement",
		"corporate-voluntary-arrangement-moratorium": "Moratorium before a company voluntary arrangement",
		"moratorium":                                 "Moratorium",
		"foreign-insolvency":                         "Insolvency proceedings outside the UK",
		"order-of-court-restructuring-plan":          "Restructuring plan sanctioned by the court",

		// The stages of a moratorium under the Insolvency Act 1986, Part A1.
		"liquidation-moratorium-commencement-of-moratorium":                             "Moratorium begun",
		"liquidation-moratorium-extension-of-moratorium":                                "Moratorium extended",
		"liquidation-moratorium-early-end-of-moratorium":                                "Moratorium ended early",
		"liquidation-moratorium-end-of-moratorium-by-monitor":                           "Moratorium ended by the monitor",
		"liquidation-moratorium-end-of-moratorium-by-court":                             "Moratorium ended by the court",
		"liquidation-moratorium-court-order-permitting-disposal-of-goods":               "Moratorium: the court permits goods to be disposed of",
		"liquidation-moratorium-replacement-or-additonal-monitor-following-court-order": "Moratorium: a monitor replaced or added by the court",
		"liquidation-moratorium-monitor-ceasing-to-act-following-court-order":           "Moratorium: the monitor ceased to act by order of the court",
		"liquidation-moratorium-end-of-moratorium-following-disposal-of-application-for-extension-by-court-or-following-cva-proposal-taking-effect-or-being-withdrawn": "Moratorium ended: an extension was decided, or a voluntary arrangement took effect or was withdrawn",
	}
})

// InsolvencyCase names a kind of insolvency case; unknown kinds are
// humanised.
func InsolvencyCase(v string) string {
	return words(insolvencyCases(), enumConstantsInsolvencyCaseType, v)
}

// insolvencyDates label a case's dates, to be followed by the date: "Wound
// up on 18 Jun 2026". They are labels beside their dates, so they are kept
// short; the case's kind, in its title, says the rest.
var insolvencyDates = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"wound-up-on":                      "Wound up on",
		"petitioned-on":                    "Petitioned on",
		"ordered-to-wind-up-on":            "Ordered to be wound up on",
		"concluded-winding-up-on":          "Winding up concluded on",
		"due-to-be-dissolved-on":           "Due to be dissolved on",
		"dissolved-on":                     "Dissolved on",
		"declaration-solvent-on":           "Declared solvent on",
		"administration-started-on":        "Administration started on",
		"administration-ended-on":          "Administration ended on",
		"administration-discharged-on":     "Order discharged on",
		"instrumented-on":                  "Receiver appointed on",
		"moratorium-started-on":            "Moratorium started on",
		"moratorium-ended-on":              "Moratorium ended on",
		"voluntary-arrangement-started-on": "Arrangement started on",
		"voluntary-arrangement-ended-on":   "Arrangement ended on",
		"case-start-on":                    "Case started on",
		"case-end-on":                      "Case ended on",
	}
})

// InsolvencyDate labels one of a case's dates. The registry's date types
// end in "-on", so an unknown one humanised still reads before its date
// ("Something happened on").
func InsolvencyDate(v string) string {
	return words(insolvencyDates(), enumConstantsInsolvencyCaseDateType, v)
}

// practitionerRoles name what an insolvency practitioner was appointed as.
var practitionerRoles = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"practitioner":            "Insolvency practitioner",
		"liquidator":              "Liquidator",
		"final-liquidator":        "Final liquidator",
		"proposed-liquidator":     "Proposed liquidator",
		"provisional-liquidator":  "Provisional liquidator",
		"interim-liquidator":      "Interim liquidator",
		"administrator":           "Administrator",
		"receiver":                "Receiver",
		"receiver-manager":        "Receiver and manager",
		"administrative-receiver": "Administrative receiver",
		"nominee":                 "Nominee",
		"supervisor":              "Supervisor",
		"monitor":                 "Monitor",
	}
})

// PractitionerRole names an insolvency practitioner's role; unknown roles
// are humanised.
func PractitionerRole(v string) string { return lookup(practitionerRoles(), v) }
