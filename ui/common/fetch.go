package common

import (
	"context"
	"fmt"
	"sync"
	"time"

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

// What names the request in progress messages ("Loading filing
// history…"), in words for every kind, never as a path.
func (k Key) What() string {
	switch k.Res.Kind {
	case api.ResCompany:
		return "company " + k.Res.Number.String()
	case api.ResSearch:
		return fmt.Sprintf("matches for %q", Line(api.SearchQuery(k.Res.Link)))
	case api.ResSearchCompanies:
		return fmt.Sprintf("companies matching %q", Line(api.SearchQuery(k.Res.Link)))
	case api.ResSearchOfficers:
		return fmt.Sprintf("officers matching %q", Line(api.SearchQuery(k.Res.Link)))
	}
	if w, ok := kindWords()[k.Res.Kind]; ok {
		return w
	}
	return "the page the link leads to"
}

// kindWords name what a request asks for, by kind.
var kindWords = sync.OnceValue(func() map[api.ResourceKind]string {
	return map[api.ResourceKind]string{
		api.ResOfficers:         "officers",
		api.ResOfficer:          "the officer's appointment",
		api.ResFilings:          "filing history",
		api.ResFiling:           "the filing",
		api.ResPSCs:             "persons with significant control",
		api.ResPSC:              "the person with significant control",
		api.ResPSCStatements:    "PSC statements",
		api.ResPSCStatement:     "the PSC statement",
		api.ResCharges:          "charges",
		api.ResCharge:           "the charge",
		api.ResInsolvency:       "insolvency",
		api.ResExemptions:       "exemptions",
		api.ResRegisters:        "registers",
		api.ResUKEstablishments: "UK establishments",
		api.ResAppointments:     "appointments",
	}
})

// Fetch runs the request and puts the answer in the form the cache keeps.
// It is called inside a tea.Cmd, never in Update. company is the profile
// of the company the resource belongs to, if known (a dissolved company's
// officers read differently); now is the clock that counts the days to a
// date in the rows.
func Fetch(ctx context.Context, reg Registry, k Key, company *api.Profile, now func() time.Time) (Entry, error) {
	// A kind that serves more a request (the advanced search, 5,000) is
	// read in as few requests as it allows.
	a, err := reg.Fetch(ctx, k.Res, api.Page{StartIndex: k.Start, ItemsPerPage: k.Res.Kind.MaxPage(PageSize)})
	if err != nil {
		return Entry{}, err
	}
	if p, ok := api.Value[*api.Profile](a); ok {
		return Entry{Profile: p}, nil
	}
	e := Entry{Page: present.ShowAt(a, company, now()), Raw: Pack(a.Raw)}
	if list, ok := api.Value[*api.Appointments](a); ok && k.Start == 0 {
		r := connections.RecordOf(k.Res.ID, list)
		e.Officer = &r
	}
	return e, nil
}
