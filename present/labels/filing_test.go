package labels

import (
	"strings"
	"testing"
)

func TestFilingDescriptionReadsAsTheRegistrysPagesDo(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		values map[string]string
		want   string
	}{
		{"a confirmation statement with no updates has its date in words",
			"confirmation-statement-with-no-updates", map[string]string{"made_up_date": "2026-03-31"},
			"Confirmation statement made on 31 March 2026 with no updates"},
		{"a confirmation statement without a date leaves no dangling words",
			"confirmation-statement-with-no-updates", nil,
			"Confirmation statement with no updates"},
		{"a confirmation statement with updates says so",
			"confirmation-statement-with-updates", map[string]string{"made_up_date": "2025-06-30"},
			"Confirmation statement made on 30 June 2025 with updates"},
		{"a bare confirmation statement uses the original description",
			"confirmation-statement", map[string]string{"original_description": " 30/06/16 STATEMENT OF CAPITAL;GBP 100 "},
			"30/06/16 STATEMENT OF CAPITAL; GBP 100"},
		{"a bare confirmation statement without text still says what it is",
			"confirmation-statement", map[string]string{"made_up_date": "2016-06-30"},
			"Confirmation statement made on 30 June 2016"},
		{"a bare annual return uses the original description",
			"annual-return", map[string]string{"original_description": "Annual return made up to 1 May 2010"},
			"Annual return made up to 1 May 2010"},
		{"full accounts name their period end",
			"accounts-with-accounts-type-full", map[string]string{"made_up_date": "2026-03-31"},
			"Full accounts made up to 31 March 2026"},
		{"micro-entity accounts are the registry's micro company accounts",
			"accounts-with-accounts-type-micro-entity", map[string]string{"made_up_date": "2025-12-31"},
			"Micro company accounts made up to 31 December 2025"},
		{"accounts without a date drop the made-up-to words",
			"accounts-with-accounts-type-dormant", map[string]string{},
			"Accounts for a dormant company"},
		{"accounts of a type the registry does not publish are humanised",
			"accounts-with-accounts-type-ultra-lite", map[string]string{"made_up_date": "2025-12-31"},
			"Ultra lite accounts made up to 31 December 2025"},
		{"a director's appointment names the person and the date",
			"appoint-person-director-company-with-name-date", map[string]string{"officer_name": "Mr John Smith", "appointment_date": "2026-04-01"},
			"Appointment of Mr John Smith as a director on 1 April 2026"},
		{"an appointment without a name leaves out the of",
			"appoint-person-director-company-with-name-date", map[string]string{"appointment_date": "2026-04-01"},
			"Appointment as a director on 1 April 2026"},
		{"a name keeps its own case",
			"appoint-corporate-director-company-with-name-date", map[string]string{"officer_name": "de Vere Holdings Ltd", "appointment_date": "2026-04-01"},
			"Appointment of de Vere Holdings Ltd as a director on 1 April 2026"},
		{"a director's termination names the person and date",
			"termination-director-company-with-name-termination-date", map[string]string{"officer_name": "John Smith", "termination_date": "2026-05-02"},
			"Termination of appointment of John Smith as a director on 2 May 2026"},
		{"a person authorised to represent a UK establishment is named with the establishment",
			"change-person-authorised-overseas-company-with-change-date",
			map[string]string{"officer_name": "John Smith", "officer_address": "1 High Street, Leeds", "branch_number": "BR000123", "change_date": "2025-03-03"},
			"Change of details for John Smith of 1 High Street, Leeds as a person authorised to represent UK establishment BR000123 on 3 March 2025"},
		{"a registered office move shows both addresses",
			"change-registered-office-address-company-with-date-old-address-new-address",
			map[string]string{"old_address": "1 Old Road, Leeds", "new_address": "2 New Street, York", "change_date": "2026-02-03"},
			"Registered office address changed from 1 Old Road, Leeds to 2 New Street, York on 3 February 2026"},
		{"a registered office move without the old address drops the from",
			"change-registered-office-address-company-with-date-old-address-new-address",
			map[string]string{"new_address": "2 New Street,\nYork", "change_date": "2026-02-03"},
			"Registered office address changed to 2 New Street, York on 3 February 2026"},
		{"an address's backslashes are line breaks, as the registry's service reads them",
			"change-sail-address-company-with-new-address", map[string]string{"new_address": `2 New Street\York`},
			"Register inspection address has been changed to 2 New Street York"},
		{"a new PSC is named with the date",
			"notification-of-a-person-with-significant-control", map[string]string{"psc_name": "Jane Doe", "notification_date": "2026-04-06"},
			"Notification of Jane Doe as a person with significant control on 6 April 2026"},
		{"a share allotment has the date of its statement of capital",
			"capital-allotment-shares", map[string]string{"date": "2026-03-01"},
			"Statement of capital following an allotment of shares on 1 March 2026"},
		{"a new charge shows its number and creation date",
			"mortgage-create-with-deed-with-charge-number-charge-creation-date", map[string]string{"charge_number": "012345678901", "charge_creation_date": "2026-01-20"},
			"Registration of charge 012345678901, created on 20 January 2026"},
		{"a satisfied charge without a number is still described",
			"mortgage-satisfy-charge-full", nil,
			"Satisfaction of charge in full"},
		{"a resolution uses its description", "resolution", map[string]string{"description": "Resolution of allotment of securities"}, "Resolution of allotment of securities"},
		{"a resolution without text is the registry's", "resolution", nil, "Resolutions"},
		{"a legacy filing uses its description text",
			"legacy", map[string]string{"description": "Secretary's particulars changed;director's particulars changed"},
			"Secretary's particulars changed; director's particulars changed"},
		{"a legacy filing without text is still described", "legacy", nil, "Legacy filing"},
		{"a key the registry does not publish is humanised with its date",
			"notice-of-something-new", map[string]string{"date": "2026-07-01", "name": "Acme"},
			"Notice of something new on 1 July 2026"},
		{"an unknown key lists several dates in order without repeats",
			"odd-thing", map[string]string{"b": "2026-07-01", "a": "2025-01-02", "c": "2026-07-01", "d": "2024-05-05"},
			"Odd thing on 5 May 2024, 2 January 2025 and 1 July 2026"},
		{"an unknown key with no values is just humanised", "second-filing-cs99", nil, "Second filing CS99"},
		{"keys in odd case are normalised",
			" Confirmation-Statement-With-No-Updates ", map[string]string{"made_up_date": "2026-03-31"},
			"Confirmation statement made on 31 March 2026 with no updates"},
		{"a key the registry writes with capitals is found",
			"selection-of-documents-registered-before-January-1995", nil,
			"A selection of documents registered before 1 January 1995"},
		{"an empty key gives nothing", "", map[string]string{"date": "2026-01-01"}, ""},
		{"a blank value counts as missing",
			"appoint-person-director-company-with-name-date", map[string]string{"officer_name": "  ", "appointment_date": "2026-04-01"},
			"Appointment as a director on 1 April 2026"},
		{"a non-date value in a date slot is shown as given",
			"accounts-with-accounts-type-full", map[string]string{"made_up_date": "31 March 2026"},
			"Full accounts made up to 31 March 2026"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := FilingDescription(tt.key, tt.values); got != tt.want {
				t.Errorf("FilingDescription(%q) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
}

func TestTheWordsTheRegistrysPagesShowInBoldAreMarked(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		values map[string]string
		bold   []string
	}{
		{"what the form is", "confirmation-statement-with-no-updates", map[string]string{"made_up_date": "2026-03-31"}, []string{"Confirmation statement"}},
		{"a value in bold, beside the form", "change-person-authorised-overseas-company-with-change-date",
			map[string]string{"officer_name": "John Smith", "branch_number": "BR000123", "change_date": "2025-03-03"}, []string{"Change of details", "BR000123"}},
		{"a missing value in bold leaves no empty mark", "change-person-authorised-overseas-company-with-change-date",
			map[string]string{"officer_name": "John Smith"}, []string{"Change of details"}},
		{"an old paper filing's own text has none", "legacy", map[string]string{"description": "Particulars of a mortgage"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text, spans := FilingDescriptionMarked(tt.key, tt.values)
			var got []string
			for _, s := range spans {
				got = append(got, text[s.Start:s.End])
			}
			if strings.Join(got, "|") != strings.Join(tt.bold, "|") {
				t.Errorf("%q: bold %q, want %q", text, got, tt.bold)
			}
			if strings.Contains(text, "*") {
				t.Errorf("%q keeps a bold marker", text)
			}
		})
	}
}

// TestMissingValuesLeaveCleanText renders every one of the registry's
// sentences with no values at all: nothing may be left that shows the gap.
func TestMissingValuesLeaveCleanText(t *testing.T) {
	for _, e := range enumFilingHistoryDescriptionsDescription {
		got := FilingDescription(e.key, nil)
		for _, dangling := range []string{" on", " to", " from", " of", " for", ",", ":", " -"} {
			if strings.HasSuffix(got, dangling) {
				t.Errorf("FilingDescription(%q, nil) = %q, ends with a dangling %q", e.key, got, dangling)
			}
		}
		for _, gap := range []string{"  ", "()", " ,", "( ", " )", "**"} {
			if strings.Contains(got, gap) {
				t.Errorf("FilingDescription(%q, nil) = %q, shows a gap %q", e.key, got, gap)
			}
		}
		if strings.ContainsAny(got, "{}") || got == "" || got != strings.TrimSpace(got) {
			t.Errorf("FilingDescription(%q, nil) = %q, want clean non-empty text", e.key, got)
		}
	}
}

func BenchmarkFilingDescription(b *testing.B) {
	values := map[string]string{"officer_name": "Mr John Smith", "appointment_date": "2026-04-01"}
	for b.Loop() {
		FilingDescription("appoint-person-director-company-with-name-date", values)
	}
}

func BenchmarkFilingDescriptionFallback(b *testing.B) {
	values := map[string]string{"date": "2026-04-01", "other_date": "2025-01-01"}
	for b.Loop() {
		FilingDescription("some-key-nobody-has-seen", values)
	}
}

func TestFilingHistoryStatusIsASentence(t *testing.T) {
	for key, want := range map[string]string{
		"filing-history-not-available-unknown-prefix":                      "does not recognise the letters its number starts with",
		"filing-history-not-available-royal-charter":                       "royal charter",
		"filing-history-not-available-something-new":                       "(something new)",
		"filing-history-available":                                         "",
		"filing-history-available-no-images-limited-partnership-from-1988": "",
	} {
		got := FilingHistoryStatus(key)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("FilingHistoryStatus(%q) = %q, want it to say %q", key, got, want)
		}
	}
}
