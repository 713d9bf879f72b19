package ui

import "coview/api"

// place is where the user is: what is shown, and how they were looking at
// it. History keeps places, not pages, and rebuilds a page from the cache,
// so going back costs no request and little memory.
type place struct {
	res     api.Resource // what is shown; zero on the home page
	company api.Number   // the company in the header: the one shown, or the one the page was opened from
	title   string       // what the breadcrumb calls this page
	trail   []string     // titles of the pages this was opened from, this one last
	tab     int          // the profile pane
	cursor  int          // selected row of a list, a document or the links pane
	offset  int          // first row shown of the same
	scroll  int          // first line shown of a profile's other panes
	source  bool         // showing the JSON the registry sent (v)
	filter  string       // a list's filter
	current bool         // a list's current rows only
	show    int          // what of the resource is shown: 0 the resource, or showConnections
}

// same reports whether two places show the same thing, whatever the view.
func (p place) same(q place) bool { return p.res == q.res && p.show == q.show }

func (p place) isHome() bool    { return p.res.IsZero() }
func (p place) isProfile() bool { return p.res.Kind == api.ResCompany && p.show == 0 }

// companyPlace is a company's profile.
func companyPlace(n api.Number) place {
	return place{res: api.CompanyResource(n), company: n}
}
