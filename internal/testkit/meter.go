package testkit

import (
	"net/http"
	"net/url"
	"sync"
)

// A Meter counts what a server was asked and how it answered. Wrap a
// handler with it; its methods may be called while requests are served.
type Meter struct {
	mu       sync.Mutex
	uris     []string
	asked    map[string]int
	c        Counts
	inFlight int
	fail     func(*http.Request) int
}

// Counts are a Meter's totals.
type Counts struct {
	Requests    int // every request, failed on purpose or not
	TooMany     int // answers 429
	MaxInFlight int // the most requests being answered at one time
	WithKey     int // requests that carried an Authorization header
}

// Wrap counts every request h is asked and what it answers.
func (m *Meter) Wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		if m.asked == nil {
			m.asked = map[string]int{}
		}
		m.uris = append(m.uris, r.URL.RequestURI())
		m.asked[r.URL.RequestURI()]++
		m.c.Requests++
		if r.Header.Get("Authorization") != "" {
			m.c.WithKey++
		}
		m.inFlight++
		m.c.MaxInFlight = max(m.c.MaxInFlight, m.inFlight)
		fail := m.fail
		m.mu.Unlock()
		defer func() {
			m.mu.Lock()
			m.inFlight--
			m.mu.Unlock()
		}()
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
			m.c.TooMany++
			m.mu.Unlock()
		}
	})
}

// Fail answers every request for which f gives a status with that
// status instead of what the handler would answer; f giving 0 lets the
// request through. Fail(nil) stops failing.
func (m *Meter) Fail(f func(*http.Request) int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = f
}

// Counts are the totals so far.
func (m *Meter) Counts() Counts {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.c
}

// Requests is how many requests were made so far.
func (m *Meter) Requests() int { return m.Counts().Requests }

// Asked is how many times uri (a path and query, as sent) was asked.
func (m *Meter) Asked(uri string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.asked[uri]
}

// Twice lists what was asked more than once.
func (m *Meter) Twice() []string {
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

// URIs are the paths and queries of the requests so far, in the order
// they came.
func (m *Meter) URIs() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.uris...)
}

// Queries are the query strings of the requests so far, in the order
// they came.
func (m *Meter) Queries() []url.Values {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]url.Values, 0, len(m.uris))
	for _, u := range m.uris {
		q := url.Values{}
		if parsed, err := url.ParseRequestURI(u); err == nil {
			q = parsed.Query()
		}
		out = append(out, q)
	}
	return out
}

// Reset forgets everything counted so far.
func (m *Meter) Reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.uris, m.asked, m.c = nil, nil, Counts{MaxInFlight: m.inFlight}
}

// status remembers the status a handler answered with.
type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// Flush lets a handler that streams (a slow document) flush through the
// meter.
func (s *status) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (to hijack
// it, say) through the meter.
func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }
