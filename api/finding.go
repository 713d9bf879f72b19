package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
)

// FoundCompanies is a page of one of the registry's three searches of
// companies by what they are: the advanced search (every filter), the
// alphabetical search (the companies either side of a name in the index)
// and the dissolved search (dissolved companies, or companies by a name
// they once had). Their answers share one shape: hits (exact, where the
// service counts), the best match, and the items.
//
// Nothing found is not an error: the registry answers it with a 404 and
// an empty body, read as an answer with Empty set.
type FoundCompanies struct {
	ListInfo
	Hits   *int           `json:"hits"`
	TopHit *FoundCompany  `json:"top_hit"`
	Items  []FoundCompany `json:"items"`

	// Asked is the page that was requested: the next follows from it.
	Asked Page `json:"-"`
	// Capped, when set, says why no more of this search can be read: it
	// reaches as deep as the registry serves, while hits counts more.
	Capped string `json:"-"`
}

// FoundCompany is one company of FoundCompanies, with what each service
// sends of it (null members are left out by the registry).
type FoundCompany struct {
	Kind           string `json:"kind"`
	CompanyName    string `json:"company_name"`
	CompanyNumber  string `json:"company_number"`
	CompanyStatus  string `json:"company_status"`
	CompanyType    string `json:"company_type"`
	CompanySubtype string `json:"company_subtype"`
	Links          struct {
		CompanyProfile string `json:"company_profile"`
	} `json:"links"`
	DateOfCreation          string     `json:"date_of_creation"`
	DateOfCessation         string     `json:"date_of_cessation"`
	RegisteredOfficeAddress *Address   `json:"registered_office_address"`
	SICCodes                StringList `json:"sic_codes"`
	// Where the company is filed in the alphabetical index: the cursor
	// of the alphabetical searches ("JAMES:05495616").
	OrderedAlphaKey       string `json:"ordered_alpha_key"`
	OrderedAlphaKeyWithID string `json:"ordered_alpha_key_with_id"`
	// The dissolved search's: the names the company had, and which of
	// them a previous-name search matched.
	PreviousCompanyNames       []PreviousName `json:"previous_company_names"`
	MatchedPreviousCompanyName *PreviousName  `json:"matched_previous_company_name"`
}

// Resource is the company's profile; false when it names none that can
// be followed.
func (f *FoundCompany) Resource() (Resource, bool) {
	if l := f.Links.CompanyProfile; l != "" {
		if r, err := Route(l); err == nil && r.Kind == ResCompany {
			return r, true
		}
	}
	if n, err := ParseNumber(f.CompanyNumber); err == nil {
		return CompanyResource(n), true
	}
	return Resource{}, false
}

// Total is the number of companies the search counts, or -1 when it does
// not say (the alphabetical searches never do).
func (s *FoundCompanies) Total() int { return intOr(s.Hits, -1) }

// More reports whether a further page can be asked for by start_index:
// the search counts more than have been asked for, and the registry
// serves that deep.
func (s *FoundCompanies) More() bool {
	if s.Capped != "" || s.Empty != "" || len(s.Items) == 0 || s.Total() < 0 {
		return false
	}
	return s.NextPage().StartIndex < s.Total()
}

// NextPage is the page after this one, the same size.
func (s *FoundCompanies) NextPage() Page {
	return Page{StartIndex: s.Asked.StartIndex + s.Asked.ItemsPerPage, ItemsPerPage: s.Asked.ItemsPerPage}
}

// Before and After are the cursors of the pages either side of this one
// in the alphabetical index: the first and the last item's key.
func (s *FoundCompanies) Before() string { return s.cursor(0) }
func (s *FoundCompanies) After() string  { return s.cursor(len(s.Items) - 1) }

func (s *FoundCompanies) cursor(i int) string {
	if i < 0 || i >= len(s.Items) {
		return ""
	}
	return s.Items[i].OrderedAlphaKeyWithID
}

// DissolvedSearch is how the dissolved search looks: search_type.
type DissolvedSearch string

const (
	DissolvedBestMatch     DissolvedSearch = "best-match"
	DissolvedPreviousNames DissolvedSearch = "previous-name-dissolved"
	DissolvedAlphabetical  DissolvedSearch = "alphabetical"
)

// MaxNamedPageSize is the most the alphabetical and dissolved searches
// serve a request.
const MaxNamedPageSize = 100

// AlphabeticalResource is the page of the alphabetical index around name,
// or with a cursor (an item's OrderedAlphaKeyWithID) the page before or
// after it.
func AlphabeticalResource(name, before, after string) Resource {
	return namedSearch(ResAlphabeticalSearch, name, "", before, after)
}

// DissolvedResource is a search of dissolved companies by name: the best
// matches, those that once had the name, or (with a cursor, as
// AlphabeticalResource) their alphabetical index.
func DissolvedResource(name string, how DissolvedSearch, before, after string) Resource {
	if how == "" {
		how = DissolvedBestMatch
	}
	return namedSearch(ResDissolvedSearch, name, how, before, after)
}

func namedSearch(kind ResourceKind, name string, how DissolvedSearch, before, after string) Resource {
	v := url.Values{"q": {CleanQuery(name)}}
	if how != "" {
		v.Set("search_type", string(how))
	}
	if before != "" {
		v.Set("search_before", before)
	}
	if after != "" {
		v.Set("search_after", after)
	}
	return Resource{Kind: kind, Link: kind.row().path + "?" + v.Encode()}
}

// AlphabeticalQuery is what the link of an alphabetical search asks: the
// name, and the cursor of the page before or after, if any.
func AlphabeticalQuery(link string) (name, before, after string, err error) {
	q, err := readNamedQuery(link, false)
	return q.name, q.before, q.after, err
}

// namedQuery is what the link of an alphabetical or dissolved search asks.
type namedQuery struct {
	name, before, after string
	how                 DissolvedSearch
}

// readNamedQuery reads the link of an alphabetical (how false) or
// dissolved search, refusing what the service does not take.
func readNamedQuery(link string, dissolved bool) (namedQuery, error) {
	u, err := url.Parse(link)
	if err != nil {
		return namedQuery{}, &QueryError{Param: "link", Value: shorten(link, 80), Reason: "cannot be read"}
	}
	v := u.Query()
	known := []string{"q", "search_before", "search_after"}
	if dissolved {
		known = append(known, "search_type")
	}
	for name, vs := range v {
		if !slices.Contains(known, name) {
			return namedQuery{}, &QueryError{Param: name, Value: fmt.Sprint(vs), Reason: "is not a parameter of this search"}
		}
	}
	q := namedQuery{name: CleanQuery(v.Get("q")), before: v.Get("search_before"), after: v.Get("search_after"), how: DissolvedSearch(v.Get("search_type"))}
	if dissolved {
		switch q.how {
		case DissolvedBestMatch, DissolvedPreviousNames, DissolvedAlphabetical:
		default:
			return q, &QueryError{Param: "search_type", Value: string(q.how), Reason: "is not a kind of dissolved search", Nearest: string(DissolvedBestMatch)}
		}
	}
	return q, nil
}

// AdvancedPage is the page actually asked of the advanced search: size 0
// is the registry's default, more than MaxAdvancedPageSize is cut to it.
func AdvancedPage(p Page) Page { return sized(p, AdvancedPageSize, MaxAdvancedPageSize) }

// NamedPage is the same for the alphabetical and dissolved searches.
func NamedPage(p Page) Page { return sized(p, AdvancedPageSize, MaxNamedPageSize) }

func sized(p Page, def, most int) Page {
	size := p.ItemsPerPage
	switch {
	case size <= 0:
		size = def
	case size > most:
		size = most
	}
	return Page{StartIndex: max(p.StartIndex, 0), ItemsPerPage: size}
}

// advanced reads a page of an advanced search: the query comes from the
// link, checked (ParseCompanyQuery, Check) before anything is sent, the
// window from page.
func advanced(ctx context.Context, c *Client, res Resource, page Page, k *kind) (*Answer, error) {
	q, err := ParseCompanyQuery(res.Link)
	if err == nil {
		err = q.Check()
	}
	if err != nil {
		return nil, err
	}
	page = AdvancedPage(page)
	out := &FoundCompanies{Asked: page}
	switch {
	case q.IsZero():
		out.Empty = "An advanced search needs at least one filter: a name, a status, a type, a SIC code, a place or a date."
		return &Answer{Resource: res, value: out}, nil
	case page.StartIndex >= AdvancedDepthCap:
		out.Capped = advancedCappedReason
		return &Answer{Resource: res, value: out}, nil
	}
	params := q.Values()
	params.Set("size", strconv.Itoa(page.ItemsPerPage))
	params.Set("start_index", strconv.Itoa(page.StartIndex))
	a, err := c.found(ctx, "advanced search", res, params, out, k)
	if err != nil {
		return nil, err
	}
	if t := out.Total(); t > AdvancedDepthCap && page.StartIndex+page.ItemsPerPage >= AdvancedDepthCap {
		out.Capped = advancedCappedReason
	}
	return a, nil
}

const advancedCappedReason = "The registry serves the first 10,000 results of an advanced search; narrowed by dates, a search reaches the rest."

// named reads a page of an alphabetical or dissolved search.
func named(dissolved bool) fetcher {
	return func(ctx context.Context, c *Client, res Resource, page Page, k *kind) (*Answer, error) {
		q, err := readNamedQuery(res.Link, dissolved)
		if err != nil {
			return nil, err
		}
		page = NamedPage(page)
		out := &FoundCompanies{Asked: page}
		if q.name == "" {
			out.Empty = "Type a name to search for."
			return &Answer{Resource: res, value: out}, nil
		}
		params := url.Values{"q": {q.name}, "size": {strconv.Itoa(page.ItemsPerPage)}}
		cursor := q.before != "" || q.after != ""
		if dissolved {
			params.Set("search_type", string(q.how))
		}
		if dissolved && q.how != DissolvedAlphabetical {
			params.Set("start_index", strconv.Itoa(page.StartIndex))
		} else if !cursor {
			page.StartIndex, out.Asked.StartIndex = 0, 0
		}
		subject := fmt.Sprintf("alphabetical search for %q", shorten(q.name, 40))
		if dissolved {
			subject = fmt.Sprintf("dissolved search for %q", shorten(q.name, 40))
		}
		return c.found(ctx, subject, res, params, out, k)
	}
}

// found asks one of the three searches and reads the answer into out. A
// 404 is nothing found: on the first page, an answer whose Empty is the
// kind's none; past it, the end of the list.
func (c *Client) found(ctx context.Context, subject string, res Resource, params url.Values, out *FoundCompanies, k *kind) (*Answer, error) {
	if err := CheckLink(res.Link); err != nil {
		return nil, err
	}
	resp, err := c.get(ctx, subject, res.Link, params)
	var ae *Error
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		if out.Asked.StartIndex == 0 {
			out.Empty = k.none
		}
		return &Answer{Resource: res, value: out}, nil
	}
	if err != nil {
		return nil, err
	}
	asked := out.Asked
	bad, err := decodeLenient(resp.Body, out)
	if err != nil {
		return nil, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.Status, Reason: err.Error()}
	}
	out.Raw, out.Unreadable, out.Asked = resp.Body, bad, asked
	if len(out.Items) == 0 && out.Asked.StartIndex == 0 {
		out.Empty = k.none
	}
	return &Answer{Resource: res, Raw: resp.Body, value: out}, nil
}
