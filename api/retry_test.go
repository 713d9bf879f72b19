package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit/testtime"
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
	clk := testtime.NewClock(start)
	c := newClient(t, srv.URL, onClock(clk))
	var told time.Time
	c.SetRateLimitWait(func(subject string, until time.Time) bool {
		told = until
		return true
	})
	var err error
	done := background(func() { _, err = c.Company(context.Background(), "00000001") })
	fires := clk.AwaitTimers(t, 1)
	if rec.count() != 1 || told.IsZero() || !fires[0].Equal(told) {
		t.Fatalf("waiting until %v, told %v, after %d requests", fires, told, rec.count())
	}
	clk.Set(told)
	returns(t, done, "the retried request")
	if err != nil || rec.count() != 2 || told.Sub(start) != time.Second {
		t.Fatalf("err = %v after %d requests, having waited %s", err, rec.count(), told.Sub(start))
	}

	// Without a wait function, the 429 comes back at once.
	srv2, rec2 := serve(t, jsonReply(429, ``, "Retry-After", "30"))
	_, err = newClient(t, srv2.URL).Company(context.Background(), "00000001")
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
	clk := testtime.NewClock(start)
	c := newClient(t, srv.URL, onClock(clk), func(o *Options) { o.Backoff = 10 * time.Second })
	ctx, cancel := context.WithCancel(context.Background())
	var err error
	done := background(func() { _, err = c.Company(ctx, "00000001") })
	clk.AwaitTimers(t, 1)
	cancel() // the clock stands still: only the cancel can end the backoff
	returns(t, done, "the backoff")
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("err = %v", err)
	}
}

// The client paces itself from the quota headers: a burst larger than the
// window's allowance is spread over windows instead of earning 429s.
func TestABurstIsPacedToTheQuotaAndNeverEarnsA429(t *testing.T) {
	t.Parallel()
	// The registry and the client keep one clock, which moves on to each
	// wait as it begins: the windows pass without taking any time.
	clk := testtime.NewClock(start)
	srv, _ := serve(t, demo.NewHandler(demo.Options{Limit: 10, Window: time.Second, Now: clk.Now}).ServeHTTP)
	c, err := New(Options{BaseURL: srv.URL, Key: demo.Key, Attempts: 1, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var failures []string
	burst := func() {
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		for range 35 {
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
	}
	clk.Drive(t, background(burst))
	if len(failures) > 0 {
		t.Fatalf("%d of 35 requests failed, first: %s", len(failures), failures[0])
	}
	if took := clk.Now().Sub(start); took < 3*time.Second {
		t.Errorf("35 requests at 10 a second took %s of the clock: some were not held back", took)
	}
	if rl := c.RateLimit(); !rl.Known || rl.Limit != 10 {
		t.Fatalf("quota = %+v", rl)
	}
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
