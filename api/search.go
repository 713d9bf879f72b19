package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode"
)

// Paging of the name search (/search, /search/companies, /search/officers).
const (
	// SearchPageSize is the registry's own default page of search results.
	SearchPageSize = 20
	// MaxSearchPageSize is the largest page the registry serves.
	MaxSearchPageSize = 100
	// SearchDepthCap is how deep into a search's results the registry goes:
	// a start_index at or past about 1,000 is answered 416 with no items,
	// however many results total_results counts (forum t/12373: with 100 a
	// page, only 10 pages can be read).
	SearchDepthCap = 1000
	// maxQueryRunes bounds a query: no name on the register is longer than
	// 160 characters, and a pasted page of text must not become a URL
	// longer than servers accept.
	maxQueryRunes = 200
)

// SearchResults is a page of a name search. /search mixes companies,
// officers and disqualified officers; /search/companies, /search/officers
// and /search/disqualified-officers hold one kind each. Every item is a SearchItem,
// whatever its kind.
//
// Two answers are not errors: nothing found (200 with no items) sets
// Empty, and a page past the registry's depth cap (416) sets Capped.
type SearchResults struct {
	ListInfo
	TotalResults *int         `json:"total_results"`
	PageNumber   *int         `json:"page_number"`
	Items        []SearchItem `json:"items"`

	// Query is what was searched for, as sent.
	Query string `json:"-"`
	// Asked is the page that was requested, after SearchPage: the next page
	// follows from it rather than from what the envelope claims, which the
	// registry has been seen to get wrong.
	Asked Page `json:"-"`
	// Capped, when set, says the registry will serve no more of this
	// search, and why (for showing): this page was refused with a 416, or
	// it ends at the depth cap while total_results counts more. It is the
	// end of what can be read, not an error; with Total it gives "first
	// 1,000 of 12,345".
	Capped string `json:"-"`
}

// Total is the number of results the registry counts, reachable or not, or
// -1 if it did not say (as after a 416) or said fewer than it sent: the
// items are trusted over a count that cannot be (total_results 0 with 3
// items is 3 results or more, not none).
func (s *SearchResults) Total() int {
	t := intOr(s.TotalResults, -1)
	if t >= 0 && t < s.Asked.StartIndex+len(s.Items) {
		return -1
	}
	return t
}

// More reports whether a further page can be asked for: the registry
// counts more results than have been asked for so far (or, not counting
// them, sent a full page) and has not said that this is as deep as it
// goes. A page at the depth cap is the last, whatever the count.
func (s *SearchResults) More() bool {
	if s.Capped != "" || s.Empty != "" || len(s.Items) == 0 {
		return false
	}
	next := s.NextPage().StartIndex
	if next >= SearchDepthCap {
		return false
	}
	if total := s.Total(); total >= 0 {
		return next < total
	}
	return len(s.Items) >= s.Asked.ItemsPerPage
}

// NextPage is the page after this one, the same size and aligned to it.
func (s *SearchResults) NextPage() Page {
	return Page{StartIndex: s.Asked.StartIndex + s.Asked.ItemsPerPage, ItemsPerPage: s.Asked.ItemsPerPage}
}

// SearchItem is one result of a name search, of any kind: the members of
// every kind are here, and ItemKind says which apply. An item of a kind
// coview does not know is kept, with the shared members, as SearchOther.
type SearchItem struct {
	// Shared by every kind.
	Kind           string        `json:"kind"`
	Title          string        `json:"title"`
	Snippet        string        `json:"snippet"`
	AddressSnippet string        `json:"address_snippet"`
	Address        *Address      `json:"address"`
	Description    string        `json:"description"`
	Matches        SearchMatches `json:"matches"`
	Links          struct {
		Self string `json:"self"`
	} `json:"links"`

	// Companies. Status and dates may be null (read as ""), and the
	// address an empty object, for entities registered elsewhere (CIOs).
	CompanyNumber         string     `json:"company_number"`
	CompanyStatus         string     `json:"company_status"`
	CompanyType           string     `json:"company_type"`
	DateOfCreation        string     `json:"date_of_creation"`
	DateOfCessation       string     `json:"date_of_cessation"`
	DescriptionIdentifier StringList `json:"description_identifier"`

	// Officers and disqualified officers. Officers have a month and year of
	// birth; disqualified officers a full date.
	AppointmentCount       *int         `json:"appointment_count"`
	DateOfBirth            *SearchBirth `json:"date_of_birth"`
	DescriptionIdentifiers StringList   `json:"description_identifiers"`
}

// SearchKind is what a search result is.
type SearchKind int

// The kinds of search result. SearchOther is anything else the registry
// may add: shown with its shared members, never an error.
const (
	SearchOther               SearchKind = iota
	SearchCompany                        // searchresults#company
	SearchOfficer                        // searchresults#officer
	SearchDisqualifiedOfficer            // searchresults#disqualified-officer
)

// ItemKind reads the item's kind. Only the part after "#" is compared, so
// that the "searchresult#company" spelling some clients report for /search
// reads as a company too.
func (i *SearchItem) ItemKind() SearchKind {
	_, kind, _ := strings.Cut(i.Kind, "#")
	switch kind {
	case "company", "dissolved-company":
		return SearchCompany
	case "officer":
		return SearchOfficer
	case "disqualified-officer":
		return SearchDisqualifiedOfficer
	}
	return SearchOther
}

// Resource is where the item leads: a company's profile, an officer's
// appointments, or a disqualified officer's record (a person's or a
// corporate body's). A company without a usable self link is reached by
// its number. It reports false when the item leads nowhere that may be
// followed.
func (i *SearchItem) Resource() (Resource, bool) {
	if i.Links.Self != "" {
		if r, err := Route(i.Links.Self); err == nil {
			return r, true
		}
	}
	if i.ItemKind() == SearchCompany {
		if n, err := ParseNumber(i.CompanyNumber); err == nil {
			return CompanyResource(n), true
		}
	}
	return Resource{}, false
}

// SearchMatches are where the query matched in the item's title, snippet
// and address snippet, as the registry's offsets: see MatchRanges.
type SearchMatches struct {
	Title          MatchOffsets `json:"title"`
	Snippet        MatchOffsets `json:"snippet"`
	AddressSnippet MatchOffsets `json:"address_snippet"`
}

// SearchBirth is a date of birth as search sends it: {month, year} for an
// officer, a full "1964-02-29" for a disqualified officer.
type SearchBirth struct {
	PartialDate
	// Full is the whole date when the registry sent one; Month and Year are
	// then read from it too.
	Full string
}

func (b *SearchBirth) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*b = SearchBirth{Full: s}
		if y, m, ok := strings.Cut(s, "-"); ok {
			m, _, _ = strings.Cut(m, "-")
			b.Year, b.Month = FlexString(y), FlexString(strings.TrimLeft(m, "0"))
		}
		return nil
	}
	var p PartialDate
	if err := json.Unmarshal(data, &p); err != nil {
		return errors.New("want {month, year} or a date")
	}
	*b = SearchBirth{PartialDate: p}
	return nil
}

// SearchResource is the Resource of a name search: kind is ResSearch (all
// kinds), ResSearchCompanies, ResSearchOfficers or ResSearchDisqualified;
// anything else searches all. The query is cleaned (CleanQuery) and escaped so that &, +, %,
// spaces and non-ASCII letters survive, and Route reads the link back as
// the same Resource.
func SearchResource(kind ResourceKind, query string) Resource {
	if !kind.IsSearch() {
		kind = ResSearch
	}
	return Resource{Kind: kind, Link: kind.row().path + "?q=" + url.QueryEscape(CleanQuery(query))}
}

// SearchQuery is the query of a search link, or "" when it has none.
func SearchQuery(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	return CleanQuery(u.Query().Get("q"))
}

// CleanQuery is a query as it is sent: runs of white space (line breaks
// from a paste included) become one space, control and invisible
// formatting characters (bidi overrides, zero-width spaces) and bytes that
// are not UTF-8 are dropped,
// the ends are trimmed, and it is cut to a length no name exceeds. The
// same text typed twice thus makes the same link, and the same cache entry.
func CleanQuery(q string) string {
	var b strings.Builder
	space, n := false, 0
	for _, r := range q {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == '\uFFFD':
			continue
		}
		if n >= maxQueryRunes {
			break
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// SearchPage is the page actually asked for when page is asked for. A size
// of 0 is the registry's default, and more than MaxSearchPageSize is cut
// to it. A size of 1 becomes 2: the live registry answers
// items_per_page=1 with the wrong item (the second result, start_index 1,
// page_number 2) or none at all (forum t/2077, t/2895, t/3774), and 2 is
// the smallest size it answers correctly. The start is brought down to a
// multiple of the size, because the registry serves the page a start falls
// in rather than the items from it (forum t/339).
func SearchPage(page Page) Page {
	size := page.ItemsPerPage
	switch {
	case size <= 0:
		size = SearchPageSize
	case size == 1:
		size = 2
	case size > MaxSearchPageSize:
		size = MaxSearchPageSize
	}
	start := max(page.StartIndex, 0)
	return Page{StartIndex: start - start%size, ItemsPerPage: size}
}

// Search asks the registry for a page of the companies (ResSearchCompanies),
// officers (ResSearchOfficers), disqualified officers
// (ResSearchDisqualified) or all three (ResSearch) whose names match query,
// as Fetch of SearchResource does.
func (c *Client) Search(ctx context.Context, kind ResourceKind, query string, page Page) (*SearchResults, error) {
	res := SearchResource(kind, query)
	return fetchAs[*SearchResults](ctx, c, res.Kind, res.Link, page)
}

// search reads a search Resource, a page of the companies
// (ResSearchCompanies), officers (ResSearchOfficers), disqualified
// officers (ResSearchDisqualified) or all three (ResSearch) whose names
// match its query: the query
// comes from its link, the window from page (SearchPage), replacing any
// paging in the link. Nothing found is an answer with Empty set (the row's
// none); a page past the depth cap is an answer with Capped set. A blank
// query is answered Empty without a request.
func (c *Client) search(ctx context.Context, res Resource, page Page) (*SearchResults, error) {
	if err := CheckLink(res.Link); err != nil {
		return nil, err
	}
	q := SearchQuery(res.Link)
	page = SearchPage(page)
	if q == "" {
		return &SearchResults{ListInfo: ListInfo{Empty: "Type a name to search for."}, Asked: page}, nil
	}
	// Both members are always sent, start_index=0 included: the registry
	// mis-pages when either is left to its default (forum t/3079, t/3774).
	params := url.Values{
		"q":              {q},
		"items_per_page": {strconv.Itoa(page.ItemsPerPage)},
		"start_index":    {strconv.Itoa(page.StartIndex)},
	}
	subject := fmt.Sprintf("search for %q", shorten(q, 40))
	resp, err := c.get(ctx, subject, res.Link, params)
	var ae *Error
	if errors.As(err, &ae) && ae.Status == http.StatusRequestedRangeNotSatisfiable {
		if page.StartIndex == 0 {
			// The cap is deep in the results: a first page refused is
			// the registry failing, not the end of what it serves.
			ae.Reason = "it refused even the first page of results"
			return nil, ae
		}
		out := &SearchResults{Query: q, Asked: page, Capped: searchCappedReason}
		out.Kind, out.StartIndex, out.ItemsPerPage = searchEnvelopeKind(res.Kind), page.StartIndex, page.ItemsPerPage
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	out := &SearchResults{}
	bad, err := decodeLenient(resp.Body, out)
	if err != nil {
		return nil, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.Status, Reason: err.Error()}
	}
	out.Raw, out.Unreadable, out.Query, out.Asked = resp.Body, bad, q, page
	switch total := out.Total(); {
	case len(out.Items) == 0 && page.StartIndex == 0:
		out.Empty = res.Kind.row().none
	case len(out.Items) > 0 && page.StartIndex+page.ItemsPerPage >= SearchDepthCap && (total < 0 || total > SearchDepthCap):
		// Nothing past the cap is served, whatever the registry counts
		// or, counting nothing, however full its pages.
		out.Capped = searchCappedReason
	}
	return out, nil
}

const searchCappedReason = "The registry serves only the first 1,000 or so results of a search; a narrower query reaches the rest."

func searchEnvelopeKind(kind ResourceKind) string {
	switch kind {
	case ResSearchCompanies:
		return "search#companies"
	case ResSearchOfficers:
		return "search#officers"
	case ResSearchDisqualified:
		return "search#disqualified-officers"
	}
	return "search#all"
}

// IsSearch reports whether a kind is a name search: ResSearch,
// ResSearchCompanies, ResSearchOfficers or ResSearchDisqualified.
func (k ResourceKind) IsSearch() bool {
	switch k {
	case ResSearch, ResSearchCompanies, ResSearchOfficers, ResSearchDisqualified:
		return true
	}
	return false
}
