package watch

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// newTimedRegistry is the demo registry with a rate limit, metered (its
// 429s counted); rewrite, when set, changes the quota headers after the
// registry wrote them.
func newTimedRegistry(t *testing.T, limit int, window time.Duration, rewrite func(http.Header)) *testkit.Server {
	t.Helper()
	h := demo.NewHandler(demo.Options{Limit: limit, Window: window})
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		h.ServeHTTP(&headerRewriter{ResponseWriter: w, rewrite: rewrite}, req)
	}))
}

type headerRewriter struct {
	http.ResponseWriter
	rewrite func(http.Header)
}

func (h *headerRewriter) WriteHeader(code int) {
	if h.rewrite != nil {
		h.rewrite(h.Header())
	}
	h.ResponseWriter.WriteHeader(code)
}

// mostInAWindow is the most of times (in order) within any span shorter
// than window.
func mostInAWindow(times []time.Time, window time.Duration) int {
	most := 0
	for i, t := range times {
		n := 0
		for _, u := range times[i:] {
			if u.Sub(t) < window {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// grants keeps when the watcher's pacer let each request go: the times
// the rule is about (the registry sees them a moment later, in an order
// of its own).
type grants struct {
	mu    sync.Mutex
	times []time.Time
}

func (g *grants) watch(w *Watcher) {
	w.pacer.granted = func(t time.Time) {
		g.mu.Lock()
		g.times = append(g.times, t)
		g.mu.Unlock()
	}
}

func (g *grants) all() []time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.times)
}

// 300 companies, added and checked as a user would, against a registry
// allowing 600 requests per window (5 minutes live; 2 seconds here, so
// that the test is quick): no request is refused, the checks never send
// more than 80% of the quota within a window, the adds that came first
// left the checks waiting for the window to reset rather than spending
// the person's share, and a check of 300 unchanged companies costs 300
// requests.
func TestThreeHundredCompaniesCheckWithinTheQuotaWithoutA429(t *testing.T) {
	t.Parallel()
	const window = 2 * time.Second
	r := newTimedRegistry(t, 600, window, nil)
	c := testclient.For(t, r.URL)
	w := New(openStore(t, t.TempDir()), c, Options{Quota: Quota{Limit: 600, Window: window}})
	var g grants
	g.watch(w)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 300 {
		wg.Go(func() {
			if _, _, err := w.Add(ctx, api.Number(fmt.Sprintf("%08d", 7000+i))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	seed, err := w.Check(ctx, CheckOptions{})
	if err != nil || len(seed.Seeded) != 300 || seed.Short() {
		t.Fatalf("the first check: %v, seeded %d, not checked %d", err, len(seed.Seeded), len(seed.NotChecked))
	}
	fromCheck := r.Requests()
	rep, err := w.Check(ctx, CheckOptions{})
	if err != nil || rep.Checked != 300 || len(rep.Changes) != 0 {
		t.Fatalf("the second check: %v, checked %d, changes %v", err, rep.Checked, kinds(rep.Changes))
	}
	if rep.Requests != 300 || r.Requests()-fromCheck != 300 {
		t.Errorf("300 unchanged companies cost %d requests (the registry counted %d), want 300", rep.Requests, r.Requests()-fromCheck)
	}
	if refused := r.Counts().TooMany; refused != 0 {
		t.Fatalf("the registry refused %d requests with 429", refused)
	}
	if most := mostInAWindow(g.all(), window); most > 480 {
		t.Errorf("the checks sent %d requests within one window, more than 80%% of 600", most)
	}
	if n := len(g.all()); n != 900 {
		t.Errorf("the pacer let %d requests go, want 900 (600 for the first check, 300 for the second)", n)
	}
}

// A registry whose headers claim a far larger quota than it allows gets
// no more than Share of the quota the watcher was given.
func TestHeadersThatClaimMoreAreNotBelieved(t *testing.T) {
	t.Parallel()
	const window = time.Second
	r := newTimedRegistry(t, 100, window, func(h http.Header) {
		h.Set("X-Ratelimit-Limit", "100000")
		h.Set("X-Ratelimit-Remain", "99999")
		h.Set("X-Ratelimit-Window", "1h")
		h.Set("X-Ratelimit-Reset", strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10))
	})
	c := testclient.For(t, r.URL)
	s := openStore(t, t.TempDir())
	w := New(s, c, Options{Quota: Quota{Limit: 100, Window: window}})
	var g grants
	g.watch(w)
	ctx := context.Background()
	for i := range 120 {
		n := fmt.Sprintf("%08d", 7000+i)
		// Added without a request: only the checks are under test.
		s.AddProfile(ctx, &api.Profile{CompanyNumber: n, Requested: api.Number(n), CompanyName: n,
			Links: api.Links{FilingHistory: "/company/" + n + "/filing-history"}})
	}
	for range 2 {
		if rep, err := w.Check(ctx, CheckOptions{}); err != nil || rep.Short() {
			t.Fatalf("check: %v, %+v", err, rep.NotChecked)
		}
	}
	if refused := r.Counts().TooMany; refused != 0 {
		t.Fatalf("the registry refused %d requests with 429", refused)
	}
	if most := mostInAWindow(g.all(), window); most > 80 {
		t.Errorf("%d requests within one window of a registry allowing 100", most)
	}
}

// The pacer's rule on its own: in any window, at most Share of the
// limit; the next request goes the moment the oldest leaves the window.
func TestThePacerKeepsWithinItsShareOfAnyWindow(t *testing.T) {
	t.Parallel()
	c, _ := api.New(api.Options{BaseURL: "http://127.0.0.1:1"})
	now := time.Unix(1_000_000, 0)
	p := newPacer(Quota{Limit: 10, Window: time.Minute}, c, func() time.Time { return now })
	for i := range 8 {
		if at, _ := p.next(now); !at.Equal(now) {
			t.Fatalf("request %d held back to %v", i+1, at)
		}
		p.sent = append(p.sent, now)
		now = now.Add(time.Second)
	}
	at, why := p.next(now)
	if want := time.Unix(1_000_000, 0).Add(time.Minute); !at.Equal(want) || why == "" {
		t.Fatalf("the 9th request goes at %v (%q), want %v: when the first leaves the window", at, why, want)
	}
	if free := p.free(); free != 0 {
		t.Fatalf("%d free, want 0", free)
	}
	if r := p.rate(); r != 8.0/60 {
		t.Fatalf("rate %v", r)
	}
}

// When the registry reports less of its window left than a person's
// share (someone spent it), the pacer waits for the window to reset.
func TestThePacerLeavesAPersonsShareOfWhatTheRegistryHasLeft(t *testing.T) {
	t.Parallel()
	reset := time.Now().Add(30 * time.Second).Truncate(time.Second)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Ratelimit-Limit", "600")
		w.Header().Set("X-Ratelimit-Remain", "120")
		w.Header().Set("X-Ratelimit-Window", "5m")
		w.Header().Set("X-Ratelimit-Reset", strconv.FormatInt(reset.Unix(), 10))
		w.Write([]byte(`{"company_number":"00006400"}`))
	}))
	defer srv.Close()
	c, _ := api.New(api.Options{BaseURL: srv.URL})
	if _, err := c.Company(context.Background(), "00006400"); err != nil {
		t.Fatal(err)
	}
	p := newPacer(LiveQuota, c, time.Now)
	at, why := p.next(time.Now())
	if at.Before(reset) || why != "leaving the last 120 requests of the registry's window for you" {
		t.Fatalf("with 120 of 600 left, the next request goes at %v (%q), want after the reset at %v", at, why, reset)
	}
}

func TestQuotasAreReadAsRequestsPerWindow(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Quota{"600/5m": LiveQuota, " 20/2s ": {20, 2 * time.Second}} {
		if q, err := ParseQuota(in); err != nil || q != want {
			t.Errorf("%q: %v, %v", in, q, err)
		}
	}
	for _, bad := range []string{"", "600", "600/", "/5m", "0/5m", "600/0s", "six/5m", "600/-5m"} {
		if _, err := ParseQuota(bad); err == nil {
			t.Errorf("%q was read as a quota", bad)
		}
	}
}
