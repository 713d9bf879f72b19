package demo

import (
	"cmp"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The alphabetical index (/alphabetical-search/companies) and the
// dissolved search (/dissolved-search/companies), as the registry's
// search service answers them. The index is ordered by each company's
// ordered_alpha_key_with_id ("JAMES:05495616"): a name's best match is
// the company filed under its key, else the first filed under a key that
// starts with it, else with less and less of it. Without a cursor a page
// is the companies before the best match, the match and those after it;
// search_after and search_before, an item's key, are the pages either
// side. The dissolved search holds the dissolved companies only; its
// best-match and previous-name searches page by start_index and count
// hits.

const (
	namedDefaultSize = 20
	namedMaxSize     = 100
)

// namedSize reads size, answering 422 itself when it is out of range.
func namedSize(w http.ResponseWriter, v url.Values) (int, bool) {
	s := v.Get("size")
	if s == "" {
		return namedDefaultSize, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || n > namedMaxSize {
		writePlain(w, http.StatusUnprocessableEntity, sizeRefusal+strconv.Itoa(namedMaxSize))
		return 0, false
	}
	return n, true
}

func (h *handler) alphabeticalSearch(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	if strings.TrimSpace(v.Get("q")) == "" {
		writeBadParameter(w, "q", "Required request parameter 'q' for method parameter type String is not present")
		return
	}
	size, ok := namedSize(w, v)
	if !ok {
		return
	}
	h.alphabetical(w, h.firms().byAlpha, v, size, "search#alphabetical-search", alphabeticalItem)
}

// alphabetical answers a page of an alphabetical index.
func (h *handler) alphabetical(w http.ResponseWriter, index []*firm, v url.Values, size int, kind string, item func(*firm) foundItem) {
	top := bestInIndex(index, orderedAlphaKey(v.Get("q")))
	if top < 0 {
		notFound(w)
		return
	}
	before, after := v.Get("search_before"), v.Get("search_after")
	var page []*firm
	switch {
	case after != "" && before == "":
		i, _ := slices.BinarySearchFunc(index, after, byKey)
		for i < len(index) && index[i].alphaKeyWithID() <= after {
			i++
		}
		page = index[i:min(i+size, len(index))]
	case before != "" && after == "":
		i, _ := slices.BinarySearchFunc(index, before, byKey)
		page = index[max(i-size, 0):i]
	default:
		above, below := size/2, size/2-1
		if size%2 == 1 {
			below = size / 2
		}
		page = index[max(top-above, 0):min(top+1+below, len(index))]
	}
	if len(page) == 0 {
		notFound(w)
		return
	}
	items := make([]foundItem, len(page))
	for i, f := range page {
		items[i] = item(f)
	}
	best := item(index[top])
	writeJSON(w, http.StatusOK, foundList{TopHit: &best, Items: items, Kind: kind})
}

func byKey(f *firm, key string) int { return strings.Compare(f.alphaKeyWithID(), key) }

// bestInIndex is where a key's best match is filed: the company filed
// under it, else the first under a key starting with it, else with less
// and less of it; -1 when nothing is.
func bestInIndex(index []*firm, key string) int {
	for n := len(key); n > 0; n-- {
		prefix := key[:n]
		i, _ := slices.BinarySearchFunc(index, prefix, func(f *firm, k string) int { return strings.Compare(f.alphaKey, k) })
		if i < len(index) && strings.HasPrefix(index[i].alphaKey, prefix) {
			return i
		}
	}
	return -1
}

// alphabeticalItem is a company as the alphabetical index serves it.
func alphabeticalItem(f *firm) foundItem {
	return foundItem{
		CompanyName: f.name, CompanyNumber: f.number, CompanyStatus: f.status, CompanyType: f.kind,
		OrderedAlphaKeyWithID: f.alphaKeyWithID(), Kind: "searchresults#alphabetical-search",
		Links: &profileLink{CompanyProfile: "/company/" + f.number},
	}
}

func (h *handler) dissolvedSearch(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	if strings.TrimSpace(v.Get("q")) == "" || !v.Has("search_type") {
		missing := "q"
		if v.Has("q") {
			missing = "search_type"
		}
		writeBadParameter(w, missing, "Required request parameter '"+missing+"' for method parameter type String is not present")
		return
	}
	how := v.Get("search_type")
	if how != "alphabetical" && how != "best-match" && how != "previous-name-dissolved" {
		writePlain(w, http.StatusInternalServerError, searchTypeText)
		return
	}
	size, ok := namedSize(w, v)
	if !ok {
		return
	}
	var index []*firm
	for _, f := range h.firms().byAlpha {
		if f.dissolved() {
			index = append(index, f)
		}
	}
	item := func(f *firm) foundItem { return h.dissolvedItem(f) }
	if how == "alphabetical" {
		h.alphabetical(w, index, v, size, "search#alphabetical-dissolved", item)
		return
	}
	start, _ := strconv.Atoi(v.Get("start_index"))
	h.bestMatch(w, index, v.Get("q"), how == "previous-name-dissolved", page{start: max(start, 0), size: size})
}

// bestMatch answers a best-match or previous-name search of the dissolved
// companies: those whose name has the most of the query's words, or whose
// number it is, best first; or those that bore the name, which has every
// word of the query but a legal ending (the registry matches the short
// name, without its LTD or LIMITED), in the order of their names.
func (h *handler) bestMatch(w http.ResponseWriter, index []*firm, query string, previous bool, p page) {
	want := words(query)
	type hit struct {
		f     *firm
		score int
		name  *firmName
	}
	var hits []hit
	for _, f := range index {
		if previous {
			for i, n := range f.previous {
				if short := shortWords(want); len(short) > 0 && hasAll(words(n.Name), short) {
					hits = append(hits, hit{f, len(short), &f.previous[i]})
					break
				}
			}
			continue
		}
		s := overlap(f.nameWords, want)
		if strings.EqualFold(strings.TrimSpace(query), f.number) {
			s = len(want) + 1
		}
		if s > 0 {
			hits = append(hits, hit{f: f, score: s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.f.name, b.f.name)) })
	shown := cut(hits, p)
	if len(shown) == 0 {
		notFound(w)
		return
	}
	items := make([]foundItem, len(shown))
	for i, x := range shown {
		items[i] = h.dissolvedItem(x.f)
		if x.name != nil {
			items[i].MatchedPreviousCompanyName = &matchedName{firmName: *x.name, CompanyNumber: x.f.number}
		}
	}
	kind := "search#dissolved"
	if previous {
		kind = "search#previous-name-dissolved"
	}
	n := len(hits)
	writeJSON(w, http.StatusOK, foundList{Etag: etag("dissolved", query, kind, strconv.Itoa(p.start)), TopHit: &items[0], Items: items, Kind: kind, Hits: &n})
}

// shortWords are a name's words without a legal ending (LTD, LIMITED,
// PLC...), which any company's name may have.
func shortWords(ws []string) []string {
	return slices.DeleteFunc(slices.Clone(ws), func(w string) bool {
		return slices.Contains(nameEndings, strings.ToUpper(w))
	})
}

// overlap is how many of want's words are in have.
func overlap(have, want []string) int {
	n := 0
	for _, w := range want {
		if slices.Contains(have, w) {
			n++
		}
	}
	return n
}

// dissolvedItem is a company as the dissolved search serves it: its
// address only if it ceased less than twenty years ago.
func (h *handler) dissolvedItem(f *firm) foundItem {
	it := foundItem{
		CompanyName: f.name, CompanyNumber: f.number, CompanyStatus: f.status,
		OrderedAlphaKeyWithID: f.alphaKeyWithID(), Kind: "searchresults#dissolved-company",
		DateOfCessation: f.ceased, DateOfCreation: f.created, PreviousCompanyNames: f.previous,
	}
	if ceasedWithin20Years(f.ceased, h.now()) {
		it.RegisteredOfficeAddress = f.roa()
	}
	return it
}
