package api

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"coview/api/demo"
)

// searchDemo is a client of the demo registry over loopback, and a record
// of every request the registry received.
func searchDemo(t *testing.T) (*Client, *recorder) {
	t.Helper()
	srv, rec := serve(t, demo.NewHandler(demo.Options{}).ServeHTTP)
	return newClient(t, srv.URL, func(o *Options) { o.Key = demo.Key }), rec
}

func TestSearchPagesUpToTheDepthCapAndNoFurther(t *testing.T) {
	for _, size := range []int{100, 20, 30} {
		c, rec := searchDemo(t)
		ctx := context.Background()
		page, seen, pages := Page{ItemsPerPage: size}, 0, 0
		var last *SearchResults
		for {
			r, err := c.Search(ctx, ResSearchCompanies, "ltd", page)
			if err != nil {
				t.Fatalf("size %d, %+v: %v", size, page, err)
			}
			seen, pages, last = seen+len(r.Items), pages+1, r
			if !r.More() {
				break
			}
			page = r.NextPage()
		}
		if seen != SearchDepthCap || last.Capped == "" || last.Total() <= SearchDepthCap {
			t.Fatalf("size %d: read %d results of %d, capped %q", size, seen, last.Total(), last.Capped)
		}
		if rec.count() != pages {
			t.Fatalf("size %d: %d pages cost %d requests", size, pages, rec.count())
		}
	}
}

func TestA416PastTheCapIsAnAnswerNotAnError(t *testing.T) {
	c, _ := searchDemo(t)
	ctx := context.Background()
	r, err := c.Search(ctx, ResSearchCompanies, "ltd", Page{StartIndex: SearchDepthCap, ItemsPerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	if r.Capped == "" || len(r.Items) != 0 || r.More() || r.Total() != -1 || r.Raw != nil || r.Empty != "" {
		t.Fatalf("a 416 reads as %+v", r)
	}
	a, err := c.Fetch(ctx, SearchResource(ResSearchCompanies, "ltd"), Page{StartIndex: 2000, ItemsPerPage: 20})
	if err != nil || typed(a) == nil || a.value.(*SearchResults).Capped == "" || a.Raw != nil {
		t.Fatalf("Fetch past the cap: %+v, %v", a, err)
	}
}

func TestASearchBelowTheCapEndsWithoutSayingCapped(t *testing.T) {
	c, _ := searchDemo(t)
	page, seen := Page{}, 0
	for {
		r, err := c.Search(context.Background(), ResSearchCompanies, "bramble", page)
		if err != nil {
			t.Fatal(err)
		}
		seen += len(r.Items)
		if r.Capped != "" {
			t.Fatalf("capped at %d of %d", seen, r.Total())
		}
		if !r.More() {
			if seen != r.Total() || seen < SearchPageSize {
				t.Fatalf("read %d of %d", seen, r.Total())
			}
			return
		}
		page = r.NextPage()
	}
}

func TestNothingFoundIsAnAnswerWithEmptySet(t *testing.T) {
	c, _ := searchDemo(t)
	ctx := context.Background()
	for _, kind := range []ResourceKind{ResSearch, ResSearchCompanies, ResSearchOfficers} {
		a, err := c.Fetch(ctx, SearchResource(kind, "zzqxv"), Page{})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := Value[*SearchResults](a)
		if r == nil || r.Empty == "" || len(r.Items) != 0 || r.Total() != 0 || r.More() || len(a.Raw) == 0 {
			t.Fatalf("kind %d: nothing found reads as %+v", kind, r)
		}
	}
}

func TestABlankQueryIsEmptyWithoutARequest(t *testing.T) {
	c, rec := searchDemo(t)
	for _, q := range []string{"", "   ", "\n\t", "\u202e\u200b"} {
		r, err := c.Search(context.Background(), ResSearch, q, Page{})
		if err != nil || r.Empty == "" || r.More() {
			t.Fatalf("Search(%q) = %+v, %v", q, r, err)
		}
	}
	if rec.count() != 0 {
		t.Fatalf("%d requests for blank queries", rec.count())
	}
}

func TestSparseItemsAreReadWithoutComplaint(t *testing.T) {
	c, _ := searchDemo(t)
	cases := []struct {
		name, query, number string
	}{
		{"a company whose profile is sparse too", "hollow void", "00006408"},
		{"a CIO known only to the search index", "larder", "CE006411"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := c.Search(context.Background(), ResSearchCompanies, tc.query, Page{})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Unreadable) > 0 || len(r.Items) == 0 {
				t.Fatalf("unreadable %v, %d items", r.Unreadable, len(r.Items))
			}
			it := r.Items[0]
			if it.CompanyNumber != tc.number || it.ItemKind() != SearchCompany {
				t.Fatalf("first item %+v", it)
			}
			if it.CompanyStatus != "" || it.DateOfCreation != "" || it.Address == nil || *it.Address != (Address{}) || it.AddressSnippet != "" {
				t.Fatalf("status %q, created %q, address %+v, snippet %q", it.CompanyStatus, it.DateOfCreation, it.Address, it.AddressSnippet)
			}
			if !strings.Contains(string(r.Raw), `"company_status":null`) || !strings.Contains(string(r.Raw), `"address":{}`) {
				t.Fatalf("the demo did not send the sparse shape: %s", r.Raw)
			}
			if res, ok := it.Resource(); !ok || res != CompanyResource(Number(tc.number)) {
				t.Fatalf("it leads to %+v, %v", res, ok)
			}
		})
	}
}

func TestSearchOfEverythingMixesKindsAndEachLeadsWhereItShould(t *testing.T) {
	c, _ := searchDemo(t)
	ctx := context.Background()
	r, err := c.Search(ctx, ResSearch, "grumble grimthorpe", Page{})
	if err != nil {
		t.Fatal(err)
	}
	found := map[SearchKind]SearchItem{}
	for _, it := range r.Items {
		found[it.ItemKind()] = it
	}
	if r.Kind != "search#all" || len(found) != 3 {
		t.Fatalf("kinds %v in %s", found, r.Raw)
	}
	company, officer, disq := found[SearchCompany], found[SearchOfficer], found[SearchDisqualifiedOfficer]

	if res, ok := company.Resource(); !ok || res.Kind != ResCompany {
		t.Fatalf("the company leads to %+v", res)
	} else if a, err := c.Fetch(ctx, res, Page{}); err != nil || typed(a) == nil || a.value.(*Profile).CompanyName != company.Title {
		t.Fatalf("the company's profile: %v", err)
	}

	if officer.AppointmentCount == nil || officer.DateOfBirth == nil || officer.DateOfBirth.Year == "" || officer.DateOfBirth.Full != "" {
		t.Fatalf("officer %+v", officer)
	}
	res, ok := officer.Resource()
	if !ok || res.Kind != ResAppointments {
		t.Fatalf("the officer leads to %+v", res)
	}
	a, err := c.Fetch(ctx, res, Page{})
	if err != nil || typed(a) == nil || a.value.(*Appointments).Total() != *officer.AppointmentCount {
		t.Fatalf("the officer's appointments: %+v, %v", a, err)
	}

	if b := disq.DateOfBirth; b == nil || b.Full != "1964-02-29" || b.Year != "1964" || b.Month != "2" {
		t.Fatalf("a disqualified officer's date of birth reads as %+v", b)
	}
	res, ok = disq.Resource()
	if !ok || res.Kind != ResDisqualifiedNatural || res.ID != demo.DisqualifiedNaturalID {
		t.Fatalf("the disqualified officer leads to %+v, %v", res, ok)
	}
	a, err = c.Fetch(ctx, res, Page{})
	if err != nil || typed(a) == nil || a.value.(*DisqualifiedPerson).Forename != "Mallory" || len(a.value.(*DisqualifiedPerson).Disqualifications) != 2 {
		t.Fatalf("the disqualified officer's record: %+v, %v", a, err)
	}
}

func TestEachSearchKindListsItsOwnKindOnly(t *testing.T) {
	c, _ := searchDemo(t)
	for _, tt := range []struct {
		kind     ResourceKind
		query    string
		want     SearchKind
		envelope string
	}{
		{ResSearchCompanies, "grumble", SearchCompany, "search#companies"},
		{ResSearchOfficers, "grumble", SearchOfficer, "search#officers"},
		{ResSearchDisqualified, "grimthorpe", SearchDisqualifiedOfficer, "search#disqualified-officers"},
	} {
		kind, want := tt.kind, tt.want
		r, err := c.Search(context.Background(), kind, tt.query, Page{})
		if err != nil || len(r.Items) == 0 || r.Kind != tt.envelope {
			t.Fatalf("kind %d: %+v, %v", kind, r, err)
		}
		for _, it := range r.Items {
			if it.ItemKind() != want {
				t.Fatalf("kind %d lists a %q", kind, it.Kind)
			}
		}
	}
}

func TestAnItemOfAnUnknownKindIsKeptNotRefused(t *testing.T) {
	srv, _ := serve(t, jsonReply(http.StatusOK, `{"kind":"search#all","total_results":3,"items":[
		{"kind":"searchresults#company","title":"TEAPOT LTD","company_number":"00006401","links":{"self":"/company/00006401"}},
		{"kind":"searchresults#something-new","title":"A NEW THING","links":{"self":"/something/new"}},
		{"title":"NO KIND AT ALL","date_of_birth":{"month":"3","year":1970}}]}`))
	r, err := newClient(t, srv.URL).Search(context.Background(), ResSearch, "thing", Page{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := []SearchKind{r.Items[0].ItemKind(), r.Items[1].ItemKind(), r.Items[2].ItemKind()}
	if !reflect.DeepEqual(kinds, []SearchKind{SearchCompany, SearchOther, SearchOther}) || len(r.Unreadable) > 0 {
		t.Fatalf("kinds %v, unreadable %v", kinds, r.Unreadable)
	}
	if r.Items[1].Title != "A NEW THING" || r.Items[2].DateOfBirth.Month != "3" {
		t.Fatalf("items %+v", r.Items)
	}
	if res, ok := r.Items[1].Resource(); !ok || res.Kind != ResOther {
		t.Fatalf("an unknown kind leads to %+v, %v", res, ok)
	}
	if _, ok := r.Items[2].Resource(); ok {
		t.Fatal("an item without a link leads somewhere")
	}
}

// Queries that need escaping survive the link, Route, the request and the
// demo's decoding, and find what they name.
func TestQueriesThatNeedEscapingRoundTrip(t *testing.T) {
	cases := []struct {
		name, query, want string // want: the first title found, "" for any
	}{
		{"&, +, %, ? and accented capitals", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{"lower case finds upper case beyond ASCII", "ça va café", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{"a lone non-ASCII letter", "Ç", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{"an ampersand between words", "grumble & sons", "GRUMBLE & SONS PLUMBING LTD"},
		{"a plus that is not a space", "larder+", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{"a percent sign that is not an escape", "100%", "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"},
		{"something that looks like an escape", "%41%26", ""},
		{"a hash that is not a fragment", "#1 teapot", "GRAND UNIFIED TEAPOT HOLDINGS PLC"},
		{"what looks like more parameters", "teapot &items_per_page=1 &start_index=999", "GRAND UNIFIED TEAPOT HOLDINGS PLC"},
		{"white space of a paste", "  fiddlesticks \n\t froggatt  ", "FIDDLESTICKS & FROGGATT LLP"},
	}
	c, rec := searchDemo(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, kind := range []ResourceKind{ResSearch, ResSearchCompanies} {
				res := SearchResource(kind, tc.query)
				back, err := Route(res.Link)
				if err != nil || back != res {
					t.Fatalf("Route(%q) = %+v, %v; want %+v", res.Link, back, err, res)
				}
				if got := SearchQuery(res.Link); got != CleanQuery(tc.query) {
					t.Fatalf("the link %q reads back as %q", res.Link, got)
				}
				a, err := c.Fetch(context.Background(), back, Page{})
				if err != nil {
					t.Fatal(err)
				}
				if sent := rec.last().URL.Query(); sent.Get("q") != CleanQuery(tc.query) || len(sent["q"]) != 1 || len(sent["items_per_page"]) != 1 || len(sent["start_index"]) != 1 {
					t.Fatalf("the registry received %v", sent)
				}
				if tc.want != "" && (typed(a) == nil || len(a.value.(*SearchResults).Items) == 0 || a.value.(*SearchResults).Items[0].Title != tc.want) {
					t.Fatalf("found %s", a.Raw)
				}
			}
		})
	}
}

func TestAPageOfOneIsNeverAskedFor(t *testing.T) {
	c, rec := searchDemo(t)
	ctx := context.Background()
	const name = "ÇA VA? CAFÉ & LARDER+ 100% COMMUNITY CIO"
	r, err := c.Search(ctx, ResSearchCompanies, name, Page{ItemsPerPage: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sent := rec.last().URL.Query(); sent.Get("items_per_page") != "2" || sent.Get("start_index") != "0" {
		t.Fatalf("the registry received %v", sent)
	}
	if len(r.Items) == 0 || r.Items[0].Title != name || r.Asked.ItemsPerPage != 2 {
		t.Fatalf("the first result is not the one named: %s", r.Raw)
	}
	if _, err := c.Fetch(ctx, SearchResource(ResSearch, "ltd"), Page{StartIndex: 7, ItemsPerPage: 1}); err != nil {
		t.Fatal(err)
	}
	if sent := rec.last().URL.Query(); sent.Get("items_per_page") != "2" || sent.Get("start_index") != "6" {
		t.Fatalf("Fetch sent %v", sent)
	}
}

func TestFetchPutsThePageOnTopOfTheLinksOwnPaging(t *testing.T) {
	c, rec := searchDemo(t)
	res, err := Route("/search/companies?q=ltd&items_per_page=1&start_index=5")
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Fetch(context.Background(), res, Page{StartIndex: 45, ItemsPerPage: 20})
	if err != nil {
		t.Fatal(err)
	}
	sent := rec.last().URL.Query()
	if !reflect.DeepEqual(sent["items_per_page"], []string{"20"}) || !reflect.DeepEqual(sent["start_index"], []string{"40"}) {
		t.Fatalf("the registry received %v", sent)
	}
	s, _ := Value[*SearchResults](a)
	if s == nil || s.StartIndex != 40 || len(s.Items) != 20 || s.NextPage() != (Page{StartIndex: 60, ItemsPerPage: 20}) {
		t.Fatalf("answer %+v", s)
	}
}

func TestSearchPageKeepsToWhatTheRegistryServesWell(t *testing.T) {
	cases := []struct {
		name     string
		in, want Page
	}{
		{"no size is the registry's default", Page{}, Page{0, SearchPageSize}},
		{"a size of one is raised to two", Page{0, 1}, Page{0, 2}},
		{"a size over the maximum is cut to it", Page{0, 500}, Page{0, MaxSearchPageSize}},
		{"a negative size is the default", Page{0, -3}, Page{0, SearchPageSize}},
		{"a start inside a page is brought to its first item", Page{45, 20}, Page{40, 20}},
		{"a start is aligned to the raised size", Page{7, 1}, Page{6, 2}},
		{"a negative start is the first page", Page{-10, 20}, Page{0, 20}},
		{"an aligned start is kept", Page{980, 20}, Page{980, 20}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := SearchPage(tc.in); got != tc.want {
				t.Fatalf("SearchPage(%+v) = %+v; want %+v", tc.in, got, tc.want)
			}
		})
	}
}

func TestCleanQueryMakesOneLinkOfTheSameText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"marzipan", "marzipan"},
		{"  marzipan   mountain \n", "marzipan mountain"},
		{"grumble\t&\r\nsons", "grumble & sons"},
		{"evil\x1b[2J name", "evil[2J name"},
		{"\u202eetirw\u202c zero\u200bwidth", "etirw zerowidth"},
		{"ÇA VA", "ÇA VA"},
		{strings.Repeat("a", 500), strings.Repeat("a", maxQueryRunes)},
		{strings.Repeat("é ", 300), strings.TrimSpace(strings.Repeat("é ", maxQueryRunes))},
	}
	for _, tc := range cases {
		if got := CleanQuery(tc.in); got != tc.want {
			t.Errorf("CleanQuery(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// Text from the registry reaches the caller exactly as sent (sanitising is
// the caller's job), and the matches still cut it where they should.
func TestHostileTextComesThroughIntactWithItsMatches(t *testing.T) {
	c, _ := searchDemo(t)
	r, err := c.Search(context.Background(), ResSearch, "grimthorpe", Page{})
	if err != nil || len(r.Items) != 1 {
		t.Fatalf("%+v, %v", r, err)
	}
	it := r.Items[0]
	if !strings.Contains(it.Title, "\x1b]0;") || !strings.Contains(it.Snippet, "\u202e") {
		t.Fatalf("title %q, snippet %q", it.Title, it.Snippet)
	}
	var matched []string
	for _, s := range MatchSegments(it.Title, it.Matches.Title) {
		if s.Match {
			matched = append(matched, s.Text)
		}
	}
	if !reflect.DeepEqual(matched, []string{"GRIMTHORPE"}) {
		t.Fatalf("matched %q in %q", matched, it.Title)
	}
}
