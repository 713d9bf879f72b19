package watch

import (
	"strings"
	"time"

	"coview/api"
)

// Kind names a sort of change. The names are stable: scripts match on
// them (kind starts with "officer/", equals "status/status-changed").
// A filing's kind is "filing/" and its category, as the registry writes
// it ("filing/accounts").
type Kind string

// The kinds of change. What each means is in the README's watch section.
const (
	KindFilingPrefix Kind = "filing/"
	// KindFilingsNotListed stands for filings beyond what one check reads
	// (more than a page arrived since the last check).
	KindFilingsNotListed Kind = "filing/not-listed"

	KindOfficerAppointed       Kind = "officer/appointed"
	KindOfficerResigned        Kind = "officer/resigned"
	KindOfficerRemoved         Kind = "officer/removed" // gone from the list without a resignation (a correction)
	KindOfficerDetails         Kind = "officer/details-changed"
	KindPSCNotified            Kind = "psc/notified"
	KindPSCCeased              Kind = "psc/ceased"
	KindPSCDetails             Kind = "psc/details-changed"
	KindPSCStatementAdded      Kind = "psc/statement-added"
	KindPSCStatementWithdrawn  Kind = "psc/statement-withdrawn"
	KindChargeCreated          Kind = "charge/created"
	KindChargeAcquired         Kind = "charge/acquired"
	KindChargeSatisfied        Kind = "charge/satisfied"
	KindChargePartSatisfied    Kind = "charge/part-satisfied"
	KindInsolvencyCase         Kind = "insolvency/case-opened"
	KindInsolvencyPractitioner Kind = "insolvency/practitioner-appointed"

	KindStatusChanged         Kind = "status/status-changed"
	KindDissolved             Kind = "status/dissolved"
	KindStrikeOffProposed     Kind = "status/strike-off-proposed"
	KindStrikeOffDiscontinued Kind = "status/strike-off-discontinued"

	KindNameChanged          Kind = "profile/name-changed"
	KindAddressChanged       Kind = "profile/address-changed"
	KindSICChanged           Kind = "profile/sic-changed"
	KindReferenceDateChanged Kind = "profile/accounting-reference-date-changed"
	KindOfficeInDispute      Kind = "profile/office-in-dispute"
	KindUndeliverableOffice  Kind = "profile/undeliverable-address"

	KindAccountsOverdue     Kind = "deadline/accounts-overdue"
	KindConfirmationOverdue Kind = "deadline/confirmation-statement-overdue"
	// A deadline reported overdue that is no longer: the filing came in
	// (Before is the date it was due, After the next due date).
	KindAccountsNoLongerOverdue     Kind = "deadline/accounts-no-longer-overdue"
	KindConfirmationNoLongerOverdue Kind = "deadline/confirmation-statement-no-longer-overdue"

	// What the figures of new accounts show against the year before, read
	// from their document when they were filed: each red flag (After is
	// the year's figure in whole units as filed, Before the year
	// before's, Field the unit when not pounds), or with none the net
	// assets (After, "" when not given).
	KindNetAssetsFell         Kind = "accounts/net-assets-fell"
	KindNegativeNetAssets     Kind = "accounts/negative-net-assets"
	KindNetCurrentLiabilities Kind = "accounts/net-current-liabilities"
	KindAccountsFigures       Kind = "accounts/figures"
)

// FilingKind is the kind of a new filing of the given category.
func FilingKind(category string) Kind {
	c := strings.TrimSpace(category)
	if c == "" {
		c = "other"
	}
	return KindFilingPrefix + Kind(c)
}

// IsFiling reports whether the change is a new filing.
func (k Kind) IsFiling() bool {
	return strings.HasPrefix(string(k), string(KindFilingPrefix)) && k != KindFilingsNotListed
}

// Change is one thing that changed at a watched company, as recorded in
// the change log. The members after Date are set as the kind needs them;
// text in them came from the registry (sanitise it before printing).
type Change struct {
	ID          int64      `json:"-"` // its place in the log
	Number      api.Number `json:"company_number"`
	CompanyName string     `json:"company_name"`
	Kind        Kind       `json:"kind"`
	// Date is when it happened by the registry's account (a filing's date,
	// a resignation's), or else the day it was noticed: YYYY-MM-DD.
	Date string `json:"date"`

	// A filing: its id, form type, category and description key with
	// its values (present puts them into words).
	TransactionID     string            `json:"transaction_id,omitempty"`
	FormType          string            `json:"form_type,omitempty"`
	Category          string            `json:"category,omitempty"`
	Description       string            `json:"description,omitempty"`
	DescriptionValues map[string]string `json:"description_values,omitempty"`

	// A field of the profile that changed, or the details of an officer
	// or owner that did: which, and from what to what.
	Field  string `json:"field,omitempty"`
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`

	// An officer, a person with significant control, a lender or an
	// insolvency practitioner: the name, and a role (an officer's role, a
	// PSC's kind, a case's type).
	Name string `json:"name,omitempty"`
	Role string `json:"role,omitempty"`
	// A charge: its code or number. Count: how many filings a
	// KindFilingsNotListed stands for.
	Charge string `json:"charge,omitempty"`
	Count  int    `json:"count,omitempty"`
	// OfficerID is the watched person a person/ change is about (the
	// registry's officer id); Number is then the company of the
	// appointment, if the change has one.
	OfficerID string `json:"officer_id,omitempty"`

	// RecordedAt is when a check recorded it; SeenAt when it was marked
	// seen (zero while unseen).
	RecordedAt time.Time `json:"recorded_at"`
	SeenAt     time.Time `json:"-"`
}

// Seen reports whether the change has been marked seen.
func (c Change) Seen() bool { return !c.SeenAt.IsZero() }
