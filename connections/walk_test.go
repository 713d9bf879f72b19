package connections_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/connections"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// Officer ids of the demo (api/demo/fixtures/README.md).
const (
	sprockettMay   = "6XyEBl7PtQ5TsJXL5gET4C6WdpF" // Wilhelmina Joan Sprockett, born 5/1972, at 00006411 and 00006412
	sprockettMay2  = "q-98SZGThXf0Q-yC6Bj6X_MjmH9" // the same woman, a second record, at 00006413
	sprockettAug   = "ojXj4WDMS6UxXZ6sAVG7XFXQ6CL" // a namesake born 8/1972, at SC006414 and SC006416
	nominee        = "q7HnT2pW-xKc9vRm0LzAe4YbJ8s" // 61 appointments
	paddingtonBrew = "5XaNFRNAyicbLXuyyqc_8hevpN-" // 00006401 and 00006413, both past
)

// plenty is a quota no test reaches.
var plenty = demo.Options{Limit: testkit.Plenty}

func walk(t *testing.T, w *connections.Walker, number string, opts connections.Options) *connections.Result {
	t.Helper()
	r, err := w.Walk(context.Background(), api.Number(number), opts)
	if err != nil {
		t.Fatalf("walking %s: %v", number, err)
	}
	return r
}

func numbers(r *connections.Result) []string {
	var out []string
	for _, c := range r.Companies {
		out = append(out, string(c.Number))
	}
	return out
}

// personWith is the person of the result holding the officer id.
func personWith(r *connections.Result, id string) *connections.Person {
	for i := range r.People {
		if slices.Contains(r.People[i].OfficerIDs(), id) {
			return &r.People[i]
		}
	}
	return nil
}

// The measure: connections of a company with 130 officers cost
// its officer pages (2 of 100), one request per distinct officer (each
// fits one page of 50) and its PSC list: 133, nothing asked twice, no
// 429 against the live allowance. A second walk in the session costs
// nothing at all.
func TestACompanyWith130OfficersCostsOneRequestPerOfficerAndASecondWalkNothing(t *testing.T) {
	c, m := demoRegistry(t, demo.Options{Limit: 600, Window: 5 * time.Minute})
	w := connections.NewWalker(c)
	r := walk(t, w, "00006401", connections.Options{})
	const want = 2 + 130 + 1
	if got := m.Requests(); got != want || r.Requests != want {
		t.Errorf("the registry was asked %d times and the walk counts %d; want %d", got, r.Requests, want)
	}
	if twice := m.Twice(); len(twice) > 0 {
		t.Errorf("asked more than once: %v", twice)
	}
	if m.Counts().TooMany > 0 {
		t.Errorf("%d answers were 429", m.Counts().TooMany)
	}
	if !r.Complete() || r.Officers != 130 || r.OfficersChecked != 130 {
		t.Errorf("complete %v, officers checked %d of %d; want all 130: %+v", r.Complete(), r.OfficersChecked, r.Officers, r.NotChecked)
	}
	if r.Company.Name != "GRAND UNIFIED TEAPOT HOLDINGS PLC" || r.Connection("00006401") != nil {
		t.Errorf("the company is %+v, and must not be its own connection: %v", r.Company, numbers(r))
	}

	again := walk(t, w, "00006401", connections.Options{})
	if got := m.Requests(); got != want || again.Requests != 0 || again.Reused != want {
		t.Errorf("a second walk: %d requests in all (want %d), it sent %d and reused %d", got, want, again.Requests, again.Reused)
	}
	if !slices.Equal(numbers(again), numbers(r)) {
		t.Errorf("the second walk found %v, the first %v", numbers(again), numbers(r))
	}
}

// The same walk against a registry allowing only 70 requests a second:
// the client's pacing holds the walk back until the window resets instead
// of earning a 429.
func TestAWalkIsPacedWithinTheQuota(t *testing.T) {
	t.Parallel() // it waits for a window to reset
	c, m := demoRegistry(t, demo.Options{Limit: 70, Window: time.Second})
	r := walk(t, connections.NewWalker(c), "00006401", connections.Options{Budget: 1000})
	if m.Counts().TooMany > 0 || !r.Complete() || m.Requests() != 133 {
		t.Errorf("%d answers were 429, %d requests, complete %v: %+v", m.Counts().TooMany, m.Requests(), r.Complete(), r.NotChecked)
	}
}

func TestAnOfficerWithMoreThan50AppointmentsTakesTwoPages(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	r := walk(t, connections.NewWalker(c), "00006413", connections.Options{})
	base := "/officers/" + nominee + "/appointments?items_per_page=50"
	if m.Asked(base) == 0 || m.Asked(base+"&start_index=50") == 0 {
		t.Errorf("the nominee's appointments were not read in two pages of 50: %v", m.URIs())
	}
	generated := 0
	for _, n := range numbers(r) {
		if strings.HasPrefix(n, "000079") {
			generated++
		}
	}
	if generated != 60 {
		t.Errorf("%d of the nominee's 60 other companies are connected", generated)
	}
	ties := 0
	for _, t := range r.Ties {
		if p := personWith(r, nominee); p != nil && t.Person == p.ID {
			ties++
		}
	}
	if ties != 61 {
		t.Errorf("the nominee has %d ties, want 61", ties)
	}
}

// A walk stopped by its budget lists every officer it did not check,
// with the reason, and sends not one request more than the budget; a
// later walk with budget to spare finishes it, asking only for the rest.
func TestABudgetStopsTheWalkAndListsWhatWasNotChecked(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	w := connections.NewWalker(c)
	r := walk(t, w, "00006401", connections.Options{Budget: 20})
	if m.Requests() != 20 || r.Requests != 20 || r.Left() != 0 {
		t.Fatalf("%d requests (the walk counts %d, %d left) for a budget of 20", m.Requests(), r.Requests, r.Left())
	}
	if !r.Done || r.Complete() {
		t.Errorf("done %v, complete %v: want done and not complete", r.Done, r.Complete())
	}
	notChecked := map[string]bool{}
	for _, nc := range r.NotChecked {
		if nc.What != connections.UncheckedAppointments || nc.Why != connections.ReasonBudget || nc.OfficerID == "" || nc.Officer == "" || nc.From != 0 {
			t.Errorf("not checked: %+v; want an officer's appointments, for the budget", nc)
		}
		notChecked[nc.OfficerID] = true
	}
	// 2 officer pages and the PSC list leave 17 officers read.
	if r.OfficersChecked != 17 || r.OfficersChecked+len(notChecked) != 130 || r.Officers != 130 {
		t.Errorf("%d officers checked and %d listed as not checked, of %d: every one of 130 must be one or the other",
			r.OfficersChecked, len(notChecked), r.Officers)
	}

	// The same officers every time: the first in the list.
	c2, _ := demoRegistry(t, plenty)
	same := walk(t, connections.NewWalker(c2), "00006401", connections.Options{Budget: 20})
	for _, nc := range same.NotChecked {
		if !notChecked[nc.OfficerID] {
			t.Errorf("a second walk with the same budget left out %s, the first did not", nc.Officer)
		}
	}

	rest := walk(t, w, "00006401", connections.Options{Budget: 1000})
	if m.Requests() != 133 || rest.Requests != 113 || !rest.Complete() {
		t.Errorf("finishing the walk sent %d (%d in all); want the 113 not yet read: %+v", rest.Requests, m.Requests(), rest.NotChecked)
	}
	if twice := m.Twice(); len(twice) > 0 {
		t.Errorf("asked more than once: %v", twice)
	}
}

func TestABudgetOfNothingChecksOnlyWhatTheSessionHas(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	w := connections.NewWalker(c)
	r := walk(t, w, "00006412", connections.Options{Budget: -1})
	if m.Requests() != 0 || len(r.NotChecked) != 2 {
		t.Fatalf("%d requests; not checked %+v; want none sent, the officers and PSCs listed", m.Requests(), r.NotChecked)
	}
	walk(t, w, "00006412", connections.Options{})
	again := walk(t, w, "00006412", connections.Options{Budget: -1})
	if !again.Complete() || len(again.Companies) != 2 || again.Requests != 0 {
		t.Errorf("from the session alone: complete %v, %v, %d requests", again.Complete(), numbers(again), again.Requests)
	}
}

// Cancelling (esc in the browser) ends the walk soon and keeps what it
// found: every company found before is still there, and every officer
// not read is listed as stopped.
func TestCancellingKeepsWhatWasFound(t *testing.T) {
	c, m := demoRegistry(t, demo.Options{Limit: 1 << 30, Latency: 2 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var before []string
	r, err := connections.NewWalker(c).Walk(ctx, "00006401", connections.Options{Progress: func(s *connections.Result) {
		if s.OfficersChecked >= 10 && before == nil {
			before = numbers(s)
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if before == nil {
		t.Fatal("the walk never reached 10 officers")
	}
	for _, n := range before {
		if r.Connection(api.Number(n)) == nil {
			t.Errorf("%s was found before the walk was stopped, and is gone", n)
		}
	}
	stopped := 0
	for _, nc := range r.NotChecked {
		switch {
		case nc.Why != connections.ReasonStopped:
			t.Errorf("not checked for another reason than stopping: %+v", nc)
		case nc.What == connections.UncheckedAppointments:
			stopped++
		}
	}
	if !r.Done || r.OfficersChecked < 10 || r.OfficersChecked+stopped != 130 {
		t.Errorf("done %v; %d officers checked and %d stopped: every one of 130 must be one or the other", r.Done, r.OfficersChecked, stopped)
	}
	if sent := m.Requests(); sent >= 133 {
		t.Errorf("%d requests: the walk did not stop", sent)
	}
}

// Depth 2 walks from the connected companies too: from the dairy, its
// owner (00006411) and the logistics company it owns (00006413), whose
// officers bring the PLC that once owned it and the nominee's companies.
// Wilhelmina Sprockett is then one person under her two officer ids.
func TestDepthTwoWalksFromTheConnectedCompanies(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	r := walk(t, connections.NewWalker(c), "00006412", connections.Options{Depth: 2})
	if r.Depth != 2 || !slices.Equal(r.Expanded, []api.Number{"00006411", "00006413"}) {
		t.Errorf("depth %d, expanded %v", r.Depth, r.Expanded)
	}
	plc := r.Connection("00006401")
	if plc == nil || plc.Depth != 2 || !slices.Equal(plc.Via, []api.Number{"00006413"}) || plc.Current {
		t.Fatalf("the PLC at depth 2: %+v", plc)
	}
	for i, c := range r.Companies {
		if i > 0 && r.Companies[i-1].Depth > c.Depth {
			t.Errorf("%s at depth %d comes after one at depth %d", c.Number, c.Depth, r.Companies[i-1].Depth)
		}
	}
	p := r.PersonOf(sprockettMay2)
	if p == nil || !slices.Equal(p.OfficerIDs(), []string{sprockettMay, sprockettMay2}) || !p.Probable() {
		t.Errorf("Wilhelmina Sprockett: %+v; want one person under both her ids", p)
	}
	if twice := m.Twice(); len(twice) > 0 {
		t.Errorf("asked more than once: %v", twice)
	}
	// Asking for more than the most is the most.
	deeper := walk(t, connections.NewWalker(c), "00006412", connections.Options{Depth: 9})
	if deeper.Depth != 2 || len(deeper.Companies) != len(r.Companies) {
		t.Errorf("depth 9 walked to depth %d, %d companies; want as depth 2", deeper.Depth, len(deeper.Companies))
	}
}

// Expanding one connected company in place (the browser's key) costs
// only what that company adds: its officer list, its PSCs and the
// appointments of its officers not read before.
func TestExpandingOneCompanyInPlaceCostsOnlyWhatItAdds(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	w := connections.NewWalker(c)
	first := walk(t, w, "00006412", connections.Options{})
	before := m.Requests()
	r := walk(t, w, "00006412", connections.Options{Expand: []api.Number{"00006413"}})
	// officers, PSCs, then Wilhelmina's second record, Wilfred
	// Paddington-Brew, and the nominee's two pages.
	if added := m.Requests() - before; added != 6 || r.Requests != 6 {
		t.Errorf("expanding 00006413 sent %d requests (the walk counts %d), want 6", added, r.Requests)
	}
	if !slices.Equal(r.Expanded, []api.Number{"00006413"}) || r.Connection("00006401") == nil || r.Connection("00006401").Depth != 2 {
		t.Errorf("expanded %v; the PLC: %+v", r.Expanded, r.Connection("00006401"))
	}
	if len(first.Companies) != 2 {
		t.Errorf("depth 1 found %v", numbers(first))
	}
	ignored := walk(t, w, "00006412", connections.Options{Expand: []api.Number{"00006400"}})
	if ignored.Depth != 1 || ignored.Requests != 0 {
		t.Errorf("expanding a company that is not connected: depth %d, %d requests", ignored.Depth, ignored.Requests)
	}
}

func TestAnUnknownCompanyIsNotFound(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	_, err := connections.NewWalker(c).Walk(context.Background(), "99999999", connections.Options{})
	if !errors.Is(err, api.ErrNotFound) {
		t.Fatalf("err %v, want not found", err)
	}
	if m.Asked("/company/99999999") == 0 {
		t.Errorf("the profile was not asked to tell a company without officers from no company")
	}
	if _, err := connections.NewWalker(c).Walk(context.Background(), "not a number", connections.Options{}); !errors.Is(err, api.ErrInvalidNumber) {
		t.Errorf("err %v, want an invalid number", err)
	}
}

func TestARefusedKeyFailsTheWalk(t *testing.T) {
	good, _ := demoRegistry(t, plenty)
	c, err := api.New(api.Options{BaseURL: good.BaseURL(), Key: "not-the-demo-key"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := connections.NewWalker(c).Walk(context.Background(), "00006412", connections.Options{}); !errors.Is(err, api.ErrInvalidKey) {
		t.Errorf("err %v, want the key refused", err)
	}
}

// An answer that is an error is listed with the error, and the walk goes
// on with the rest.
func TestAnErrorIsListedNotHidden(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	m.Fail(func(r *http.Request) int {
		if strings.Contains(r.URL.Path, paddingtonBrew) {
			return http.StatusInternalServerError
		}
		return 0
	})
	r := walk(t, connections.NewWalker(c), "00006413", connections.Options{})
	if len(r.NotChecked) != 1 {
		t.Fatalf("not checked: %+v", r.NotChecked)
	}
	nc := r.NotChecked[0]
	if nc.OfficerID != paddingtonBrew || nc.Why != connections.ReasonFailed || !errors.Is(nc.Err, api.ErrServer) {
		t.Errorf("not checked: %+v; want Wilfred Paddington-Brew's appointments, with the 500", nc)
	}
	if r.Connection("00006412") == nil || r.OfficersChecked != 4 || r.Officers != 5 {
		t.Errorf("the rest of the walk: %v, %d of %d officers", numbers(r), r.OfficersChecked, r.Officers)
	}
}

func TestCurrentOnlyLeavesOutThePast(t *testing.T) {
	c, _ := demoRegistry(t, plenty)
	r := walk(t, connections.NewWalker(c), "00006413", connections.Options{}).CurrentOnly()
	if got := numbers(r); !slices.Equal(got, []string{"00006412", "00006411"}) {
		t.Errorf("current connections of 00006413: %v; want the dairy (owner, two in common) then the holding company", got)
	}
	for _, tie := range r.Ties {
		if !tie.Current {
			t.Errorf("a past tie is left: %+v", tie)
		}
	}
	if personWith(r, paddingtonBrew) != nil {
		t.Error("Wilfred Paddington-Brew, whose ties are all past, is left")
	}
}

func TestRunDeliversSnapshotsThenTheResult(t *testing.T) {
	c, _ := demoRegistry(t, plenty)
	run := connections.NewWalker(c).Start(context.Background(), "00006401", connections.Options{})
	var last *connections.Result
	checked := 0
	for s := range run.Updates() {
		if s.OfficersChecked < checked {
			t.Errorf("officers checked went back from %d to %d", checked, s.OfficersChecked)
		}
		checked, last = s.OfficersChecked, s
	}
	r, err := run.Wait()
	if err != nil || last != r || !r.Done {
		t.Errorf("the last update %p is not the result %p (done %v, err %v)", last, r, r != nil && r.Done, err)
	}
	failed := connections.NewWalker(c).Start(context.Background(), "99999999", connections.Options{})
	for range failed.Updates() {
	}
	if _, err := failed.Wait(); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("a walk that cannot begin: %v", err)
	}
}

func TestDefaultBudget(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		name string
		rl   api.RateLimit
		want int
	}{
		{"before the registry has said", api.RateLimit{}, connections.FreshBudget},
		{"what is left less a sixth of the window", api.RateLimit{Known: true, Limit: 600, Remain: 400, Reset: now.Add(time.Minute)}, 300},
		{"nothing when the quota is nearly spent", api.RateLimit{Known: true, Limit: 600, Remain: 50, Reset: now.Add(time.Minute)}, 0},
		{"the whole window less the margin once it has reset", api.RateLimit{Known: true, Limit: 600, Remain: 3, Reset: now.Add(-time.Second)}, 500},
	} {
		if got := connections.DefaultBudget(c.rl, now); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// Issue 20, item 7: the budget counts the requests sent, each try and a
// 429's retry included, and the result says what was sent.
func TestEveryRequestSentCountsAgainstTheBudget(t *testing.T) {
	cases := []struct {
		name   string
		status int
		spent  bool // the whole budget goes: a 429 stops the walk sooner
	}{
		{"officers' appointments answering 503, tried three times each", http.StatusServiceUnavailable, true},
		{"officers' appointments answering 500, tried three times each", http.StatusInternalServerError, true},
		{"officers' appointments answering 429, waited out and tried again", http.StatusTooManyRequests, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			demoHandler := demo.NewHandler(plenty)
			srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(r.URL.Path, "/officers/") {
					w.Header().Set("Retry-After", "0")
					http.Error(w, `{"error":"failing on purpose"}`, tc.status)
					return
				}
				demoHandler.ServeHTTP(w, r)
			}))
			c := testclient.For(t, srv.URL, func(o *api.Options) { o.Attempts, o.Backoff = 3, time.Millisecond })
			c.SetRateLimitWait(func(string, time.Time) bool { return true })
			r := walk(t, connections.NewWalker(c), "00006401", connections.Options{Budget: 10})
			if sent := srv.Requests(); sent > 10 || sent != r.Requests {
				t.Fatalf("the registry got %d requests and the walk counts %d, for a budget of 10", sent, r.Requests)
			}
			if (tc.spent && r.Requests != 10) || r.Complete() {
				t.Errorf("%d requests, complete %v: want the budget spent and the rest listed", r.Requests, r.Complete())
			}
		})
	}
}

// Issue 20, item 24: however small the budget, the result names the
// company walked from: a request is kept for its profile until an
// officer's appointments, which name it, are sure to be read.
func TestASmallBudgetStillNamesTheCompany(t *testing.T) {
	for _, budget := range []int{1, 2, 3, 4} {
		c, m := demoRegistry(t, plenty)
		r := walk(t, connections.NewWalker(c), "00006401", connections.Options{Budget: budget})
		if r.Company.Name != "GRAND UNIFIED TEAPOT HOLDINGS PLC" || r.Requests > budget || m.Requests() != r.Requests {
			t.Errorf("budget %d: named %q after %d requests (the registry got %d)", budget, r.Company.Name, r.Requests, m.Requests())
		}
	}
	// With budget for an officer, the name comes from their appointments
	// and the profile is not asked for.
	c, m := demoRegistry(t, plenty)
	r := walk(t, connections.NewWalker(c), "00006401", connections.Options{Budget: 5})
	if r.Company.Name == "" || m.Asked("/company/00006401") > 0 || r.Requests != 5 {
		t.Errorf("budget 5: named %q, profile asked %v, %d requests", r.Company.Name, m.Asked("/company/00006401") > 0, r.Requests)
	}
}
