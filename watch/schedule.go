package watch

import (
	"hash/fnv"
	"time"

	"coview/api"
)

// rereads says what a new filing of a category makes a check read again
// besides the profile, which every new filing makes it read: a filing
// about officers, the officers, and so on. A category not known here
// (and one the registry may add) re-reads every list.
func rereads(category string) []string {
	switch category {
	case "officers":
		return []string{setOfficers}
	case "persons-with-significant-control":
		return []string{setPSCs, setPSCStatements}
	case "mortgage":
		return []string{setCharges}
	case "insolvency", "liquidation", "gazette":
		return []string{setInsolvency}
	case "accounts", "dissolution", "confirmation-statement", "annual-return", "address",
		"change-of-name", "capital", "resolution", "incorporation", "restoration":
		return nil
	}
	return []string{setOfficers, setPSCs, setPSCStatements, setCharges, setInsolvency}
}

// How often a profile is read when no filing says it changed: what
// changes without a filing (an office in dispute, an undeliverable
// address, a status the registry is late with) is found this way.
const (
	profileEvery         = 24 * time.Hour      // the usual
	profileNearDeadline  = 6 * time.Hour       // within nearDeadline of a due date
	profileOnceDissolved = 30 * 24 * time.Hour // nothing much happens any more
	nearDeadline         = 14 * 24 * time.Hour
	// spread is the share of an interval by which companies' slots are
	// spread (by a hash of the number), so that a list added at once is
	// not read again all at once.
	spread = 0.15
)

// profileDue reports whether a company's profile is due to be read again
// at now, it having been read at readAt.
func profileDue(n api.Number, p ProfileSnap, readAt, now time.Time, noted map[string]string) bool {
	if readAt.IsZero() {
		return true
	}
	today := now.Format(time.DateOnly)
	if pastDue(p, noted, today) {
		return true
	}
	every := profileEvery
	switch {
	case closedStatus(p.Status):
		every = profileOnceDissolved
	case dueWithin(p.AccountsDue, now, nearDeadline) || dueWithin(p.ConfirmationDue, now, nearDeadline):
		every = profileNearDeadline
	}
	every -= time.Duration(float64(every) * spread * slot(n))
	return !now.Before(readAt.Add(every))
}

// dueWithin reports whether the date due is less than d ahead of now.
func dueWithin(due string, now time.Time, d time.Duration) bool {
	t, err := time.Parse(time.DateOnly, due)
	return err == nil && t.Sub(now) < d
}

// slot places a company in [0, 1) by a hash of its number.
func slot(n api.Number) float64 {
	h := fnv.New32a()
	h.Write([]byte(n))
	return float64(h.Sum32()) / (1 << 32)
}
