package labels

import (
	"coview/internal/spelling"
	"slices"
	"strings"
	"sync"
)

// filingCategories name the categories (and subcategories) of filing
// history.
var filingCategories = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"accounts":                         "Accounts",
		"address":                          "Registered office address",
		"annual-return":                    "Annual return",
		"auditors":                         "Auditors",
		"capital":                          "Share capital",
		"change-of-constitution":           "Change of constitution",
		"change-of-name":                   "Change of name",
		"confirmation-statement":           "Confirmation statement",
		"court-order":                      "Court order",
		"document-replacement":             "Replacement document",
		"dissolution":                      "Dissolution",
		"gazette":                          "Gazette notice",
		"historical":                       "Historical",
		"incorporation":                    "Incorporation",
		"insolvency":                       "Insolvency",
		"liquidation":                      "Liquidation",
		"miscellaneous":                    "Miscellaneous",
		"mortgage":                         "Charges (mortgages)",
		"officers":                         "Officers",
		"other":                            "Other",
		"persons-with-significant-control": "People with significant control",
		"reregistration":                   "Re-registration",
		"resolution":                       "Resolution",
		"restoration":                      "Restoration",
		"return":                           "Return",
		"social-landlord":                  "Social landlord",
		"termination":                      "Termination",
		"transfer":                         "Transfer",
		"voluntary-arrangement":            "Voluntary arrangement",
	}
})

// subcategoriesOnly are never a filing's category, only a subcategory, so
// a filing history cannot be asked for by them.
var subcategoriesOnly = []string{"termination", "transfer", "voluntary-arrangement"}

// FilingCategory names a filing's category or subcategory; unknown ones
// are humanised.
func FilingCategory(v string) string { return lookup(filingCategories(), v) }

// FilingCategories are the categories a filing history can be asked for
// by (the registry's category parameter), in order: those its API
// specification lists and those its filings are seen to carry.
func FilingCategories() []string {
	var out []string
	for k := range filingCategories() {
		if !slices.Contains(subcategoriesOnly, k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// IsFilingCategory reports whether a filing history can be asked for by
// this category.
func IsFilingCategory(v string) bool {
	return slices.Contains(FilingCategories(), norm(v))
}

// NearestFilingCategory is the category someone who typed v most likely
// meant: one whose words contain it ("charges" is mortgage), else the
// closest in spelling, if close enough; "" when none is.
func NearestFilingCategory(v string) string {
	k := strings.ReplaceAll(norm(v), " ", "-")
	if k == "" {
		return ""
	}
	cats := FilingCategories()
	for _, c := range cats {
		for _, w := range strings.FieldsFunc(strings.ToLower(filingCategories()[c]), func(r rune) bool { return r == ' ' || r == '(' || r == ')' }) {
			if w == k || strings.TrimSuffix(w, "s") == strings.TrimSuffix(k, "s") {
				return c
			}
		}
	}
	best, bestDist := "", len(k)/3+2
	for _, c := range cats {
		if d := spelling.Distance(k, c); d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
		if strings.HasPrefix(c, k) && len(k) >= 3 {
			return c
		}
	}
	return best
}
