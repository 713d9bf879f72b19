package watch

import (
	"net/url"
	"strings"

	"coview/api"
)

// People are watched as well as companies: an officer, by the registry's
// officer id (the id in /officers/{id}/appointments), wherever they are
// appointed. What changes is news at any company, watched or not: a new
// appointment, a resignation, a change of name. A check reads the
// person's appointments (api.ResAppointments, one page); a follow reads
// the officers stream, whose events carry the appointment and the link to
// the person's appointments.

// The kinds of change of a watched person.
const (
	KindPersonAppointed Kind = "person/appointed"
	KindPersonResigned  Kind = "person/resigned"
	KindPersonRenamed   Kind = "person/name-changed"
)

// IsPerson reports whether the change is about a watched person.
func (k Kind) IsPerson() bool { return strings.HasPrefix(string(k), "person/") }

// OfficerSnap is what is kept of a watched person: the name, how many
// appointments the registry counts, and the appointments by key
// (appointmentKey). Partial says the person has more appointments than a
// check reads (one page): nothing is said of those not read.
type OfficerSnap struct {
	Name    string                     `json:"name"`
	Total   int                        `json:"total"`
	Items   map[string]AppointmentSnap `json:"items"`
	Partial bool                       `json:"partial,omitempty"`
}

// AppointmentSnap is one appointment of a watched person.
type AppointmentSnap struct {
	Number  string `json:"number"`
	Company string `json:"company,omitempty"` // the company's name; an event does not carry it
	Role    string `json:"role,omitempty"`
	Began   string `json:"began,omitempty"`
	Ended   string `json:"ended,omitempty"`
	// At is the registry's time (Unix ms) of the stream event that wrote
	// the appointment; 0 for one a check read.
	At int64 `json:"at,omitempty"`
}

// appointmentKey is an appointment's key: the company, the role and when
// it began. The person's list of appointments gives no appointment id,
// and these three are what both the list and a stream event say.
func appointmentKey(number, role, began string) string {
	return strings.TrimSpace(number) + "|" + strings.TrimSpace(role) + "|" + strings.TrimSpace(began)
}

// appointmentsSnap is what a check keeps of a page of a person's
// appointments.
func appointmentsSnap(a *api.Appointments) OfficerSnap {
	s := OfficerSnap{Name: strings.TrimSpace(a.Name), Total: max(a.Total(), len(a.Items)), Items: map[string]AppointmentSnap{}}
	for _, it := range a.Items {
		began := it.AppointedOn
		if began == "" {
			began = it.AppointedBefore
		}
		n := strings.TrimSpace(it.AppointedTo.CompanyNumber)
		s.Items[appointmentKey(n, it.OfficerRole, began)] = AppointmentSnap{
			Number: n, Company: strings.TrimSpace(it.AppointedTo.CompanyName), Role: it.OfficerRole,
			Began: began, Ended: it.ResignedOn,
		}
	}
	s.Partial = s.Total > len(a.Items)
	return s
}

// officerAppointment is the appointment a company's officer item is, as a
// watched person's: its key and what is kept of it.
func officerAppointment(n api.Number, o *api.Officer) (string, AppointmentSnap) {
	began := o.AppointedOn
	if began == "" {
		began = o.AppointedBefore
	}
	a := AppointmentSnap{Number: string(n), Role: o.OfficerRole, Began: began, Ended: o.ResignedOn}
	return appointmentKey(string(n), o.OfficerRole, began), a
}

// OfficerID is the officer id in a link to a person's appointments
// ("/officers/{id}/appointments", the web page's address too), or "".
func OfficerID(link string) string {
	link = strings.TrimSpace(link)
	if u, err := url.Parse(link); err == nil && u.Path != "" {
		link = u.Path
	}
	rest, ok := strings.CutPrefix(link, "/officers/")
	if !ok {
		return ""
	}
	id, tail, _ := strings.Cut(rest, "/")
	if tail != "appointments" && tail != "" {
		return ""
	}
	if !ValidOfficerID(id) {
		return ""
	}
	return id
}

// ValidOfficerID reports whether id can be an officer id: the registry's
// are URL-safe base64, a few dozen characters.
func ValidOfficerID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
		default:
			return false
		}
	}
	return true
}

// officerPath is the link to a person's appointments.
func officerPath(id string) string { return "/officers/" + id + "/appointments" }

// diffOfficer finds what changed of a watched person between two
// readings: appointments new to it, appointments ended, a new name.
// Appointments missing from the newer reading are not news (a list read
// in part, or one the registry trimmed). today dates what has no date.
func diffOfficer(id string, old, now OfficerSnap, today string) []Change {
	var out []Change
	person := func(kind Kind, a AppointmentSnap, date string) Change {
		return Change{Kind: kind, Number: api.Number(a.Number), CompanyName: a.Company, Date: date,
			Name: now.Name, Role: a.Role, OfficerID: id}
	}
	if old.Name != "" && now.Name != "" && old.Name != now.Name {
		out = append(out, Change{Kind: KindPersonRenamed, Date: today, Field: "name", Before: old.Name, After: now.Name,
			Name: now.Name, OfficerID: id})
	}
	for _, key := range sortedKeys(now.Items) {
		a := now.Items[key]
		was, known := old.Items[key]
		if !known {
			out = append(out, person(KindPersonAppointed, a, orDate(a.Began, today)))
		}
		if a.Ended != "" && was.Ended == "" {
			out = append(out, person(KindPersonResigned, a, orDate(a.Ended, today)))
		}
	}
	return out
}
