package present

import (
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
)

// openEnded is the end date the registry gives a verification that lasts.
const openEnded = "9999-12-31"

// verification is what the registry says of a person's identity
// verification, read for showing: whether it is done, and if not, when
// the statement is due and whether that day has passed.
type verification struct {
	v        *api.IdentityVerification
	verified bool   // identity verified, or verified for this appointment
	due      string // ISO date the verification statement is due, if any
	overdue  bool   // due before today, and not verified
}

func readVerification(v *api.IdentityVerification, now time.Time) verification {
	r := verification{v: v}
	if v == nil {
		return r
	}
	r.verified = strings.TrimSpace(v.IdentityVerifiedOn) != "" || strings.TrimSpace(v.AppointmentVerificationStartOn) != ""
	r.due = strings.TrimSpace(v.AppointmentVerificationStatementDueOn)
	if len(r.due) >= 10 && labels.Date(r.due) != r.due {
		r.overdue = !r.verified && r.due[:10] < now.Format(time.DateOnly)
	}
	return r
}

// identityCell is the verification in a few words, for a column of a
// list that leaves the name room: "verified 2 Oct 2025", the statement
// "due in 22 days", "overdue by 9 days" (the person's page has the
// dates), or "" when the registry says nothing; and the accent it takes.
func identityCell(v *api.IdentityVerification, now time.Time) (string, AccentKind) {
	r := readVerification(v, now)
	switch {
	case v == nil:
		return "", 0
	case r.verified && strings.TrimSpace(v.IdentityVerifiedOn) != "":
		return clean("verified " + labels.Date(v.IdentityVerifiedOn)), Verified
	case r.verified:
		return "verified", Verified
	case r.overdue:
		return clean(r.countdown(now)), Overdue
	case r.due != "":
		if c := r.countdown(now); c != "" {
			return "due " + c, 0
		}
		return clean("due " + labels.Date(r.due)), 0
	}
	return "", 0
}

// countdown is how far the statement's due date is from today: "in 22
// days", "today", "tomorrow", "overdue by 9 days"; "" when it is no date.
func (r verification) countdown(now time.Time) string {
	if len(r.due) < 10 {
		return ""
	}
	c, _ := Countdown(r.due[:10], now)
	return strings.TrimPrefix(c, "due ")
}

// dueCounted is the statement's due date with the days to it: "due 14
// Dec 2026 (in 22 days)".
func (r verification) dueCounted(now time.Time) string {
	s := "due " + labels.Date(r.due)
	if c := r.countdown(now); c != "" {
		s += " (" + c + ")"
	}
	return s
}

// dueAhead is the statement's due date, with the days to it while it is
// still to come: a verified person's statement may have been made by its
// day, which the registry does not say.
func (r verification) dueAhead(now time.Time) string {
	if c := r.countdown(now); strings.HasPrefix(c, "overdue") {
		return "due " + labels.Date(r.due)
	}
	return r.dueCounted(now)
}

// identityRows are the verification in full, for a person's page: when
// their identity was verified, from when it counts for this appointment,
// who verified it, when their verification statement is or was due
// (overdue as a warning), and the name they asked to be known by.
func identityRows(v *api.IdentityVerification, now time.Time) []Row {
	if v == nil {
		return nil
	}
	r := readVerification(v, now)
	var rows []Row
	switch {
	case strings.TrimSpace(v.IdentityVerifiedOn) != "":
		rows = append(rows, Row{Label: "Identity", Value: clean("identity verified on " + labels.Date(v.IdentityVerifiedOn)), Tone: Good})
	case r.verified:
		rows = append(rows, Row{Label: "Identity", Value: "identity verified", Tone: Good})
	case r.overdue:
		rows = append(rows, Row{Label: "Identity", Value: clean("verification statement " + r.countdown(now) + ": it was due " + labels.Date(r.due)), Tone: Warning})
	case r.due != "":
		rows = append(rows, Row{Label: "Identity", Value: clean("verification statement " + r.dueCounted(now))})
	}
	if from := strings.TrimSpace(v.AppointmentVerificationStartOn); from != "" {
		span := "from " + labels.Date(from)
		if to := strings.TrimSpace(v.AppointmentVerificationEndOn); to != "" && to != openEnded {
			span += " to " + labels.Date(to)
		}
		rows = add(rows, "For this role", clean("verified "+span))
	}
	if from := strings.TrimSpace(v.AppointmentVerificationStatementDate); from != "" {
		when := "from " + labels.Date(from)
		if r.due != "" {
			when += ", " + r.dueAhead(now)
		}
		rows = add(rows, "Statement", clean(when))
	} else if r.verified && r.due != "" {
		rows = add(rows, "Statement", clean(r.dueAhead(now)))
	}
	if acsp := clean(v.AuthorisedCorporateServiceProviderName); acsp != "" {
		rows = add(rows, "Verified by", acsp+", an authorised corporate service provider")
	}
	rows = rowsOf(rows, "Supervised by", v.AntiMoneyLaunderingSupervisoryBodies)
	rows = add(rows, "Preferred name", v.PreferredName)
	return rows
}
