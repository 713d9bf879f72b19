package demo

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
)

// The registry's three searches of companies by what they are, over
// every company the demo has a profile of (the fixtures and the
// generated ones): the advanced search (advanced.go), the alphabetical
// index and the dissolved search (alphabetical.go). They answer as the
// registry's search service does, read from its code: nothing found is
// a 404 with an empty body, and what it refuses is said in a sentence of
// plain text.

// firm is what the searches know of one company.
type firm struct {
	name, number, status, kind, subtype string
	created, ceased                     string // yyyy-mm-dd, or ""
	sic                                 []string
	address                             searchAddress
	previous                            []firmName
	nameWords, addressWords             []string // lower-cased words, for matching
	alphaKey                            string   // its place in the alphabetical index
}

// firmName is a name a company once had.
type firmName struct {
	Name          string `json:"name"`
	EffectiveFrom string `json:"effective_from,omitempty"`
	CeasedOn      string `json:"ceased_on,omitempty"`
}

// firms is every company, by number; built once, on the first search.
type firms struct {
	all     []*firm // by number
	byAlpha []*firm // by ordered_alpha_key_with_id
}

func buildFirms(reg *registry) *firms {
	fs := &firms{}
	for _, number := range slices.Sorted(maps.Keys(reg.companies)) {
		if f := firmOf(reg.companies[number].profile); f != nil {
			fs.all = append(fs.all, f)
		}
	}
	for i := range generatedCount {
		number := generatedNumber(i)
		if reg.companies[number] != nil {
			continue
		}
		body, err := json.Marshal(generatedProfile(number, generatedName(i), i))
		if err != nil {
			panic("demo: encoding a generated profile: " + err.Error())
		}
		fs.all = append(fs.all, firmOf(body))
	}
	slices.SortFunc(fs.all, func(a, b *firm) int { return strings.Compare(a.number, b.number) })
	fs.byAlpha = slices.Clone(fs.all)
	slices.SortFunc(fs.byAlpha, func(a, b *firm) int { return strings.Compare(a.alphaKeyWithID(), b.alphaKeyWithID()) })
	return fs
}

// firmOf reads a company from its profile, member by member: a fixture
// may be malformed on purpose, and a bad member is left out.
func firmOf(profile []byte) *firm {
	var obj map[string]json.RawMessage
	if json.Unmarshal(profile, &obj) != nil {
		return nil
	}
	read := func(name string, v any) { json.Unmarshal(obj[name], v) }
	f := &firm{}
	read("company_name", &f.name)
	read("company_number", &f.number)
	read("company_status", &f.status)
	read("type", &f.kind)
	read("subtype", &f.subtype)
	read("date_of_creation", &f.created)
	read("date_of_cessation", &f.ceased)
	read("sic_codes", &f.sic)
	read("registered_office_address", &f.address)
	read("previous_company_names", &f.previous)
	if f.name == "" || f.number == "" {
		return nil
	}
	f.nameWords = words(f.name)
	a := f.address
	f.addressWords = words(strings.Join([]string{a.POBox, a.Premises, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.PostalCode, a.Country}, " "))
	f.alphaKey = orderedAlphaKey(f.name)
	return f
}

func generatedNumber(i int) string {
	b := []byte("00000000")
	n := generatedFrom + i
	for j := 7; j >= 0 && n > 0; j-- {
		b[j] = byte('0' + n%10)
		n /= 10
	}
	return string(b)
}

// words are the words of a text as the search engine reads them: runs of
// letters and digits, lower-cased.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// hasAll reports whether every word of want is one of have.
func hasAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// nameEndings are the words that end a company's name and are left out
// of its place in the alphabetical index.
var nameEndings = []string{"LIMITED", "LTD", "PLC", "LLP", "CIC", "LP", "CIO"}

// orderedAlphaKey is a name's place in the alphabetical index: upper
// case, "&" read as AND, its ending (LIMITED, PLC...) left out, nothing
// but letters and digits.
func orderedAlphaKey(name string) string {
	fields := strings.Fields(strings.ReplaceAll(strings.ToUpper(name), "&", " AND "))
	if n := len(fields); n > 1 && slices.Contains(nameEndings, strings.Trim(fields[n-1], ".()")) {
		fields = fields[:n-1]
	}
	var b strings.Builder
	for _, r := range strings.Join(fields, "") {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (f *firm) alphaKeyWithID() string { return f.alphaKey + ":" + f.number }

// dissolved reports whether the company is in the dissolved index.
func (f *firm) dissolved() bool { return f.status == "dissolved" }

// roa is the registered office as a search item carries it: nil when it
// has none.
func (f *firm) roa() *searchAddress {
	if f.address == (searchAddress{}) {
		return nil
	}
	a := f.address
	a.POBox = ""
	return &a
}

// profileLink is the item's links: the company's profile.
type profileLink struct {
	CompanyProfile string `json:"company_profile"`
}

// foundItem is a company as the three searches serve it, null members
// left out as the registry leaves them out.
type foundItem struct {
	CompanyName                string         `json:"company_name,omitempty"`
	CompanyNumber              string         `json:"company_number,omitempty"`
	CompanyStatus              string         `json:"company_status,omitempty"`
	CompanyType                string         `json:"company_type,omitempty"`
	CompanySubtype             string         `json:"company_subtype,omitempty"`
	OrderedAlphaKeyWithID      string         `json:"ordered_alpha_key_with_id,omitempty"`
	Kind                       string         `json:"kind,omitempty"`
	Links                      *profileLink   `json:"links,omitempty"`
	DateOfCessation            string         `json:"date_of_cessation,omitempty"`
	DateOfCreation             string         `json:"date_of_creation,omitempty"`
	RegisteredOfficeAddress    *searchAddress `json:"registered_office_address,omitempty"`
	PreviousCompanyNames       []firmName     `json:"previous_company_names,omitempty"`
	MatchedPreviousCompanyName *matchedName   `json:"matched_previous_company_name,omitempty"`
	SICCodes                   []string       `json:"sic_codes,omitempty"`
}

// matchedName is the previous name a previous-name search matched.
type matchedName struct {
	firmName
	CompanyNumber string `json:"company_number"`
}

// foundList is the answer of the three searches: the registry leaves out
// what is empty (an alphabetical search has no etag and no hits).
type foundList struct {
	Etag   string      `json:"etag,omitempty"`
	TopHit *foundItem  `json:"top_hit,omitempty"`
	Items  []foundItem `json:"items"`
	Kind   string      `json:"kind"`
	Hits   *int        `json:"hits,omitempty"`
}

// The sentences the search service answers in plain text.
const (
	dateRefusal    = "Date provided is either invalid, empty or in the incorrect format, please use the format of 'yyyy-mm-dd' e.g '2000-12-20'"
	mappingRefusal = "Error attempting to map request parameter values, please check the values of fields 'company_status' or 'company_type' or 'company_subtype' contain accurate values"
	sizeRefusal    = "Invalid size parameter, size must be greater than zero and not greater than "
	searchTypeText = "Invalid url parameter for search_type, please try 'alphabetical', 'best-match' or 'previous-name-dissolved'"
)

// notFound is the search service's "nothing found": 404, no body at all.
func notFound(w interface{ WriteHeader(int) }) { w.WriteHeader(404) }

// ceasedWithin20Years is the registry's rule for a dissolved company's
// address: shown only if it ceased less than twenty years ago.
func ceasedWithin20Years(ceased string, now time.Time) bool {
	t, err := time.Parse(time.DateOnly, ceased)
	return err == nil && t.After(now.AddDate(-20, 0, 0))
}
