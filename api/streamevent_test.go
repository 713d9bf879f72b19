package api

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// line wraps data in an envelope as the streams send it.
func line(kind, uri, id, data, event string) string {
	s := `{"resource_kind":"` + kind + `","resource_uri":"` + uri + `","resource_id":"` + id + `"`
	if data != "" {
		s += `,"data":` + data
	}
	return s + `,"event":` + event + `}`
}

const changedAt = `{"fields_changed":["company_name"],"timepoint":82025317,"published_at":"2025-01-30T05:03:05","type":"changed"}`

func TestEachKindOfEventReadsIntoTheRESTType(t *testing.T) {
	tests := []struct {
		name       string
		line       string
		kind       ResourceKind
		number     Number
		check      func(t *testing.T, v any)
		etag       string
		unreadable []string
	}{
		{"a company profile", line("company-profile", "/company/00006400", "00006400",
			`{"company_number":"00006400","company_name":"MARZIPAN MOUNTAIN SOFTWARE LTD","etag":"e1","links":{"self":"/company/00006400"}}`, changedAt),
			ResCompany, "00006400", func(t *testing.T, v any) {
				if p := v.(*Profile); p.CompanyName != "MARZIPAN MOUNTAIN SOFTWARE LTD" || p.NumberMismatch() {
					t.Errorf("profile = %+v", p)
				}
			}, "e1", nil},
		{"a filing", line("filing-history", "/company/SC006405/filing-history/MzAwMDAwMDAwMWFkaXF6a2N4", "MzAwMDAwMDAwMWFkaXF6a2N4",
			`{"transaction_id":"MzAwMDAwMDAwMWFkaXF6a2N4","type":"AA","category":"accounts","description":"accounts-with-accounts-type-full","description_values":{"made_up_date":"2025-03-31"},"date":"2025-12-09"}`, changedAt),
			ResFiling, "SC006405", func(t *testing.T, v any) {
				if f := v.(*FilingItem); f.Type != "AA" || f.Values()["made_up_date"] != "2025-03-31" {
					t.Errorf("filing = %+v", f)
				}
			}, "", nil},
		{"an officer", line("company-officers", "/company/00006422/appointments/abc", "abc",
			`{"name":"QUINCE, Bartholomew","officer_role":"director","appointed_on":"2026-01-01","etag":"o1","links":{"self":"/company/00006422/appointments/abc","officer":{"appointments":"/officers/xyz/appointments"}}}`, changedAt),
			ResOfficer, "00006422", func(t *testing.T, v any) {
				if o := v.(*Officer); o.OfficerRole != "director" || o.Links.Appointments() != "/officers/xyz/appointments" {
					t.Errorf("officer = %+v", o)
				}
			}, "o1", nil},
		{"a PSC whose notifications link has the old hyphenated key", line("company-psc-individual", "/company/00006424/persons-with-significant-control/individual/p1", "p1",
			`{"kind":"individual-person-with-significant-control","name":"Mx Imogen Larkspur","etag":"p","links":{"self":"/company/00006424/persons-with-significant-control/individual/p1","persons-with-significant-control":{"notifications":"/n/old"}}}`, changedAt),
			ResPSC, "00006424", func(t *testing.T, v any) {
				if p := v.(*PSC); p.Links.PersonsWithSignificantControl == nil || p.Links.PersonsWithSignificantControl.Notifications != "/n/old" {
					t.Errorf("links = %+v", p.Links)
				}
			}, "p", nil},
		{"a PSC whose notifications link has the new key", line("company-psc-corporate", "/company/00006424/persons-with-significant-control/corporate-entity/p2", "p2",
			`{"kind":"corporate-entity-person-with-significant-control","name":"HOLDCO LTD","links":{"persons_with_significant_control":{"notifications":"/n/new"}}}`, changedAt),
			ResPSC, "00006424", func(t *testing.T, v any) {
				if p := v.(*PSC); p.Links.PersonsWithSignificantControl == nil || p.Links.PersonsWithSignificantControl.Notifications != "/n/new" || p.Category() != PSCCorporateEntity {
					t.Errorf("psc = %+v", p)
				}
			}, "", nil},
		{"a beneficial owner", line("individual-beneficial-owner", "/company/OE003609/persons-with-significant-control/individual-beneficial-owner/b1", "b1",
			`{"kind":"individual-beneficial-owner","name":"Someone"}`, changedAt),
			ResPSC, "OE003609", func(t *testing.T, v any) {
				if p := v.(*PSC); !p.IsBeneficialOwner() {
					t.Errorf("psc = %+v", p)
				}
			}, "", nil},
		{"a charge", line("company-charges", "/company/00006423/charges/c1", "c1",
			`{"id":"c1","status":"fully-satisfied","charge_number":3,"etag":"c"}`, `{"timepoint":1,"published_at":"2022-11-15T18:59:02.333257Z","type":"changed"}`),
			ResCharge, "00006423", func(t *testing.T, v any) {
				if c := v.(*Charge); c.ChargeNumber != "3" || !slices.Equal(c.Status, StringList{"fully-satisfied"}) {
					t.Errorf("charge = %+v", c)
				}
			}, "c", nil},
		{"an insolvency record, whose id is the company number", line("company-insolvency", "/company/00006421/insolvency", "00006421",
			`{"etag":"i","status":["liquidation"],"cases":[{"type":"creditors-voluntary-liquidation","number":"1"}]}`, changedAt),
			ResInsolvency, "00006421", func(t *testing.T, v any) {
				if d := v.(*Insolvency); len(d.Cases) != 1 || d.Cases[0].Number != "1" || d.Raw == nil {
					t.Errorf("insolvency = %+v", d)
				}
			}, "i", nil},
		{"members of the wrong type spoil only themselves", line("company-profile", "/company/00006400", "00006400",
			`{"company_number":"00006400","company_name":["not","a","name"],"etag":"e2"}`, `{"fields_changed":"company_name","timepoint":"7","type":"changed"}`),
			ResCompany, "00006400", func(t *testing.T, v any) {
				if p := v.(*Profile); p.CompanyName != "" || !slices.Equal(p.Unreadable, []string{"company_name"}) {
					t.Errorf("profile = %+v", p)
				}
			}, "e2", []string{"event.fields_changed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := DecodeEvent([]byte(tc.line))
			if err != nil {
				t.Fatal(err)
			}
			if e.Kind != tc.kind || e.Number != tc.number || e.Etag != tc.etag {
				t.Errorf("kind %v number %q etag %q, want %v %q %q", e.Kind, e.Number, e.Etag, tc.kind, tc.number, tc.etag)
			}
			if !slices.Equal(e.Unreadable, tc.unreadable) {
				t.Errorf("unreadable = %v, want %v", e.Unreadable, tc.unreadable)
			}
			if string(e.Raw) != tc.line {
				t.Errorf("raw is not the line as received")
			}
			v, _, err := e.EventData()
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, v)
		})
	}
}

func TestTheEnvelopeKeepsWhatTheLineSaid(t *testing.T) {
	e, err := DecodeEvent([]byte(line("company-profile", "/company/00006400", "00006400", `{"etag":"x"}`, changedAt)))
	if err != nil {
		t.Fatal(err)
	}
	if e.ResourceKind != "company-profile" || e.ResourceURI != "/company/00006400" || e.ResourceID != "00006400" ||
		e.Type != EventChanged || e.Deleted() || e.Timepoint != 82025317 || !slices.Equal(e.FieldsChanged, []string{"company_name"}) {
		t.Fatalf("event = %+v", e)
	}
	if p, ok := EventValue[*Profile](e); !ok || p.Etag != "x" {
		t.Fatalf("EventValue = %+v, %v", p, ok)
	}
	if _, ok := EventValue[*Charge](e); ok {
		t.Fatal("a profile's data read as a charge")
	}
}

func TestDeletedEventsComeWithAndWithoutData(t *testing.T) {
	deleted := `{"timepoint":5,"published_at":"2025-01-30T05:03:05","type":"deleted"}`
	tests := []struct {
		name    string
		line    string
		hasData bool
	}{
		{"an officer sends the deleted record", line("company-officers", "/company/00006422/appointments/a", "a", `{"name":"GONE, Someone","etag":"g"}`, deleted), true},
		{"a PSC may send no data at all", line("company-psc-individual", "/company/00006424/persons-with-significant-control/individual/p", "p", "", deleted), false},
		{"data may be null", line("company-profile", "/company/00006400", "00006400", "null", deleted), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := DecodeEvent([]byte(tc.line))
			if err != nil {
				t.Fatal(err)
			}
			if !e.Deleted() || e.HasData() != tc.hasData || e.Number == "" {
				t.Fatalf("deleted %v data %v number %q", e.Deleted(), e.HasData(), e.Number)
			}
			_, _, err = e.EventData()
			if tc.hasData && err != nil {
				t.Fatal(err)
			}
			if !tc.hasData && !errors.Is(err, ErrNoData) {
				t.Fatalf("err = %v, want ErrNoData", err)
			}
		})
	}
}

func TestTheThreeFormsOfPublishedAtAreOneClock(t *testing.T) {
	tests := []struct {
		sent string
		want time.Time
	}{
		{"2021-01-22T18:28:02", time.Date(2021, 1, 22, 18, 28, 2, 0, time.UTC)},
		{"2022-11-15T18:59:02.333257Z", time.Date(2022, 11, 15, 18, 59, 2, 333257000, time.UTC)},
		{"2022-08-04T00:02:01.812779+01:00", time.Date(2022, 8, 3, 23, 2, 1, 812779000, time.UTC)},
		{"2022-08-04T00:02:01.5", time.Date(2022, 8, 4, 0, 2, 1, 500000000, time.UTC)},
	}
	for _, tc := range tests {
		t.Run(tc.sent, func(t *testing.T) {
			e, err := DecodeEvent([]byte(line("filing-history", "/company/00006400/filing-history/x", "x", `{}`,
				`{"timepoint":1,"published_at":"`+tc.sent+`","type":"changed"}`)))
			if err != nil {
				t.Fatal(err)
			}
			if !e.PublishedAt.Equal(tc.want) || e.PublishedAt.Location() != time.UTC || e.Published != tc.sent || e.Unreadable != nil {
				t.Fatalf("published %v (%q, unreadable %v), want %v", e.PublishedAt, e.Published, e.Unreadable, tc.want)
			}
		})
	}
	e, err := DecodeEvent([]byte(line("filing-history", "/x", "x", `{}`, `{"timepoint":1,"published_at":"yesterday","type":"changed"}`)))
	if err != nil || !e.PublishedAt.IsZero() || e.Published != "yesterday" || !slices.Equal(e.Unreadable, []string{"event.published_at"}) {
		t.Fatalf("an unknown form: %+v, %v", e, err)
	}
}

func TestLinesThatAreNoEventAreRefusedWithoutQuotingThem(t *testing.T) {
	secret := "\x1b]52;c;aGVsbG8=\x07"
	tests := map[string]string{
		"not JSON":                 "{" + secret,
		"a JSON array":             `["` + secret + `"]`,
		"no event":                 `{"resource_kind":"` + secret + `"}`,
		"no timepoint":             `{"resource_kind":"x","event":{"type":"changed"}}`,
		"a negative timepoint":     `{"event":{"timepoint":-1}}`,
		"a fractional timepoint":   `{"event":{"timepoint":1.5}}`,
		"a timepoint that is text": `{"event":{"timepoint":"` + secret + `"}}`,
		"an event that is text":    `{"event":"` + secret + `"}`,
	}
	for name, l := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeEvent([]byte(l))
			if !errors.Is(err, ErrBadResponse) {
				t.Fatalf("err = %v, want ErrBadResponse", err)
			}
			if strings.Contains(err.Error(), "\x1b") || strings.Contains(err.Error(), "aGVsbG8") {
				t.Fatalf("the error quotes the line: %q", err)
			}
		})
	}
}

func TestHostileTextIsKeptAsSentForTheCallerToClean(t *testing.T) {
	name := "EVIL\x1b[2J\u202eLTD"
	e, err := DecodeEvent([]byte(line("company-profile", "/company/00006400", "00006400", `{"company_name":"EVIL\u001b[2J\u202eLTD"}`, changedAt)))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := EventValue[*Profile](e); !ok || p.CompanyName != name {
		t.Fatalf("name = %q", p.CompanyName)
	}
}

func TestAnEventOfNoCompanyHasNoNumber(t *testing.T) {
	e, err := DecodeEvent([]byte(line("disqualified-officer-natural", "/disqualified-officers/natural/abc", "abc", `{"forename":"Grim"}`, changedAt)))
	if err != nil {
		t.Fatal(err)
	}
	if e.Number != "" || e.Kind != ResDisqualifiedNatural {
		t.Fatalf("number %q kind %v", e.Number, e.Kind)
	}
	if d, ok := EventValue[*DisqualifiedPerson](e); !ok || d.Forename != "Grim" {
		t.Fatalf("record = %+v", d)
	}
	e, err = DecodeEvent([]byte(line("something-new", "/company/00006400/something/1", "1", `{"a":1}`, changedAt)))
	if err != nil {
		t.Fatal(err)
	}
	if v, _, err := e.EventData(); v != nil || err != nil || e.Number != "00006400" || e.Kind != ResOther {
		t.Fatalf("an unknown kind: %v %v %q %v", v, err, e.Number, e.Kind)
	}
}

func TestTheEtagIsTheDataOwnNotOneWithinIt(t *testing.T) {
	tests := map[string]string{
		`{"etag":"top"}`: "top",
		`{"links":{"etag":"inner"},"items":[{"etag":"x"}],"etag":"top"}`: "top",
		`{"name":"a \"etag\": {[ \\","etag" : "t\u00e9p"}`:               "tép",
		`{"a":{"b":[1,{"etag":"no"}]},"c":"}"}`:                          "",
		`{"etag":12}`:                                                    "",
		`{"etagx":"no","xetag":"no"}`:                                    "",
		`{"list":["etag","etag"],"etag":"yes"}`:                          "yes",
		`{"x":"\\","etag":"after an escaped backslash"}`:                 "after an escaped backslash",
		"{\n\t\"etag\"\n:\n\"spaced\"\n}":                                "spaced",
	}
	for data, want := range tests {
		e, err := DecodeEvent([]byte(`{"data":` + data + `,"event":{"timepoint":1}}`))
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if e.Etag != want {
			t.Errorf("%s: etag %q, want %q", data, e.Etag, want)
		}
	}
}

func TestAnEventWhoseIDIsTheCompanyNumberNamesItWithoutAURI(t *testing.T) {
	for _, kind := range []string{"company-profile", "company-insolvency"} {
		e, err := DecodeEvent([]byte(`{"resource_kind":"` + kind + `","resource_id":"SC006405","event":{"timepoint":1}}`))
		if err != nil || e.Number != "SC006405" {
			t.Fatalf("%s: number %q, %v", kind, e.Number, err)
		}
	}
	e, _ := DecodeEvent([]byte(`{"resource_kind":"company-officers","resource_id":"SC006405","event":{"timepoint":1}}`))
	if e.Number != "" {
		t.Fatalf("an officer's id read as a company number: %q", e.Number)
	}
}
