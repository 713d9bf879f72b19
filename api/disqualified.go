package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
)

// The register of disqualified directors: a person's record
// (/disqualified-officers/natural/{id}, DisqualifiedPerson) and a
// corporate body's (/disqualified-officers/corporate/{id},
// DisqualifiedCorporate), found by /search/disqualified-officers. No
// officer or company links to one: a record is reached from a search.

// Disqualified is what both records hold: the disqualifications, latest
// first as the registry sends them, and the permissions to act that courts
// gave meanwhile.
type Disqualified struct {
	Kind              string             `json:"kind"` // natural-disqualification, corporate-disqualification
	Etag              string             `json:"etag"`
	Disqualifications []Disqualification `json:"disqualifications"`
	PermissionsToAct  []PermissionToAct  `json:"permissions_to_act"`
	Links             struct {
		Self string `json:"self"`
	} `json:"links"`
}

// DisqualifiedPerson is a natural person's record. The date of birth is a
// whole date, unlike an officer's.
type DisqualifiedPerson struct {
	Disqualified
	Title          string `json:"title"`
	Forename       string `json:"forename"`
	OtherForenames string `json:"other_forenames"`
	Surname        string `json:"surname"`
	Honours        string `json:"honours"`
	Nationality    string `json:"nationality"`
	DateOfBirth    string `json:"date_of_birth"`
	PersonNumber   string `json:"person_number"`
}

// Name is the person's name as the registry's pages write it: title,
// forenames, surname, honours.
func (p *DisqualifiedPerson) Name() string {
	return strings.Join(strings.Fields(strings.Join([]string{p.Title, p.Forename, p.OtherForenames, p.Surname, p.Honours}, " ")), " ")
}

// DisqualifiedCorporate is a corporate body's record.
type DisqualifiedCorporate struct {
	Disqualified
	Name                  string `json:"name"`
	CompanyNumber         string `json:"company_number"`
	CountryOfRegistration string `json:"country_of_registration"`
}

// Disqualification is one disqualification: from when until when (a
// sanction may have no end), what made it (DisqualificationType: a court
// order, an undertaking, a sanction; upper case in some of the registry's
// data), why (Reason), and the companies where the conduct took place, by
// name only.
type Disqualification struct {
	DisqualificationType string                 `json:"disqualification_type"`
	DisqualifiedFrom     string                 `json:"disqualified_from"`
	DisqualifiedUntil    string                 `json:"disqualified_until"`
	HeardOn              string                 `json:"heard_on"`      // a court order's hearing
	UndertakenOn         string                 `json:"undertaken_on"` // an undertaking's date
	CourtName            string                 `json:"court_name"`
	CaseIdentifier       string                 `json:"case_identifier"`
	CompanyNames         StringList             `json:"company_names"`
	Address              *DisqualifiedAddress   `json:"address"`
	Reason               DisqualificationReason `json:"reason"`
	LastVariation        Variations             `json:"last_variation"`
}

// DisqualificationReason is why: the reason's key
// (DescriptionIdentifier), the act it was made under, and the section of
// the 1986 act or the article of the Northern Ireland order.
type DisqualificationReason struct {
	DescriptionIdentifier string `json:"description_identifier"`
	Act                   string `json:"act"`
	Section               string `json:"section"`
	Article               string `json:"article"`
}

// DisqualifiedAddress is the address the disqualifying authority gave.
// The registry's own data spells premises "premise" in places: both are
// read (Lines).
type DisqualifiedAddress struct {
	Address
	Premise string `json:"premise"`
}

// Lines is the address with premises from whichever spelling came.
func (a *DisqualifiedAddress) Lines() *Address {
	if a == nil {
		return nil
	}
	out := a.Address
	if strings.TrimSpace(out.Premises) == "" {
		out.Premises = a.Premise
	}
	return &out
}

// Variation is a change a court made to a disqualification.
type Variation struct {
	VariedOn       string `json:"varied_on"`
	CourtName      string `json:"court_name"`
	CaseIdentifier string `json:"case_identifier"`
}

// Variations are a disqualification's last variation: the published
// schema makes it a list, other readers of the registry an object; both
// are read.
type Variations []Variation

func (v *Variations) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*v = nil
		return nil
	case len(b) > 0 && b[0] == '{':
		var one Variation
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*v = Variations{one}
		return nil
	}
	var many []Variation
	if err := json.Unmarshal(b, &many); err != nil {
		return errors.New("want a variation or a list of them")
	}
	*v = many
	return nil
}

// PermissionToAct is a court's leave to act for some companies despite a
// disqualification, from GrantedOn to ExpiresOn.
type PermissionToAct struct {
	CompanyNames StringList `json:"company_names"`
	CourtName    string     `json:"court_name"`
	GrantedOn    string     `json:"granted_on"`
	ExpiresOn    string     `json:"expires_on"`
}

// The two kinds of record as a path segment, as written in
// /disqualified-officers/{kind}/{id}.
const (
	disqualifiedNatural   = "natural"
	disqualifiedCorporate = "corporate"
)

// DisqualifiedRecord is the shortest form of a record's link that
// DisqualifiedResource reads back: "natural/{id}" or "corporate/{id}", as
// coview search --disqualified prints it; "" for a resource that is not
// a disqualified officer's record.
func DisqualifiedRecord(res Resource) string {
	switch res.Kind {
	case ResDisqualifiedNatural:
		return disqualifiedNatural + "/" + res.ID
	case ResDisqualifiedCorporate:
		return disqualifiedCorporate + "/" + res.ID
	}
	return ""
}

// ErrNotARecord is returned by DisqualifiedResource for what names no
// disqualified officer's record.
var ErrNotARecord = errors.New(`want natural/ID or corporate/ID, or a record's link (/disqualified-officers/natural/ID)`)

// DisqualifiedResource reads a disqualified officer's record as a person
// writes it: "natural/{id}" or "corporate/{id}" (DisqualifiedRecord), the
// record's link as the registry gives it
// (/disqualified-officers/natural/{id}), or the address of its page on the
// registry's web site or API, whose path is that link. The link made is
// checked as any link is (CheckLink), so that it can only name a record on
// the configured registry.
func DisqualifiedResource(s string) (Resource, error) {
	s = strings.TrimSpace(s)
	if u, err := url.Parse(s); err == nil && u.Scheme != "" && u.Host != "" {
		s = u.EscapedPath()
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "/"), "disqualified-officers/")
	kind, id, ok := strings.Cut(s, "/")
	if !ok || (kind != disqualifiedNatural && kind != disqualifiedCorporate) || id == "" || strings.ContainsAny(id, "/?#") {
		return Resource{}, ErrNotARecord
	}
	res, err := Route("/disqualified-officers/" + kind + "/" + id)
	if err != nil || (res.Kind != ResDisqualifiedNatural && res.Kind != ResDisqualifiedCorporate) {
		return Resource{}, ErrNotARecord
	}
	return res, nil
}
