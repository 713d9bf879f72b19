package watch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// plenty is a rate limit no test that is not about rate limits reaches.
const plenty = 1 << 30

// clock is a clock a test moves by hand, shared by the demo registry
// (what its living companies have done) and the watcher (what day it is).
type clock struct{ t atomic.Int64 }

func newClock(t time.Time) *clock {
	c := &clock{}
	c.set(t)
	return c
}
func (c *clock) set(t time.Time) { c.t.Store(t.UnixNano()) }
func (c *clock) now() time.Time  { return time.Unix(0, c.t.Load()).UTC() }

// registry is the demo registry over loopback, counting the requests it
// is sent for each company and the statuses it answers with.
type registry struct {
	srv *httptest.Server

	mu       sync.Mutex
	counts   map[string]int
	statuses map[int]int
}

func newRegistry(t *testing.T, opts demo.Options) *registry {
	t.Helper()
	if opts.Limit == 0 {
		opts.Limit = plenty
	}
	r := &registry{counts: map[string]int{}, statuses: map[int]int{}}
	h := demo.NewHandler(opts)
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		// Counted as it arrives: once the answer is sent, the client may
		// be done and the test reading the counts.
		r.mu.Lock()
		if parts := strings.Split(req.URL.Path, "/"); len(parts) > 2 && parts[1] == "company" {
			r.counts[parts[2]]++
		}
		r.mu.Unlock()
		rec := &statusRecorder{ResponseWriter: w, status: 200}
		h.ServeHTTP(rec, req)
		r.mu.Lock()
		r.statuses[rec.status]++
		r.mu.Unlock()
	}))
	t.Cleanup(r.srv.Close)
	return r
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// requests returns and forgets the requests counted for each company.
func (r *registry) requests() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.counts
	r.counts = map[string]int{}
	return out
}

func (r *registry) status(code int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.statuses[code]
}

func (r *registry) client(t *testing.T) *api.Client {
	t.Helper()
	c, err := api.New(api.Options{BaseURL: r.srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// openStore opens a store in the test's own directory.
func openStore(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(filepath.Join(dir, FileName), "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// watching adds the numbers to a fresh store and returns its watcher.
func watching(t *testing.T, r *registry, clk *clock, numbers ...string) *Watcher {
	t.Helper()
	w := New(openStore(t, t.TempDir()), r.client(t), Options{Now: clk.now})
	for _, n := range numbers {
		if _, _, err := w.Add(context.Background(), api.Number(n)); err != nil {
			t.Fatalf("adding %s: %v", n, err)
		}
	}
	r.requests()
	return w
}

func checkNow(t *testing.T, w *Watcher, opts CheckOptions) *Report {
	t.Helper()
	rep, err := w.Check(context.Background(), opts)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	return rep
}

func kinds(changes []Change) []string {
	var out []string
	for _, c := range changes {
		out = append(out, string(c.Number)+" "+string(c.Kind))
	}
	return out
}
