package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
)

func TestAFlakyRegistryThatFailsTwiceStillYieldsTheProfile(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) {
		case 1:
			jsonReply(503, `{"error":"busy"}`)(w, r)
		case 2:
			// Drop the connection without an answer, as a reset does.
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.(*net.TCPConn).SetLinger(0)
			conn.Close()
		default:
			jsonReply(200, `{"company_number":"00000001","company_name":"THIRD TIME LUCKY"}`)(w, r)
		}
	})
	p, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
	if err != nil || p.CompanyName != "THIRD TIME LUCKY" {
		t.Fatalf("p = %+v, err = %v", p, err)
	}
	if rec.count() != 3 {
		t.Fatalf("%d requests, want 3", rec.count())
	}
}

func TestRetriesGiveUpAfterAFewAttempts(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, jsonReply(502, `<html>bad gateway</html>`, "Content-Type", "text/html"))
	_, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
	if !errors.Is(err, ErrServer) || rec.count() != 3 {
		t.Fatalf("err = %v after %d requests, want a server error after 3", err, rec.count())
	}
}

func TestClientErrorsAreNeverRetried(t *testing.T) {
	t.Parallel()
	for _, status := range []int{401, 403, 404} {
		srv, rec := serve(t, jsonReply(status, `{}`))
		newClient(t, srv.URL).Company(context.Background(), "00000001")
		if rec.count() != 1 {
			t.Errorf("status %d was sent %d times", status, rec.count())
		}
	}
}

func TestA429WaitsForTheResetAndRetriesOnce(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			jsonReply(429, ``, "Retry-After", "1")(w, r)
			return
		}
		jsonReply(200, `{"company_number":"00000001"}`)(w, r)
	})
	c := newClient(t, srv.URL)
	var told time.Time
	c.SetRateLimitWait(func(subject string, until time.Time) bool {
		told = until
		return true
	})
	start := time.Now()
	if _, err := c.Company(context.Background(), "00000001"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 900*time.Millisecond || told.IsZero() || rec.count() != 2 {
		t.Fatalf("waited %s, told %v, %d requests", d, told, rec.count())
	}

	// Without a wait function, the 429 comes back at once.
	srv2, rec2 := serve(t, jsonReply(429, ``, "Retry-After", "30"))
	_, err := newClient(t, srv2.URL).Company(context.Background(), "00000001")
	if !errors.Is(err, ErrRateLimited) || rec2.count() != 1 {
		t.Fatalf("err = %v after %d requests", err, rec2.count())
	}

	// A second 429 after the wait is returned, not waited for again.
	srv3, rec3 := serve(t, jsonReply(429, ``, "Retry-After", "0"))
	c3 := newClient(t, srv3.URL)
	c3.SetRateLimitWait(func(string, time.Time) bool { return true })
	if _, err := c3.Company(context.Background(), "00000001"); !errors.Is(err, ErrRateLimited) || rec3.count() != 2 {
		t.Fatalf("err = %v after %d requests, want a 429 after 2", err, rec3.count())
	}
}

func TestCancellingDuringABackoffStopsAtOnce(t *testing.T) {
	t.Parallel()
	srv, _ := serve(t, jsonReply(503, `{}`))
	c := newClient(t, srv.URL, func(o *Options) { o.Backoff = 10 * time.Second })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Company(ctx, "00000001")
	if !errors.Is(err, ErrCanceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("err = %v after %s", err, time.Since(start))
	}
}

// The client paces itself from the quota headers: a burst larger than the
// window's allowance is spread over windows instead of earning 429s.
func TestABurstIsPacedToTheQuotaAndNeverEarnsA429(t *testing.T) {
	t.Parallel()
	srv, _ := serve(t, demo.NewHandler(demo.Options{Limit: 10, Window: time.Second}).ServeHTTP)
	c, err := New(Options{BaseURL: srv.URL, Key: demo.Key, Attempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	sem := make(chan struct{}, 4)
	for i := 0; i < 35; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if _, err := c.Company(context.Background(), "00006400"); err != nil {
				mu.Lock()
				failures = append(failures, err.Error())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d of 35 requests failed, first: %s", len(failures), failures[0])
	}
	if rl := c.RateLimit(); !rl.Known || rl.Limit != 10 {
		t.Fatalf("quota = %+v", rl)
	}
	_ = strings.TrimSpace
}

// Issue 20, item 18: a 500 is tried again the same bounded way as a 502
// or a 503: a passing one gives the answer, a lasting one gives up after
// three tries.
func TestA500IsRetriedTheBoundedWayA503Is(t *testing.T) {
	for _, status := range []int{500, 503} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			var n atomic.Int32
			srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) <= 2 {
					jsonReply(status, `{"error":"Internal server error"}`)(w, r)
					return
				}
				jsonReply(200, `{"company_number":"00000001"}`)(w, r)
			})
			if _, err := newClient(t, srv.URL).Company(context.Background(), "00000001"); err != nil || rec.count() != 3 {
				t.Fatalf("err = %v after %d requests, want the profile after 3", err, rec.count())
			}
			lasting, rec2 := serve(t, jsonReply(status, `{}`))
			if _, err := newClient(t, lasting.URL).Company(context.Background(), "00000001"); !errors.Is(err, ErrServer) || rec2.count() != 3 {
				t.Fatalf("err = %v after %d requests, want a server error after 3", err, rec2.count())
			}
		})
	}
}
