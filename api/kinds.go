package api

import (
	"context"
	"errors"
	"sync"
)

// ResourceKind is what a registry path holds: the registry's URL grammar,
// read in one place (Route) so that callers dispatch on a kind rather than
// on the shape of a path. Everything coview knows of a kind is its row of
// the table kinds, below.
type ResourceKind int

// The resources coview knows. ResOther is anything else on the registry:
// it may still be fetched, and is shown as the JSON it is.
const (
	ResOther ResourceKind = iota
	ResCompany
	ResOfficers
	ResOfficer // one officer of a company
	ResFilings
	ResFiling
	ResPSCs
	ResPSC
	ResPSCStatements
	ResPSCStatement
	ResCharges
	ResCharge
	ResInsolvency
	ResExemptions
	ResRegisters
	ResUKEstablishments
	ResAppointments // everything one officer holds, across companies
	// Companies by what they are (status, type, SIC codes, place, dates);
	// the companies either side of a name in the registry's index;
	// dissolved companies, by name or by a name they once had.
	ResAdvancedSearch
	ResAlphabeticalSearch
	ResDissolvedSearch
	ResSearch // companies, officers and disqualified officers
	ResSearchCompanies
	ResSearchOfficers
	ResSearchDisqualified    // the register of disqualified directors
	ResDisqualifiedNatural   // a disqualified person's record
	ResDisqualifiedCorporate // a disqualified corporate body's record
)

// kind is one row of the table: everything coview knows of one kind of
// registry resource.
type kind struct {
	// path is the kind's path on the registry, as Route reads it and
	// SearchResource writes it: {n} is a company number (normalised, as
	// the registry writes it), each {id} one segment of the item's ID.
	path string
	// web is the page of the registry's web site that shows it, with
	// {n}, {id} and {q} (a search's query) filled in; "" is the company's
	// page, or none for a resource of no company.
	web string
	// paged: a list, read a page at a time; otherwise the answer comes
	// whole and Fetch's page is not used.
	paged bool
	// none is what "nothing there" reads as, the Empty of an answer that
	// holds nothing: the first page of a list without items, a whole
	// answer with nothing in it. It is an answer, not an error.
	none string
	// gone is what a 404 reads as where the registry answers "none" with
	// one (PSC statements, charges, insolvency...): an answer with Empty
	// gone and no body. "" when a 404 is an error.
	gone string
	// maxPage is the most items one request may ask for, when more than
	// the usual 100 (the advanced search's 5,000): a list of the kind is
	// read in as few requests as that allows.
	maxPage int
	// fetch asks for the resource and decodes it into the kind's Go type,
	// which the builder it is made with fixes (list, whole, item...), so
	// that Value reads it back typed.
	fetch fetcher
}

type fetcher func(ctx context.Context, c *Client, res Resource, page Page, k *kind) (*Answer, error)

// What "nothing there" reads as, where a 404 and an empty answer say the
// same.
const (
	noPSCs             = "No persons with significant control are listed for this company."
	noPSCStatements    = "This company has no statements about persons with significant control."
	noCharges          = "No charges are registered against this company."
	noInsolvency       = "The registry has no insolvency record for this company."
	noExemptions       = "This company has no exemptions."
	noRegisters        = "This company keeps its registers at its registered office."
	noUKEstablishments = "This company has no UK establishments."
)

// kinds is the table of resource kinds, one row each. A new kind of
// registry resource is a constant above, its Go type (a list embeds
// ListInfo, a whole answer DocumentInfo; an item is any struct) and its
// row here; present gives it words with one row of its own table.
//
// It is made by makeKinds on first use (table), not by its declaration:
// the rows' fetchers read the table themselves (a search its none, a link
// its kind), which Go would take for an initialisation cycle, and a run
// that asks for nothing (--help, a usage error) need not make it at all.
var (
	kinds     []kind
	kindsMade sync.Once
)

// table is kinds, made first if no one has asked for it yet.
func table() []kind {
	kindsMade.Do(makeKinds)
	return kinds
}

func makeKinds() {
	kinds = []kind{
		ResOther:   {fetch: body},
		ResCompany: {path: "/company/{n}", web: "/company/{n}", fetch: company},

		ResOfficers: {path: "/company/{n}/officers", web: "/company/{n}/officers", paged: true,
			none:  "No officers are listed for this company.",
			fetch: list(func(l *Officers) int { return len(l.Items) }, nil)},
		ResOfficer: {path: "/company/{n}/appointments/{id}", web: "/company/{n}/officers", fetch: item[Officer]},

		ResFilings: {path: "/company/{n}/filing-history", web: "/company/{n}/filing-history", paged: true,
			none:  "No filings are listed for this company.",
			gone:  "The registry has no filing history for this company.",
			fetch: categorised(list(func(l *FilingHistory) int { return len(l.Items) }, filingsSettle))},
		ResFiling: {path: "/company/{n}/filing-history/{id}", web: "/company/{n}/filing-history/{id}/document?format=pdf&download=0",
			fetch: item[FilingItem]},

		ResPSCs: {path: "/company/{n}/persons-with-significant-control", web: "/company/{n}/persons-with-significant-control", paged: true,
			none: noPSCs, gone: noPSCs,
			fetch: list(func(l *PSCList) int { return len(l.Items) }, pscsSettle)},
		ResPSC: {path: "/company/{n}/persons-with-significant-control/{id}/{id}", web: "/company/{n}/persons-with-significant-control",
			fetch: item[PSC]},
		ResPSCStatements: {path: "/company/{n}/persons-with-significant-control-statements", web: "/company/{n}/persons-with-significant-control", paged: true,
			none: noPSCStatements, gone: noPSCStatements,
			fetch: list(func(l *PSCStatements) int { return len(l.Items) }, nil)},
		ResPSCStatement: {path: "/company/{n}/persons-with-significant-control-statements/{id}", web: "/company/{n}/persons-with-significant-control",
			fetch: item[PSCStatement]},

		ResCharges: {path: "/company/{n}/charges", web: "/company/{n}/charges", paged: true,
			none: noCharges, gone: noCharges,
			fetch: list(func(l *Charges) int { return len(l.Items) }, chargesSettle)},
		ResCharge: {path: "/company/{n}/charges/{id}", web: "/company/{n}/charges/{id}", fetch: item[Charge]},

		ResInsolvency: {path: "/company/{n}/insolvency", web: "/company/{n}/insolvency", none: noInsolvency, gone: noInsolvency,
			fetch: whole(func(d *Insolvency) int { return len(d.Cases) })},
		ResExemptions: {path: "/company/{n}/exemptions", none: noExemptions, gone: noExemptions,
			fetch: whole(func(d *Exemptions) int { return len(d.Exemptions) })},
		ResRegisters: {path: "/company/{n}/registers", web: "/company/{n}/registers", none: noRegisters, gone: noRegisters,
			fetch: whole(func(d *Registers) int { return len(d.Registers) })},
		ResUKEstablishments: {path: "/company/{n}/uk-establishments", none: noUKEstablishments, gone: noUKEstablishments,
			fetch: whole(func(d *UKEstablishments) int { return len(d.Items) })},

		ResAppointments: {path: "/officers/{id}/appointments", web: "/officers/{id}/appointments", paged: true,
			none:  "No appointments are listed for this officer.",
			fetch: list(func(l *Appointments) int { return len(l.Items) }, nil)},

		ResAdvancedSearch: {path: "/advanced-search/companies", paged: true, maxPage: MaxAdvancedPageSize,
			none: "No companies match.", fetch: advanced},
		ResAlphabeticalSearch: {path: "/alphabetical-search/companies",
			none: "No company names are filed near that in the registry's index.", fetch: named(false)},
		ResDissolvedSearch: {path: "/dissolved-search/companies", paged: true,
			none: "No dissolved companies match.", fetch: named(true)},

		ResSearch: {path: "/search", web: "/search?q={q}", paged: true,
			none: "No company or officer names match.", fetch: search},
		ResSearchCompanies: {path: "/search/companies", web: "/search/companies?q={q}", paged: true,
			none: "No company names match.", fetch: search},
		ResSearchOfficers: {path: "/search/officers", web: "/search/officers?q={q}", paged: true,
			none: "No officer names match.", fetch: search},
		ResSearchDisqualified: {path: "/search/disqualified-officers", web: "/search/disqualified-officers?q={q}", paged: true,
			none: "No disqualified officer names match.", fetch: search},

		ResDisqualifiedNatural: {path: "/disqualified-officers/natural/{id}", web: "/disqualified-officers/natural/{id}",
			fetch: item[DisqualifiedPerson]},
		ResDisqualifiedCorporate: {path: "/disqualified-officers/corporate/{id}", web: "/disqualified-officers/corporate/{id}",
			fetch: item[DisqualifiedCorporate]},
	}
	routes = pathSegments(kinds)
}

// row is the kind's row of the table; ResOther's for a kind not in it.
func (k ResourceKind) row() *kind {
	t := table()
	if k < 0 || int(k) >= len(t) {
		return &t[ResOther]
	}
	return &t[k]
}

// Paged reports whether a kind is a list read a page at a time.
func (k ResourceKind) Paged() bool { return k.row().paged }

// MaxPage is the most items one request for a page of the kind may ask
// for, when it is more than n: a list read through is read in as few
// requests as the registry allows. Otherwise n.
func (k ResourceKind) MaxPage(n int) int { return max(k.row().maxPage, n) }

// The builders of fetch, one for each shape of answer.

// listed is what a list's Go type is: a struct embedding ListInfo.
type listed[T any] interface {
	*T
	listInfo() *ListInfo
}

func (l *ListInfo) listInfo() *ListInfo { return l }

// list reads a page of a list into a T. count is how many items the page
// holds: a first page with none is "nothing there" (the row's none).
// settle, when not nil, finishes the answer for what only its kind has.
func list[T any, P listed[T]](count func(P) int, settle func(v P, page Page)) fetcher {
	return func(ctx context.Context, c *Client, res Resource, page Page, k *kind) (*Answer, error) {
		v := P(new(T))
		info := v.listInfo()
		err := c.getList(ctx, res.Link, page, v, info)
		switch {
		case errors.Is(err, ErrNotFound) && k.gone != "":
			info.Empty = k.gone
			return &Answer{Resource: res, value: v}, nil
		case err != nil:
			return nil, err
		}
		if count(v) == 0 && page.StartIndex == 0 {
			info.Empty = k.none
		}
		if settle != nil {
			settle(v, page)
		}
		return &Answer{Resource: res, Raw: info.Raw, value: v}, nil
	}
}

// documented is what the Go type of an answer that comes whole is: a
// struct embedding DocumentInfo.
type documented[T any] interface {
	*T
	documentInfo() *DocumentInfo
}

func (d *DocumentInfo) documentInfo() *DocumentInfo { return d }

// whole reads an answer that comes whole (not a page at a time) into a
// T; count is how much it holds: none is "nothing there" (the row's none).
func whole[T any, P documented[T]](count func(P) int) fetcher {
	return func(ctx context.Context, c *Client, res Resource, _ Page, k *kind) (*Answer, error) {
		v := P(new(T))
		info := v.documentInfo()
		raw, bad, err := c.getItem(ctx, res.Link, v)
		switch {
		case errors.Is(err, ErrNotFound) && k.gone != "":
			info.Empty = k.gone
			return &Answer{Resource: res, value: v}, nil
		case err != nil:
			return nil, err
		}
		info.Raw, info.Unreadable = raw, bad
		if count(v) == 0 {
			info.Empty = k.none
		}
		return &Answer{Resource: res, Raw: raw, value: v}, nil
	}
}

// item reads one item at its own link (a PSC, a charge, a filing, an
// officer) into the same type as in its list; what of it could not be
// read is the answer's Unreadable.
func item[T any](ctx context.Context, c *Client, res Resource, _ Page, _ *kind) (*Answer, error) {
	v := new(T)
	raw, bad, err := c.getItem(ctx, res.Link, v)
	if err != nil {
		return nil, err
	}
	return &Answer{Resource: res, Raw: raw, Unreadable: bad, value: v}, nil
}

// company reads a company's profile by its number (see Client.Company).
func company(ctx context.Context, c *Client, res Resource, _ Page, _ *kind) (*Answer, error) {
	p, err := c.Company(ctx, res.Number)
	if err != nil {
		return nil, err
	}
	return &Answer{Resource: res, Raw: p.Raw, value: p}, nil
}

// search reads a page of a name search (see Client.search).
func search(ctx context.Context, c *Client, res Resource, page Page, _ *kind) (*Answer, error) {
	s, err := c.search(ctx, res, page)
	if err != nil {
		return nil, err
	}
	return &Answer{Resource: res, Raw: s.Raw, value: s}, nil
}

// body reads what coview has no type for as the body it is.
func body(ctx context.Context, c *Client, res Resource, _ Page, _ *kind) (*Answer, error) {
	resp, err := c.Get(ctx, res.Link, nil)
	if err != nil {
		return nil, err
	}
	return &Answer{Resource: res, Raw: resp.Body}, nil
}
