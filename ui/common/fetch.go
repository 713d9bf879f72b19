package common

import (
	"context"

	"coview/api"
	"coview/connections"
	"coview/present"
)

// PageSize is how many items a list page asks for: the most the registry
// serves for filing history and PSC statements. Lists that serve fewer
// per page (appointments) are read by what actually arrived.
const PageSize = 100

// Key says what to get from the registry: a resource, and for a list the
// first item of the page wanted. It is also the cache key of the answer.
type Key struct {
	Res   api.Resource
	Start int
}

// What names the request in progress messages.
func (k Key) What() string {
	switch k.Res.Kind {
	case api.ResCompany:
		return "company " + k.Res.Number.String()
	case api.ResOfficers:
		return "officers"
	case api.ResFilings:
		return "filing history"
	case api.ResPSCStatements:
		return "PSC statements"
	case api.ResAppointments:
		return "appointments"
	}
	return Line(k.Res.Link)
}

// Fetch runs the request and puts the answer in the form the cache keeps.
// It is called inside a tea.Cmd, never in Update. company is the profile
// of the company the resource belongs to, if known (a dissolved company's
// officers read differently).
func Fetch(ctx context.Context, reg Registry, k Key, company *api.Profile) (Entry, error) {
	// A kind that serves more a request (the advanced search, 5,000) is
	// read in as few requests as it allows.
	a, err := reg.Fetch(ctx, k.Res, api.Page{StartIndex: k.Start, ItemsPerPage: k.Res.Kind.MaxPage(PageSize)})
	if err != nil {
		return Entry{}, err
	}
	if p, ok := api.Value[*api.Profile](a); ok {
		return Entry{Profile: p}, nil
	}
	e := Entry{Page: present.Show(a, company), Raw: Pack(a.Raw)}
	if list, ok := api.Value[*api.Appointments](a); ok && k.Start == 0 {
		r := connections.RecordOf(k.Res.ID, list)
		e.Officer = &r
	}
	return e, nil
}
