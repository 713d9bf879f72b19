package demo

import (
	"encoding/json"
	"net/http"
	"sync"
)

// The register of disqualified directors: two people the search finds
// (searchOnlyDisqualified, a natural person, and disqualifiedCorporateHit,
// a corporate body), each with their record at the link their search
// result gives, in the registry's shapes: every disqualification with its
// dates, the reason's key (in disqualified_officer_descriptions.yml), its
// act and section, the companies named; and the permissions to act the
// court gave meanwhile.

// The ids of the two records.
const (
	DisqualifiedNaturalID   = "GrImThOrPe0x1b0DeAdBeEf42"
	DisqualifiedCorporateID = "CrOoKeDcAnDlEsTiCk0x5a17"
)

// disqualifiedNatural is Mallory Grimthorpe's record. Their surname, like
// their search result's title, ends in escape sequences that would retitle
// a terminal window and clear its screen: a client must not show them as
// sent.
var disqualifiedNatural = json.RawMessage(`{
  "date_of_birth": "1964-02-29",
  "disqualifications": [
    {
      "address": {"premises": "13", "address_line_1": "Shady Row", "locality": "Ledgerton", "postal_code": "ZZ3 1XX", "country": "England"},
      "case_identifier": "INV6403017",
      "company_names": ["WONKY WHEELBARROW WORKS LIMITED", "SNOOZEWELL HAMMOCK IMPORTERS LIMITED"],
      "court_name": "Ledgerton County Court",
      "disqualification_type": "court-order",
      "disqualified_from": "2021-03-15",
      "disqualified_until": "2031-03-14",
      "heard_on": "2021-02-22",
      "reason": {"act": "company-directors-disqualification-act-1986", "description_identifier": "court-to-disqualify-unfit-directors-of-insolvent-companies", "section": "6"}
    },
    {
      "address": {"premises": "2", "address_line_1": "Lantern Yard", "locality": "Ledgerton", "postal_code": "ZZ3 2XX", "country": "England"},
      "case_identifier": "INV1200458",
      "company_names": ["GRIMTHORPE DRAUGHT EXCLUDERS LIMITED"],
      "disqualification_type": "undertaking",
      "disqualified_from": "2012-06-01",
      "disqualified_until": "2016-05-31",
      "undertaken_on": "2012-05-10",
      "reason": {"act": "company-directors-disqualification-act-1986", "description_identifier": "order-or-undertaking-and-reporting-provisions", "section": "7"}
    }
  ],
  "etag": "5b0c7f3c1d2e4a6b8c9d0e1f2a3b4c5d6e7f8091",
  "forename": "Mallory",
  "kind": "natural-disqualification",
  "links": {"self": "/disqualified-officers/natural/GrImThOrPe0x1b0DeAdBeEf42"},
  "nationality": "British",
  "permissions_to_act": [
    {"company_names": ["GRUMBLE & SONS PLUMBING LTD"], "court_name": "Ledgerton County Court", "granted_on": "2022-01-10", "expires_on": "2024-01-09"}
  ],
  "surname": "GRIMTHORPE \u001b]0;all your base\u0007\u001b[2J",
  "title": "Mr"
}`)

// disqualifiedCorporate is a corporate body disqualified under sanctions
// regulations, without an end date.
var disqualifiedCorporate = json.RawMessage(`{
  "company_number": "FRC-771-Q",
  "country_of_registration": "Freedonia",
  "disqualifications": [
    {
      "address": {"address_line_1": "Calle Sylvania 7", "locality": "Fredonia City", "country": "Freedonia"},
      "company_names": ["FREEDONIAN RUBBER DUCK EXPORTS S.A."],
      "disqualification_type": "sanction",
      "disqualified_from": "2023-02-01",
      "reason": {"act": "sanctions-anti-money-laundering-act-2018", "description_identifier": "disqualification-under-sanctions-regulation"}
    }
  ],
  "etag": "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807",
  "kind": "corporate-disqualification",
  "links": {"self": "/disqualified-officers/corporate/CrOoKeDcAnDlEsTiCk0x5a17"},
  "name": "CROOKED CANDLESTICK TRADING CORPORATION"
}`)

// disqualifiedCorporateHit is the corporate body as the search finds it.
var disqualifiedCorporateHit = disqualifiedHit{
	Kind:  "searchresults#disqualified-officer",
	Title: "CROOKED CANDLESTICK TRADING CORPORATION",
	Address: searchAddress{
		AddressLine1: "Calle Sylvania 7",
		Locality:     "Fredonia City",
		Country:      "Freedonia",
	},
	Description:            "",
	DescriptionIdentifiers: []string{},
	Snippet:                "",
	Links:                  selfLink{Self: "/disqualified-officers/corporate/" + DisqualifiedCorporateID},
}

// disqualifiedRecords are the records by their path.
var disqualifiedRecords = sync.OnceValue(func() map[string]json.RawMessage {
	return map[string]json.RawMessage{
		"/disqualified-officers/natural/" + DisqualifiedNaturalID:     disqualifiedNatural,
		"/disqualified-officers/corporate/" + DisqualifiedCorporateID: disqualifiedCorporate,
	}
})

// disqualifiedOfficer serves one record, natural or corporate: the kind
// in the path must be the record's.
func (h *handler) disqualifiedOfficer(w http.ResponseWriter, r *http.Request) {
	body, ok := disqualifiedRecords()[r.URL.Path]
	if !ok {
		writeNotFound(w, "disqualified-officer-not-found")
		return
	}
	writeBody(w, http.StatusOK, compactJSON(body))
}

// compactJSON writes a record the way the registry sends it, on one line.
func compactJSON(raw json.RawMessage) []byte {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		panic("demo: a disqualified officer's record: " + err.Error())
	}
	out, _ := json.Marshal(v)
	return out
}
