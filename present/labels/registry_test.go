package labels

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// registryLookups says which function puts the keys of each of the
// registry's tables in words. A table coview shows nothing from has none.
var registryLookups = map[string]func(string) string{
	"constants.yml identification_type":        IdentificationType,
	"constants.yml jurisdiction":               Jurisdiction,
	"constants.yml company_type":               CompanyType,
	"constants.yml company_subtype":            Subtype,
	"constants.yml company_birth_type":         BirthLabel,
	"constants.yml company_status":             Status,
	"constants.yml company_status_detail":      statusDetailOrBlank,
	"constants.yml account_type":               accountTypeOrNull,
	"constants.yml officer_role":               OfficerRole,
	"constants.yml insolvency_case_type":       InsolvencyCase,
	"constants.yml insolvency_case_date_type":  InsolvencyDate,
	"constants.yml sic_descriptions":           SIC,
	"constants.yml cessation_label_for_status": CessationLabel,
	"constants.yml register_types":             Register,
	"constants.yml register_locations":         RegisterPlace,
	"constants.yml partial_data_available":     PartialData,
	"constants.yml corporate_annotation_type":  CorporateAnnotation,
	"filing_history_descriptions.yml description": func(k string) string {
		return FilingDescription(k, valuesFor(enumFilingHistoryDescriptionsDescription, k))
	},
	"filing_history_exceptions.yml exceptions":                     filingHistoryStatusOrAvailable,
	"psc_descriptions.yml description":                             NatureOfControl,
	"psc_descriptions.yml short_description":                       NatureOfControl,
	"psc_descriptions.yml statement_description":                   func(k string) string { return PSCStatement(k, "Jane Doe") },
	"psc_descriptions.yml super_secure_description":                SuperSecure,
	"mortgage_descriptions.yml classificationDesc":                 ChargeDescriptionType,
	"mortgage_descriptions.yml status":                             ChargeStatus,
	"mortgage_descriptions.yml assets-ceased-released":             AssetsCeasedReleased,
	"mortgage_descriptions.yml particular-description":             ChargeDescriptionType,
	"mortgage_descriptions.yml particular-flags":                   ChargeFlag,
	"mortgage_descriptions.yml secured-details-description":        ChargeDescriptionType,
	"mortgage_descriptions.yml alterations-description":            ChargeDescriptionType,
	"mortgage_descriptions.yml filing_type":                        ChargeTransaction,
	"exemption_descriptions.yml exemption_type":                    Exemption,
	"exemption_descriptions.yml exemption_description":             Exemption,
	"disqualified_officer_descriptions.yml description_identifier": DisqualificationReason,
	"disqualified_officer_descriptions.yml act":                    DisqualificationAct,
	"disqualified_officer_descriptions.yml disqualification_type":  DisqualificationType,
}

// notShown are the tables coview has no place for yet: what a company
// summary is called on a search form, a document's proof status, a
// filing's processing status, ... A new table in the registry's files
// fails the test until it is put here or given a lookup.
var notShown = []string{
	"constants.yml capital_contribution_sub_type",
	"constants.yml company_summary",
	"constants.yml filing_status",
	"constants.yml filing_type",
	"constants.yml foreign_account_type",
	"constants.yml notes",
	"constants.yml proof_status",
	"constants.yml term",
	"constants.yml terms_of_account_publication",
}

// Lookups whose words for some keys are rightly "" or humanised.
func statusDetailOrBlank(k string) string {
	if w := StatusDetail(k); w != "" {
		return w
	}
	return "(the status says it)" // active, dissolved, converted-closed
}

func accountTypeOrNull(k string) string {
	if w := AccountType(k); w != "" {
		return w
	}
	return "(none filed)" // "null"
}

func filingHistoryStatusOrAvailable(k string) string {
	if w := FilingHistoryStatus(k); w != "" {
		return w
	}
	return "(available)" // the registry says nothing more
}

// valuesFor gives every placeholder of a registry sentence a value: a
// date for a name ending in "date", else the name in capitals.
func valuesFor(t enumTable, key string) map[string]string {
	tpl, _ := t.get(key)
	values := map[string]string{}
	for rest := tpl; ; {
		i := strings.IndexByte(rest, '{')
		j := strings.IndexByte(rest, '}')
		if i < 0 || j < i {
			break
		}
		name := rest[i+1 : j]
		values[name] = strings.ToUpper(name)
		if strings.HasSuffix(name, "date") {
			values[name] = "2026-03-31"
		}
		rest = rest[j+1:]
	}
	return values
}

// TestEveryKeyTheRegistryPublishesGetsWords walks every key of every table
// of the registry's seven files through the function coview shows it
// with. A key whose words are empty, unclean, or only the key humanised
// (the fallback for keys nobody knows) is missing; there are none.
func TestEveryKeyTheRegistryPublishesGetsWords(t *testing.T) {
	seen := map[string]bool{}
	for _, rt := range registryTables {
		name := rt.file + " " + rt.section
		seen[name] = true
		say, ok := registryLookups[name]
		if !ok {
			if !slices.Contains(notShown, name) {
				t.Errorf("%s: a table coview neither shows nor lists as not shown", name)
			}
			continue
		}
		var missing []string
		for _, e := range rt.table {
			got := say(e.key)
			fromTable := got != Humanize(e.key) || ownTables[name][e.key] == got || isOwnWords(got, e.words)
			if rt.table[0].key != "" && name == "filing_history_descriptions.yml description" {
				// The registry's sentence, filled, and nothing else.
				want, _ := render(e.words, valuesFor(rt.table, e.key))
				fromTable = got == want || e.words == "" || strings.Contains(e.words, "{original_description}")
			}
			if cleanLabel(got) != "" || strings.ContainsAny(got, "{}*") || !fromTable {
				missing = append(missing, e.key+" = "+got)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: %d of %d keys without words:\n  %s", name, len(missing), len(rt.table), strings.Join(missing, "\n  "))
		}
	}
	for name := range registryLookups {
		if !seen[name] {
			t.Errorf("%s: no such table in the registry's files", name)
		}
	}
}

// isOwnWords reports whether words that read like the humanised key are
// the registry's own ("Dissolved" for dissolved).
func isOwnWords(got, registry string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(registry), " "), got)
}

// ownTables are coview's own words for a table's keys, some of which read
// just like the key humanised ("Corporate director").
var ownTables = map[string]map[string]string{
	"constants.yml company_subtype":                subtypeLabels(),
	"constants.yml officer_role":                   officerRoleLabels(),
	"constants.yml insolvency_case_date_type":      insolvencyDates(),
	"mortgage_descriptions.yml classificationDesc": chargeDescriptionTypes(),
	"mortgage_descriptions.yml status":             chargeStatuses(),
}

// TestTheRegistrysFilledSentencesUseEveryValue fills every placeholder of
// every filing sentence and finds each value in the text, so that no
// value is lost to a name typed wrong.
func TestTheRegistrysFilledSentencesUseEveryValue(t *testing.T) {
	for _, e := range enumFilingHistoryDescriptionsDescription {
		values := valuesFor(enumFilingHistoryDescriptionsDescription, e.key)
		got := FilingDescription(e.key, values)
		for name, v := range values {
			if name == "description" {
				continue // the whole text, whatever the key
			}
			if want := placeholderValue(name, values); !strings.Contains(got, want) {
				t.Errorf("FilingDescription(%q) = %q: the value of {%s} (%q) is missing", e.key, got, name, v)
			}
		}
	}
}

// TestTheRegistrysTablesAreCounted pins the number of keys in each table,
// so that taking newer files from the registry says what grew or shrank
// (and the walk above says whether the new keys have words).
func TestTheRegistrysTablesAreCounted(t *testing.T) {
	want := map[string]int{
		"filing_history_descriptions.yml description":                  1196,
		"constants.yml sic_descriptions":                               1265,
		"constants.yml company_type":                                   36,
		"constants.yml officer_role":                                   32,
		"constants.yml identification_type":                            6,
		"constants.yml company_birth_type":                             32,
		"psc_descriptions.yml description":                             86,
		"psc_descriptions.yml short_description":                       86,
		"psc_descriptions.yml statement_description":                   28,
		"mortgage_descriptions.yml filing_type":                        141,
		"exemption_descriptions.yml exemption_type":                    5,
		"disqualified_officer_descriptions.yml description_identifier": 26,
		"filing_history_exceptions.yml exceptions":                     15,
	}
	got := map[string]int{}
	for _, rt := range registryTables {
		got[rt.file+" "+rt.section] = len(rt.table)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if got[name] != want[name] {
			t.Errorf("%s has %d keys, want %d", name, got[name], want[name])
		}
	}
	if len(registryTables) != 45 {
		t.Errorf("%d tables in the registry's files, want 45", len(registryTables))
	}
}

// TestTablesAreSortedForBisection checks what every lookup relies on.
func TestTablesAreSortedForBisection(t *testing.T) {
	for _, rt := range registryTables {
		for i := 1; i < len(rt.table); i++ {
			if rt.table[i-1].key >= rt.table[i].key {
				t.Errorf("%s %s: %q before %q", rt.file, rt.section, rt.table[i-1].key, rt.table[i].key)
			}
		}
		for _, e := range rt.table {
			if got, ok := rt.table.get(e.key); !ok || got != e.words {
				t.Errorf("%s %s: %q not found by bisection", rt.file, rt.section, e.key)
			}
		}
	}
}

// The PSC kinds are not in the registry's files; these are the eight its
// API sends (the kind of each PSC resource), each with its words.
func TestEveryPSCKindTheRegistrySendsGetsWords(t *testing.T) {
	for _, k := range []string{
		"individual-person-with-significant-control", "corporate-entity-person-with-significant-control",
		"legal-person-person-with-significant-control", "super-secure-person-with-significant-control",
		"individual-beneficial-owner", "corporate-entity-beneficial-owner",
		"legal-person-beneficial-owner", "super-secure-beneficial-owner",
	} {
		for _, got := range []string{PSCKind(k), PSCKindShort(k)} {
			if cleanLabel(got) != "" || got == Humanize(k) {
				t.Errorf("PSC kind %q reads %q", k, got)
			}
		}
	}
}

// A key no table has (the registry adds keys without notice) still reads,
// never blank: humanised.
func TestAKeyNoTableHasIsHumanisedNeverBlank(t *testing.T) {
	for name, say := range registryLookups {
		switch {
		case strings.HasSuffix(name, "sic_descriptions"), strings.HasSuffix(name, "company_birth_type"),
			strings.HasSuffix(name, "cessation_label_for_status"), strings.HasSuffix(name, " exceptions"):
			continue // a code, and labels whose default is a sentence ("Incorporated on", "Ceased on") or nothing
		}
		got := say("a-key-from-next-year")
		if got == "" || !strings.Contains(strings.ToLower(got), "key from next year") {
			t.Errorf("%s: an unknown key reads %q", name, got)
		}
	}
}
