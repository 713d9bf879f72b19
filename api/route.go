package api

import (
	"net/url"
	"strings"
)

// ResourceKind is what a registry path holds: the registry's URL grammar,
// read in one place (Route) so that callers dispatch on a kind rather than
// on the shape of a path.
type ResourceKind int

// The resources coview knows. ResOther is anything else on the registry:
// it may still be fetched, and is shown as the JSON it is.
const (
	ResOther            ResourceKind = iota
	ResCompany                       // /company/{n}
	ResOfficers                      // /company/{n}/officers
	ResOfficer                       // /company/{n}/appointments/{id}: one officer of the company
	ResFilings                       // /company/{n}/filing-history
	ResFiling                        // /company/{n}/filing-history/{transaction_id}
	ResPSCs                          // /company/{n}/persons-with-significant-control
	ResPSC                           // /company/{n}/persons-with-significant-control/{kind}/{id}
	ResPSCStatements                 // /company/{n}/persons-with-significant-control-statements
	ResPSCStatement                  // /company/{n}/persons-with-significant-control-statements/{id}
	ResCharges                       // /company/{n}/charges
	ResCharge                        // /company/{n}/charges/{id}
	ResInsolvency                    // /company/{n}/insolvency
	ResExemptions                    // /company/{n}/exemptions
	ResRegisters                     // /company/{n}/registers
	ResUKEstablishments              // /company/{n}/uk-establishments
	ResAppointments                  // /officers/{id}/appointments: everything one officer holds
	ResSearch                        // /search?q=: companies, officers and disqualified officers
	ResSearchCompanies               // /search/companies?q=
	ResSearchOfficers                // /search/officers?q=
)

// companyChildren maps the path segment after /company/{n}/ to the list
// or document it names, and, for lists whose items have their own paths,
// the kind of one item.
var companyChildren = map[string]struct{ list, item ResourceKind }{
	"officers":                         {ResOfficers, ResOther},
	"appointments":                     {ResOther, ResOfficer},
	"filing-history":                   {ResFilings, ResFiling},
	"persons-with-significant-control": {ResPSCs, ResPSC},
	"persons-with-significant-control-statements": {ResPSCStatements, ResPSCStatement},
	"charges":           {ResCharges, ResCharge},
	"insolvency":        {ResInsolvency, ResOther},
	"exemptions":        {ResExemptions, ResOther},
	"registers":         {ResRegisters, ResOther},
	"uk-establishments": {ResUKEstablishments, ResOther},
}

// Resource is a place on the registry: what it is, the company it belongs
// to, the item within, and the link to request.
type Resource struct {
	Kind ResourceKind
	// Number is the company the resource belongs to; "" for those that
	// belong to none (an officer's appointments, a search).
	Number Number
	// ID names the item within a list: a filing's transaction id, a
	// charge's id, an officer's id, "individual/{id}" for a PSC.
	ID string
	// Link is the path to request, with its query: checked by CheckLink,
	// so it can only ever reach the configured registry.
	Link string
}

// IsZero reports whether r names nothing.
func (r Resource) IsZero() bool { return r == Resource{} }

// Route reads a link from a response (or one built here) into a Resource.
// A link that is not a path on the registry is refused, with the reason,
// exactly as CheckLink refuses it; anything on the registry that coview
// does not know is ResOther, and still names its company when the path
// starts with one.
func Route(link string) (Resource, error) {
	if err := CheckLink(link); err != nil {
		return Resource{}, err
	}
	u, _ := url.Parse(link) // CheckLink parsed it already
	r := Resource{Link: link}
	segs := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	switch {
	case len(segs) >= 2 && segs[0] == "company":
		n, ok := exactNumber(segs[1])
		if !ok {
			return r, nil
		}
		r.Number = n
		switch len(segs) {
		case 2:
			r.Kind = ResCompany
		case 3:
			r.Kind = companyChildren[segs[2]].list
		default:
			child := companyChildren[segs[2]]
			switch {
			case child.item == ResPSC && len(segs) == 5:
				r.Kind, r.ID = ResPSC, segs[3]+"/"+segs[4]
			case child.item != ResOther && child.item != ResPSC && len(segs) == 4:
				r.Kind, r.ID = child.item, segs[3]
			}
		}
	case len(segs) == 3 && segs[0] == "officers" && segs[2] == "appointments" && segs[1] != "":
		r.Kind, r.ID = ResAppointments, segs[1]
	case len(segs) == 1 && segs[0] == "search":
		r.Kind = ResSearch
	case len(segs) == 2 && segs[0] == "search" && segs[1] == "companies":
		r.Kind = ResSearchCompanies
	case len(segs) == 2 && segs[0] == "search" && segs[1] == "officers":
		r.Kind = ResSearchOfficers
	}
	return r, nil
}

// exactNumber accepts a path segment only if it already is a normalised
// company number: a link the registry wrote names its company exactly.
func exactNumber(seg string) (Number, bool) {
	n, err := ParseNumber(seg)
	return n, err == nil && string(n) == seg
}

// CompanyPath is the path of a company's profile.
func CompanyPath(n Number) string { return "/company/" + url.PathEscape(string(n)) }

// CompanyResource is a company's profile as a Resource.
func CompanyResource(n Number) Resource {
	return Resource{Kind: ResCompany, Number: n, Link: CompanyPath(n)}
}

// FilingPath is the path of one filing in a company's filing history, by
// its transaction id.
func FilingPath(n Number, transactionID string) string {
	return CompanyPath(n) + "/filing-history/" + url.PathEscape(transactionID)
}
