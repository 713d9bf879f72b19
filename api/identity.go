package api

// IdentityVerification is what the registry says of an officer's or a
// person with significant control's identity verification
// (identity_verification_details, added in 2025 under the Economic Crime
// and Corporate Transparency Act). Each member may be missing; dates are
// ISO. An officer verified through an authorised corporate service
// provider has its name and supervisory bodies; one still to verify has
// only the date their verification statement is due.
type IdentityVerification struct {
	// IdentityVerifiedOn is when the person's identity was verified.
	IdentityVerifiedOn string `json:"identity_verified_on"`
	// AppointmentVerificationStartOn and EndOn bound the verification of
	// this appointment; the end is "9999-12-31" while it lasts.
	AppointmentVerificationStartOn string `json:"appointment_verification_start_on"`
	AppointmentVerificationEndOn   string `json:"appointment_verification_end_on"`
	// AppointmentVerificationStatementDate is when the person's
	// verification statement is to be given from (a PSC's 14 days start
	// then); StatementDueOn the last day it is due.
	AppointmentVerificationStatementDate  string `json:"appointment_verification_statement_date"`
	AppointmentVerificationStatementDueOn string `json:"appointment_verification_statement_due_on"`
	// AuthorisedCorporateServiceProviderName is the provider that
	// verified the person, when one did, and
	// AntiMoneyLaunderingSupervisoryBodies the bodies that supervise it.
	AuthorisedCorporateServiceProviderName string   `json:"authorised_corporate_service_provider_name"`
	AntiMoneyLaunderingSupervisoryBodies   []string `json:"anti_money_laundering_supervisory_bodies"`
	// PreferredName is the name the person asked to be known by.
	PreferredName string `json:"preferred_name"`
}
