package labels

import (
	"strings"
	"testing"
)

func TestFilingDescription(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		values map[string]string
		want   string
	}{
		{"a confirmation statement with no updates shows its date",
			"confirmation-statement-with-no-updates", map[string]string{"made_up_date": "2026-03-31"},
			"Confirmation statement made up to 31 Mar 2026, no changes"},
		{"a confirmation statement without a date leaves no dangling words",
			"confirmation-statement-with-no-updates", nil,
			"Confirmation statement, no changes"},
		{"a confirmation statement with updates says so",
			"confirmation-statement-with-updates", map[string]string{"made_up_date": "2025-06-30"},
			"Confirmation statement made up to 30 Jun 2025, with changes"},
		{"a bare confirmation statement uses the original description",
			"confirmation-statement", map[string]string{"original_description": " 30/06/16 STATEMENT OF CAPITAL;GBP 100 "},
			"30/06/16 STATEMENT OF CAPITAL; GBP 100"},
		{"a bare confirmation statement without text still says what it is",
			"confirmation-statement", map[string]string{"made_up_date": "2016-06-30"},
			"Confirmation statement made up to 30 Jun 2016"},
		{"a bare annual return uses the original description",
			"annual-return", map[string]string{"original_description": "Annual return made up to 1 May 2010"},
			"Annual return made up to 1 May 2010"},
		{"full accounts name their period end",
			"accounts-with-accounts-type-full", map[string]string{"made_up_date": "2026-03-31"},
			"Full accounts made up to 31 Mar 2026"},
		{"micro-entity accounts are named",
			"accounts-with-accounts-type-micro-entity", map[string]string{"made_up_date": "2025-12-31"},
			"Micro-entity accounts made up to 31 Dec 2025"},
		{"accounts without a date drop the made-up-to phrase",
			"accounts-with-accounts-type-dormant", map[string]string{},
			"Dormant company accounts"},
		{"accounts of an unknown type are humanised",
			"accounts-with-accounts-type-ultra-lite", map[string]string{"made_up_date": "2025-12-31"},
			"Ultra lite accounts made up to 31 Dec 2025"},
		{"untyped accounts show their date",
			"accounts-with-made-up-date", map[string]string{"made_up_date": "2024-04-30"},
			"Accounts made up to 30 Apr 2024"},
		{"a director appointment names the person and the date",
			"appoint-person-director-company-with-name-date", map[string]string{"officer_name": "Mr John Smith", "appointment_date": "2026-04-01"},
			"Mr John Smith appointed director on 1 Apr 2026"},
		{"an appointment without a name still starts with a capital",
			"appoint-person-director-company-with-name-date", map[string]string{"appointment_date": "2026-04-01"},
			"Appointed director on 1 Apr 2026"},
		{"an appointment without a date leaves no dangling on",
			"appoint-person-secretary-company-with-name-date", map[string]string{"officer_name": "Jane Doe"},
			"Jane Doe appointed secretary"},
		{"a name keeps its own case",
			"appoint-corporate-director-company-with-name-date", map[string]string{"officer_name": "de Vere Holdings Ltd"},
			"de Vere Holdings Ltd appointed corporate director"},
		{"a director termination names the person and date",
			"termination-director-company-with-name-termination-date", map[string]string{"officer_name": "John Smith", "termination_date": "2026-05-02"},
			"John Smith ceased to be a director on 2 May 2026"},
		{"a secretary termination with nothing known is still a sentence",
			"termination-secretary-company-with-name-termination-date", nil,
			"Ceased to be secretary"},
		{"a director's change of details names the person",
			"change-person-director-company-with-change-date", map[string]string{"officer_name": "Jane Doe", "change_date": "2026-01-10"},
			"Director's details changed for Jane Doe on 10 Jan 2026"},
		{"a registered office move shows both addresses",
			"change-registered-office-address-company-with-date-old-address-new-address",
			map[string]string{"old_address": "1 Old Road, Leeds", "new_address": "2 New Street, York", "change_date": "2026-02-03"},
			"Registered office moved from 1 Old Road, Leeds to 2 New Street, York on 3 Feb 2026"},
		{"a registered office move without the old address drops the from",
			"change-registered-office-address-company-with-date-old-address-new-address",
			map[string]string{"new_address": "2 New Street,\nYork", "change_date": "2026-02-03"},
			"Registered office moved to 2 New Street, York on 3 Feb 2026"},
		{"a shortened accounting period shows old and new ends",
			"change-account-reference-date-company-previous-shortened", map[string]string{"made_up_date": "2026-03-31", "new_date": "2025-12-31"},
			"Previous accounting period shortened, now ending 31 Dec 2025 instead of 31 Mar 2026"},
		{"an extended accounting period with one date missing says only that",
			"change-account-reference-date-company-previous-extended", map[string]string{"new_date": "2026-06-30"},
			"Previous accounting period extended"},
		{"incorporation needs no values", "incorporation-company", nil, "Company incorporated"},
		{"model articles need no values", "model-articles-adopted", nil, "Model articles adopted"},
		{"a voluntary strike-off notice is described", "gazette-notice-voluntary", nil, "Gazette notice of proposed voluntary strike-off"},
		{"a compulsory strike-off notice is described", "gazette-notice-compulsory", nil, "Gazette notice of proposed compulsory strike-off"},
		{"a voluntary dissolution is described", "gazette-dissolved-voluntary", nil, "Dissolved by voluntary strike-off (final Gazette notice)"},
		{"a compulsory dissolution is described", "gazette-dissolved-compulsory", nil, "Dissolved by compulsory strike-off (final Gazette notice)"},
		{"a dissolution after liquidation is described", "gazette-dissolved-liquidation", nil, "Dissolved after liquidation (final Gazette notice)"},
		{"a new PSC is named with the date",
			"notification-of-a-person-with-significant-control", map[string]string{"psc_name": "Jane Doe", "notification_date": "2026-04-06"},
			"Jane Doe recorded as a person with significant control on 6 Apr 2026"},
		{"a PSC cessation is named with the date",
			"cessation-of-a-person-with-significant-control", map[string]string{"psc_name": "Jane Doe", "cessation_date": "2026-04-07"},
			"Jane Doe ceased to have significant control on 7 Apr 2026"},
		{"a PSC change without a name has no empty brackets",
			"change-to-a-person-with-significant-control", map[string]string{"change_date": "2026-04-08"},
			"Details changed for a person with significant control on 8 Apr 2026"},
		{"a PSC statement notification shows its date",
			"notification-of-a-person-with-significant-control-statement", map[string]string{"notification_date": "2016-06-30"},
			"PSC statement filed on 30 Jun 2016"},
		{"a PSC statement withdrawal shows its date",
			"withdrawal-of-a-person-with-significant-control-statement", map[string]string{"withdrawal_date": "2017-01-01"},
			"PSC statement withdrawn on 1 Jan 2017"},
		{"a share allotment shows the capital date",
			"capital-allotment-shares", map[string]string{"date": "2026-03-01"},
			"Statement of capital after an allotment of shares on 1 Mar 2026"},
		{"a new charge shows its number and creation date",
			"mortgage-create-with-deed-with-charge-number-charge-creation-date", map[string]string{"charge_number": "012345678901", "charge_creation_date": "2026-01-20"},
			"Charge 012345678901 registered, created on 20 Jan 2026"},
		{"a satisfied charge without a number is still described",
			"mortgage-satisfy-charge-full", nil,
			"Charge fully satisfied"},
		{"a liquidator appointment is described", "liquidation-voluntary-appointment-of-liquidator", nil, "Liquidator appointed in a voluntary winding up"},
		{"a statement of affairs is described", "liquidation-voluntary-statement-of-affairs", nil, "Statement of affairs in a voluntary winding up"},
		{"a creditors' final meeting is described", "liquidation-voluntary-creditors-return-of-final-meeting", nil, "Return of the final creditors' meeting in a voluntary winding up"},
		{"a resolution uses its description", "resolution", map[string]string{"description": "Resolution of allotment of securities"}, "Resolution of allotment of securities"},
		{"a resolution without text is still described", "resolution", nil, "Resolution passed"},
		{"a change of name by resolution is described", "change-of-name-by-resolution", nil, "Name changed by resolution"},
		{"a legacy filing uses its description text",
			"legacy", map[string]string{"description": "Secretary's particulars changed;director's particulars changed"},
			"Secretary's particulars changed; director's particulars changed"},
		{"a legacy filing without text is still described", "legacy", nil, "Legacy filing"},
		{"an unknown key is humanised with its date",
			"notice-of-something-new", map[string]string{"date": "2026-07-01", "name": "Acme"},
			"Notice of something new on 1 Jul 2026"},
		{"an unknown key lists several dates in order without repeats",
			"odd-thing", map[string]string{"b": "2026-07-01", "a": "2025-01-02", "c": "2026-07-01", "d": "2024-05-05"},
			"Odd thing on 5 May 2024, 2 Jan 2025 and 1 Jul 2026"},
		{"an unknown key with no values is just humanised", "second-filing-cs01", nil, "Second filing CS01"},
		{"keys in odd case are normalised",
			" Confirmation-Statement-With-No-Updates ", map[string]string{"made_up_date": "2026-03-31"},
			"Confirmation statement made up to 31 Mar 2026, no changes"},
		{"an empty key gives nothing", "", map[string]string{"date": "2026-01-01"}, ""},
		{"a blank value counts as missing",
			"appoint-person-director-company-with-name-date", map[string]string{"officer_name": "  ", "appointment_date": "2026-04-01"},
			"Appointed director on 1 Apr 2026"},
		{"a non-date value in a date slot is shown as given",
			"accounts-with-made-up-date", map[string]string{"made_up_date": "31 March 2026"},
			"Accounts made up to 31 March 2026"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FilingDescription(tt.key, tt.values)
			if got != tt.want {
				t.Errorf("FilingDescription(%q) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
}

// TestMissingPlaceholdersLeaveCleanText renders every template with no
// values at all: nothing may be left that shows the gap.
func TestMissingPlaceholdersLeaveCleanText(t *testing.T) {
	for key := range filingTemplates {
		got := FilingDescription(key, nil)
		for _, dangling := range []string{" on", " to", " from", " of", " for", ",", ":"} {
			if strings.HasSuffix(got, dangling) {
				t.Errorf("FilingDescription(%q, nil) = %q, ends with a dangling %q", key, got, dangling)
			}
		}
		for _, gap := range []string{"  ", "()", " ,", "( ", " )"} {
			if strings.Contains(got, gap) {
				t.Errorf("FilingDescription(%q, nil) = %q, shows a gap %q", key, got, gap)
			}
		}
		if strings.ContainsAny(got, "{}[]") || got == "" || got != strings.TrimSpace(got) {
			t.Errorf("FilingDescription(%q, nil) = %q, want clean non-empty text", key, got)
		}
		if c := got[0]; c >= 'a' && c <= 'z' {
			t.Errorf("FilingDescription(%q, nil) = %q, want a capital first letter", key, got)
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
