package demo_test

import (
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
)

// clock is a settable Options.Now, so window tests need not sleep.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func TestRateLimit(t *testing.T) {
	start := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	clk := &clock{now: start}
	srv := serve(t, demo.Options{Limit: 5, Window: time.Second, Now: clk.Now})
	reset := strconv.FormatInt(start.Add(time.Second).Unix(), 10)

	type step struct {
		name   string
		before func()
		auth   string
		status int
		remain string
		reset  string
	}
	steps := []step{
		{name: "the first request opens the window and leaves 4", auth: basic(demo.Key), status: 200, remain: "4", reset: reset},
		{name: "the second leaves 3", auth: basic(demo.Key), status: 200, remain: "3", reset: reset},
		{name: "a request with a wrong key costs nothing", auth: basic("wrong"), status: 401, remain: "3", reset: reset},
		{name: "a request without a key costs nothing", auth: "", status: 401, remain: "3", reset: reset},
		{name: "the third leaves 2", auth: basic(demo.Key), status: 200, remain: "2", reset: reset},
		{name: "the fourth leaves 1", before: func() { clk.advance(500 * time.Millisecond) }, auth: basic(demo.Key), status: 200, remain: "1", reset: reset},
		{name: "the fifth leaves none", auth: basic(demo.Key), status: 200, remain: "0", reset: reset},
		{name: "the sixth is refused with 429", auth: basic(demo.Key), status: 429, remain: "0", reset: reset},
		{name: "and so is the seventh, just before the window ends", before: func() { clk.advance(499 * time.Millisecond) }, auth: basic(demo.Key), status: 429, remain: "0", reset: reset},
		{name: "a request after the window opens a new one", before: func() { clk.advance(time.Millisecond) }, auth: basic(demo.Key), status: 200, remain: "4",
			reset: strconv.FormatInt(start.Add(2*time.Second).Unix(), 10)},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.before != nil {
				s.before()
			}
			resp, body := fetch(t, srv, http.MethodGet, "/company/00006400", s.auth)
			if resp.StatusCode != s.status {
				t.Fatalf("status %d, want %d (body %s)", resp.StatusCode, s.status, body)
			}
			want := map[string]string{
				"X-Ratelimit-Limit":  "5",
				"X-Ratelimit-Remain": s.remain,
				"X-Ratelimit-Reset":  s.reset,
				"X-Ratelimit-Window": "1s",
			}
			for h, v := range want {
				if got := resp.Header.Get(h); got != v {
					t.Errorf("%s: %q, want %q", h, got, v)
				}
			}
			if s.status == 429 {
				if string(body) != `{"error":"Too Many Requests","type":"registry:service"}` {
					t.Errorf("body %s", body)
				}
				if resp.Header.Get("Content-Type") != "application/json" {
					t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
				}
			}
		})
	}
}

func TestRateLimitHeadersDescribeTheWindow(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		opts   demo.Options
		limit  string
		window string
	}{
		{"the defaults are the live 600 requests in 5 minutes", demo.Options{}, "600", "5m"},
		{"a 2-second window reads 2s", demo.Options{Limit: 10, Window: 2 * time.Second}, "10", "2s"},
		{"a window of whole minutes reads in minutes", demo.Options{Window: time.Hour}, "600", "60m"},
		{"a window of part seconds reads in milliseconds", demo.Options{Window: 1500 * time.Millisecond}, "600", "1500ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Now = func() time.Time { return now }
			srv := serve(t, tt.opts)
			resp, _ := get(t, srv, "/company/00006400")
			if got := resp.Header.Get("X-Ratelimit-Limit"); got != tt.limit {
				t.Errorf("X-Ratelimit-Limit %q, want %q", got, tt.limit)
			}
			if got := resp.Header.Get("X-Ratelimit-Window"); got != tt.window {
				t.Errorf("X-Ratelimit-Window %q, want %q", got, tt.window)
			}
			window := tt.opts.Window
			if window == 0 {
				window = 5 * time.Minute
			}
			reset := now.Add(window)
			wantReset := reset.Unix()
			if reset.After(time.Unix(wantReset, 0)) {
				wantReset++ // rounded up, never announcing a reset inside the window
			}
			if got := resp.Header.Get("X-Ratelimit-Reset"); got != strconv.FormatInt(wantReset, 10) {
				t.Errorf("X-Ratelimit-Reset %q, want %d", got, wantReset)
			}
		})
	}
}

func TestConcurrentRequestsShareOneAllowance(t *testing.T) {
	const limit, clients = 30, 50
	srv := serve(t, demo.Options{Limit: limit, Window: time.Hour})
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			resp, _ := get(t, srv, "/company/00006401/officers")
			switch resp.StatusCode {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusTooManyRequests:
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() != limit || refused.Load() != clients-limit {
		t.Errorf("%d answered and %d refused, want %d and %d", ok.Load(), refused.Load(), limit, clients-limit)
	}
}

func TestEachHandlerCountsOnItsOwn(t *testing.T) {
	first := serve(t, demo.Options{Limit: 1})
	second := serve(t, demo.Options{Limit: 1})
	if resp, _ := get(t, first, "/company/00006400"); resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if resp, _ := get(t, second, "/company/00006400"); resp.StatusCode != 200 {
		t.Fatalf("a second handler was charged for the first one's request: status %d", resp.StatusCode)
	}
}
