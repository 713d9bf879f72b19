package labels

import (
	"strings"
	"testing"

	"coview/api"
)

// fullValues has a value for every placeholder any template uses; it is
// used to prove that no template refers to a placeholder the renderer
// cannot fill.
var fullValues = map[string]string{
	"made_up_date":         "2026-03-31",
	"new_date":             "2025-12-31",
	"officer_name":         "Jane Doe",
	"appointment_date":     "2026-04-01",
	"termination_date":     "2026-04-02",
	"change_date":          "2026-04-03",
	"old_address":          "1 Old Road",
	"new_address":          "2 New Street",
	"date":                 "2026-04-04",
	"psc_name":             "John Roe",
	"notification_date":    "2026-04-05",
	"cessation_date":       "2026-04-06",
	"withdrawal_date":      "2026-04-07",
	"charge_number":        "0001",
	"charge_creation_date": "2026-04-08",
	"original_description": "Original text",
	"description":          "Legacy text",
}

// cleanLabel reports why a label is unfit for display, or "" if it is fine.
func cleanLabel(s string) string {
	switch {
	case s == "":
		return "empty"
	case s != strings.TrimSpace(s):
		return "has surrounding space"
	case strings.Contains(s, "  "):
		return "has a double space"
	case strings.ContainsAny(s, "{}[]"):
		return "has template syntax left over"
	case strings.Contains(s, "<nil>"):
		return "mentions <nil>"
	}
	return ""
}

func TestEveryTableEntryHasACleanLabel(t *testing.T) {
	tables := map[string]map[string]string{
		"statusLabels":             statusLabels,
		"statusDetailLabels":       statusDetailLabels,
		"cessationLabels":          cessationLabels,
		"companyTypeLabels":        companyTypeLabels,
		"subtypeLabels":            subtypeLabels,
		"birthLabels":              birthLabels,
		"jurisdictionLabels":       jurisdictionLabels,
		"accountTypeLabels":        accountTypeLabels,
		"accountsPhrases":          accountsPhrases,
		"officerRoleLabels":        officerRoleLabels,
		"pscStatements":            pscStatements,
		"overseasEntityStatements": overseasEntityStatements,
		"sicCodes":                 sicCodes,
		"sicDivisions":             sicDivisions,
		"filingTemplates":          filingTemplates,
		"acronyms":                 acronyms,
	}
	for name, table := range tables {
		for k, v := range table {
			if k != norm(k) {
				t.Errorf("%s key %q is not normalised, so lookups can never reach it", name, k)
			}
			if why := cleanLabel(strings.NewReplacer("{", "", "}", "", "[", "", "]", "").Replace(v)); why != "" {
				t.Errorf("%s[%q] = %q: %s", name, k, v, why)
			}
		}
	}
}

func TestEveryStatusIsClassified(t *testing.T) {
	for k := range statusLabels {
		if api.StatusClassOf(k) == api.ClassOther {
			t.Errorf("status %q has no colour class", k)
		}
	}
}

func TestEveryAccountTypeHasAFilingPhrase(t *testing.T) {
	for k := range accountTypeLabels {
		if k == "no-accounts-type-available" {
			continue // never filed as a set of accounts
		}
		if _, ok := accountsPhrases[k]; !ok {
			t.Errorf("account type %q has no phrase for filing history", k)
		}
	}
}

func TestEveryLookupGivesCleanTextForEveryKnownKey(t *testing.T) {
	check := func(fn string, key, got string) {
		t.Helper()
		if why := cleanLabel(got); why != "" {
			t.Errorf("%s(%q) = %q: %s", fn, key, got, why)
		}
	}
	for k := range statusLabels {
		check("Status", k, Status(k))
		check("CessationLabel", k, CessationLabel(k))
	}
	for k := range statusDetailLabels {
		check("StatusDetail", k, StatusDetail(k))
	}
	for k := range companyTypeLabels {
		check("CompanyType", k, CompanyType(k))
		check("BirthLabel", k, BirthLabel(k))
	}
	for k := range subtypeLabels {
		check("Subtype", k, Subtype(k))
	}
	for k := range jurisdictionLabels {
		check("Jurisdiction", k, Jurisdiction(k))
	}
	for k := range accountTypeLabels {
		check("AccountType", k, AccountType(k))
	}
	for k := range officerRoleLabels {
		check("OfficerRole", k, OfficerRole(k))
	}
	for k := range sicCodes {
		check("SIC", k, SIC(k))
	}
	for k := range filingTemplates {
		got := FilingDescription(k, fullValues)
		check("FilingDescription", k, got)
		if strings.Contains(got, "2026-") || strings.Contains(got, "2025-") {
			t.Errorf("FilingDescription(%q) = %q: an ISO date was not reformatted", k, got)
		}
	}
	for k := range passthroughs {
		check("FilingDescription", k, FilingDescription(k, fullValues))
		check("FilingDescription", k, FilingDescription(k, nil))
	}
	for k := range accountsPhrases {
		check("FilingDescription", accountsPrefix+k, FilingDescription(accountsPrefix+k, fullValues))
	}
}

// TestTemplatesUseEveryValueTheyAreGiven checks that with a full set of
// values each placeholder in a template appears in the output, so a typo
// in a placeholder name cannot silently drop text.
func TestTemplatesUseEveryValueTheyAreGiven(t *testing.T) {
	for k, tpl := range filingTemplates {
		got := FilingDescription(k, fullValues)
		for rest := tpl; ; {
			i := strings.IndexByte(rest, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '}')
			name := rest[i+1 : i+j]
			rest = rest[i+j+1:]
			v, ok := fullValues[name]
			if !ok {
				t.Errorf("template %q uses {%s}, which fullValues lacks", k, name)
				continue
			}
			if !strings.Contains(got, Date(v)) {
				t.Errorf("FilingDescription(%q) = %q, missing the value of {%s}", k, got, name)
			}
		}
	}
}
