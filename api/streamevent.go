package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// The registry's streaming API sends one JSON object a line, each an
// envelope around a REST resource as it now is:
//
//	{"resource_kind":"company-profile","resource_uri":"/company/00006400",
//	 "resource_id":"00006400","data":{…the profile…},
//	 "event":{"fields_changed":[…],"timepoint":82025317,
//	          "published_at":"2025-01-30T05:03:05","type":"changed"}}
//
// The envelope is read here, and data, when there is any, into the same Go
// type the REST answer for that resource has.

// The event types.
const (
	EventChanged = "changed"
	EventDeleted = "deleted"
)

// The resource kinds the streams send, as the events name them.
const (
	StreamCompanyProfile    = "company-profile"
	StreamFilingHistory     = "filing-history"
	StreamCompanyOfficers   = "company-officers"
	StreamCompanyCharges    = "company-charges"
	StreamCompanyInsolvency = "company-insolvency"
	StreamCompanyExemptions = "company-exemptions"
	StreamPSCIndividual     = "company-psc-individual"
	StreamPSCCorporate      = "company-psc-corporate"
	StreamPSCLegal          = "company-psc-legal"
	StreamPSCSuperSecure    = "company-psc-supersecure"
	StreamDisqualifiedNat   = "disqualified-officer-natural"
	StreamDisqualifiedCorp  = "disqualified-officer-corporate"
)

// streamKinds maps a stream's resource_kind to the REST resource its data
// is. The beneficial-owner kinds are sent unchanged from the PSC kinds of
// the REST answer (individual-beneficial-owner, ...).
func streamKind(kind string) ResourceKind {
	switch kind {
	case StreamCompanyProfile:
		return ResCompany
	case StreamFilingHistory:
		return ResFiling
	case StreamCompanyOfficers:
		return ResOfficer
	case StreamCompanyCharges:
		return ResCharge
	case StreamCompanyInsolvency:
		return ResInsolvency
	case StreamCompanyExemptions:
		return ResExemptions
	case StreamPSCIndividual, StreamPSCCorporate, StreamPSCLegal, StreamPSCSuperSecure,
		PSCKindIndividualBeneficialOwner, PSCKindCorporateBeneficialOwner,
		PSCKindLegalPersonBeneficialOwner, PSCKindSuperSecureBeneficialOwner:
		return ResPSC
	case StreamDisqualifiedNat:
		return ResDisqualifiedNatural
	case StreamDisqualifiedCorp:
		return ResDisqualifiedCorporate
	}
	return ResOther
}

// StreamKinds are the resource kinds the streams are known to send, for
// checking a filter a person typed.
func StreamKinds() []string {
	return []string{
		StreamCompanyProfile, StreamFilingHistory, StreamCompanyOfficers, StreamCompanyCharges,
		StreamCompanyInsolvency, StreamCompanyExemptions,
		StreamPSCIndividual, StreamPSCCorporate, StreamPSCLegal, StreamPSCSuperSecure,
		PSCKindIndividualBeneficialOwner, PSCKindCorporateBeneficialOwner,
		PSCKindLegalPersonBeneficialOwner, PSCKindSuperSecureBeneficialOwner,
		StreamDisqualifiedNat, StreamDisqualifiedCorp,
	}
}

// Event is one event of a stream, as sent. Everything but the timepoint
// may be absent; the text in it is the network's (sanitise before
// printing).
type Event struct {
	ResourceKind  string
	ResourceURI   string
	ResourceID    string
	Type          string   // EventChanged or EventDeleted, or whatever else the stream says
	FieldsChanged []string // absent when none were named
	// Timepoint is the event's place in its stream (the offset of the
	// stream's topic): per stream, rising, unrelated to time. A stream is
	// resumed at the last one kept plus one, since its replay includes
	// the timepoint asked for.
	Timepoint int64
	// PublishedAt is when the registry published the event, in UTC; zero
	// when absent or in none of the forms known (Published then holds
	// what was sent). A time without a zone is UTC, as the registry's
	// producers write it since 2024.
	PublishedAt time.Time
	Published   string
	// Data is the resource as it now is, exactly as sent; nil when the
	// event has none (a deleted event may come without).
	Data json.RawMessage
	// Kind is the REST resource Data is (ResCompany, ResFiling,
	// ResOfficer, ResPSC, ResCharge, ResInsolvency...), ResOther for a
	// kind coview has no type for.
	Kind ResourceKind
	// Number is the company the event is about, from its URI (or its id,
	// for the kinds whose id is the number); "" for none (a disqualified
	// officer).
	Number Number
	// Etag is data's etag, "" when there is none; with the kind and id it
	// tells a repeated event from a new one (repeats come with new
	// timepoints).
	Etag string
	// Raw is the line exactly as received.
	Raw []byte
	// Unreadable lists the members of the envelope whose values could not
	// be read (event.published_at in a form not known); the rest still
	// holds.
	Unreadable []string
}

// Deleted reports whether the resource was deleted.
func (e *Event) Deleted() bool { return e.Type == EventDeleted }

// HasData reports whether the event carries the resource.
func (e *Event) HasData() bool { return len(e.Data) > 0 }

// envelope is the line as encoding/json reads it.
type envelope struct {
	ResourceKind string          `json:"resource_kind"`
	ResourceURI  string          `json:"resource_uri"`
	ResourceID   string          `json:"resource_id"`
	Data         json.RawMessage `json:"data"`
	Event        *struct {
		FieldsChanged []string        `json:"fields_changed"`
		Timepoint     json.RawMessage `json:"timepoint"`
		PublishedAt   json.RawMessage `json:"published_at"`
		Type          string          `json:"type"`
	} `json:"event"`
}

// DecodeEvent reads one line of a stream. A line that is not a JSON
// object, or whose event has no timepoint (without one it can be neither
// resumed from nor ordered), is an error matching ErrBadResponse that
// quotes none of the line.
func DecodeEvent(line []byte) (*Event, error) {
	bad := func(why string) error {
		return &Error{Kind: KindBadResponse, Subject: "a stream event", Reason: why}
	}
	t := bytes.TrimSpace(line)
	if len(t) == 0 || t[0] != '{' {
		return nil, bad("the line is not a JSON object")
	}
	var env envelope
	unreadable, err := decodeLenient(t, &env)
	if err != nil {
		return nil, bad("the line is not valid JSON")
	}
	if env.Event == nil {
		return nil, bad("the line has no event member")
	}
	tp, ok := timepoint(env.Event.Timepoint)
	if !ok {
		return nil, bad("the event has no timepoint, or one that is not a whole number of at least 0")
	}
	e := &Event{
		ResourceKind:  env.ResourceKind,
		ResourceURI:   env.ResourceURI,
		ResourceID:    env.ResourceID,
		Type:          env.Event.Type,
		FieldsChanged: env.Event.FieldsChanged,
		Timepoint:     tp,
		Kind:          streamKind(env.ResourceKind),
		Raw:           bytes.Clone(line),
		Unreadable:    unreadable,
	}
	if d := bytes.TrimSpace(env.Data); len(d) > 0 && !bytes.Equal(d, []byte("null")) {
		e.Data = d
		e.Etag = topLevelString(d, "etag")
	}
	if p := env.Event.PublishedAt; len(p) > 0 && !bytes.Equal(p, []byte("null")) {
		var s string
		if json.Unmarshal(p, &s) != nil {
			e.Unreadable = append(e.Unreadable, "event.published_at")
		} else {
			e.Published = s
			if at, ok := ParsePublishedAt(s); ok {
				e.PublishedAt = at
			} else {
				e.Unreadable = append(e.Unreadable, "event.published_at")
			}
		}
	}
	e.Number = eventNumber(e)
	return e, nil
}

// timepoint reads a timepoint: a whole number, or one written as a string.
func timepoint(raw json.RawMessage) (int64, bool) {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s == "null" {
		return 0, false
	}
	s = strings.Trim(s, `"`)
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= 0
}

// ParsePublishedAt reads a published_at in any of the forms the streams
// have sent: 2021-01-22T18:28:02 (no zone, which is UTC),
// 2022-11-15T18:59:02.333257Z and 2022-08-04T00:02:01.812779+01:00. The
// time is given in UTC.
func ParsePublishedAt(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	// The form without a zone first: it is the one sent since 2024.
	if t, err := time.ParseInLocation("2006-01-02T15:04:05.999999999", s, time.UTC); err == nil {
		return t, true
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true
	}
	return time.Time{}, false
}

// eventNumber is the company an event is about: its URI names it
// (/company/{n}/...); the company and insolvency kinds' id is it too.
func eventNumber(e *Event) Number {
	if rest, ok := strings.CutPrefix(e.ResourceURI, "/company/"); ok {
		seg, _, _ := strings.Cut(rest, "/")
		if n, ok := exactNumber(seg); ok {
			return n
		}
	}
	if e.Kind == ResCompany || e.Kind == ResInsolvency || e.Kind == ResExemptions {
		if n, ok := exactNumber(e.ResourceID); ok {
			return n
		}
	}
	return ""
}

// ErrNoData is the error of reading the data of an event that has none:
// a deleted event that came without it.
var ErrNoData = errors.New("the event carries no data")

// EventData is an event's data read into the REST resource's Go type:
// *Profile, *FilingItem, *Officer, *PSC, *Charge, *Insolvency,
// *Exemptions, *DisqualifiedPerson or *DisqualifiedCorporate, by the
// event's Kind. A kind coview has no type for gives (nil, nil). Members of
// an unexpected type spoil only themselves, as in REST answers, and are
// listed in unreadable; data that is not a JSON object is an error, and
// no data is ErrNoData.
func (e *Event) EventData() (v any, unreadable []string, err error) {
	if !e.HasData() {
		return nil, nil, ErrNoData
	}
	into := func(v any) (any, []string, error) {
		bad, err := decodeLenient(e.Data, v)
		if err != nil {
			return nil, nil, &Error{Kind: KindBadResponse, Subject: "the data of a stream event", Reason: err.Error()}
		}
		return v, bad, nil
	}
	switch e.Kind {
	case ResCompany:
		p, err := DecodeProfile(e.Data, e.Number)
		if err != nil {
			return nil, nil, err
		}
		return p, p.Unreadable, nil
	case ResFiling:
		return into(&FilingItem{})
	case ResOfficer:
		return into(&Officer{})
	case ResPSC:
		p := &PSC{}
		v, bad, err := into(p)
		if err == nil {
			pscNotificationsHyphen(e.Data, p)
		}
		return v, bad, err
	case ResCharge:
		return into(&Charge{})
	case ResInsolvency:
		d := &Insolvency{}
		v, bad, err := into(d)
		if err == nil {
			d.Raw, d.Unreadable = e.Data, bad
		}
		return v, bad, err
	case ResExemptions:
		d := &Exemptions{}
		v, bad, err := into(d)
		if err == nil {
			d.Raw, d.Unreadable = e.Data, bad
		}
		return v, bad, err
	case ResDisqualifiedNatural:
		return into(&DisqualifiedPerson{})
	case ResDisqualifiedCorporate:
		return into(&DisqualifiedCorporate{})
	}
	return nil, nil, nil
}

// EventValue is an event's data as T (*api.Profile, *api.FilingItem,
// ...): false when the event has no data, its data is of another kind, or
// it cannot be read.
func EventValue[T any](e *Event) (T, bool) {
	v, _, err := e.EventData()
	t, ok := v.(T)
	return t, ok && err == nil
}

// pscNotificationsHyphen reads the notifications link of a PSC sent before
// the stream renamed its key (2026-05-28) from persons-with-significant-
// control to persons_with_significant_control: both are read.
func pscNotificationsHyphen(data []byte, p *PSC) {
	if p.Links.PersonsWithSignificantControl != nil {
		return
	}
	var old struct {
		Links struct {
			PSC *struct {
				Notifications string `json:"notifications"`
			} `json:"persons-with-significant-control"`
		} `json:"links"`
	}
	if json.Unmarshal(data, &old) == nil && old.Links.PSC != nil {
		p.Links.PersonsWithSignificantControl = old.Links.PSC
	}
}

// topLevelString is the string value of a member of a JSON object (not of
// an object within it), "" when there is none or it is no string. obj
// must be valid JSON, as the envelope's decoding has made sure: this is
// one quick pass over it, where decoding it again would be two.
func topLevelString(obj []byte, key string) string {
	depth := 0
	for i := 0; i < len(obj); i++ {
		switch obj[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(obj, i)
			if depth == 1 {
				j := skipSpace(obj, end)
				if j < len(obj) && obj[j] == ':' {
					if string(obj[i+1:end-1]) == key {
						v := skipSpace(obj, j+1)
						if v < len(obj) && obj[v] == '"' {
							var s string
							if json.Unmarshal(obj[v:stringEnd(obj, v)], &s) == nil {
								return s
							}
						}
						return ""
					}
				}
			}
			i = end - 1
		}
	}
	return ""
}

// stringEnd is the index just after the string that starts at obj[i].
func stringEnd(obj []byte, i int) int {
	for j := i + 1; j < len(obj); j++ {
		switch obj[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(obj)
}

func skipSpace(obj []byte, i int) int {
	for i < len(obj) && (obj[i] == ' ' || obj[i] == '\t' || obj[i] == '\n' || obj[i] == '\r') {
		i++
	}
	return i
}
