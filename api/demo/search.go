package demo

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
)

// The name search (/search, /search/companies, /search/officers) over
// every company the demo knows (the fixtures and the generated ones) and
// every officer of them, plus two entries that exist only in the search
// index: a charitable incorporated organisation registered elsewhere, with
// the sparse fields the live index has for those (company_status null,
// date_of_creation null, address {}), and a disqualified officer. Between
// them they carry non-ASCII letters, &, + and % (for escaping) and
// terminal escape sequences and bidi overrides (for sanitising).
//
// It behaves as the live search does where a client can tell: the page
// default of 20 and cap of 100, the 416 at a start_index of 1,000 or more,
// a start_index brought down to the page it falls in, the wrong item for
// items_per_page=1, 200 with no items when nothing matches, and 1-based,
// inclusive match offsets counted in UTF-16 code units.

var searchPaging = pageRule{def: 20, max: 100}

// searchDepthCap is the first start_index the live search refuses (416).
// Items past it are never served, whatever total_results says.
const searchDepthCap = 1000

// hitKind is what a search entry is; its order is the order of kinds
// among results that match equally well.
type hitKind int

const (
	hitCompany hitKind = iota
	hitOfficer
	hitDisqualified
)

// searchScope is which kinds an endpoint lists, and its envelope kind.
type searchScope struct {
	kind  string
	holds func(hitKind) bool
}

var (
	searchAll       = searchScope{"search#all", func(hitKind) bool { return true }}
	searchCompanies = searchScope{"search#companies", func(k hitKind) bool { return k == hitCompany }}
	searchOfficers  = searchScope{"search#officers", func(k hitKind) bool { return k == hitOfficer }}
	// searchDisqualified is the register of disqualified directors.
	searchDisqualified = searchScope{"search#disqualified-officers", func(k hitKind) bool { return k == hitDisqualified }}
)

// searchList is the envelope of a page of search results.
type searchList struct {
	Etag         string            `json:"etag"`
	Items        []json.RawMessage `json:"items"`
	ItemsPerPage int               `json:"items_per_page"`
	Kind         string            `json:"kind"`
	PageNumber   int               `json:"page_number"`
	StartIndex   int               `json:"start_index"`
	TotalResults int               `json:"total_results"`
}

// search answers one of the search endpoints. The gateway's checks (key,
// quota) have run in ServeHTTP, as for every route.
func (h *handler) search(scope searchScope) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		params := r.URL.Query()
		query := params.Get("q")
		if strings.TrimSpace(query) == "" {
			writeBadParameter(w, "q", "q is required")
			return
		}
		p, ok := searchPaging.parsePage(w, params)
		if !ok {
			return
		}
		p.start -= p.start % p.size
		if p.size == 1 {
			// The live bug: asked for one item, it serves the next one.
			p.start++
		}
		if p.start >= searchDepthCap {
			// Live sends no results and no documented body: a client must
			// go by the status alone.
			w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
			return
		}
		hits := h.searchIndex().find(query, scope)
		reachable := hits[:min(len(hits), searchDepthCap)]
		items := make([]json.RawMessage, 0, p.size)
		for _, hit := range cut(reachable, p) {
			items = append(items, hit.item())
		}
		writeJSON(w, http.StatusOK, searchList{
			Etag:         etag("search", scope.kind, query, strconv.Itoa(p.start), strconv.Itoa(p.size)),
			Items:        items,
			ItemsPerPage: p.size,
			Kind:         scope.kind,
			PageNumber:   p.start/p.size + 1,
			StartIndex:   p.start,
			TotalResults: len(hits),
		})
	}
}

// searchIndex is everything the search can find, built once per handler
// on the first search from the registry as loaded, so that any company or
// officer added to the fixtures is found without more ado.
type searchIndex struct {
	entries []*searchEntry
}

// searchEntry is one thing the search can find: its searchable text, and
// the item it is served as, without matches.
type searchEntry struct {
	kind                    hitKind
	title, snippet, address searchText
	sortKey                 string
	fields                  []byte // the item as a JSON object, matches left out
}

// searchText is a field's text as runes, with the UTF-16 code units
// before each rune (units[len(runes)] is the whole length), which is what
// match offsets count, and the runes where a word starts, which is where
// a query word may match.
type searchText struct {
	runes  []rune
	units  []int
	starts []int
}

func newSearchText(s string) searchText {
	t := searchText{runes: []rune(s), units: make([]int, 0, len(s)+1)}
	n := 0
	for i, r := range t.runes {
		t.units = append(t.units, n)
		n += max(utf16.RuneLen(r), 1)
		if !unicode.IsSpace(r) && (i == 0 || !isWordRune(t.runes[i-1])) {
			t.starts = append(t.starts, i)
		}
	}
	t.units = append(t.units, n)
	return t
}

func buildSearchIndex(reg *registry) *searchIndex {
	ix := &searchIndex{}
	for _, number := range slices.Sorted(maps.Keys(reg.companies)) {
		ix.addProfile(reg.companies[number].profile)
	}
	for i := range generatedCount {
		ix.addGenerated(i)
	}
	if reg.companies[searchOnlyCompany.CompanyNumber] == nil {
		ix.add(hitCompany, searchOnlyCompany, searchOnlyCompany.Title, searchOnlyCompany.Snippet, searchOnlyCompany.AddressSnippet)
	}
	for _, id := range slices.Sorted(maps.Keys(reg.officers)) {
		ix.addOfficer(reg.officers[id])
	}
	for _, d := range []disqualifiedHit{searchOnlyDisqualified, disqualifiedCorporateHit} {
		d.AddressSnippet = d.Address.snippet()
		ix.add(hitDisqualified, d, d.Title, d.Snippet, d.AddressSnippet)
	}
	return ix
}

func (ix *searchIndex) add(kind hitKind, item any, title, snippet, address string) {
	fields, err := json.Marshal(item)
	if err != nil {
		panic("demo: encoding a search item: " + err.Error())
	}
	ix.entries = append(ix.entries, &searchEntry{
		kind:    kind,
		title:   newSearchText(title),
		snippet: newSearchText(snippet),
		address: newSearchText(address),
		sortKey: strings.ToLower(title),
		fields:  fields,
	})
}

// companyHit is a searchresults#company item. Status and date of creation
// are pointers because the live index sends null for them.
type companyHit struct {
	Kind                  string        `json:"kind"`
	Title                 string        `json:"title"`
	CompanyNumber         string        `json:"company_number"`
	CompanyStatus         *string       `json:"company_status"`
	CompanyType           string        `json:"company_type"`
	DateOfCreation        *string       `json:"date_of_creation"`
	DateOfCessation       string        `json:"date_of_cessation,omitempty"`
	Address               searchAddress `json:"address"`
	AddressSnippet        string        `json:"address_snippet,omitempty"`
	Description           string        `json:"description"`
	DescriptionIdentifier []string      `json:"description_identifier,omitempty"`
	Snippet               string        `json:"snippet"`
	Links                 selfLink      `json:"links"`
}

// searchAddress is an address as search items carry it: no care_of.
type searchAddress struct {
	POBox        string `json:"po_box,omitempty"`
	Premises     string `json:"premises,omitempty"`
	AddressLine1 string `json:"address_line_1,omitempty"`
	AddressLine2 string `json:"address_line_2,omitempty"`
	Locality     string `json:"locality,omitempty"`
	Region       string `json:"region,omitempty"`
	PostalCode   string `json:"postal_code,omitempty"`
	Country      string `json:"country,omitempty"`
}

// snippet is the address on one line, as the live address_snippet writes
// it: a house number runs into its street ("26 Warden Avenue"), anything
// else is set off by commas, and the postcode comes last.
func (a searchAddress) snippet() string {
	first := a.Premises
	line1 := a.AddressLine1
	if first != "" && line1 != "" && len(first) <= 5 && first[0] >= '0' && first[0] <= '9' {
		first, line1 = first+" "+line1, ""
	}
	var parts []string
	for _, p := range []string{first, line1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// companyFacts are what the search needs to know of a company.
type companyFacts struct {
	name, number, kind, ceased string
	status, created            *string
	address                    searchAddress
	former                     []string
}

// addProfile indexes a company from its profile as served. Each member is
// read on its own and a bad one is left out, because a fixture may be
// malformed on purpose to try a client's decoding.
func (ix *searchIndex) addProfile(profile []byte) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(profile, &obj) != nil {
		return
	}
	read := func(name string, v any) { json.Unmarshal(obj[name], v) }
	var (
		f        companyFacts
		previous []struct {
			Name string `json:"name"`
		}
	)
	read("company_name", &f.name)
	read("company_number", &f.number)
	read("company_status", &f.status)
	read("type", &f.kind)
	read("date_of_creation", &f.created)
	read("date_of_cessation", &f.ceased)
	read("registered_office_address", &f.address)
	read("previous_company_names", &previous)
	for _, p := range previous {
		if p.Name != "" {
			f.former = append(f.former, p.Name)
		}
	}
	ix.addCompany(f)
}

// addGenerated indexes the generated company at index i from the values
// its profile is made of, which is much quicker than reading the profile.
func (ix *searchIndex) addGenerated(i int) {
	number := fmt.Sprintf("%08d", generatedFrom+i)
	p := generatedProfile(number, generatedName(i), i)
	a := p.RegisteredOfficeAddress
	f := companyFacts{
		name: p.CompanyName, number: p.CompanyNumber, kind: p.Type,
		status: &p.CompanyStatus, created: &p.DateOfCreation, ceased: p.DateOfCessation,
		address: searchAddress{
			Premises: a.Premises, AddressLine1: a.AddressLine1, Locality: a.Locality,
			Region: a.Region, PostalCode: a.PostalCode, Country: a.Country,
		},
	}
	for _, prev := range p.PreviousCompanyNames {
		f.former = append(f.former, prev.Name)
	}
	ix.addCompany(f)
}

func (ix *searchIndex) addCompany(f companyFacts) {
	if f.name == "" || f.number == "" {
		return
	}
	hit := companyHit{
		Kind:            "searchresults#company",
		Title:           f.name,
		CompanyNumber:   f.number,
		CompanyStatus:   f.status,
		CompanyType:     f.kind,
		DateOfCreation:  f.created,
		DateOfCessation: f.ceased,
		Address:         f.address,
		AddressSnippet:  f.address.snippet(),
		Description:     f.number,
		// The snippet is what else the company has been called, so that
		// a search for a former name finds it.
		Snippet: strings.Join(f.former, ", "),
		Links:   selfLink{Self: "/company/" + f.number},
	}
	switch {
	case f.ceased != "" && f.status != nil && *f.status == "dissolved":
		hit.Description += " - Dissolved on " + longDate(f.ceased)
		hit.DescriptionIdentifier = []string{"dissolved-on"}
	case f.created != nil && *f.created != "":
		hit.Description += " - Incorporated on " + longDate(*f.created)
		hit.DescriptionIdentifier = []string{"incorporated-on"}
	}
	ix.add(hitCompany, hit, hit.Title, hit.Snippet, hit.AddressSnippet)
}

// officerHit is a searchresults#officer item: one person (or corporate
// body) across all their appointments.
type officerHit struct {
	Kind                   string        `json:"kind"`
	Title                  string        `json:"title"`
	AppointmentCount       int           `json:"appointment_count"`
	DateOfBirth            *monthYear    `json:"date_of_birth,omitempty"`
	Address                searchAddress `json:"address"`
	AddressSnippet         string        `json:"address_snippet,omitempty"`
	Description            string        `json:"description"`
	DescriptionIdentifiers []string      `json:"description_identifiers"`
	Snippet                string        `json:"snippet"`
	Links                  selfLink      `json:"links"`
}

func (ix *searchIndex) addOfficer(o *officerAppointments) {
	hit := officerHit{
		Kind:                   "searchresults#officer",
		Title:                  o.name,
		AppointmentCount:       len(o.items),
		DateOfBirth:            o.dateOfBirth,
		Description:            fmt.Sprintf("Total number of appointments %d", len(o.items)),
		DescriptionIdentifiers: []string{"appointment-count"},
		Links:                  selfLink{Self: "/officers/" + o.id + "/appointments"},
	}
	// Search titles a person "Forenames SURNAME", where lists have
	// "SURNAME, Forenames".
	if surname, forenames, ok := strings.Cut(o.name, ", "); ok && !o.corporate {
		hit.Title = forenames + " " + surname
	}
	if dob := o.dateOfBirth; dob != nil && dob.Month >= 1 && dob.Month <= 12 {
		hit.Description += fmt.Sprintf(" - Born %s %d", time.Month(dob.Month), dob.Year)
		hit.DescriptionIdentifiers = append(hit.DescriptionIdentifiers, "born-on")
	}
	// The address is the service address of the current appointment, which
	// comes first.
	for _, item := range o.items {
		var a struct {
			Address searchAddress `json:"address"`
		}
		if json.Unmarshal(item, &a) == nil && a.Address != (searchAddress{}) {
			hit.Address = a.Address
			break
		}
	}
	hit.AddressSnippet = hit.Address.snippet()
	ix.add(hitOfficer, hit, hit.Title, hit.Snippet, hit.AddressSnippet)
}

// disqualifiedHit is a searchresults#disqualified-officer item, whose date
// of birth, unlike an officer's, is a whole date.
type disqualifiedHit struct {
	Kind                   string        `json:"kind"`
	Title                  string        `json:"title"`
	DateOfBirth            string        `json:"date_of_birth,omitempty"` // a person's; a corporate body has none
	Address                searchAddress `json:"address"`
	AddressSnippet         string        `json:"address_snippet,omitempty"`
	Description            string        `json:"description"`
	DescriptionIdentifiers []string      `json:"description_identifiers"`
	Snippet                string        `json:"snippet"`
	Links                  selfLink      `json:"links"`
}

// searchOnlyCompany is in the search index and nowhere else, like a CIO
// registered with another regulator: its fields are as sparse as live
// (no status, no date, an empty address) and its profile is not found. Its
// name needs escaping in a URL (& + % ? and non-ASCII letters) and its
// snippet holds an escape sequence and a bidi override. A fixture with its
// number takes its place.
var searchOnlyCompany = companyHit{
	Kind:          "searchresults#company",
	Title:         "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO",
	CompanyNumber: "CE006411",
	CompanyType:   "charitable-incorporated-organisation",
	Description:   "CE006411",
	Snippet:       "FORMERLY \x1b[5mCAFÉ ÇA VA\x1b[0m \u202eTSURT\u202c",
	Links:         selfLink{Self: "/company/CE006411"},
}

// searchOnlyDisqualified is a disqualified director, whose record is at
// their link (disqualified.go).
// The title ends in escape sequences that would retitle a terminal window
// and clear its screen, and the snippet is the name reversed behind a bidi
// override: a client must show neither as sent.
var searchOnlyDisqualified = disqualifiedHit{
	Kind:        "searchresults#disqualified-officer",
	Title:       "Mallory GRIMTHORPE \x1b]0;all your base\x07\x1b[2J",
	DateOfBirth: "1964-02-29",
	Address: searchAddress{
		Premises:     "13",
		AddressLine1: "Shady Row",
		Locality:     "Ledgerton",
		PostalCode:   "ZZ3 1XX",
		Country:      "England",
	},
	Description:            "Born on 29 February 1964",
	DescriptionIdentifiers: []string{"born-on"},
	Snippet:                "\u202eEPROHTMIRG yrollaM\u202c",
	Links:                  selfLink{Self: "/disqualified-officers/natural/" + DisqualifiedNaturalID},
}

// longDate writes 2011-01-14 as "14 January 2011", as descriptions do.
func longDate(iso string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return t.Format("2 January 2006")
}

// searchHit is an entry that matched a query, with where it matched.
type searchHit struct {
	*searchEntry
	exact                    bool
	titleWords, snippetWords int
	atStart                  bool
	matches                  searchMatches
}

// searchMatches are a hit's match offsets: pairs of 1-based, inclusive
// positions in UTF-16 code units, as live. Title and snippet are always
// sent, as live; address_snippet only when it matched.
type searchMatches struct {
	Title          []int `json:"title"`
	Snippet        []int `json:"snippet"`
	AddressSnippet []int `json:"address_snippet,omitempty"`
}

// item is the hit as served: the entry's fields with its matches.
func (h searchHit) item() json.RawMessage {
	m, err := json.Marshal(h.matches)
	if err != nil {
		panic("demo: encoding matches: " + err.Error())
	}
	out := make([]byte, 0, len(h.fields)+len(m)+12)
	out = append(out, `{"matches":`...)
	out = append(out, m...)
	out = append(out, ',')
	return append(out, h.fields[1:]...)
}

// find lists the entries of the scope that match the query, best first.
// Each word of the query matches where a word of the text starts with it,
// ignoring case (so "marz" finds MARZIPAN, "quayle" ABERNATHY-QUAYLE and
// "ç" ÇA VA); an entry is found when a word matches its title or snippet.
// Best is an exact title, then the most words matched in the title, then
// in the snippet, then a title that starts with the first word; ties keep
// companies before officers and go by title.
func (ix *searchIndex) find(query string, scope searchScope) []searchHit {
	var words [][]rune
	seen := map[string]bool{}
	for _, w := range strings.Fields(query) {
		if key := strings.ToLower(w); !seen[key] {
			seen[key] = true
			words = append(words, []rune(w))
		}
	}
	whole := strings.Join(strings.Fields(query), " ")
	var hits []searchHit
	for _, e := range ix.entries {
		if !scope.holds(e.kind) {
			continue
		}
		h := searchHit{searchEntry: e}
		h.matches.Title, h.titleWords = e.title.match(words)
		h.matches.Snippet, h.snippetWords = e.snippet.match(words)
		if h.titleWords+h.snippetWords == 0 {
			continue
		}
		h.matches.AddressSnippet, _ = e.address.match(words)
		// Live sends [] for a title or snippet that did not match.
		if h.matches.Title == nil {
			h.matches.Title = []int{}
		}
		if h.matches.Snippet == nil {
			h.matches.Snippet = []int{}
		}
		h.exact = strings.EqualFold(string(e.title.runes), whole)
		h.atStart = len(h.matches.Title) > 0 && h.matches.Title[0] == 1
		hits = append(hits, h)
	}
	slices.SortStableFunc(hits, func(a, b searchHit) int {
		return cmp.Or(
			cmpTrue(a.exact, b.exact),
			cmp.Compare(b.titleWords, a.titleWords),
			cmp.Compare(b.snippetWords, a.snippetWords),
			cmpTrue(a.atStart, b.atStart),
			cmp.Compare(a.kind, b.kind),
			cmp.Compare(a.sortKey, b.sortKey),
		)
	})
	return hits
}

// cmpTrue orders true before false.
func cmpTrue(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// match finds the words in the text: the offsets of every place one
// matches (joined where they overlap), and how many of the words matched
// at all.
func (t searchText) match(words [][]rune) ([]int, int) {
	var spans [][2]int
	matched := 0
	for _, w := range words {
		found := false
		for _, i := range t.starts {
			if i+len(w) > len(t.runes) {
				break
			}
			if foldEqual(t.runes[i:i+len(w)], w) {
				spans = append(spans, [2]int{t.units[i] + 1, t.units[i+len(w)]})
				found = true
			}
		}
		if found {
			matched++
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	var offsets []int
	for _, s := range spans {
		if n := len(offsets); n > 0 && s[0] <= offsets[n-1]+1 {
			offsets[n-1] = max(offsets[n-1], s[1])
			continue
		}
		offsets = append(offsets, s[0], s[1])
	}
	return offsets, matched
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// foldEqual compares runes ignoring case, by Unicode simple folding (as
// strings.EqualFold does), so that "ç" matches "Ç".
func foldEqual(a, b []rune) bool {
	for i := range a {
		if !sameLetter(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameLetter(a, b rune) bool {
	if a == b {
		return true
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
