package ui

import (
	tea "charm.land/bubbletea/v2"

	"coview/accounts"
	"coview/api"
	"coview/ui/books"
	"coview/ui/common"
	"coview/ui/lives"
	"coview/ui/parts/around"
	"coview/ui/parts/document"
	"coview/ui/parts/filings"
	"coview/ui/parts/finder"
	"coview/ui/parts/found"
	"coview/ui/parts/home"
	"coview/ui/parts/list"
	"coview/ui/parts/live"
	"coview/ui/parts/nearby"
	"coview/ui/parts/officer"
	"coview/ui/parts/profile"
	"coview/ui/parts/results"
	"coview/ui/parts/screening"
	"coview/ui/parts/watching"
	"coview/ui/parts/years"
	"coview/ui/recent"
	"coview/ui/screenings"
	"coview/ui/walks"
	"coview/ui/watches"
)

// maker makes the part of a place from what the session holds; ok is
// false when its data must be fetched first.
type maker func(to common.Place) (common.Part, bool)

// makers say how each kind of page is made (one maker a kind, by what
// the place shows), and hold the session's services the parts share.
// A new kind of page is a new Show, a part and a row here.
type makers struct {
	c          *common.Common
	byShow     map[common.Show]maker
	walks      *walks.Session      // the walks of connections, and who is who
	watches    *watches.Session    // the watch list, and its check
	screenings *screenings.Session // the pasted lists screened, and what they read
	lives      *lives.Session      // the registry as it happens, for the live page
	books      *books.Session      // companies' accounts read into figures
	home       func() common.Part
}

// newMakers makes the makers and the session's services; downloadDir is
// where a screening's table is saved (nil: the environment's), docs
// where accounts' figures are read from (nil: none are), feed the
// live page's streams (nil: no streaming key).
func newMakers(c *common.Common, version string, recent func() ([]recent.Entry, bool), watch watches.Opener, downloadDir func() string,
	docs accounts.Documents, feed lives.Feed) makers {
	mk := makers{c: c, walks: walks.New(c), watches: watches.New(c, watch), screenings: screenings.New(c, downloadDir),
		books: books.New(c, c.Reg, docs), lives: lives.New(c, feed)}
	if mk.watches.Available() {
		c.Watched = mk.watches.Watching
	}
	if mk.books.Available() {
		c.Figures = mk.books.Latest
	}
	mk.home = func() common.Part { return home.New(c, version, recent, mk.watches) }
	mk.byShow = map[common.Show]maker{
		common.ShowResource: mk.resource,
		common.ShowConnections: func(to common.Place) (common.Part, bool) {
			return around.New(c, mk.walks, to), true
		},
		common.ShowFinder: func(to common.Place) (common.Part, bool) {
			return finder.New(c, to), true
		},
		common.ShowWatching: func(to common.Place) (common.Part, bool) {
			return watching.New(c, mk.watches, to), true
		},
		common.ShowScreening: func(to common.Place) (common.Part, bool) {
			return screening.New(c, mk.screenings, to), true
		},
		common.ShowLive: func(to common.Place) (common.Part, bool) {
			return live.New(c, mk.lives, to), true
		},
		common.ShowYears: func(to common.Place) (common.Part, bool) {
			return years.New(c, mk.books, to), true
		},
	}
	return mk
}

// build makes the part for a place, or reports that something must be
// fetched first.
func (mk makers) build(to common.Place) (common.Part, bool) {
	if to.IsHome() {
		return mk.home(), true
	}
	make, ok := mk.byShow[to.Show]
	if !ok {
		return nil, false
	}
	return make(to)
}

// update gives the session's services what they wait for (a walk's
// snapshots, the watch list's answers and its check's news, a
// screening's rows, a company's accounts read).
func (mk makers) update(msg tea.Msg) tea.Cmd {
	return tea.Batch(mk.walks.Update(msg), mk.watches.Update(msg), mk.screenings.Update(msg), mk.books.Update(msg))
}

// resource makes the page of a resource as the registry sent it: its
// source, a profile, a name search's results, an officer's
// appointments, a list, or one thing in words or JSON, as present put
// the answer.
func (mk makers) resource(to common.Place) (common.Part, bool) {
	c := mk.c
	switch {
	case to.Source:
		return ok(document.Source(c, to))
	case to.IsProfile():
		mk.seed(to.Company)
		return ok(profile.New(c, mk.watches, mk.books, to))
	case results.Is(to.Res):
		return ok(results.New(c, to))
	case found.Is(to.Res):
		return ok(found.New(c, to))
	case nearby.Is(to.Res):
		return ok(nearby.New(c, to))
	case to.Res.Kind == api.ResAppointments:
		return ok(officer.New(c, mk.walks, to))
	case to.Res.Kind == api.ResFilings:
		return ok(filings.New(c, to))
	}
	e, found := c.Cache.Peek(common.Key{Res: to.Res})
	if !found || e.Page == nil {
		return nil, false
	}
	if len(e.Page.Columns) > 0 {
		return ok(list.New(c, to))
	}
	return ok(document.New(c, to))
}

// seed puts a company's profile in the cache from a screening of this
// session when the cache has let it go or never had it: a company opened
// from a screening costs no request.
func (mk makers) seed(n api.Number) {
	if mk.c.Cache.Profile(n) != nil {
		return
	}
	if p := mk.screenings.Profile(n); p != nil {
		mk.c.Cache.Put(common.Key{Res: api.CompanyResource(n)}, common.Entry{Profile: p})
	}
}

// ok turns a part of a kind into a Part, keeping a nil one nil.
func ok[P common.Part](p P, found bool) (common.Part, bool) {
	if !found {
		return nil, false
	}
	return p, true
}
