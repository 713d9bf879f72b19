package labels

import (
	"sort"
	"strings"
)

// filingTemplates render filing-history "description" keys, using the
// template syntax in template.go. The registry's own templates are not
// used (their licence is unknown), and ours are plain text because the
// terminal renders emphasis itself. Templates that start with a name read
// naturally and, if the name is missing, still start with a capital
// ("Appointed director on 1 Apr 2026").
var filingTemplates = map[string]string{
	// Annual filings.
	"confirmation-statement-with-no-updates":                         "Confirmation statement[ made up to {made_up_date}], no changes",
	"confirmation-statement-with-updates":                            "Confirmation statement[ made up to {made_up_date}], with changes",
	"annual-return-company-with-made-up-date":                        "Annual return[ made up to {made_up_date}]",
	"annual-return-company-with-made-up-date-full-list-shareholders": "Annual return[ made up to {made_up_date}] with a full list of shareholders",
	"annual-return-company-with-made-up-date-no-member-list":         "Annual return[ made up to {made_up_date}] without a list of members",
	"accounts-with-made-up-date":                                     "Accounts[ made up to {made_up_date}]",
	"accounts-amended-with-made-up-date":                             "Amended accounts[ made up to {made_up_date}]",

	// Accounting reference date changes: made_up_date is the old period
	// end and new_date the new one.
	"change-account-reference-date-company-previous-shortened": "Previous accounting period shortened[, now ending {new_date} instead of {made_up_date}]",
	"change-account-reference-date-company-previous-extended":  "Previous accounting period extended[, now ending {new_date} instead of {made_up_date}]",
	"change-account-reference-date-company-current-shortened":  "Current accounting period shortened[, now ending {new_date} instead of {made_up_date}]",
	"change-account-reference-date-company-current-extended":   "Current accounting period extended[, now ending {new_date} instead of {made_up_date}]",

	// Officers.
	"appoint-person-director-company-with-name-date":           "{officer_name} appointed director[ on {appointment_date}]",
	"appoint-person-director-company-with-name":                "{officer_name} appointed director",
	"appoint-person-secretary-company-with-name-date":          "{officer_name} appointed secretary[ on {appointment_date}]",
	"appoint-person-secretary-company-with-name":               "{officer_name} appointed secretary",
	"appoint-corporate-director-company-with-name-date":        "{officer_name} appointed corporate director[ on {appointment_date}]",
	"appoint-corporate-secretary-company-with-name-date":       "{officer_name} appointed corporate secretary[ on {appointment_date}]",
	"termination-director-company-with-name-termination-date":  "{officer_name} ceased to be a director[ on {termination_date}]",
	"termination-director-company-with-name":                   "{officer_name} ceased to be a director",
	"termination-secretary-company-with-name-termination-date": "{officer_name} ceased to be secretary[ on {termination_date}]",
	"termination-secretary-company-with-name":                  "{officer_name} ceased to be secretary",
	"change-person-director-company-with-change-date":          "Director's details changed[ for {officer_name}][ on {change_date}]",
	"change-person-secretary-company-with-change-date":         "Secretary's details changed[ for {officer_name}][ on {change_date}]",
	"change-corporate-director-company-with-change-date":       "Corporate director's details changed[ for {officer_name}][ on {change_date}]",

	// Addresses.
	"change-registered-office-address-company-with-date-old-address-new-address": "Registered office moved[ from {old_address}][ to {new_address}][ on {change_date}]",
	"change-registered-office-address-company-with-date-old-address":             "Registered office moved[ from {old_address}][ on {change_date}]",
	"change-sail-address-company-with-new-address":                               "Inspection address for registers (SAIL) set[ to {new_address}]",

	// Formation, constitution and name.
	"incorporation-company":                                       "Company incorporated",
	"model-articles-adopted":                                      "Model articles adopted",
	"memorandum-articles":                                         "Memorandum and articles of association",
	"change-of-name-by-resolution":                                "Name changed by resolution",
	"certificate-change-of-name-company":                          "Certificate issued for a change of name",
	"statement-of-companys-objects":                               "Statement of the company's objects",
	"capital-allotment-shares":                                    "Statement of capital after an allotment of shares[ on {date}]",
	"capital-statement-capital-company-with-date-currency-figure": "Statement of capital[ on {date}]",

	// Persons with significant control.
	"notification-of-a-person-with-significant-control":           "{psc_name} recorded as a person with significant control[ on {notification_date}]",
	"cessation-of-a-person-with-significant-control":              "{psc_name} ceased to have significant control[ on {cessation_date}]",
	"change-to-a-person-with-significant-control":                 "Details changed for a person with significant control[ ({psc_name})][ on {change_date}]",
	"notification-of-a-person-with-significant-control-statement": "PSC statement filed[ on {notification_date}]",
	"withdrawal-of-a-person-with-significant-control-statement":   "PSC statement withdrawn[ on {withdrawal_date}]",

	// Charges.
	"mortgage-create-with-deed-with-charge-number-charge-creation-date": "Charge[ {charge_number}] registered[, created on {charge_creation_date}]",
	"mortgage-create-with-deed-with-charge-number":                      "Charge[ {charge_number}] registered",
	"mortgage-satisfy-charge-full":                                      "Charge[ {charge_number}] fully satisfied",
	"mortgage-satisfy-charge-part":                                      "Charge[ {charge_number}] partly satisfied",

	// Striking off and dissolution.
	"dissolution-application-strike-off-company": "Application to strike the company off the register",
	"gazette-notice-voluntary":                   "Gazette notice of proposed voluntary strike-off",
	"gazette-notice-compulsory":                  "Gazette notice of proposed compulsory strike-off",
	"gazette-dissolved-voluntary":                "Dissolved by voluntary strike-off (final Gazette notice)",
	"gazette-dissolved-compulsory":               "Dissolved by compulsory strike-off (final Gazette notice)",
	"gazette-dissolved-liquidation":              "Dissolved after liquidation (final Gazette notice)",
	"gazette-filings-brought-up-to-date":         "Compulsory strike-off stopped: filings brought up to date",
	"dissolved-compulsory-strike-off-suspended":  "Compulsory strike-off suspended",

	// Liquidation.
	"liquidation-voluntary-appointment-of-liquidator":         "Liquidator appointed in a voluntary winding up",
	"liquidation-voluntary-statement-of-affairs":              "Statement of affairs in a voluntary winding up",
	"liquidation-voluntary-declaration-of-solvency":           "Declaration of solvency for a members' voluntary winding up",
	"liquidation-voluntary-creditors-return-of-final-meeting": "Return of the final creditors' meeting in a voluntary winding up",
	"liquidation-voluntary-members-return-of-final-meeting":   "Return of the final members' meeting in a voluntary winding up",
}

// passthrough keys carry their text in a value rather than a template.
// "legacy" is used for old paper filings and is absent from the
// registry's own tables. fallback renders when the value is missing.
type passthrough struct {
	field    string
	fallback string
}

var passthroughs = map[string]passthrough{
	"legacy":                 {"description", "Legacy filing"},
	"resolution":             {"description", "Resolution passed"},
	"confirmation-statement": {"original_description", "Confirmation statement[ made up to {made_up_date}]"},
	"annual-return":          {"original_description", "Annual return[ made up to {made_up_date}]"},
}

// accountsPrefix starts the family of keys for accounts of a given type;
// the suffix is an account type, phrased by accountsPhrases.
const accountsPrefix = "accounts-with-accounts-type-"

// madeUpTo is appended to every accounts description.
const madeUpTo = "[ made up to {made_up_date}]"

// FilingDescription renders a filing-history item's description key with
// its description_values as plain text. Dates are shown as "31 Mar 2026";
// a missing value drops the words that introduce it. Unknown keys are
// humanised, followed by any dates found in values, so new filing types
// still say something useful.
func FilingDescription(key string, values map[string]string) string {
	k := norm(key)
	r := renderer{values: values}
	if tpl, ok := filingTemplates[k]; ok {
		r.template(tpl)
		return r.String()
	}
	if p, ok := passthroughs[k]; ok {
		if v := strings.TrimSpace(values[p.field]); v != "" {
			r.text(v)
		} else {
			r.template(p.fallback)
		}
		return r.String()
	}
	if t, ok := strings.CutPrefix(k, accountsPrefix); ok && t != "" {
		phrase, known := accountsPhrases[t]
		if !known {
			phrase = Humanize(t) + " accounts"
		}
		r.literal(phrase)
		r.template(madeUpTo)
		return r.String()
	}
	if k == "" {
		return ""
	}
	r.literal(Humanize(k))
	if dates := datesIn(values); len(dates) > 0 {
		r.literal(" on ")
		r.text(JoinAnd(dates))
	}
	return r.String()
}

// datesIn returns the distinct dates in values, formatted and in
// chronological order (ISO strings sort chronologically).
func datesIn(values map[string]string) []string {
	var iso []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if isISODate(v) {
			iso = append(iso, v[:10])
		}
	}
	sort.Strings(iso)
	out := make([]string, 0, len(iso))
	for i, v := range iso {
		if i > 0 && v == iso[i-1] {
			continue
		}
		out = append(out, Date(v))
	}
	return out
}

// JoinAnd joins items as English: "a", "a and b", "a, b and c".
func JoinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
