package watch

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"coview/api"
)

// diffProfile finds what changed between two readings of a profile.
// today dates the changes, which the profile itself does not.
func diffProfile(old, now ProfileSnap, today string) []Change {
	var out []Change
	field := func(kind Kind, name, before, after string) {
		out = append(out, Change{Kind: kind, Date: today, Field: name, Before: before, After: after})
	}
	if old.Status != now.Status && now.Status != "" {
		kind := KindStatusChanged
		if closedStatus(now.Status) {
			kind = KindDissolved
		}
		field(kind, "company_status", old.Status, now.Status)
	}
	const proposal = "active-proposal-to-strike-off"
	switch {
	case old.StatusDetail != proposal && now.StatusDetail == proposal:
		field(KindStrikeOffProposed, "company_status_detail", old.StatusDetail, now.StatusDetail)
	case old.StatusDetail == proposal && now.StatusDetail != proposal && !closedStatus(now.Status):
		field(KindStrikeOffDiscontinued, "company_status_detail", old.StatusDetail, now.StatusDetail)
	}
	if old.Name != now.Name && now.Name != "" {
		field(KindNameChanged, "company_name", old.Name, now.Name)
	}
	if old.Office != now.Office && now.Office != "" {
		field(KindAddressChanged, "registered_office_address", old.Office, now.Office)
	}
	if !slices.Equal(old.SIC, now.SIC) {
		field(KindSICChanged, "sic_codes", strings.Join(old.SIC, ", "), strings.Join(now.SIC, ", "))
	}
	if old.ReferenceDate != now.ReferenceDate && now.ReferenceDate != "" {
		field(KindReferenceDateChanged, "accounting_reference_date", old.ReferenceDate, now.ReferenceDate)
	}
	if !old.InDispute && now.InDispute {
		field(KindOfficeInDispute, "registered_office_is_in_dispute", "false", "true")
	}
	if !old.Undeliverable && now.Undeliverable {
		field(KindUndeliverableOffice, "undeliverable_registered_office_address", "false", "true")
	}
	return out
}

// closedStatus reports whether a company with this status has ceased to
// exist on the register.
func closedStatus(status string) bool {
	return api.StatusClassOf(status) == api.ClassDissolved
}

// overdue finds the deadlines that have passed and were not reported
// yet: by the registry's flag, or by the due date, which needs no request
// to notice; and those reported overdue that are no longer (the filing
// came in). noted holds the due date each deadline was last reported
// overdue for, and is updated.
func overdue(p ProfileSnap, noted map[string]string, today string) []Change {
	if closedStatus(p.Status) {
		return nil
	}
	var out []Change
	for _, d := range []struct {
		kind, over Kind
		key        string
		due        string
		flagged    bool
	}{
		{KindAccountsOverdue, KindAccountsNoLongerOverdue, "accounts", p.AccountsDue, p.AccountsOverdue},
		{KindConfirmationOverdue, KindConfirmationNoLongerOverdue, "confirmation", p.ConfirmationDue, p.ConfirmationOverdue},
	} {
		late := d.flagged || (d.due != "" && d.due < today)
		was, reported := strings.CutSuffix(noted[d.key], "|late")
		switch {
		case !late && reported:
			delete(noted, d.key)
			out = append(out, Change{Kind: d.over, Date: today, Field: d.key, Before: was, After: d.due})
		case !late || noted[d.key] == d.due+"|late":
		default:
			noted[d.key] = d.due + "|late"
			date := today
			if d.due != "" && d.due < today {
				date = d.due
			}
			out = append(out, Change{Kind: d.kind, Date: date, Field: d.key, After: d.due})
		}
	}
	return out
}

// pastDue reports whether a deadline of the profile has passed by the
// date alone and was not reported yet: a profile worth reading again
// before saying so, since the company may have filed meanwhile.
func pastDue(p ProfileSnap, noted map[string]string, today string) bool {
	if closedStatus(p.Status) {
		return false
	}
	return (p.AccountsDue != "" && p.AccountsDue < today && noted["accounts"] != p.AccountsDue+"|late") ||
		(p.ConfirmationDue != "" && p.ConfirmationDue < today && noted["confirmation"] != p.ConfirmationDue+"|late")
}

// listKinds says what to call the changes of one dataset.
type listKinds struct {
	added, ended, removed, details Kind
}

var kindsOf = sync.OnceValue(func() map[string]listKinds {
	return map[string]listKinds{
		setOfficers:      {KindOfficerAppointed, KindOfficerResigned, KindOfficerRemoved, KindOfficerDetails},
		setPSCs:          {KindPSCNotified, KindPSCCeased, "", KindPSCDetails},
		setPSCStatements: {KindPSCStatementAdded, KindPSCStatementWithdrawn, "", ""},
	}
})

// diffList finds what changed between two readings of a dataset.
func diffList(set string, old, now ListSnap, today string) []Change {
	switch set {
	case setCharges:
		return diffCharges(old, now, today)
	case setInsolvency:
		return diffInsolvency(old, now, today)
	}
	k := kindsOf()[set]
	var out []Change
	for _, key := range sortedKeys(now.Items) {
		it := now.Items[key]
		was, known := old.Items[key]
		switch {
		case !known:
			out = append(out, itemChange(k.added, it, orDate(it.Began, today)))
			if it.Ended != "" {
				out = append(out, itemChange(k.ended, it, orDate(it.Ended, today)))
			}
		case was.Ended == "" && it.Ended != "":
			out = append(out, itemChange(k.ended, it, orDate(it.Ended, today)))
		case k.details != "" && it.Ended == "":
			for _, d := range sortedKeys(it.Details) {
				if was.Details[d] != it.Details[d] {
					c := itemChange(k.details, it, today)
					c.Field, c.Before, c.After = d, was.Details[d], it.Details[d]
					out = append(out, c)
				}
			}
			if was.Name != it.Name && was.Name != "" {
				c := itemChange(k.details, it, today)
				c.Field, c.Before, c.After = "name", was.Name, it.Name
				out = append(out, c)
			}
		}
	}
	if !now.Partial && !old.Partial && k.removed != "" {
		for _, key := range sortedKeys(old.Items) {
			if it := old.Items[key]; it.Ended == "" {
				if _, still := now.Items[key]; !still {
					out = append(out, itemChange(k.removed, it, today))
				}
			}
		}
	}
	return out
}

func diffCharges(old, now ListSnap, today string) []Change {
	var out []Change
	for _, key := range sortedKeys(now.Items) {
		it := now.Items[key]
		was, known := old.Items[key]
		if !known {
			kind := KindChargeCreated
			if it.Details["acquired"] != "" {
				kind = KindChargeAcquired
			}
			out = append(out, chargeChange(kind, it, orDate(it.Began, today)))
		}
		if was.Status == it.Status && known {
			continue
		}
		switch {
		case satisfied(it.Status) && !satisfied(was.Status):
			out = append(out, chargeChange(KindChargeSatisfied, it, orDate(it.Ended, today)))
		case it.Status == "part-satisfied" && was.Status != "part-satisfied":
			out = append(out, chargeChange(KindChargePartSatisfied, it, today))
		}
	}
	return out
}

func satisfied(status string) bool { return status == "satisfied" || status == "fully-satisfied" }

func chargeChange(kind Kind, it ItemSnap, date string) Change {
	return Change{Kind: kind, Date: date, Charge: it.Role, Name: it.Name}
}

func diffInsolvency(old, now ListSnap, today string) []Change {
	var out []Change
	for _, key := range sortedKeys(now.Items) {
		it := now.Items[key]
		was, known := old.Items[key]
		if !known {
			out = append(out, Change{Kind: KindInsolvencyCase, Date: orDate(it.Began, today), Role: it.Role, Name: it.Name})
		}
		for _, name := range sortedKeys(it.Details) {
			if _, before := was.Details[name]; !before {
				out = append(out, Change{Kind: KindInsolvencyPractitioner, Date: orDate(it.Details[name], today), Name: name, Role: it.Role})
			}
		}
	}
	return out
}

func itemChange(kind Kind, it ItemSnap, date string) Change {
	return Change{Kind: kind, Date: date, Name: it.Name, Role: it.Role}
}

// orDate is d when it is a date, else fallback.
func orDate(d, fallback string) string {
	if _, err := time.Parse(time.DateOnly, d); err == nil {
		return d
	}
	return fallback
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
