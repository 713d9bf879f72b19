package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// These tests hold the client to what it says about waiting for the quota:
// a reset it cannot believe is unknown, every wait is bounded and ends when
// the caller gives up, and what it announces is what it does.

// promptly is how soon a wait must end once its context is cancelled: far
// less than any wait, with room for a loaded machine under -race.
const promptly = 200 * time.Millisecond

// quotaSpent answers every request with a profile and a quota with nothing
// left, resetting at reset (the header as sent).
func quotaSpent(reset string) http.HandlerFunc {
	return jsonReply(200, `{"company_number":"00000001"}`,
		"X-Ratelimit-Limit", "600", "X-Ratelimit-Remain", "0", "X-Ratelimit-Reset", reset, "X-Ratelimit-Window", "5m")
}

// within runs f and fails the test if it has not returned by limit: a
// request loop that spins or waits forever must fail the test, not hang it.
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s: still running after %s", what, limit)
	}
}

func TestAResetTheClientCannotBelieveIsUnknownAndHoldsNoRequestBack(t *testing.T) {
	t.Parallel()
	now := time.Now()
	cases := []struct {
		name  string
		reset string
	}{
		{"in milliseconds", strconv.FormatInt(now.Add(time.Minute).UnixMilli(), 10)},
		{"in microseconds", strconv.FormatInt(now.Add(time.Minute).UnixMicro(), 10)},
		{"the largest int64", "9223372036854775807"},
		{"beyond int64", "99999999999999999999999"},
		{"in the year 2100", strconv.FormatInt(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), 10)},
		{"in the year 9999", strconv.FormatInt(time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix(), 10)},
		{"a day ahead", strconv.FormatInt(now.Add(24*time.Hour).Unix(), 10)},
		{"negative", "-1730107751"},
		{"zero", "0"},
		{"a fraction", fmt.Sprintf("%d.5", now.Add(time.Minute).Unix())},
		{"not a number", "soon"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, rec := serve(t, quotaSpent(tc.reset))
			c := newClient(t, srv.URL)
			if _, err := c.Company(context.Background(), "00000001"); err != nil {
				t.Fatal(err)
			}
			if rl := c.RateLimit(); !rl.Known || rl.Remain != 0 || !rl.Reset.IsZero() {
				t.Errorf("quota = %+v, want known, none left, and the reset unknown", rl)
			}
			// With the reset unknown there is nothing to wait for: the next
			// request goes out at once, and the registry has the last word.
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			within(t, 3*time.Second, "the second request", func() {
				start := time.Now()
				if _, err := c.Company(ctx, "00000001"); err != nil {
					t.Errorf("second request: %v", err)
				}
				if d := time.Since(start); d > time.Second {
					t.Errorf("the second request was held back %s", d)
				}
			})
			if rec.count() != 2 {
				t.Fatalf("the registry saw %d requests, want 2", rec.count())
			}
		})
	}
}

func TestA429WithAnImpossibleResetWaitsAMinuteAtMostAndStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	reset := strconv.FormatInt(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), 10)
	srv, rec := serve(t, jsonReply(429, `{}`, "X-Ratelimit-Reset", reset, "X-Ratelimit-Remain", "0", "X-Ratelimit-Limit", "600"))
	c := newClient(t, srv.URL)
	var until time.Time
	ctx, cancel := context.WithCancel(context.Background())
	// Cancelled 100 ms into the wait, however long the 429 took to come.
	c.SetRateLimitWait(func(_ string, u time.Time) bool {
		until = u
		time.AfterFunc(100*time.Millisecond, cancel)
		return true
	})
	start := time.Now()
	var err error
	within(t, 2*time.Second, "the wait", func() { _, err = c.Company(ctx, "00000001") })
	if !errors.Is(err, ErrCanceled) || time.Since(start) > time.Second || rec.count() != 1 {
		t.Fatalf("err = %v after %s and %d requests", err, time.Since(start), rec.count())
	}
	if ahead := until.Sub(start); ahead < 59*time.Second || ahead > 61*time.Second {
		t.Errorf("told the client would wait %s, want the minute it waits when the reset is unknown", ahead)
	}
}

func TestARetryAfterLongerThanTheClientWaitsAnnouncesTheWaitItWillMake(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		headers   []string
		askedYear int // the year of the registry's own time, which the error keeps
	}{
		{"Retry-After 999999 seconds", []string{"Retry-After", "999999"}, time.Now().Add(999999 * time.Second).Year()},
		{"Retry-After of more seconds than a duration holds", []string{"Retry-After", "99999999999999"}, 3170000},
		{"Retry-After as a date in the year 9999", []string{"Retry-After", "Fri, 31 Dec 9999 23:59:59 GMT"}, 9999},
		{"a reset half an hour ahead", []string{"X-Ratelimit-Reset", strconv.FormatInt(time.Now().Add(30*time.Minute).Unix(), 10),
			"X-Ratelimit-Remain", "0", "X-Ratelimit-Limit", "600"}, time.Now().Add(30 * time.Minute).Year()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(429, `{}`, tc.headers...))
			start := time.Now()
			_, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
			var ae *Error
			if !errors.As(err, &ae) || ae.Kind != KindRateLimited {
				t.Fatalf("err = %v, want a 429", err)
			}
			if ahead := ae.RetryAt.Sub(start); ahead < MaxWait-time.Second || ahead > MaxWait+time.Second {
				t.Errorf("RetryAt is %s ahead, want the %s the client waits at most", ahead, MaxWait)
			}
			if y := ae.RetryAsked.Year(); y < tc.askedYear || y > tc.askedYear+1000 {
				t.Errorf("RetryAsked = %s, want the registry's time in the year %d", ae.RetryAsked, tc.askedYear)
			}
			msg := err.Error()
			for _, want := range []string{"rate limit reached (429)", "longer than this client waits", "(in 5m0s)"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not say %q", msg, want)
				}
			}
		})
	}
}

func TestARetryAfterWithinTheCapIsAnnouncedAsSent(t *testing.T) {
	t.Parallel()
	srv, _ := serve(t, jsonReply(429, `{}`, "Retry-After", "30"))
	start := time.Now()
	_, err := newClient(t, srv.URL).Company(context.Background(), "00000001")
	var ae *Error
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v", err)
	}
	if ahead := ae.RetryAt.Sub(start); ahead < 29*time.Second || ahead > 31*time.Second || !ae.RetryAsked.IsZero() {
		t.Errorf("RetryAt is %s ahead and RetryAsked %s, want 30s and nothing asked beyond it", ahead, ae.RetryAsked)
	}
	if msg := err.Error(); strings.Contains(msg, "longer than") || !strings.Contains(msg, "(in 30s)") {
		t.Errorf("message %q", msg)
	}
}

// noticeLog keeps every wait notice the client gives.
type noticeLog struct {
	mu  sync.Mutex
	got []Wait
}

func (l *noticeLog) add(w Wait) {
	l.mu.Lock()
	l.got = append(l.got, w)
	l.mu.Unlock()
}

func (l *noticeLog) all() []Wait {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.got)
}

// arrivals is a registry stand-in that notes when each request arrived.
type arrivals struct {
	mu sync.Mutex
	at []time.Time
}

func (a *arrivals) handler(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.at = append(a.at, time.Now())
		a.mu.Unlock()
		h(w, r)
	}
}

func (a *arrivals) all() []time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.at)
}

// spentClient is a client whose quota is spent until half an hour from
// now (believable, and longer than any wait), with notices logged.
func spentClient(t *testing.T, maxWait time.Duration) (*Client, *noticeLog, *arrivals) {
	t.Helper()
	reset := strconv.FormatInt(time.Now().Add(30*time.Minute).Unix(), 10)
	var arr arrivals
	srv, _ := serve(t, arr.handler(quotaSpent(reset)))
	c := newClient(t, srv.URL)
	c.maxWait = maxWait
	var log noticeLog
	c.SetWaitNotice(log.add)
	if _, err := c.Company(context.Background(), "00000001"); err != nil {
		t.Fatal(err)
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("%d notices before any wait", n)
	}
	return c, &log, &arr
}

func TestAWaitForTheQuotaIsCappedToldWithItsTrueEndAndToldWhenOver(t *testing.T) {
	t.Parallel()
	c, log, arr := spentClient(t, 1200*time.Millisecond)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	within(t, 6*time.Second, "the paced request", func() {
		if _, err := c.Company(ctx, "00000001"); err != nil {
			t.Errorf("paced request: %v", err)
		}
	})
	got := log.all()
	if len(got) != 2 || got[0].Over || !got[1].Over || got[1].Err != nil {
		t.Fatalf("notices = %+v, want a beginning and an end that ran its course", got)
	}
	w := got[0]
	if w.Subject != "company 00000001" || w.Reason != "rate limit reached" {
		t.Errorf("notice = %+v", w)
	}
	if ahead := w.Until.Sub(start); ahead < time.Second || ahead > 1200*time.Millisecond+promptly {
		t.Errorf("told the wait ends %s from now, want the cap of 1.2s", ahead)
	}
	sent := arr.all()[1]
	if sent.Before(w.Until) || sent.Sub(w.Until) > 300*time.Millisecond {
		t.Errorf("the request went out %s after the announced end", sent.Sub(w.Until))
	}
}

func TestAWaitForTheQuotaSleepsInsteadOfSpinningAndEndsWhenCancelled(t *testing.T) {
	t.Parallel()
	c, log, arr := spentClient(t, MaxWait)
	c.mu.Lock()
	before := c.paceRounds
	c.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled atomic.Int64
	time.AfterFunc(600*time.Millisecond, func() { cancelled.Store(time.Now().UnixNano()); cancel() })
	var err error
	within(t, 2*time.Second, "the paced request", func() { _, err = c.Company(ctx, "00000001") })
	late := time.Since(time.Unix(0, cancelled.Load()))
	if !errors.Is(err, ErrCanceled) || late > promptly || len(arr.all()) != 1 {
		t.Fatalf("err = %v, %s after the cancel, %d requests", err, late, len(arr.all()))
	}
	// Nothing changed the quota while it waited, so nothing woke it: it
	// looked at the quota once, then slept until the cancel.
	c.mu.Lock()
	rounds := c.paceRounds - before
	c.mu.Unlock()
	if rounds != 1 {
		t.Errorf("the quota was looked at %d times in 600ms of waiting, want once", rounds)
	}
	got := log.all()
	if len(got) != 2 || !got[1].Over || !errors.Is(got[1].Err, ErrCanceled) {
		t.Fatalf("notices = %+v, want a beginning and a cancelled end", got)
	}
	if ahead := time.Until(got[0].Until); ahead < MaxWait-time.Minute {
		t.Errorf("told the wait ends in %s, want the cap of %s", ahead, MaxWait)
	}
}

func TestWaitingOutA429IsToldWithTheCappedEndTheDecisionWasGiven(t *testing.T) {
	t.Parallel()
	var arr arrivals
	var n atomic.Int32
	srv, _ := serve(t, arr.handler(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			jsonReply(429, `{}`, "Retry-After", "999999")(w, r)
			return
		}
		jsonReply(200, `{"company_number":"00000001"}`)(w, r)
	}))
	c := newClient(t, srv.URL)
	c.maxWait = 1200 * time.Millisecond
	var decided time.Time
	c.SetRateLimitWait(func(_ string, until time.Time) bool { decided = until; return true })
	var log noticeLog
	c.SetWaitNotice(log.add)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	within(t, 6*time.Second, "the retried request", func() {
		if _, err := c.Company(ctx, "00000001"); err != nil {
			t.Errorf("retried request: %v", err)
		}
	})
	got := log.all()
	if len(got) != 2 || !got[1].Over || got[1].Err != nil {
		t.Fatalf("notices = %+v, want a beginning and an end that ran its course", got)
	}
	w := got[0]
	if !w.Until.Equal(decided) {
		t.Errorf("the notice says %s, the decision was asked about %s", w.Until, decided)
	}
	if ahead := w.Until.Sub(start); ahead < time.Second || ahead > 1300*time.Millisecond+promptly {
		t.Errorf("told the retry goes out %s from now, want the cap of 1.2s", ahead)
	}
	if !strings.Contains(w.Reason, "rate limit reached (429)") || !strings.Contains(w.Reason, "longer than this client waits") {
		t.Errorf("reason %q does not say the registry asked for longer", w.Reason)
	}
	if sent := arr.all()[1]; sent.Before(w.Until) || sent.Sub(w.Until) > 300*time.Millisecond {
		t.Errorf("the retry went out %s after the announced end", sent.Sub(w.Until))
	}
}

func TestWaitingOutA429EndsPromptlyWhenCancelled(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, jsonReply(429, `{}`, "Retry-After", "999999"))
	c := newClient(t, srv.URL)
	c.SetRateLimitWait(func(string, time.Time) bool { return true })
	var log noticeLog
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled atomic.Int64
	// Cancelled 100 ms into the wait, however long the 429 took to come.
	c.SetWaitNotice(func(w Wait) {
		log.add(w)
		if !w.Over {
			time.AfterFunc(100*time.Millisecond, func() { cancelled.Store(time.Now().UnixNano()); cancel() })
		}
	})
	var err error
	within(t, 2*time.Second, "the wait", func() { _, err = c.Company(ctx, "00000001") })
	late := time.Since(time.Unix(0, cancelled.Load()))
	if !errors.Is(err, ErrCanceled) || late > promptly || rec.count() != 1 {
		t.Fatalf("err = %v, %s after the cancel, %d requests", err, late, rec.count())
	}
	got := log.all()
	if len(got) != 2 || !errors.Is(got[1].Err, ErrCanceled) {
		t.Fatalf("notices = %+v, want a beginning and a cancelled end", got)
	}
	if ahead := time.Until(got[0].Until); ahead > MaxWait+time.Second || ahead < MaxWait-time.Minute {
		t.Errorf("told the retry goes out in %s, want the cap of %s", ahead, MaxWait)
	}
}

func TestNothingIsToldWhenTheClientDoesNotWait(t *testing.T) {
	t.Parallel()
	t.Run("a 429 the caller chose not to wait for", func(t *testing.T) {
		srv, rec := serve(t, jsonReply(429, `{}`, "Retry-After", "30"))
		c := newClient(t, srv.URL)
		c.SetRateLimitWait(func(string, time.Time) bool { return false })
		var log noticeLog
		c.SetWaitNotice(log.add)
		start := time.Now()
		if _, err := c.Company(context.Background(), "00000001"); !errors.Is(err, ErrRateLimited) || rec.count() != 1 || time.Since(start) > time.Second {
			t.Fatalf("err = %v after %d requests and %s", err, rec.count(), time.Since(start))
		}
		if got := log.all(); len(got) != 0 {
			t.Errorf("notices = %+v", got)
		}
	})
	t.Run("a retry after a moment's backoff", func(t *testing.T) {
		var n atomic.Int32
		srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				jsonReply(503, `{}`)(w, r)
				return
			}
			jsonReply(200, `{"company_number":"00000001"}`)(w, r)
		})
		c := newClient(t, srv.URL)
		var log noticeLog
		c.SetWaitNotice(log.add)
		if _, err := c.Company(context.Background(), "00000001"); err != nil {
			t.Fatal(err)
		}
		if got := log.all(); len(got) != 0 {
			t.Errorf("notices = %+v", got)
		}
	})
}

func TestWithTheResetUnknownTheNewestQuotaIsKept(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		remain := "0"
		if n.Add(1) > 1 {
			remain = "599"
		}
		jsonReply(200, `{"company_number":"00000001"}`, "X-Ratelimit-Limit", "600", "X-Ratelimit-Remain", remain,
			"X-Ratelimit-Reset", strconv.FormatInt(time.Now().Add(time.Minute).UnixMilli(), 10))(w, r)
	})
	c := newClient(t, srv.URL)
	for range 2 {
		if _, err := c.Company(context.Background(), "00000001"); err != nil {
			t.Fatal(err)
		}
	}
	if rl := c.RateLimit(); rl.Remain != 599 {
		t.Fatalf("quota = %+v, want the newest (599 left)", rl)
	}
}

func TestAWaitReadsAsWhatIsWaitedForAndHowLong(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	w := Wait{Subject: "company 00006400", Reason: "rate limit reached"}
	cases := []struct {
		name string
		w    Wait
		want string
	}{
		{"whole seconds", with(w, now.Add(43*time.Second), false, nil), "company 00006400: rate limit reached; next request in 43s"},
		{"a part second counts as a second", with(w, now.Add(42*time.Second+time.Millisecond), false, nil), "company 00006400: rate limit reached; next request in 43s"},
		{"minutes", with(w, now.Add(4*time.Minute+12*time.Second), false, nil), "company 00006400: rate limit reached; next request in 4m12s"},
		{"an end already passed", with(w, now.Add(-time.Second), false, nil), "company 00006400: rate limit reached; next request now"},
		{"over", with(w, now, true, nil), "company 00006400: rate limit reached; waited, sending the request now"},
		{"cancelled", with(w, now.Add(time.Minute), true, &Error{Kind: KindCanceled}), "company 00006400: rate limit reached; stopped waiting"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.w.Message(now); got != tc.want {
				t.Errorf("Message = %q, want %q", got, tc.want)
			}
		})
	}
}

func with(w Wait, until time.Time, over bool, err error) Wait {
	w.Until, w.Over, w.Err = until, over, err
	return w
}

// Issue 20, item 17: a Retry-After in seconds is an exact time, so the
// wait told is that many seconds, not rounded past it: "Retry-After: 2"
// reads "next request in 2s" when told, and the request goes then.
func TestARetryAfterIsToldAsTheWaitItIs(t *testing.T) {
	var n atomic.Int32
	srv, rec := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			jsonReply(429, `{}`, "Retry-After", "2")(w, r)
			return
		}
		jsonReply(200, `{"company_number":"00000001"}`)(w, r)
	})
	c := newClient(t, srv.URL)
	c.SetRateLimitWait(func(string, time.Time) bool { return true })
	var said []string
	var toldAt time.Time
	c.SetWaitNotice(func(w Wait) {
		if !w.Over {
			toldAt = time.Now()
			said = append(said, w.Message(toldAt))
		}
	})
	if _, err := c.Company(context.Background(), "00000001"); err != nil {
		t.Fatal(err)
	}
	took := time.Since(toldAt)
	if len(said) != 1 || !strings.HasSuffix(said[0], "next request in 2s") || rec.count() != 2 {
		t.Fatalf("told %q, %d requests", said, rec.count())
	}
	if took < 1900*time.Millisecond || took > 2*time.Second+promptly {
		t.Fatalf("told 2s, waited %s", took)
	}
}
