package connections

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"coview/api"
)

// SameAs is what is known of the other officer records of one officer's
// name: those that are probably the same person (the same name, month and
// year of birth), and namesakes kept apart, with why. It is for an
// officer's appointments page: "also appears as ... with 4 more
// appointments".
type SameAs struct {
	Record Record   // the officer asked about
	Same   []Record // other officer records probably of the same person
	Apart  []Kept   // other records of the same name that are not
	// Searched reports that the registry's officer search for the name
	// was read too, not only what the session had met.
	Searched bool
}

// Kept is a namesake's record kept apart, and why.
type Kept struct {
	Record Record
	Why    Apart
}

// More is how many appointments the records probably of the same person
// hold between them, of those whose count is known.
func (s *SameAs) More() int {
	n := 0
	for _, r := range s.Same {
		n += max(r.Appointments, 0)
	}
	return n
}

// SameAs finds the officer records probably of the same person as r among
// every officer the session has met (company officer lists, appointments,
// searches) and, when search is set, among the registry's officer search
// for r's name (one request, the first 100 matches; none when the
// session has asked it before). A failed search is returned as the error
// beside what the session alone knows.
func (w *Walker) SameAs(ctx context.Context, r Record, search bool) (*SameAs, error) {
	out := &SameAs{Record: r}
	var err error
	if search && strings.TrimSpace(r.Name) != "" {
		res := api.SearchResource(api.ResSearchOfficers, searchName(r.Name))
		_, _, err = w.get(ctx, res, api.Page{ItemsPerPage: api.MaxSearchPageSize}, func() error { return nil })
		out.Searched = err == nil
	}
	for _, c := range w.records() {
		switch why := Compare(r, c); why {
		case Same:
			if c.ident() != r.ident() {
				out.Same = append(out.Same, c)
			}
		case ApartName:
		default:
			out.Apart = append(out.Apart, Kept{Record: c, Why: why})
		}
	}
	slices.SortFunc(out.Same, func(a, b Record) int { return cmp.Compare(a.OfficerID, b.OfficerID) })
	slices.SortFunc(out.Apart, func(a, b Kept) int { return cmp.Compare(a.Record.OfficerID, b.Record.OfficerID) })
	return out, err
}

// searchName is a name as the officer search titles people, "Forenames
// SURNAME", where lists write "SURNAME, Forenames".
func searchName(name string) string {
	if surname, forenames, ok := strings.Cut(name, ","); ok {
		return strings.TrimSpace(forenames) + " " + strings.TrimSpace(surname)
	}
	return name
}

// records are the officer records the session has met, one per officer
// id, with the most it knows of each: an appointments list says the name,
// birth, whether corporate and how many appointments; a search match says
// the count too; an officer list item says the least.
func (w *Walker) records() []Record {
	byID := map[string]*Record{}
	var order []string
	rank := map[string]int{} // how much the record's source says: 3 appointments, 2 search, 1 officer list
	put := func(r Record, say int) {
		if r.OfficerID == "" || strings.TrimSpace(r.Name) == "" {
			return
		}
		old, ok := byID[r.OfficerID]
		if !ok {
			order = append(order, r.OfficerID)
		} else if rank[r.OfficerID] >= say {
			if old.Appointments < 0 {
				old.Appointments = r.Appointments
			}
			old.Corporate = old.Corporate || r.Corporate
			if !old.Born.Known() {
				old.Born = r.Born
			}
			return
		} else {
			if r.Appointments < 0 {
				r.Appointments = old.Appointments
			}
			r.Corporate = r.Corporate || old.Corporate
			if !r.Born.Known() {
				r.Born = old.Born
			}
		}
		byID[r.OfficerID], rank[r.OfficerID] = &r, say
	}
	w.known(func(res api.Resource, page api.Page, a *api.Answer) {
		if list, ok := api.Value[*api.Appointments](a); ok && page.StartIndex == 0 {
			put(RecordOf(res.ID, list), 3)
		}
		if found, ok := api.Value[*api.SearchResults](a); ok {
			for _, it := range found.Items {
				to, ok := it.Resource()
				if it.ItemKind() != api.SearchOfficer || !ok || to.Kind != api.ResAppointments {
					continue
				}
				r := Record{OfficerID: to.ID, Name: it.Title, Appointments: -1}
				if it.DateOfBirth != nil {
					r.Born = BirthOf(&it.DateOfBirth.PartialDate)
				}
				if it.AppointmentCount != nil {
					r.Appointments = *it.AppointmentCount
				}
				put(r, 2)
			}
		}
		if list, ok := api.Value[*api.Officers](a); ok {
			for _, o := range list.Items {
				to, err := api.Route(o.Links.Appointments())
				if err != nil || to.Kind != api.ResAppointments {
					continue
				}
				put(Record{OfficerID: to.ID, Name: o.Name, Born: BirthOf(o.DateOfBirth), Corporate: corporateOfficer(o), Appointments: -1}, 1)
			}
		}
	})
	out := make([]Record, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	return out
}
