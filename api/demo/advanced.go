package demo

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The advanced search (/advanced-search/companies), as the registry's
// search service answers it: every criterion ANDed, a list matching any
// of its values; the name's and the address's words matched whole,
// ignoring case; dates inclusive; results in a stable order (by number),
// not ranked; hits exact; and any parameter it does not know ignored.
// Its refusals are checked in the service's order: dates (400), then the
// lists of statuses, types and subtypes (400), then size (422).

// The values the service takes, from its own lists.
var (
	acceptedStatuses = []string{"active", "dissolved", "open", "closed", "removed", "converted-closed", "receivership",
		"administration", "liquidation", "insolvency-proceedings", "voluntary-arrangement"}
	acceptedTypes = []string{"private-unlimited", "ltd", "plc", "old-public-company", "private-limited-guarant-nsc-limited-exemption",
		"limited-partnership", "private-limited-guarant-nsc", "converted-or-closed", "private-unlimited-nsc",
		"private-limited-shares-section-30-exemption", "protected-cell-company", "assurance-company", "oversea-company",
		"eeig-establishment", "icvc-securities", "icvc-warrant", "icvc-umbrella", "registered-society-non-jurisdictional",
		"industrial-and-provident-society", "northern-ireland", "northern-ireland-other", "llp", "royal-charter",
		"investment-company-with-variable-capital", "unregistered-company", "other", "european-public-limited-liability-company-se",
		"united-kingdom-societas", "uk-establishment", "scottish-partnership", "charitable-incorporated-organisation",
		"scottish-charitable-incorporated-organisation", "further-education-or-sixth-form-college-corporation", "eeig",
		"registered-overseas-entity", "ukeig"}
	acceptedSubtypes = []string{"community-interest-company", "private-fund-limited-partnership"}
)

const (
	advancedDefaultSize = 20
	advancedMaxSize     = 5000
)

// advancedQuery is an advanced search as the service reads it.
type advancedQuery struct {
	includes, excludes, location        []string
	statuses, types, subtypes, sicCodes []string
	incorporated, dissolved             [2]string // from, to
	start, size                         int
}

func (h *handler) advancedSearch(w http.ResponseWriter, r *http.Request) {
	q, refusal, status := readAdvanced(r.URL.Query())
	if status != 0 {
		writePlain(w, status, refusal)
		return
	}
	var matched []*firm
	for _, f := range h.firms().all {
		if q.matches(f) {
			matched = append(matched, f)
		}
	}
	page := cut(matched, page{start: q.start, size: q.size})
	if len(page) == 0 {
		notFound(w)
		return
	}
	items := make([]foundItem, len(page))
	for i, f := range page {
		items[i] = advancedItem(f)
	}
	hits := len(matched)
	writeJSON(w, http.StatusOK, foundList{
		Etag:   etag("advanced-search", r.URL.RawQuery),
		TopHit: &items[0],
		Items:  items,
		Kind:   "search#advanced-search",
		Hits:   &hits,
	})
}

// readAdvanced reads the parameters, refusing what the service refuses:
// the sentence and status to answer with, or status 0.
func readAdvanced(v url.Values) (advancedQuery, string, int) {
	q := advancedQuery{
		includes: wordsOf(v, "company_name_includes"), excludes: wordsOf(v, "company_name_excludes"),
		location: wordsOf(v, "location"), sicCodes: listOf(v, "sic_codes", false),
	}
	for i, name := range []string{"incorporated_from", "incorporated_to", "dissolved_from", "dissolved_to"} {
		vs, given := v[name]
		if !given {
			continue
		}
		d := ""
		if len(vs) > 0 {
			d = vs[0]
		}
		if _, err := time.Parse(time.DateOnly, d); err != nil || len(d) != 10 {
			return q, dateRefusal, http.StatusBadRequest
		}
		if i < 2 {
			q.incorporated[i] = d
		} else {
			q.dissolved[i-2] = d
		}
	}
	for _, l := range []struct {
		name     string
		accepted []string
		into     *[]string
	}{{"company_status", acceptedStatuses, &q.statuses}, {"company_type", acceptedTypes, &q.types}, {"company_subtype", acceptedSubtypes, &q.subtypes}} {
		*l.into = listOf(v, l.name, true)
		for _, s := range *l.into {
			if !slices.Contains(l.accepted, s) {
				return q, mappingRefusal, http.StatusBadRequest
			}
		}
	}
	q.start, _ = strconv.Atoi(v.Get("start_index"))
	q.start = max(q.start, 0)
	q.size = advancedDefaultSize
	if s := v.Get("size"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 || n > advancedMaxSize {
			return q, sizeRefusal + strconv.Itoa(advancedMaxSize), http.StatusUnprocessableEntity
		}
		q.size = n
	}
	return q, "", 0
}

// wordsOf is a text parameter's words, as the search engine reads them.
func wordsOf(v url.Values, name string) []string {
	return words(strings.Join(v[name], " "))
}

// listOf is a list parameter: the key repeated, or values separated by
// commas; lower-cased where the service lower-cases them.
func listOf(v url.Values, name string, lower bool) []string {
	var out []string
	for _, s := range v[name] {
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				if lower {
					part = strings.ToLower(part)
				}
				out = append(out, part)
			}
		}
	}
	return out
}

func (q advancedQuery) matches(f *firm) bool {
	oneOf := func(list []string, v string) bool { return len(list) == 0 || slices.Contains(list, v) }
	switch {
	case !hasAll(f.nameWords, q.includes), !hasAll(f.addressWords, q.location):
		return false
	case slices.ContainsFunc(q.excludes, func(w string) bool { return slices.Contains(f.nameWords, w) }):
		return false
	case !oneOf(q.statuses, f.status), !oneOf(q.types, f.kind), !oneOf(q.subtypes, f.subtype):
		return false
	case len(q.sicCodes) > 0 && !slices.ContainsFunc(f.sic, func(c string) bool { return slices.Contains(q.sicCodes, c) }):
		return false
	}
	return inRange(f.created, q.incorporated) && inRange(f.ceased, q.dissolved)
}

// inRange reports whether a day is within an inclusive range; a company
// without the day is outside any range.
func inRange(day string, r [2]string) bool {
	if r == [2]string{} {
		return true
	}
	return day != "" && (r[0] == "" || day >= r[0]) && (r[1] == "" || day <= r[1])
}

// advancedItem is a company as the advanced search serves it: the
// date of cessation only for a company that has ceased.
func advancedItem(f *firm) foundItem {
	it := foundItem{
		CompanyName: f.name, CompanyNumber: f.number, CompanyStatus: f.status,
		CompanyType: f.kind, CompanySubtype: f.subtype, Kind: "searchresults#company",
		Links:          &profileLink{CompanyProfile: "/company/" + f.number},
		DateOfCreation: f.created, RegisteredOfficeAddress: f.roa(), SICCodes: f.sic,
	}
	if slices.Contains([]string{"dissolved", "closed", "converted-closed", "removed"}, f.status) {
		it.DateOfCessation = f.ceased
	}
	return it
}

// writePlain answers with a sentence of plain text, as the search
// service refuses what it is asked, labelled as what it is. (A client
// reads it as text whatever the label: coview's tests give it one
// labelled JSON too.)
func writePlain(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(text))
}
