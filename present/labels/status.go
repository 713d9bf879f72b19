package labels

import (
	"strings"
	"sync"
)

// statusLabels gives company_status its display text. Insolvency states
// read as "In ..." because the UI shows them after "Status:" and a bare
// noun ("Liquidation") reads like a heading rather than a state.
var statusLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"active":                 "Active",
		"dissolved":              "Dissolved",
		"liquidation":            "In liquidation",
		"receivership":           "In receivership",
		"administration":         "In administration",
		"voluntary-arrangement":  "Voluntary arrangement",
		"converted-closed":       "Converted or closed",
		"insolvency-proceedings": "Insolvency proceedings",
		"registered":             "Registered",
		"removed":                "Removed",
		"closed":                 "Closed",
		"open":                   "Open",
	}
})

// statusDetailLabels gives company_status_detail, the qualifier shown next
// to the status.
var statusDetailLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"transferred-from-uk":           "Transferred out of the UK",
		"active-proposal-to-strike-off": "Strike-off proposed",
		"petition-to-restore-dissolved": "Petition lodged to restore it",
		"transformed-to-se":             "Became a European company (SE)",
		"converted-to-plc":              "Converted to a PLC",
		"converted-to-uk-societas":      "Converted to a UK societas",
		"converted-to-ukeig":            "Converted to a UK economic interest grouping",
	}
})

// Status returns the label for a company_status value; unknown values are
// humanised.
func Status(v string) string {
	return words(statusLabels(), enumConstantsCompanyStatus, v)
}

// StatusDetail returns the label for a company_status_detail value.
// A detail that merely repeats a status ("active", "dissolved" appear in
// the wild) gives "" so the UI does not print "Active (Active)"; other
// unknown values are humanised.
func StatusDetail(v string) string {
	k := norm(v)
	if l, ok := statusDetailLabels()[k]; ok {
		return l
	}
	if _, isStatus := statusLabels()[k]; isStatus {
		return ""
	}
	if l, ok := enumConstantsCompanyStatusDetail.get(k); ok {
		return strings.TrimSpace(l) // "" for those that repeat a status
	}
	return Humanize(k)
}

// cessationLabels names date_of_cessation after the way the entity ended.
var cessationLabels = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"dissolved":        "Dissolved on",
		"converted-closed": "Closed on",
		"closed":           "Closed on",
		"removed":          "Removed on",
	}
})

// CessationLabel returns the label for date_of_cessation given the
// company_status. Restored companies can be "active" with a cessation date,
// so anything not listed gets the neutral "Ceased on".
func CessationLabel(status string) string {
	if l, ok := wordsFor(cessationLabels(), enumConstantsCessationLabelForStatus, status); ok {
		return l
	}
	return "Ceased on"
}
