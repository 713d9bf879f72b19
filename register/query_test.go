package register

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

// town is a small register to search: one of each thing a search tells
// apart.
func town(t testing.TB) *Index {
	t.Helper()
	return townWith(t, UpdateOptions{})
}

// townWith is the town built with options.
func townWith(t testing.TB, opt UpdateOptions) *Index {
	t.Helper()
	return indexWith(t, opt,
		active("ALPHA SOFTWARE LTD", "00000001").with("RegAddress.PostCode", "LS1 1AA", "IncorporationDate", "01/03/2024"),
		active("BETA SOFTWARE LTD", "00000002").with("CompanyStatus", "Liquidation"),
		active("GAMMA HOLDINGS PLC", "00000003").with("CompanyCategory", "Public Limited Company", "RegAddress.PostTown", "MANCHESTER",
			"RegAddress.PostCode", "M1 1AE", "SICCode.SicText_1", "70229 - Management consultancy activities other than financial management"),
		active("DELTA SOFTWARE LTD", "00000004").with("RegAddress.PostTown", "ROCHESTER", "RegAddress.PostCode", "ME1 1AA",
			"SICCode.SicText_1", "62012 - Business and domestic software development", "IncorporationDate", "31/12/2023"),
		active("HAPPY HEDGEHOG C.I.C.", "00000005").with("CompanyCategory", "Community Interest Company", "SICCode.SicText_1", "75000 - Veterinary activities"),
		active("FIDDLESTICKS LLP", "OC000006").with("CompanyCategory", "Limited Liability Partnership",
			"RegAddress.AddressLine1", "12 LEEDS ROAD", "RegAddress.PostTown", "BRADFORD", "RegAddress.PostCode", "BD1 2AB"),
		active("EPSILON SOFTWARE SOLUTIONS LTD", "SC000007").with("RegAddress.PostCode", "LS1 4AB", "RegAddress.PostTown", "LEEDS"),
	)
}

func numbers(t *testing.T, ix *Index, q Query) []string {
	t.Helper()
	var out []string
	err := ix.Each(context.Background(), q, func(c *Company) error {
		out = append(out, c.Number)
		return nil
	})
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	n, err := ix.Count(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(out) {
		t.Errorf("%+v: Count says %d, Each found %d", q, n, len(out))
	}
	page, err := ix.Search(context.Background(), q, api.Page{ItemsPerPage: 100})
	if err != nil {
		t.Fatal(err)
	}
	var paged []string
	for _, it := range page.Items {
		paged = append(paged, it.CompanyNumber)
	}
	if !slices.Equal(paged, out) || page.Total() != len(out) {
		t.Errorf("%+v: Search found %v of %d, Each %v", q, paged, page.Total(), out)
	}
	return out
}

func TestEveryFilterFindsTheCompaniesItShould(t *testing.T) {
	// The town's words are all rare; built again with a posting list for
	// every word of more than one name (SOFTWARE, LTD, LEEDS...), so that
	// a search reads those from their lists and the others from the
	// names' FTS5 index, with the same answers.
	t.Run("every name word read from the names' index", func(t *testing.T) { everyFilter(t, town(t)) })
	t.Run("common name words read from their posting lists", func(t *testing.T) {
		ix := townWith(t, UpdateOptions{nameListsOver: 1})
		software, err := ix.list(context.Background(), termName+"software")
		beta, _ := ix.list(context.Background(), termName+"beta")
		if err != nil || len(software) != 4 || len(beta) != 0 {
			t.Fatalf("the words with lists: software %v, beta %v, %v", software, beta, err)
		}
		everyFilter(t, ix)
	})
}

func everyFilter(t *testing.T, ix *Index) {
	for _, tc := range []struct {
		name string
		q    Query
		want []string
	}{
		{"a name's words, each a whole word", Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software"}}, []string{"00000001", "00000002", "00000004", "SC000007"}},
		{"a word that is only the start of one finds nothing", Query{CompanyQuery: api.CompanyQuery{NameIncludes: "soft"}}, nil},
		{"words the name must not have", Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software", NameExcludes: "beta solutions"}}, []string{"00000001", "00000004"}},
		{"only words the name must not have", Query{CompanyQuery: api.CompanyQuery{NameExcludes: "software", Statuses: []string{"active"}}}, []string{"00000003", "00000005", "OC000006"}},
		{"a status", Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"liquidation"}}}, []string{"00000002"}},
		{"a type", Query{CompanyQuery: api.CompanyQuery{Types: []string{"plc", "llp"}}}, []string{"00000003", "OC000006"}},
		{"a community interest company is of either type it may be", Query{CompanyQuery: api.CompanyQuery{Types: []string{"private-limited-guarant-nsc"}}}, []string{"00000005"}},
		{"a subtype", Query{CompanyQuery: api.CompanyQuery{Subtypes: []string{"community-interest-company"}}}, []string{"00000005"}},
		{"any of several SIC codes", Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62012", "70229"}}}, []string{"00000003", "00000004"}},
		{"every word of the place, in any line of the address", Query{CompanyQuery: api.CompanyQuery{Location: "leeds"}}, []string{"00000001", "00000002", "00000005", "OC000006", "SC000007"}},
		{"a number in the address", Query{CompanyQuery: api.CompanyQuery{Location: "12 leeds road"}}, []string{"OC000006"}},
		{"incorporated from a day to a day, both included", Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2023-12-31", IncorporatedTo: "2024-03-01"}}, []string{"00000001", "00000004"}},
		{"incorporated from a day on", Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2024-01-01"}}, []string{"00000001"}},
		{"a postcode district is that district alone, not LS10", Query{Postcode: "ls1"}, []string{"00000001", "SC000007"}},
		{"a postcode area is its letters alone: M is not ME", Query{Postcode: "M"}, []string{"00000003"}},
		{"a full postcode, however spaced", Query{Postcode: "ls14ab"}, []string{"SC000007"}},
		{"a postcode sector", Query{Postcode: "LS1 4"}, []string{"SC000007"}},
		{"filters together", Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software", Statuses: []string{"active"}, SICCodes: []string{"62020"}, Location: "leeds"}, Postcode: "LS"}, []string{"00000001", "SC000007"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := numbers(t, ix, tc.q); !slices.Equal(got, tc.want) {
				t.Errorf("found %v, want %v", got, tc.want)
			}
		})
	}
}

func TestASearchTheFileCannotAnswerSaysWhy(t *testing.T) {
	ix := town(t)
	for _, q := range []Query{
		{CompanyQuery: api.CompanyQuery{Statuses: []string{"dissolved"}}},
		{CompanyQuery: api.CompanyQuery{NameIncludes: "software", DissolvedFrom: "2001-01-01"}},
	} {
		_, err := ix.Search(context.Background(), q, api.Page{})
		var le *LacksError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), "dissolved companies are not in the register's file") {
			t.Errorf("%+v: got %v", q, err)
		}
	}
	_, err := ix.Count(context.Background(), Query{Postcode: "1LS"})
	var pe *PostcodeError
	if !errors.As(err, &pe) {
		t.Errorf("a postcode that is none: got %v", err)
	}
	if _, err := ix.Count(context.Background(), Query{}); err == nil {
		t.Error("a search for nothing was answered")
	}
}

func TestPagesGoAsDeepAsTheMatchesWithTheRegistrysShape(t *testing.T) {
	ix := town(t)
	q := Query{CompanyQuery: api.CompanyQuery{Location: "leeds"}}
	p, err := ix.Search(context.Background(), q, api.Page{StartIndex: 2, ItemsPerPage: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total() != 5 || len(p.Items) != 2 || p.Items[0].CompanyNumber != "00000005" || !p.More() {
		t.Errorf("page 2: %d of %d, first %q, more %v", len(p.Items), p.Total(), p.Items[0].CompanyNumber, p.More())
	}
	// What --json prints: the advanced search's members, none empty.
	var raw map[string]any
	if err := json.Unmarshal(p.Raw, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["kind"] != "search#advanced-search" || raw["hits"] != 5.0 || raw["etag"] == "" || raw["etag"] == nil {
		t.Errorf("raw page %s", p.Raw)
	}
	item := raw["items"].([]any)[0].(map[string]any)
	if item["kind"] != "searchresults#company" {
		t.Errorf("an item's kind %v", item["kind"])
	}
	var keys []string
	for k := range item {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"company_name", "company_number", "company_status", "company_subtype", "date_of_creation", "kind", "links", "registered_office_address", "sic_codes"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("an item's members %v, want %v", keys, want)
	}
	empty, err := ix.Search(context.Background(), Query{CompanyQuery: api.CompanyQuery{NameIncludes: "zebra"}}, api.Page{})
	if err != nil || empty.Empty == "" || empty.Total() != 0 {
		t.Errorf("nothing found: %+v, %v", empty, err)
	}
}

func TestTheAlphabeticalIndexFilesNamesByTheirKey(t *testing.T) {
	ix := indexOf(t,
		active("GOOSEBERRY FOOL DAIRIES LIMITED", "00006412"),
		active("GOOSEBERRY FOOL HOLDINGS LIMITED", "00006411"),
		active("GOOSEBERRY FOOL LOGISTICS LIMITED", "00006413"),
		active("GOOSE & GANDER LTD", "00000020"),
		active("GOOSEY LTD", "00000021"),
		active("HAMMOCK LTD", "00000022"),
	)
	p, err := ix.Alphabetical(context.Background(), "gooseberry fool", "", "", 4)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range p.Items {
		got = append(got, it.OrderedAlphaKeyWithID)
	}
	// As the registry pages: half before the best match (here there is
	// one), the match, and the rest after it.
	want := []string{"GOOSEANDGANDER:00000020", "GOOSEBERRYFOOLDAIRIES:00006412", "GOOSEBERRYFOOLHOLDINGS:00006411"}
	if !slices.Equal(got, want) || p.TopHit.CompanyNumber != "00006412" {
		t.Errorf("around the name: %v (best %s), want %v", got, p.TopHit.CompanyNumber, want)
	}
	next, err := ix.Alphabetical(context.Background(), "gooseberry fool", "", p.After(), 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Items) != 3 || next.Items[0].CompanyNumber != "00006413" || next.Items[2].CompanyNumber != "00000022" {
		t.Errorf("after: %d items", len(next.Items))
	}
	before, err := ix.Alphabetical(context.Background(), "gooseberry fool", p.Before(), "", 4)
	if err != nil || len(before.Items) != 0 || before.Empty == "" {
		t.Errorf("before the first: %+v %v", before.Items, err)
	}
}

func TestWhatIsTypedFindsNamesThatBeginWithItThenNamesWithItsWords(t *testing.T) {
	ix := town(t)
	got := func(text string) []string {
		items, err := ix.Typed(context.Background(), text, 3)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, it := range items {
			out = append(out, it.CompanyName)
		}
		return out
	}
	if g := got("gam"); !slices.Equal(g, []string{"GAMMA HOLDINGS PLC"}) {
		t.Errorf("gam: %v", g)
	}
	if g := got("software sol"); !slices.Equal(g, []string{"EPSILON SOFTWARE SOLUTIONS LTD"}) {
		t.Errorf("software sol: %v", g)
	}
	if g := got("software"); !slices.Equal(g, []string{"ALPHA SOFTWARE LTD", "BETA SOFTWARE LTD", "DELTA SOFTWARE LTD"}) {
		t.Errorf("software: %v", g)
	}
	if g := got("!!"); len(g) != 0 {
		t.Errorf("punctuation: %v", g)
	}
}

func TestACompanyIsLookedUpByItsNumber(t *testing.T) {
	ix := town(t)
	c, err := ix.Company(context.Background(), "SC000007")
	if err != nil || c.Name != "EPSILON SOFTWARE SOLUTIONS LTD" {
		t.Fatalf("%+v %v", c, err)
	}
	p := c.Profile()
	if p.CompanyNumber != "SC000007" || p.RegisteredOfficeAddress.PostalCode != "LS1 4AB" || p.Links.Self != "/company/SC000007" {
		t.Errorf("profile %+v", p)
	}
	if _, err := ix.Company(context.Background(), "00009999"); !errors.Is(err, ErrNotInFile) {
		t.Errorf("no such company: %v", err)
	}
}
