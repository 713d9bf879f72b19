package screen

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// meter counts what reached the registry: requests by path and answers by
// status.
type meter struct {
	mu       sync.Mutex
	paths    map[string]int
	statuses map[int]int
	total    int
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (m *meter) requests() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}

func (m *meter) status(code int) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.statuses[code]
}

// registry serves the demo registry with opts over loopback, counting
// what it is asked, and a client for it with the demo's key.
func registry(t *testing.T, opts demo.Options) (*api.Client, *meter, string) {
	t.Helper()
	m := &meter{paths: map[string]int{}, statuses: map[int]int{}}
	h := demo.NewHandler(opts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		m.mu.Lock()
		m.paths[r.URL.Path]++
		m.statuses[rec.status]++
		m.total++
		m.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c, m, srv.URL
}

func inputs(texts ...string) []Input {
	return Arguments(texts)
}

// checkOrder fails unless the report has one row per input, in order, each
// with its input verbatim.
func checkOrder(t *testing.T, rep *Report, in []Input) {
	t.Helper()
	if len(rep.Rows) != len(in) {
		t.Fatalf("%d rows for %d inputs", len(rep.Rows), len(in))
	}
	for i, row := range rep.Rows {
		if row.Index != i || row.Input != in[i] || row.Result == "" {
			t.Fatalf("row %d is %+v for input %+v", i, row, in[i])
		}
	}
}

func TestEveryInputGetsARowWithItsResult(t *testing.T) {
	t.Parallel()
	c, _, _ := registry(t, demo.Options{})
	cases := []struct {
		input  string
		result Result
		number api.Number
		why    string // a part of it
		cands  []api.Number
	}{
		{"6400", OK, "00006400", "", nil},
		{"sc 6405", OK, "SC006405", "", nil},
		{"99999999", NotFound, "99999999", "no company has this number", nil},
		{"0123 4567", Invalid, "", "could be one number", nil},
		{"???", Invalid, "", "neither a company number nor a name", nil},
		{"Marzipan Mountain Software Limited", OK, "00006400", "", nil},
		{"grumble and sons plumbing ltd", OK, "00006407", "", nil},
		{"Happy Hedgehog Hospital Community Interest Company", OK, "00006409", "", nil},
		{"Freedonian Rubber Duck Exports SA", Unresolved, "", "2 companies have this name", []api.Number{"BR006410", "FC006406"}},
		{"Gooseberry Fool Ltd", Unresolved, "", "no company has exactly this name; the closest: GOOSEBERRY FOOL",
			[]api.Number{"00006412", "00006411", "00006413"}},
		{"Zyzzogeton Quux", Unresolved, "", "no company has this name, or one like it", nil},
		{"Acme Ltd", Unresolved, "", "no company has this name, or one like it", nil}, // the search finds a thousand LTDs
		{"Acme Ltd (00006400)", Unresolved, "", "the number in it, 00006400, is MARZIPAN MOUNTAIN SOFTWARE LTD", []api.Number{"00006400"}},
		{"MARZIPAN LTD (00006400)", OK, "00006400", "", nil},
	}
	var in []Input
	for _, tc := range cases {
		in = append(in, Input{Line: len(in) + 1, Text: tc.input})
	}
	rep := New(c).Screen(context.Background(), in, Options{})
	checkOrder(t, rep, in)
	for i, tc := range cases {
		row := rep.Rows[i]
		var cands []api.Number
		for _, cd := range row.Candidates {
			cands = append(cands, cd.Number)
		}
		slices.Sort(cands)
		want := slices.Clone(tc.cands)
		slices.Sort(want)
		if row.Result != tc.result || row.Number != tc.number || !strings.Contains(row.Why, tc.why) || !slices.Equal(cands, want) {
			t.Errorf("%q: %s %s %q candidates %v; want %s %s %q %v", tc.input, row.Result, row.Number, row.Why, cands, tc.result, tc.number, tc.why, want)
		}
		if (row.Result == OK) != (row.Profile != nil) || (row.Result == OK) != (row.Why == "") {
			t.Errorf("%q: %s with profile %v and why %q", tc.input, row.Result, row.Profile != nil, row.Why)
		}
	}
}

func TestTheSameCompanyOrNameIsAskedForOnce(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{})
	in := inputs("6400", "00006400", "Company No. 6400", "Marzipan Mountain Software Ltd",
		"MARZIPAN MOUNTAIN SOFTWARE LIMITED", "6400", "99999999", "99999999")
	rep := New(c).Screen(context.Background(), in, Options{})
	checkOrder(t, rep, in)
	for i, row := range rep.Rows[:6] {
		if row.Result != OK || row.Number != "00006400" {
			t.Fatalf("row %d: %s %s %s", i, row.Result, row.Number, row.Why)
		}
	}
	// One profile, one name search and one 404, whichever asked first.
	if got := m.requests(); got != 3 || rep.Requests != 3 || m.paths["/company/00006400"] != 1 {
		t.Fatalf("%d requests (%d counted), by path %v; want 3", got, rep.Requests, m.paths)
	}
	if p := PlanFor(in, false); p.Numbers != 2 || p.Names != 1 || p.Repeats != 5 || p.MaxRequests() != 4 {
		t.Fatalf("plan %+v, at most %d requests", p, p.MaxRequests())
	}
}

func TestASecondScreeningAsksNothingTheFirstRead(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{})
	s := New(c)
	in := inputs("6400", "Grumble & Sons Plumbing Ltd", "6403")
	s.Screen(context.Background(), in, Options{Deep: true})
	before := m.requests()
	rep := s.Screen(context.Background(), in, Options{Deep: true})
	if m.requests() != before || rep.Requests != 0 || rep.Count(OK) != 3 {
		t.Fatalf("again: %d more requests (%d counted), %d ok", m.requests()-before, rep.Requests, rep.Count(OK))
	}
}

func generated(n int) []Input {
	var texts []string
	for i := range n {
		texts = append(texts, fmt.Sprint(7000+i))
	}
	return inputs(texts...)
}

func TestRowsPastTheBudgetAreNotScreenedNeverDropped(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{})
	in := append(generated(20), Input{Line: 21, Text: "0123 4567"})
	rep := New(c).Screen(context.Background(), in, Options{Budget: 5})
	checkOrder(t, rep, in)
	if rep.Count(OK) != 5 || rep.Count(NotScreened) != 15 || rep.Count(Invalid) != 1 || m.requests() != 5 || rep.Requests != 5 {
		t.Fatalf("%d ok, %d not screened, %d invalid, %d requests; want 5, 15, 1, 5", rep.Count(OK), rep.Count(NotScreened), rep.Count(Invalid), m.requests())
	}
	for _, row := range rep.Rows {
		if row.Result == NotScreened && (!errors.Is(row.Err, ErrBudget) || row.Why != "the budget of 5 requests was spent") {
			t.Fatalf("row %d: %q, %v", row.Index, row.Why, row.Err)
		}
	}
}

func TestRowsTheQuotaLeftUnreadAreNotScreenedWithWhenItResets(t *testing.T) {
	t.Parallel()
	c, m, url := registry(t, demo.Options{Limit: 3, Window: time.Hour})
	// Someone else on the same key spends the quota first.
	for range 3 {
		req, _ := http.NewRequest(http.MethodGet, url+"/company/00006400", nil)
		req.SetBasicAuth(demo.Key, "")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	in := append(generated(10), Input{Line: 11, Text: "Marzipan Mountain Software"})
	rep := New(c).Screen(context.Background(), in, Options{})
	checkOrder(t, rep, in)
	if rep.Count(NotScreened) != len(in) {
		t.Fatalf("%d of %d rows not screened", rep.Count(NotScreened), len(in))
	}
	for _, row := range rep.Rows {
		if !errors.Is(row.Err, api.ErrRateLimited) || !strings.Contains(row.Why, "rate limit reached (429)") {
			t.Fatalf("row %d: %q", row.Index, row.Why)
		}
	}
	// The first 429 stops the rest: only the requests already under way
	// when it came were sent.
	if got := m.status(http.StatusTooManyRequests); got > inFlight {
		t.Fatalf("%d requests answered 429, more than were in flight", got)
	}
}

func TestAScreeningStoppedEarlyMarksTheRestNotScreened(t *testing.T) {
	t.Parallel()
	c, _, _ := registry(t, demo.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	in := generated(50)
	var once sync.Once
	rep := New(c).Screen(ctx, in, Options{OnRow: func(Row) { once.Do(cancel) }})
	checkOrder(t, rep, in)
	if rep.Count(OK) == 0 || rep.Count(OK) > inFlight || rep.Count(OK)+rep.Count(NotScreened) != len(in) {
		t.Fatalf("%d ok and %d not screened after stopping at the first row", rep.Count(OK), rep.Count(NotScreened))
	}
	for _, row := range rep.Rows {
		if row.Result == NotScreened && row.Why != "the screening was stopped before it was read" {
			t.Fatalf("row %d: %q (%v)", row.Index, row.Why, row.Err)
		}
	}
}

func TestFiveHundredInputsFitTheLiveQuotaWithoutA429(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{Limit: 600, Window: 5 * time.Minute})
	in := generated(500)
	rep := New(c).Screen(context.Background(), in, Options{})
	checkOrder(t, rep, in)
	if rep.Count(OK) != 500 || m.requests() != 500 || m.status(http.StatusTooManyRequests) != 0 {
		t.Fatalf("%d ok, %d requests, %d answered 429", rep.Count(OK), m.requests(), m.status(http.StatusTooManyRequests))
	}
}

// The live quota scaled down: 20 requests a second instead of 600 in 5
// minutes, and 60 companies, which need three windows. The client's pacing
// holds requests back until each window resets, so the registry never
// has to refuse one.
func TestAListLongerThanTheQuotaIsPacedNotRefused(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{Limit: 20, Window: time.Second})
	in := generated(60)
	rep := New(c).Screen(context.Background(), in, Options{})
	checkOrder(t, rep, in)
	if rep.Count(OK) != 60 || m.status(http.StatusTooManyRequests) != 0 {
		t.Fatalf("%d ok, %d answered 429; rows not screened: %v", rep.Count(OK), m.status(http.StatusTooManyRequests), unscreened(rep))
	}
}

func unscreened(rep *Report) []string {
	var out []string
	for _, r := range rep.Rows {
		if r.Result == NotScreened {
			out = append(out, r.Why)
		}
	}
	return out
}

func TestRowsArriveAsTheyAreAnsweredWithProgress(t *testing.T) {
	t.Parallel()
	c, _, _ := registry(t, demo.Options{})
	in := inputs("6400", "0123 4567", "6401", "6400")
	var mu sync.Mutex
	var got []int
	var progress []Progress
	rep := New(c).Screen(context.Background(), in, Options{
		OnRow: func(r Row) {
			mu.Lock()
			got = append(got, r.Index)
			mu.Unlock()
		},
		OnProgress: func(p Progress) {
			mu.Lock()
			progress = append(progress, p)
			mu.Unlock()
		},
	})
	checkOrder(t, rep, in)
	if got[0] != 1 || len(got) != 4 {
		t.Fatalf("rows arrived as %v: the invalid one needs no request and comes first", got)
	}
	last := progress[len(progress)-1]
	if len(progress) != 5 || progress[0].Done != 0 || last.Done != 4 || last.Rows != 4 || last.Counts[OK] != 3 || last.Counts[Invalid] != 1 || last.Requests != 2 {
		t.Fatalf("progress %+v", progress)
	}
}

func TestADeepScreeningReadsChargesInsolvencyStatementsAndDirectors(t *testing.T) {
	t.Parallel()
	c, m, _ := registry(t, demo.Options{})
	today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	in := inputs("00006400", "00006403", "00006412", "00006401", "00006408")
	rep := New(c).Screen(context.Background(), in, Options{Deep: true, Today: today})
	checkOrder(t, rep, in)
	if rep.Count(OK) != 5 {
		t.Fatalf("not all ok: %v", unscreened(rep))
	}
	d := func(i int) *Deep { return rep.Rows[i].Deep }
	if c := d(0).Charges; *c != (ChargeFacts{Outstanding: 1, Known: true}) {
		t.Errorf("00006400 charges %+v", c)
	}
	if s := d(0).Statements.Active; !slices.Equal(s, []string{"no-individual-or-entity-with-signficant-control"}) {
		t.Errorf("00006400 statements %v", s)
	}
	if dir := d(0).Directors; dir.Active != 4 || !dir.Complete {
		t.Errorf("00006400 directors %+v", dir)
	}
	if cases := d(1).Insolvency.Cases; !slices.Equal(cases, []string{"creditors-voluntary-liquidation"}) {
		t.Errorf("00006403 insolvency %v", cases)
	}
	if c := d(2).Charges; *c != (ChargeFacts{Outstanding: 1, PartSatisfied: 1, Known: true}) {
		t.Errorf("00006412 charges %+v", c)
	}
	if dir := d(3).Directors; dir == nil || !dir.Complete || dir.Active == 0 {
		t.Errorf("00006401 directors %+v", dir)
	}
	if d(4).Directors != nil || len(d(4).Insolvency.Cases) != 0 || d(4).Charges.Outstanding != 0 {
		t.Errorf("00006408, with only a self link, %+v", d(4))
	}
	// Each company's profile and the lists it links to, 00006401's 130
	// officers on two pages; nothing for the company with only a self link.
	want := map[string]int{
		"/company/00006400": 1, "/company/00006400/charges": 1, "/company/00006400/persons-with-significant-control-statements": 1, "/company/00006400/officers": 1,
		"/company/00006403": 1, "/company/00006403/charges": 1, "/company/00006403/insolvency": 1, "/company/00006403/persons-with-significant-control-statements": 1, "/company/00006403/officers": 1,
		"/company/00006412": 1, "/company/00006412/charges": 1, "/company/00006412/officers": 1,
		"/company/00006401": 1, "/company/00006401/officers": 2,
		"/company/00006408": 1,
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if fmt.Sprint(m.paths) != fmt.Sprint(want) {
		t.Fatalf("asked for %v\nwant %v", m.paths, want)
	}
}

func TestADeepReadTheBudgetCutsShortLeavesTheRowNotScreenedWithWhatWasRead(t *testing.T) {
	t.Parallel()
	c, _, _ := registry(t, demo.Options{})
	rep := New(c).Screen(context.Background(), inputs("00006403"), Options{Deep: true, Budget: 3})
	row := rep.Rows[0]
	if row.Result != NotScreened || row.Profile == nil || !errors.Is(row.Err, ErrBudget) ||
		row.Why != "not all of it was read: PSC statements: the budget of 3 requests was spent; officers: the budget of 3 requests was spent" {
		t.Fatalf("%s %q %v", row.Result, row.Why, row.Err)
	}
	if row.Deep.Charges == nil || row.Deep.Insolvency == nil || row.Deep.Statements != nil || row.Deep.Directors != nil {
		t.Fatalf("deep %+v", row.Deep)
	}
}
