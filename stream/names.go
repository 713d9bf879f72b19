package stream

import "slices"

// DefaultURL is the live streaming API.
const DefaultURL = "https://stream.companieshouse.gov.uk"

// The streams, by the path each is followed at.
const (
	Companies     = "companies"
	Filings       = "filings"
	Officers      = "officers"
	PSCs          = "persons-with-significant-control"
	Charges       = "charges"
	Insolvency    = "insolvency-cases"
	Disqualified  = "disqualified-officers"
	Exemptions    = "company-exemptions"
	PSCStatements = "persons-with-significant-control-statements"
)

// Names are the streams the registry is known to serve, in the order its
// documentation lists them.
func Names() []string {
	return []string{Companies, Filings, Officers, PSCs, Charges, Insolvency, Disqualified, Exemptions, PSCStatements}
}

// Known reports whether name is one of Names.
func Known(name string) bool { return slices.Contains(Names(), name) }
