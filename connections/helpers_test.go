package connections_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"coview/api"
	"coview/api/demo"
)

// meter counts what the registry was asked, by path and query, and how
// many answers were 429s.
type meter struct {
	mu      sync.Mutex
	asked   map[string]int
	total   int
	tooMany int
	// fail, when set, answers a request with this status instead.
	fail func(r *http.Request) int
}

func (m *meter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		m.asked[r.URL.RequestURI()]++
		m.total++
		fail := m.fail
		m.mu.Unlock()
		if fail != nil {
			if code := fail(r); code != 0 {
				http.Error(w, `{"error":"broken on purpose"}`, code)
				return
			}
		}
		rec := &status{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(rec, r)
		if rec.code == http.StatusTooManyRequests {
			m.mu.Lock()
			m.tooMany++
			m.mu.Unlock()
		}
	})
}

// requests is how many requests were made so far.
func (m *meter) requests() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}

// twice lists what was asked more than once.
func (m *meter) twice() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for u, n := range m.asked {
		if n > 1 {
			out = append(out, u)
		}
	}
	return out
}

func (m *meter) wasAsked(uri string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.asked[uri] > 0
}

type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// demoRegistry serves the demo registry over loopback, counted, and a
// client for it with the demo key: one attempt a request, so that a
// failure on purpose is not retried.
func demoRegistry(t *testing.T, opts demo.Options) (*api.Client, *meter) {
	t.Helper()
	m := &meter{asked: map[string]int{}}
	srv := httptest.NewServer(m.wrap(demo.NewHandler(opts)))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key, Attempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c, m
}
