package labels

import (
	"strings"
	"testing"

	"coview/api"
)

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
		"statusLabels":             statusLabels(),
		"statusDetailLabels":       statusDetailLabels(),
		"cessationLabels":          cessationLabels(),
		"companyTypeLabels":        companyTypeLabels(),
		"subtypeLabels":            subtypeLabels(),
		"birthLabels":              birthLabels(),
		"jurisdictionLabels":       jurisdictionLabels(),
		"accountTypeLabels":        accountTypeLabels(),
		"officerRoleLabels":        officerRoleLabels(),
		"pscStatements":            pscStatements(),
		"overseasEntityStatements": overseasEntityStatements(),
		"sicDivisions":             sicDivisions(),
		"acronyms":                 acronyms(),
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
	for k := range statusLabels() {
		if api.StatusClassOf(k) == api.ClassOther {
			t.Errorf("status %q has no colour class", k)
		}
	}
}

func TestEveryAccountTypeHasAnAccountsFilingThatReadsAsOne(t *testing.T) {
	for k := range accountTypeLabels() {
		if k == "no-accounts-type-available" {
			continue // never filed as a set of accounts
		}
		got := FilingDescription(accountsPrefix+k, map[string]string{"made_up_date": "2026-03-31"})
		if !strings.Contains(strings.ToLower(got), "accounts") || !strings.HasSuffix(got, " made up to 31 March 2026") {
			t.Errorf("accounts of type %q read %q", k, got)
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
	for k := range statusLabels() {
		check("Status", k, Status(k))
		check("CessationLabel", k, CessationLabel(k))
	}
	for k := range statusDetailLabels() {
		check("StatusDetail", k, StatusDetail(k))
	}
	for k := range companyTypeLabels() {
		check("CompanyType", k, CompanyType(k))
		check("BirthLabel", k, BirthLabel(k))
	}
	for k := range subtypeLabels() {
		check("Subtype", k, Subtype(k))
	}
	for k := range jurisdictionLabels() {
		check("Jurisdiction", k, Jurisdiction(k))
	}
	for k := range accountTypeLabels() {
		check("AccountType", k, AccountType(k))
	}
	for k := range officerRoleLabels() {
		check("OfficerRole", k, OfficerRole(k))
	}
}
