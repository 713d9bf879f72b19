package common

import "coview/api"

// Place is where the user is: what is shown, and how they were looking at
// it. History keeps places, not parts, and a part is made again from the
// session's cache when the user comes back, so going back costs no request
// and little memory.
type Place struct {
	Res     api.Resource // what is shown; zero on the home page
	Company api.Number   // the company in the header: the one shown, or the one the page was opened from
	Title   string       // what the breadcrumb calls this page
	Trail   []string     // titles of the pages this was opened from, this one last
	Tab     int          // the profile's pane, or the list a page with tabs shows
	Cursor  int          // selected row of a list, a document or the links pane
	Offset  int          // first row shown of the same
	Scroll  int          // first line shown of a profile's other panes
	Source  bool         // showing the JSON the registry sent (v)
	Filter  string       // a list's filter
	Current bool         // a list's current rows only
	Show    Show         // what kind of page shows the resource
	Sort    int          // a list's order: a column+1, negative for descending; 0 as the registry sent it
}

// Show is the kind of page a place is shown in: the resource itself, or a
// page made from it (its connections). A new kind of page is a new Show
// and a maker for it in the browser's root.
type Show int

const (
	ShowResource    Show = iota // the resource as the registry sent it, in words
	ShowConnections             // a company's connections (x)
	ShowFinder                  // the form of an advanced search, its values in Res's link
	ShowWatching                // the watch list (W): what changed, what falls due
	// ShowScreening is a pasted list screened: a page of the session's,
	// not of one resource, so Res names nothing on the registry (its ID
	// is the screening's number in the session).
	ShowScreening
	// ShowYears is a company's figures year by year, from its last
	// accounts (enter on its accounts pane).
	ShowYears
	// ShowLive is the registry as it happens (:live): Res's ID holds
	// the page's filter.
	ShowLive
)

// Same reports whether two places show the same thing, whatever the view.
func (p Place) Same(q Place) bool { return p.Res == q.Res && p.Show == q.Show }

// IsHome reports whether p is the start page.
func (p Place) IsHome() bool { return p.Res.IsZero() && p.Show == ShowResource }

// IsProfile reports whether p is a company's profile.
func (p Place) IsProfile() bool { return p.Res.Kind == api.ResCompany && p.Show == ShowResource }

// CompanyPlace is a company's profile.
func CompanyPlace(n api.Number) Place {
	return Place{Res: api.CompanyResource(n), Company: n}
}

// YearsTitle is what the breadcrumb calls a company's figures by year.
const YearsTitle = "Figures by year"

// YearsPlace is a company's figures by year, opened from a page whose
// breadcrumb is trail.
func YearsPlace(n api.Number, trail []string) Place {
	return Place{Res: api.CompanyResource(n), Company: n, Show: ShowYears, Title: YearsTitle, Trail: trail}
}

// Fresh is the place as it is first opened: at its top, unfiltered.
func (p Place) Fresh() Place {
	p.Cursor, p.Offset, p.Scroll, p.Filter, p.Current, p.Sort = 0, 0, 0, "", false, 0
	return p
}
