package present

import (
	"strings"
	"testing"
	"time"

	"coview/watch"
)

// Each kind of change reads as a line of its own, in words; text from
// the registry is made safe to print.
func TestEveryKindOfChangeReadsAsWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		change watch.Change
		want   string
	}{
		{watch.Change{Kind: "filing/accounts", FormType: "AA", Description: "accounts-with-accounts-type-full",
			DescriptionValues: map[string]string{"made_up_date": "2026-03-31"}},
			"filed: full accounts made up to 31 March 2026 (AA)"},
		{watch.Change{Kind: "filing/officers", FormType: "TM01", Description: "termination-director-company-with-name-termination-date",
			DescriptionValues: map[string]string{"officer_name": "Bartholomew Quince", "termination_date": "2026-11-24"}},
			"filed: termination of appointment of Bartholomew Quince as a director on 24 November 2026 (TM01)"},
		{watch.Change{Kind: "filing/capital", FormType: "SH01", Category: "capital"}, "filed: share capital (SH01)"},
		{watch.Change{Kind: watch.KindFilingsNotListed, Count: 1200}, "and 1,200 more filings since the last check, not listed here (see its filing history)"},
		{watch.Change{Kind: watch.KindStatusChanged, Before: "active", After: "liquidation"}, "status: active -> liquidation"},
		{watch.Change{Kind: watch.KindDissolved, Before: "active", After: "dissolved"}, "status: active -> dissolved"},
		{watch.Change{Kind: watch.KindStatusChanged, Before: "administration", After: "voluntary-arrangement"}, "status: administration -> voluntary arrangement"},
		{watch.Change{Kind: watch.KindStrikeOffProposed}, "strike-off proposed (a notice in the Gazette: the company may be dissolved)"},
		{watch.Change{Kind: watch.KindStrikeOffDiscontinued}, "strike-off discontinued"},
		{watch.Change{Kind: watch.KindOfficerAppointed, Name: "QUINCE, Bartholomew", Role: "director"}, "officer appointed: QUINCE, Bartholomew (director)"},
		{watch.Change{Kind: watch.KindOfficerResigned, Name: "QUILLFEATHER SECRETARIES LIMITED", Role: "corporate-secretary"},
			"officer resigned: QUILLFEATHER SECRETARIES LIMITED (corporate secretary)"},
		{watch.Change{Kind: watch.KindOfficerRemoved, Name: "A", Role: "director"}, "officer no longer listed: A (director)"},
		{watch.Change{Kind: watch.KindOfficerDetails, Name: "A", Role: "director", Field: "address", Before: "1 Road", After: "2 Road"},
			"officer's details changed: A (director): address: 1 Road -> 2 Road"},
		{watch.Change{Kind: watch.KindPSCNotified, Name: "Mx Euphemia Thorncastle", Role: "individual-person-with-significant-control"},
			"person with significant control notified: Mx Euphemia Thorncastle (individual)"},
		{watch.Change{Kind: watch.KindPSCCeased, Name: "Gooseberry Holdings Ltd", Role: "corporate-entity-person-with-significant-control"},
			"person with significant control ceased: Gooseberry Holdings Ltd (corporate)"},
		{watch.Change{Kind: watch.KindChargeCreated, Charge: "000064230004", Name: "Wessex Mutual Bank PLC"}, "charge created: 000064230004 (Wessex Mutual Bank PLC)"},
		{watch.Change{Kind: watch.KindChargeSatisfied, Charge: "000064230002"}, "charge satisfied: 000064230002"},
		{watch.Change{Kind: watch.KindChargePartSatisfied, Charge: "7"}, "charge partly satisfied: 7"},
		{watch.Change{Kind: watch.KindInsolvencyCase, Role: "creditors-voluntary-liquidation", Name: "2"}, "insolvency case opened: creditors' voluntary liquidation (case 2)"},
		{watch.Change{Kind: watch.KindInsolvencyPractitioner, Name: "Zephyrine Gustavsen"}, "insolvency practitioner appointed: Zephyrine Gustavsen"},
		{watch.Change{Kind: watch.KindNameChanged, Before: "A LTD", After: "B LTD"}, "name: A LTD -> B LTD"},
		{watch.Change{Kind: watch.KindAddressChanged, Before: "1 Road", After: "2 Road"}, "registered office: 1 Road -> 2 Road"},
		{watch.Change{Kind: watch.KindSICChanged, Before: "56102", After: "56102, 10710"}, "SIC codes: 56102 -> 56102, 10710"},
		{watch.Change{Kind: watch.KindSICChanged, Before: "", After: "62012"}, "SIC codes: (none) -> 62012"},
		{watch.Change{Kind: watch.KindReferenceDateChanged, Before: "31-03", After: "30-06"}, "accounting reference date: 31 March -> 30 June"},
		{watch.Change{Kind: watch.KindOfficeInDispute}, "registered office in dispute"},
		{watch.Change{Kind: watch.KindUndeliverableOffice}, "registered office address undeliverable: mail sent there comes back"},
		{watch.Change{Kind: watch.KindAccountsOverdue, After: "2026-11-20"}, "overdue now: accounts due 20 Nov 2026"},
		{watch.Change{Kind: watch.KindConfirmationOverdue, After: "2027-01-28"}, "overdue now: confirmation statement due 28 Jan 2027"},
		{watch.Change{Kind: watch.KindAccountsNoLongerOverdue, Before: "2026-09-30", After: "2027-09-30"}, "no longer overdue: accounts, next due 30 Sep 2027"},
		{watch.Change{Kind: watch.KindConfirmationNoLongerOverdue, Before: "2026-11-02", After: "2027-11-16"}, "no longer overdue: confirmation statement, next due 16 Nov 2027"},
		{watch.Change{Kind: watch.KindNameChanged, Before: "EVIL\x1b[2J LTD", After: "B\u202e LTD"}, "name: EVIL␛[2J LTD -> B<U+202E> LTD"},
		{watch.Change{Kind: "register/moved", Name: "members"}, "Register moved: members"},
	} {
		if got := WatchChange(c.change); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.change.Kind, got, c.want)
		}
	}
}

// A change on a line of its own, as watch check prints it for cron.
func TestAChangeLineNamesTheCompanyAndTheDate(t *testing.T) {
	t.Parallel()
	c := watch.Change{Number: "00006400", CompanyName: "MARZIPAN MOUNTAIN LTD", Date: "2026-11-24", Kind: "filing/accounts",
		FormType: "AA", Description: "accounts-with-accounts-type-full", DescriptionValues: map[string]string{"made_up_date": "2026-03-31"}}
	if got, want := WatchChangeLine(c), "00006400  MARZIPAN MOUNTAIN LTD  2026-11-24  filed: full accounts made up to 31 March 2026 (AA)"; got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// The list and the deadlines as pages, as --plain prints them.
func TestTheWatchListAndItsDeadlinesAsPages(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	companies := []watch.Company{
		{Number: "00006400", Name: "MARZIPAN MOUNTAIN SOFTWARE LTD", Unseen: 2, CheckedAt: today,
			Profile: watch.ProfileSnap{Status: "active", AccountsDue: "2026-12-31", ConfirmationDue: "2026-11-01"}},
		{Number: "00006402", Name: "GONE LTD", Profile: watch.ProfileSnap{Status: "dissolved", AccountsDue: "2020-01-01"}},
	}
	var b strings.Builder
	WritePage(&b, WatchList(companies, today), true)
	for _, want := range []string{"2 companies watched, 1 with changes not seen yet", "Number    Name", "31 Dec 2026",
		"1 Nov 2026 (overdue)", "not yet"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the list lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "1 Jan 2020") {
		t.Errorf("a dissolved company's stale due date is shown:\n%s", b.String())
	}
	b.Reset()
	WritePage(&b, WatchDeadlines(watch.Deadlines(companies, today, time.Time{}), today), true)
	got := b.String()
	if !strings.Contains(got, "2 deadlines, 1 overdue") || strings.Index(got, "overdue by 23 days") > strings.Index(got, "due in 37 days") {
		t.Errorf("deadlines:\n%s", got)
	}
}
