package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"coview/internal/testkit"
)

// A query's link holds only the registry's own parameter names, each
// value normalised (lists lower-cased, split, sorted, without repeats;
// words cleaned), and reads back as the same query and the same kind.
func TestACompanyQueryIsSentOnlyAsTheRegistrysParameters(t *testing.T) {
	t.Parallel()
	q := CompanyQuery{
		NameIncludes: "  gooseberry\tfool ", NameExcludes: "dairies", Location: "ZZ1 6TP",
		Statuses: []string{"Active, dissolved", "active"}, Types: []string{"LTD"}, Subtypes: []string{"community-interest-company"},
		SICCodes: []string{"62020,62012"}, IncorporatedFrom: "2010-01-01", IncorporatedTo: "2024-12-31",
		DissolvedFrom: "2000-01-01", DissolvedTo: "2008-12-31",
	}
	res := q.Resource()
	u, _ := url.Parse(res.Link)
	want := url.Values{
		"company_name_includes": {"gooseberry fool"}, "company_name_excludes": {"dairies"}, "location": {"ZZ1 6TP"},
		"company_status": {"active,dissolved"}, "company_type": {"ltd"}, "company_subtype": {"community-interest-company"},
		"sic_codes": {"62012,62020"}, "incorporated_from": {"2010-01-01"}, "incorporated_to": {"2024-12-31"},
		"dissolved_from": {"2000-01-01"}, "dissolved_to": {"2008-12-31"},
	}
	if u.Path != "/advanced-search/companies" || u.Query().Encode() != want.Encode() {
		t.Fatalf("link %s, want the query %s", res.Link, want.Encode())
	}
	r, err := Route(res.Link)
	if err != nil || r != res {
		t.Fatalf("Route(%s) = %+v, %v", res.Link, r, err)
	}
	back, err := ParseCompanyQuery(res.Link)
	if err != nil || back.Resource() != res {
		t.Fatalf("read back as %+v, %v", back, err)
	}
	if (CompanyQuery{Location: " \t"}).IsZero() != true || q.IsZero() {
		t.Error("IsZero")
	}
}

// A link with any parameter the advanced search does not take is refused
// before anything is sent: the registry would ignore it and answer with
// every company.
func TestAnUnknownParameterIsRefusedBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	c := newClient(t, srv.URL)
	for _, link := range []string{
		"/advanced-search/companies?sic_code=62020",
		"/advanced-search/companies?company_status=active&size=10",
		"/advanced-search/companies?incorporated_from=2024",
		"/advanced-search/companies?incorporated_from=2024-05-01&incorporated_to=2024-01-01",
		"/advanced-search/companies?sic_codes=6202x",
		"/alphabetical-search/companies?q=x&start_index=3",
		"/dissolved-search/companies?q=x&search_type=fuzzy",
	} {
		r, _ := Route(link)
		_, err := c.Fetch(context.Background(), r, Page{})
		var qe *QueryError
		if !errors.As(err, &qe) {
			t.Errorf("%s: %v, want a QueryError", link, err)
		}
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("%d requests reached the registry", n)
	}
}

func TestDatesAreReadAsPeopleTypeThem(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in        string
		end       bool
		want, bad string
	}{
		{"2024-01-31", false, "2024-01-31", ""},
		{"31/01/2024", false, "2024-01-31", ""},
		{"1/2/2024", true, "2024-02-01", ""},
		{"2024", false, "2024-01-01", ""},
		{"2024", true, "2024-12-31", ""},
		{" ", false, "", ""},
		{"2024-02-30", false, "", "not a date"},
		{"31-01-2024", false, "", "not a date"},
		{"last year", true, "", "not a date"},
	}
	for _, tc := range cases {
		got, err := ParseDate(tc.in, tc.end)
		if got != tc.want || (err != nil) != (tc.bad != "") || err != nil && !strings.Contains(err.Error(), tc.bad) {
			t.Errorf("ParseDate(%q, %v) = %q, %v", tc.in, tc.end, got, err)
		}
	}
}

// Against the demo: hits exact, items typed, nothing found an answer
// with Empty set, a page past the end an answer with no items, and the
// pages either side of the alphabetical index by its cursors.
func TestTheThreeSearchesAreReadFromTheDemo(t *testing.T) {
	c, ctx := demoClient(t), context.Background()
	res := CompanyQuery{SICCodes: []string{"62020"}, Location: "saltmere"}.Resource()
	a, err := c.Fetch(ctx, res, Page{ItemsPerPage: 5000})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := Value[*FoundCompanies](a)
	if s.Total() != 10 || len(s.Items) != 10 || s.More() || s.Items[0].CompanyNumber != "00007006" || s.TopHit == nil || len(a.Unreadable) > 0 {
		t.Fatalf("hits %d, %d items, more %v, first %+v", s.Total(), len(s.Items), s.More(), s.Items[0])
	}
	if r, ok := s.Items[0].Resource(); !ok || r != CompanyResource("00007006") {
		t.Errorf("the item leads to %+v", r)
	}

	a, _ = c.Fetch(ctx, CompanyQuery{NameIncludes: "zzzyzx"}.Resource(), Page{})
	if s, _ := Value[*FoundCompanies](a); s.Empty != "No companies match." || len(s.Items) != 0 {
		t.Errorf("nothing found: %+v", s)
	}
	a, _ = c.Fetch(ctx, CompanyQuery{Statuses: []string{"active"}}.Resource(), Page{StartIndex: 900, ItemsPerPage: 100})
	if s, _ := Value[*FoundCompanies](a); s.Empty != "" || len(s.Items) != 0 || s.More() {
		t.Errorf("past the end: %+v", s)
	}

	a, err = c.Fetch(ctx, AlphabeticalResource("gooseberry fool", "", ""), Page{ItemsPerPage: 6})
	if err != nil {
		t.Fatal(err)
	}
	around, _ := Value[*FoundCompanies](a)
	a, err = c.Fetch(ctx, AlphabeticalResource("gooseberry fool", "", around.After()), Page{ItemsPerPage: 6})
	if err != nil {
		t.Fatal(err)
	}
	next, _ := Value[*FoundCompanies](a)
	if len(around.Items) != 6 || len(next.Items) == 0 || next.Items[0].OrderedAlphaKeyWithID <= around.After() || around.Total() != -1 {
		t.Errorf("around %d items to %q, next from %+v", len(around.Items), around.After(), next.Items)
	}

	a, err = c.Fetch(ctx, DissolvedResource("dynamo amber trading", DissolvedPreviousNames, "", ""), Page{})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Value[*FoundCompanies](a)
	if m := d.Items[0].MatchedPreviousCompanyName; m == nil || m.Name != "DYNAMO AMBER TRADING LTD" {
		t.Errorf("previous name matched: %+v", d.Items[0])
	}
}

// What the registry refuses it says in plain text (declared JSON): the
// sentence is the error's reason, cleaned of control characters, and a
// 400 or 422 is a refusal, not a failure of the registry.
func TestARefusalIsReadFromItsPlainText(t *testing.T) {
	t.Parallel()
	for _, status := range []int{400, 422} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprint(w, "Invalid size parameter,\x1b[2J size must be\n greater than zero")
		}))
		c := newClient(t, srv.URL)
		_, err := c.Fetch(context.Background(), CompanyQuery{SICCodes: []string{"62020"}}.Resource(), Page{})
		srv.Close()
		var ae *Error
		if !errors.As(err, &ae) || ae.Kind != KindBadRequest || ae.Reason != "Invalid size parameter,[2J size must be greater than zero" {
			t.Errorf("%d: %#v", status, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "the registry refused it") || strings.ContainsAny(msg, "\x1b\n") {
			t.Errorf("%d: %q", status, msg)
		}
	}
}

// A search counting more than the registry serves says so on the page
// that reaches as deep as it goes, and asks for nothing past it.
func TestAnAdvancedSearchStopsAtTheRegistrysDepth(t *testing.T) {
	t.Parallel()
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"kind":"search#advanced-search","hits":12345,"items":[{"company_number":"00000001"}]}`)
	}))
	c := newClient(t, srv.URL)
	res := CompanyQuery{Statuses: []string{"active"}}.Resource()
	page := Page{ItemsPerPage: 9999}
	var last *FoundCompanies
	for range 5 {
		a, err := c.Fetch(context.Background(), res, page)
		if err != nil {
			t.Fatal(err)
		}
		last, _ = Value[*FoundCompanies](a)
		if !last.More() {
			break
		}
		page = last.NextPage()
	}
	var starts []string
	for _, q := range srv.Queries() {
		starts = append(starts, q.Get("start_index")+"/"+q.Get("size"))
	}
	if strings.Join(starts, " ") != "0/5000 5000/5000" || last.Capped == "" {
		t.Errorf("asked for %v, capped %q", starts, last.Capped)
	}
}
