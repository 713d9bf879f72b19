package api

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

const testKey = "0f8fad5b-d9cb-469f-a165-70867728950e"

// recorder is a registry stand-in that remembers what it was sent.
type recorder struct {
	mu   sync.Mutex
	reqs []*http.Request
}

func (r *recorder) add(req *http.Request) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req.Clone(context.Background()))
	r.mu.Unlock()
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reqs)
}

func (r *recorder) last() *http.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reqs[len(r.reqs)-1]
}

func serve(t *testing.T, h http.HandlerFunc) (*httptest.Server, *recorder) {
	t.Helper()
	rec := &recorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, rec
}

func newClient(t *testing.T, base string, opts ...func(*Options)) *Client {
	t.Helper()
	o := Options{BaseURL: base, Key: testKey, UserAgent: "coview/test", Timeout: 2 * time.Second, Backoff: time.Millisecond}
	for _, f := range opts {
		f(&o)
	}
	c, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func jsonReply(status int, body string, headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

func TestCompanySendsTheRequestTheSpecDescribes(t *testing.T) {
	srv, rec := serve(t, jsonReply(200, `{"company_number":"SC001234","company_name":"X"}`))
	c := newClient(t, srv.URL)
	p, err := c.Company(context.Background(), "SC001234")
	if err != nil {
		t.Fatal(err)
	}
	req := rec.last()
	if req.Method != "GET" || req.URL.Path != "/company/SC001234" {
		t.Fatalf("request = %s %s, want GET /company/SC001234", req.Method, req.URL.Path)
	}
	wantAuth := "Basic " + base64.StdEncoding.EncodeToString([]byte(testKey+":"))
	if got := req.Header.Get("Authorization"); got != wantAuth {
		t.Fatalf("Authorization = %q, want %q (key as user name, empty password)", got, wantAuth)
	}
	if got := req.Header.Get("Accept"); got != "application/json" {
		t.Fatalf("Accept = %q", got)
	}
	if got := req.Header.Get("User-Agent"); got != "coview/test" {
		t.Fatalf("User-Agent = %q", got)
	}
	if p.CompanyName != "X" || string(p.Raw) != `{"company_number":"SC001234","company_name":"X"}` {
		t.Fatalf("profile = %+v raw %q", p, p.Raw)
	}
}

func TestBaseURLWithAPathPrefixIsKept(t *testing.T) {
	srv, rec := serve(t, jsonReply(200, `{"company_number":"00000001"}`))
	c := newClient(t, srv.URL+"/registry/v1/")
	if _, err := c.Company(context.Background(), "00000001"); err != nil {
		t.Fatal(err)
	}
	if got := rec.last().URL.Path; got != "/registry/v1/company/00000001" {
		t.Fatalf("path = %q", got)
	}
}

func TestBadBaseURLsAreRefused(t *testing.T) {
	for _, base := range []string{"ftp://x", "https://", "https://" + testKey + "@host", "https://host/?q=1", "not a url"} {
		if _, err := New(Options{BaseURL: base}); err == nil {
			t.Errorf("New(%q) accepted it", base)
		} else if strings.Contains(err.Error(), testKey) {
			t.Errorf("error for %q repeats the key: %v", base, err)
		}
	}
}

func TestInvalidNumberMakesNoRequest(t *testing.T) {
	srv, rec := serve(t, jsonReply(200, `{}`))
	c := newClient(t, srv.URL)
	for _, n := range []Number{"123456789", "6400", "sc006405", "../x"} {
		if _, err := c.Company(context.Background(), n); !errors.Is(err, ErrInvalidNumber) {
			t.Fatalf("Company(%q): err = %v", n, err)
		}
	}
	if rec.count() != 0 {
		t.Fatalf("%d requests made for an invalid number", rec.count())
	}
}

func TestErrorsAreTypedAndSayWhatToDo(t *testing.T) {
	html := "<html><body><h1>502 Bad Gateway</h1></body></html>"
	reset := time.Now().Add(90 * time.Second).Unix()
	cases := []struct {
		name    string
		h       http.HandlerFunc
		noKey   bool
		target  error
		message []string
	}{
		{"a refused key is Invalid Authorization", jsonReply(401, `{"error":"Invalid Authorization","type":"registry:service"}`,
			"Registry-Authentication-Error", "Invalid Authorization"), false, ErrInvalidKey,
			[]string{"company 00006400", "rejected the API key", "Invalid Authorization", "REST API key"}},
		{"the live service's ch:service body is read too", jsonReply(401, `{"error":"Invalid Authorization","type":"ch:service"}`),
			false, ErrInvalidKey, []string{"Invalid Authorization"}},
		{"a missing key is Empty Authorization header", jsonReply(401, `{"error":"Empty Authorization header","type":"registry:service"}`,
			"Registry-Authentication-Error", "Empty Authorization header"), true, ErrMissingKey,
			[]string{"company 00006400", "no API key was sent", "Empty Authorization header"}},
		{"the header alone decides between the two 401s", jsonReply(401, ``, "Registry-Authentication-Error", "Empty Authorization header"),
			false, ErrMissingKey, []string{"Empty Authorization header"}},
		{"403 explains key restrictions", jsonReply(403, `{"error":"Forbidden"}`), false, ErrForbidden,
			[]string{"company 00006400", "403", "restricted to other IP addresses or domains"}},
		{"404 says the number was not found", jsonReply(404, `{"errors":[{"error":"company-profile-not-found","type":"ch:service"}]}`),
			false, ErrNotFound, []string{"company 00006400 not found", "check the number"}},
		{"429 gives the reset time", jsonReply(429, `{"error":"Too Many Requests"}`, "X-Ratelimit-Reset", fmt.Sprint(reset),
			"X-Ratelimit-Remain", "0", "X-Ratelimit-Limit", "600"), false, ErrRateLimited,
			[]string{"company 00006400", "rate limit reached (429)", "resets at", time.Unix(reset, 0).Format("15:04:05")}},
		{"429 with Retry-After", jsonReply(429, ``, "Retry-After", "30"), false, ErrRateLimited, []string{"resets at", "(in 30s)"}},
		{"500 with the registry's exception body", jsonReply(500, `{"exception_id":"6wm4","error":"Internal server error"}`),
			false, ErrServer, []string{"company 00006400", "500 Internal Server Error", "Internal server error", "try again later"}},
		{"503 with an empty body", jsonReply(503, ``), false, ErrServer, []string{"503 Service Unavailable"}},
		{"a 502 HTML gateway page", jsonReply(502, html, "Content-Type", "text/html"), false, ErrServer,
			[]string{"502 Bad Gateway", "try again later"}},
		{"a 200 HTML page is not JSON", jsonReply(200, html, "Content-Type", "text/html"), false, ErrBadResponse,
			[]string{"company 00006400", "HTML page, not JSON"}},
		{"an empty 200 is not JSON", jsonReply(200, ``), false, ErrBadResponse, []string{"body is empty"}},
		{"truncated JSON is refused", jsonReply(200, `{"company_name":"AC`), false, ErrBadResponse, []string{"malformed or cut short"}},
		{"a JSON array is not a profile", jsonReply(200, `[1,2]`), false, ErrBadResponse, []string{"malformed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := serve(t, tc.h)
			c := newClient(t, srv.URL, func(o *Options) {
				if tc.noKey {
					o.Key = ""
				}
			})
			_, err := c.Company(context.Background(), "00006400")
			if !errors.Is(err, tc.target) {
				t.Fatalf("err = %v, want kind of %v", err, tc.target)
			}
			for _, m := range tc.message {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("message %q does not contain %q", err, m)
				}
			}
			if strings.Contains(err.Error(), testKey) {
				t.Errorf("message contains the key: %q", err)
			}
		})
	}
}

func TestAKeyEchoedByTheRegistryIsRedacted(t *testing.T) {
	srv, _ := serve(t, jsonReply(401, `{"error":"Invalid Authorization for key `+testKey+`"}`))
	_, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
	if err == nil || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
}

func TestRateLimitHeadersAreReadOnEveryResponse(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-RateLimit-Limit", "600")
		w.Header().Set("X-Ratelimit-Remain", "599")
		w.Header().Set("X-Ratelimit-Reset", "1730107751")
		w.Header().Set("X-Ratelimit-Window", "5m")
		jsonReply(404, `{}`)(w, r)
	})
	c := newClient(t, srv.URL)
	if c.RateLimit().Known {
		t.Fatal("quota known before any request")
	}
	_, _ = c.Company(context.Background(), "00000001")
	rl := c.RateLimit()
	if !rl.Known || rl.Limit != 600 || rl.Remain != 599 || rl.Window != "5m" || rl.Reset.Unix() != 1730107751 {
		t.Fatalf("rate limit = %+v", rl)
	}
}

func TestATimeoutAbandonsAHungServer(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(200)
		fmt.Fprint(w, `{"company_name":`)
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	c := newClient(t, srv.URL, func(o *Options) { o.Timeout = 200 * time.Millisecond })
	start := time.Now()
	_, err := c.Company(context.Background(), "00000001")
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %s", d)
	}
	if !strings.Contains(err.Error(), "company 00000001") || !strings.Contains(err.Error(), "200ms") {
		t.Fatalf("message = %q", err)
	}
}

func TestCancellingTheContextStopsTheRequest(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	c := newClient(t, srv.URL, func(o *Options) { o.Timeout = 10 * time.Second })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := c.Company(ctx, "00000001")
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestARefusedConnectionSaysSo(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = newClient(t, "http://"+addr).Company(context.Background(), "00000001")
	if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "refused") || !strings.Contains(err.Error(), "company 00000001") {
		t.Fatalf("err = %v", err)
	}
}

func TestABodyOverTheCapIsRefused(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"company_name":"`+strings.Repeat("A", 2<<20)+`"}`)
	})
	_, err := newClient(t, srv.URL, func(o *Options) { o.MaxBodyBytes = 1 << 20 }).Company(context.Background(), "00000001")
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Fatalf("err = %v", err)
	}
}

func TestServerErrorsAreRetryableButClientErrorsAreNot(t *testing.T) {
	for status, want := range map[int]bool{502: true, 503: true, 504: true, 500: true, 401: false, 403: false, 404: false, 429: true} {
		srv, _ := serve(t, jsonReply(status, `{}`))
		_, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
		var e *Error
		if !errors.As(err, &e) || e.Retryable() != want {
			t.Errorf("status %d: err %v retryable = %v, want %v", status, err, e != nil && e.Retryable(), want)
		}
	}
}
