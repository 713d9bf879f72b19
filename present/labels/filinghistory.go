package labels

import (
	"strings"
	"sync"
)

// filingHistoryStatuses say why the registry gives no filing history for
// a company (filing_history_status), in words for a reader rather than
// the key's shorthand: "unknown-prefix" means the registry does not
// recognise the kind of company the number's letters stand for.
var filingHistoryStatuses = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"filing-history-not-available-unknown-prefix":                                          "The registry keeps no filing history for this kind of company: it does not recognise the letters its number starts with.",
		"filing-history-not-available-invalid-format":                                          "The registry keeps no filing history for this company: its number is not in a form the registry recognises.",
		"filing-history-not-available-limited-partnership-before-1988":                         "The registry has no filing history for limited partnerships registered before 1988.",
		"filing-history-not-available-assurance-company-from-2004":                             "The registry keeps no filing history for assurance companies from 2004; the Financial Conduct Authority holds their records.",
		"filing-history-not-available-industrial-and-provident-society":                        "The registry keeps no filing history for industrial and provident societies; the Financial Conduct Authority's Mutuals Public Register holds their records.",
		"filing-history-not-available-scottish-industrial-and-provident-society":               "The registry keeps no filing history for Scottish industrial and provident societies; the Financial Conduct Authority's Mutuals Public Register holds their records.",
		"filing-history-not-available-northern-ireland-industrial-and-provident-society":       "The registry keeps no filing history for Northern Ireland industrial and provident societies; the Financial Conduct Authority's Mutuals Public Register holds their records.",
		"filing-history-not-available-northern-ireland-other-industrial-and-provident-society": "The registry keeps no filing history for this Northern Ireland society; the Northern Ireland registry holds its records.",
		"filing-history-not-available-royal-charter":                                           "The registry keeps no filing history for bodies incorporated by royal charter; ask the body itself.",
		"filing-history-not-available-investment-company-with-variable-capital":                "The registry keeps no filing history for investment companies with variable capital; the Financial Conduct Authority holds their records.",
		"filing-history-not-available-protected-cell-company":                                  "The registry keeps no filing history for protected cell companies; the Financial Conduct Authority holds their records.",
	}
})

// FilingHistoryStatus says, in a sentence, why a company has no filing
// history when filing_history_status says it is not available; "" when it
// says the history is available (an empty list is then just empty).
// coview's sentences come first, then the registry's own words
// (filing_history_exceptions.yml, its pages' markup read as plain text);
// an unknown not-available key still reads as a sentence.
func FilingHistoryStatus(v string) string {
	k := norm(v)
	if s, ok := filingHistoryStatuses()[k]; ok {
		return s
	}
	if w, ok := enumFilingHistoryExceptionsExceptions.get(k); ok {
		return plainMarkup(w) // "" for those that say it is available
	}
	if detail, ok := strings.CutPrefix(k, "filing-history-not-available-"); ok {
		return "The registry keeps no filing history for this company (" + strings.ToLower(Humanize(detail)) + ")."
	}
	return ""
}
