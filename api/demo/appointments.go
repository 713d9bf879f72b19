package demo

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// officerAppointments is one person's (or corporate body's) list of
// appointments across the demo companies, served at
// /officers/{officer_id}/appointments. It is derived from the companies'
// officer lists, so walking company -> officer -> company always agrees with
// what each company says about its officers.
type officerAppointments struct {
	id          string
	name        string
	dateOfBirth *monthYear
	corporate   bool
	etag        string

	items                      []json.RawMessage
	active, inactive, resigned int
}

type monthYear struct {
	Month int `json:"month"`
	Year  int `json:"year"`
}

// officer is the part of a company's officer item an appointment repeats.
type officer struct {
	Name                 string          `json:"name"`
	OfficerRole          string          `json:"officer_role"`
	AppointedOn          string          `json:"appointed_on,omitempty"`
	AppointedBefore      string          `json:"appointed_before,omitempty"`
	IsPre1992Appointment bool            `json:"is_pre_1992_appointment,omitempty"`
	ResignedOn           string          `json:"resigned_on,omitempty"`
	Nationality          string          `json:"nationality,omitempty"`
	Occupation           string          `json:"occupation,omitempty"`
	CountryOfResidence   string          `json:"country_of_residence,omitempty"`
	DateOfBirth          *monthYear      `json:"date_of_birth,omitempty"`
	Address              json.RawMessage `json:"address,omitempty"`
	Identification       json.RawMessage `json:"identification,omitempty"`
	Links                struct {
		Officer struct {
			Appointments string `json:"appointments"`
		} `json:"officer"`
	} `json:"links"`
}

// appointment is an item of an officer's appointment list, in the live shape.
type appointment struct {
	AppointedTo struct {
		CompanyNumber string `json:"company_number"`
		CompanyName   string `json:"company_name"`
		CompanyStatus string `json:"company_status,omitempty"`
	} `json:"appointed_to"`
	Name                 string          `json:"name"`
	NameElements         *nameElements   `json:"name_elements,omitempty"`
	OfficerRole          string          `json:"officer_role"`
	AppointedOn          string          `json:"appointed_on,omitempty"`
	AppointedBefore      string          `json:"appointed_before,omitempty"`
	IsPre1992Appointment bool            `json:"is_pre_1992_appointment,omitempty"`
	ResignedOn           string          `json:"resigned_on,omitempty"`
	Nationality          string          `json:"nationality,omitempty"`
	Occupation           string          `json:"occupation,omitempty"`
	CountryOfResidence   string          `json:"country_of_residence,omitempty"`
	Address              json.RawMessage `json:"address,omitempty"`
	Identification       json.RawMessage `json:"identification,omitempty"`
	Links                struct {
		Company string `json:"company"`
	} `json:"links"`
}

// nameElements are a person's name in parts, as every appointment of a
// natural person carries them live: forename, other_forenames, surname.
type nameElements struct {
	Forename       string `json:"forename,omitempty"`
	OtherForenames string `json:"other_forenames,omitempty"`
	Surname        string `json:"surname"`
}

// elementsOf reads "SURNAME, Forename Other Names" into its parts; a
// corporate body's name has none.
func elementsOf(name string, corporate bool) *nameElements {
	surname, forenames, ok := strings.Cut(name, ",")
	if corporate || !ok {
		return nil
	}
	e := &nameElements{Surname: strings.TrimSpace(surname)}
	e.Forename, e.OtherForenames, _ = strings.Cut(strings.TrimSpace(forenames), " ")
	e.OtherForenames = strings.TrimSpace(e.OtherForenames)
	return e
}

// indexOfficers gathers every officer item of the given companies under its
// officer id. The same id must name the same person everywhere; a fixture
// that disagrees with itself is reported rather than served. (One person
// under two ids is fine: the live registry does that too.)
func indexOfficers(companies []*company) (map[string]*officerAppointments, error) {
	type held struct {
		appointment
		dateOfBirth *monthYear
		current     bool
	}
	byID := make(map[string][]held)
	var order []string
	for _, c := range companies {
		number := c.number
		closed := slices.Contains(closedStatuses, c.status)
		for i, raw := range c.officers {
			var o officer
			if err := json.Unmarshal(raw, &o); err != nil {
				return nil, fmt.Errorf("fixtures/%s/%s item %d: %w", number, officersFile, i, err)
			}
			id, ok := strings.CutPrefix(o.Links.Officer.Appointments, "/officers/")
			id, ok2 := strings.CutSuffix(id, "/appointments")
			if !ok || !ok2 || id == "" || strings.Contains(id, "/") {
				return nil, fmt.Errorf("fixtures/%s/%s item %d: links.officer.appointments is %q", number, officersFile, i, o.Links.Officer.Appointments)
			}
			corporate := len(o.Identification) > 0 || strings.HasPrefix(o.OfficerRole, "corporate-")
			a := appointment{
				Name: o.Name, NameElements: elementsOf(o.Name, corporate), OfficerRole: o.OfficerRole,
				AppointedOn: o.AppointedOn, AppointedBefore: o.AppointedBefore,
				IsPre1992Appointment: o.IsPre1992Appointment, ResignedOn: o.ResignedOn,
				Nationality: o.Nationality, Occupation: o.Occupation, CountryOfResidence: o.CountryOfResidence,
				Address: o.Address, Identification: o.Identification,
			}
			a.AppointedTo.CompanyNumber = number
			a.AppointedTo.CompanyName = c.name
			a.AppointedTo.CompanyStatus = c.status
			a.Links.Company = "/company/" + number
			if _, seen := byID[id]; !seen {
				order = append(order, id)
			}
			byID[id] = append(byID[id], held{a, o.DateOfBirth, o.ResignedOn == "" && !closed})
		}
	}

	officers := make(map[string]*officerAppointments, len(byID))
	for _, id := range order {
		list := byID[id]
		// Current appointments first, then the most recently made.
		slices.SortStableFunc(list, func(a, b held) int {
			if a.current != b.current {
				if a.current {
					return -1
				}
				return 1
			}
			return cmp.Compare(b.AppointedOn+b.AppointedBefore, a.AppointedOn+a.AppointedBefore)
		})
		oa := &officerAppointments{id: id, name: list[0].Name}
		for _, h := range list {
			if h.Name != oa.name {
				return nil, fmt.Errorf("officer %s is called both %q and %q", id, oa.name, h.Name)
			}
			if h.dateOfBirth != nil {
				if oa.dateOfBirth != nil && *oa.dateOfBirth != *h.dateOfBirth {
					return nil, fmt.Errorf("officer %s has two dates of birth", id)
				}
				oa.dateOfBirth = h.dateOfBirth
			}
			if strings.HasPrefix(h.OfficerRole, "corporate-") || h.Identification != nil {
				oa.corporate = true
			}
			switch {
			case h.ResignedOn != "":
				oa.resigned++
			case h.current:
				oa.active++
			default:
				oa.inactive++
			}
			item, err := json.Marshal(h.appointment)
			if err != nil {
				return nil, err
			}
			oa.items = append(oa.items, item)
		}
		parts := []string{"officers", id}
		for _, item := range oa.items {
			parts = append(parts, string(item))
		}
		oa.etag = etag(parts...)
		officers[id] = oa
	}
	return officers, nil
}
