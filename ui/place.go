package ui

import (
	"net/url"
	"regexp"
)

// pageKind is what a page shows.
type pageKind int

const (
	kindHome         pageKind = iota // nothing opened yet
	kindProfile                      // a company profile in five panes
	kindOfficers                     // a company's officers
	kindFilings                      // a company's filing history
	kindPSC                          // a company's PSC statements
	kindAppointments                 // one officer's appointments
	kindJSON                         // any other resource, as JSON
)

// place is where the user is: which page, and how they were looking at
// it. History keeps places, not pages, and rebuilds a page from the cache,
// so going back costs no request and little memory.
type place struct {
	kind   pageKind
	number string   // the company shown, or whose list or document this is
	link   string   // the list or document (empty for a profile)
	title  string   // what the breadcrumb calls this page
	trail  []string // titles of the pages this was opened from, this one last
	tab    int      // the profile pane
	cursor int      // selected row of a list, a document or the links pane
	offset int      // first row shown of the same
	scroll int      // first line shown of a profile's other panes
}

// same reports whether two places show the same thing, whatever the view.
func (p place) same(q place) bool {
	return p.kind == q.kind && p.number == q.number && p.link == q.link
}

var (
	companyPath      = regexp.MustCompile(`^/company/([A-Za-z0-9]{8})$`)
	companyListPath  = regexp.MustCompile(`^/company/([A-Za-z0-9]{8})/(officers|filing-history|persons-with-significant-control-statements)$`)
	companyChildPath = regexp.MustCompile(`^/company/([A-Za-z0-9]{8})/`)
	appointmentsPath = regexp.MustCompile(`^/officers/[^/]+/appointments$`)
)

// route decides which page a link opens, from its shape: a company, one of
// the three lists the browser shows as tables, an officer's appointments,
// or anything else as JSON. It also names the company the link belongs to.
func route(link string) (kind pageKind, number string) {
	path := link
	if u, err := url.Parse(link); err == nil {
		path = u.Path
	}
	if m := companyPath.FindStringSubmatch(path); m != nil {
		return kindProfile, m[1]
	}
	if m := companyListPath.FindStringSubmatch(path); m != nil {
		switch m[2] {
		case "officers":
			return kindOfficers, m[1]
		case "filing-history":
			return kindFilings, m[1]
		default:
			return kindPSC, m[1]
		}
	}
	if appointmentsPath.MatchString(path) {
		return kindAppointments, ""
	}
	if m := companyChildPath.FindStringSubmatch(path); m != nil {
		return kindJSON, m[1]
	}
	return kindJSON, ""
}
