package labels

// filingCategories name the categories (and subcategories) of filing
// history.
var filingCategories = map[string]string{
	"accounts":                         "Accounts",
	"address":                          "Registered office address",
	"annual-return":                    "Annual return",
	"auditors":                         "Auditors",
	"capital":                          "Share capital",
	"change-of-constitution":           "Change of constitution",
	"change-of-name":                   "Change of name",
	"confirmation-statement":           "Confirmation statement",
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

// FilingCategory names a filing's category or subcategory; unknown ones
// are humanised.
func FilingCategory(v string) string { return lookup(filingCategories, v) }
