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

	"coview/internal/testkit/testtime"
)

// These tests hold the client to what it says about waiting for the quota:
// a reset it cannot believe is unknown, every wait is bounded and ends when
// the caller gives up, and what it announces is what it does.

// Every wait here is on a clock the test moves (testtime.Clock): a wait
// that should end when its context is cancelled is cancelled while the
// clock stands still, so only the cancel can end it; a wait that should
// end at a time ends when the clock is moved there, and not before.

// start is when the tests' clocks begin: a time with part of a second, as
// the machine's clock has.
var start = time.Date(2026, 11, 28, 9, 0, 0, 123456789, time.UTC)

// onClock is an option for newClient: the client keeps the time of clk.
func onClock(clk *testtime.Clock) func(*Options) {
	return func(o *Options) { o.Clock = clk }
}

// quotaSpent answers every request with a profile and a quota with nothing
// left, resetting at reset (the header as sent).
func quotaSpent(reset string) http.HandlerFunc {
	return jsonReply(200, `{"company_number":"00000001"}`,
		"X-Ratelimit-Limit", "600", "X-Ratelimit-Remain", "0", "X-Ratelimit-Reset", reset, "X-Ratelimit-Window", "5m")
}

// background runs f on a goroutine of its own; the channel is closed
// when it returns.
func background(f func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	return done
}

// returns waits for done, failing the test if it is still running at its
// deadline: a request loop that spins or waits forever fails the test
// rather than hanging it.
func returns(t *testing.T, done <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-done:
	case <-testtime.Bound(t):
		t.Fatalf("%s: still running at the test's deadline", what)
	}
}

// withoutWaiting waits for done, failing the test at once if the code
// under test sets a timer on clk meanwhile: it was to wait for nothing.
func withoutWaiting(t *testing.T, clk *testtime.Clock, done <-chan struct{}, what string) {
	t.Helper()
	set := clk.TimerSet()
	select {
	case <-done:
	case <-set:
		t.Fatalf("%s was held back: a timer was set for %v", what, clk.Timers())
	case <-testtime.Bound(t):
		t.Fatalf("%s: still running at the test's deadline", what)
	}
}

func TestAResetTheClientCannotBelieveIsUnknownAndHoldsNoRequestBack(t *testing.T) {
	t.Parallel()
	now := start
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
			clk := testtime.NewClock(start)
			c := newClient(t, srv.URL, onClock(clk))
			if _, err := c.Company(context.Background(), "00000001"); err != nil {
				t.Fatal(err)
			}
			if rl := c.RateLimit(); !rl.Known || rl.Remain != 0 || !rl.Reset.IsZero() {
				t.Errorf("quota = %+v, want known, none left, and the reset unknown", rl)
			}
			// With the reset unknown there is nothing to wait for: the next
			// request goes out at once, and the registry has the last word.
			withoutWaiting(t, clk, background(func() {
				if _, err := c.Company(context.Background(), "00000001"); err != nil {
					t.Errorf("second request: %v", err)
				}
			}), "the second request")
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
	clk := testtime.NewClock(start)
	c := newClient(t, srv.URL, onClock(clk))
	var until time.Time
	c.SetRateLimitWait(func(_ string, u time.Time) bool { until = u; return true })
	ctx, cancel := context.WithCancel(context.Background())
	var err error
	done := background(func() { _, err = c.Company(ctx, "00000001") })
	clk.AwaitTimers(t, 1)
	cancel() // the clock stands still: only the cancel can end the wait
	returns(t, done, "the wait")
	if !errors.Is(err, ErrCanceled) || rec.count() != 1 {
		t.Fatalf("err = %v after %d requests", err, rec.count())
	}
	if ahead := until.Sub(start); ahead != time.Minute {
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
		{"Retry-After 999999 seconds", []string{"Retry-After", "999999"}, start.Add(999999 * time.Second).Year()},
		{"Retry-After of more seconds than a duration holds", []string{"Retry-After", "99999999999999"}, 3170000},
		{"Retry-After as a date in the year 9999", []string{"Retry-After", "Fri, 31 Dec 9999 23:59:59 GMT"}, 9999},
		{"a reset half an hour ahead", []string{"X-Ratelimit-Reset", strconv.FormatInt(start.Add(30*time.Minute).Unix(), 10),
			"X-Ratelimit-Remain", "0", "X-Ratelimit-Limit", "600"}, start.Add(30 * time.Minute).Year()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(429, `{}`, tc.headers...))
			_, err := newClient(t, srv.URL, onClock(testtime.NewClock(start))).Company(context.Background(), "00000001")
			var ae *Error
			if !errors.As(err, &ae) || ae.Kind != KindRateLimited {
				t.Fatalf("err = %v, want a 429", err)
			}
			if ahead := ae.RetryAt.Sub(start); ahead != MaxWait {
				t.Errorf("RetryAt is %s ahead, want the %s the client waits at most", ahead, MaxWait)
			}
			if y := ae.RetryAsked.Year(); y < tc.askedYear || y > tc.askedYear+1000 {
				t.Errorf("RetryAsked = %s, want the registry's time in the year %d", ae.RetryAsked, tc.askedYear)
			}
			msg := ae.message(start)
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
	_, err := newClient(t, srv.URL, onClock(testtime.NewClock(start))).Company(context.Background(), "00000001")
	var ae *Error
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v", err)
	}
	if ahead := ae.RetryAt.Sub(start); ahead != 30*time.Second || !ae.RetryAsked.IsZero() {
		t.Errorf("RetryAt is %s ahead and RetryAsked %s, want 30s and nothing asked beyond it", ahead, ae.RetryAsked)
	}
	if msg := ae.message(start); strings.Contains(msg, "longer than") || !strings.Contains(msg, "(in 30s)") {
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

// arrivals is a registry stand-in that notes when, by the test's clock,
// each request arrived.
type arrivals struct {
	clk *testtime.Clock
	mu  sync.Mutex
	at  []time.Time
}

func (a *arrivals) handler(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.at = append(a.at, a.clk.Now())
		a.mu.Unlock()
		h(w, r)
	}
}

func (a *arrivals) all() []time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.at)
}

// spentClient is a client on the clock clk whose quota is spent until
// half an hour from start (believable, and longer than any wait), with
// notices logged.
func spentClient(t *testing.T, clk *testtime.Clock, maxWait time.Duration) (*Client, *noticeLog, *arrivals) {
	t.Helper()
	reset := strconv.FormatInt(start.Add(30*time.Minute).Unix(), 10)
	arr := arrivals{clk: clk}
	srv, _ := serve(t, arr.handler(quotaSpent(reset)))
	c := newClient(t, srv.URL, onClock(clk), func(o *Options) { o.MaxWait = maxWait })
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
	clk := testtime.NewClock(start)
	c, log, arr := spentClient(t, clk, 1200*time.Millisecond)
	done := background(func() {
		if _, err := c.Company(context.Background(), "00000001"); err != nil {
			t.Errorf("paced request: %v", err)
		}
	})
	fires := clk.AwaitTimers(t, 1)
	if n := len(arr.all()); n != 1 {
		t.Fatalf("%d requests while the quota is spent, want only the first", n)
	}
	clk.Set(fires[0])
	returns(t, done, "the paced request")
	got := log.all()
	if len(got) != 2 || got[0].Over || !got[1].Over || got[1].Err != nil {
		t.Fatalf("notices = %+v, want a beginning and an end that ran its course", got)
	}
	w := got[0]
	if w.Subject != "company 00000001" || w.Reason != "rate limit reached" {
		t.Errorf("notice = %+v", w)
	}
	if ahead := w.Until.Sub(start); ahead != 1200*time.Millisecond {
		t.Errorf("told the wait ends %s from now, want the cap of 1.2s", ahead)
	}
	if !fires[0].Equal(w.Until) {
		t.Errorf("told the wait ends at %s, but it waits until %s", w.Until, fires[0])
	}
	if sent := arr.all()[1]; !sent.Equal(w.Until) {
		t.Errorf("the request went out at %s, the wait was told to end at %s", sent, w.Until)
	}
}

func TestAWaitForTheQuotaSleepsInsteadOfSpinningAndEndsWhenCancelled(t *testing.T) {
	t.Parallel()
	clk := testtime.NewClock(start)
	c, log, arr := spentClient(t, clk, MaxWait)
	ctx, cancel := context.WithCancel(context.Background())
	var err error
	done := background(func() { _, err = c.Company(ctx, "00000001") })
	waiting := clk.AwaitTimers(t, 1)
	// Four minutes pass, a minute at a time, with nothing new about the
	// quota: the wait sleeps on the one timer it set, for the end of the
	// wait, which has not come. A wait that polled would have had its
	// timer fire, and set another.
	for i := range 4 {
		clk.Advance(time.Minute)
		if at := clk.Timers(); len(at) != 1 || !at[0].Equal(waiting[0]) {
			t.Fatalf("%d minutes into the wait the timers are %v, want the one for %s", i+1, at, waiting[0])
		}
	}
	cancel()
	returns(t, done, "the paced request")
	if !errors.Is(err, ErrCanceled) || len(arr.all()) != 1 {
		t.Fatalf("err = %v, %d requests", err, len(arr.all()))
	}
	got := log.all()
	if len(got) != 2 || !got[1].Over || !errors.Is(got[1].Err, ErrCanceled) {
		t.Fatalf("notices = %+v, want a beginning and a cancelled end", got)
	}
	if ahead := got[0].Until.Sub(start); ahead != MaxWait {
		t.Errorf("told the wait ends in %s, want the cap of %s", ahead, MaxWait)
	}
}

func TestWaitingOutA429IsToldWithTheCappedEndTheDecisionWasGiven(t *testing.T) {
	t.Parallel()
	clk := testtime.NewClock(start)
	arr := arrivals{clk: clk}
	var n atomic.Int32
	srv, _ := serve(t, arr.handler(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			jsonReply(429, `{}`, "Retry-After", "999999")(w, r)
			return
		}
		jsonReply(200, `{"company_number":"00000001"}`)(w, r)
	}))
	c := newClient(t, srv.URL, onClock(clk), func(o *Options) { o.MaxWait = 1200 * time.Millisecond })
	var decided time.Time
	c.SetRateLimitWait(func(_ string, until time.Time) bool { decided = until; return true })
	var log noticeLog
	c.SetWaitNotice(log.add)
	done := background(func() {
		if _, err := c.Company(context.Background(), "00000001"); err != nil {
			t.Errorf("retried request: %v", err)
		}
	})
	fires := clk.AwaitTimers(t, 1)
	if n := len(arr.all()); n != 1 {
		t.Fatalf("%d requests before the wait ended, want the one answered 429", n)
	}
	clk.Set(fires[0])
	returns(t, done, "the retried request")
	got := log.all()
	if len(got) != 2 || !got[1].Over || got[1].Err != nil {
		t.Fatalf("notices = %+v, want a beginning and an end that ran its course", got)
	}
	w := got[0]
	if !w.Until.Equal(decided) {
		t.Errorf("the notice says %s, the decision was asked about %s", w.Until, decided)
	}
	if ahead := w.Until.Sub(start); ahead != 1200*time.Millisecond {
		t.Errorf("told the retry goes out %s from now, want the cap of 1.2s", ahead)
	}
	if !strings.Contains(w.Reason, "rate limit reached (429)") || !strings.Contains(w.Reason, "longer than this client waits") {
		t.Errorf("reason %q does not say the registry asked for longer", w.Reason)
	}
	if sent := arr.all()[1]; !sent.Equal(w.Until) {
		t.Errorf("the retry went out at %s, the wait was told to end at %s", sent, w.Until)
	}
}

func TestWaitingOutA429EndsPromptlyWhenCancelled(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, jsonReply(429, `{}`, "Retry-After", "999999"))
	clk := testtime.NewClock(start)
	c := newClient(t, srv.URL, onClock(clk))
	c.SetRateLimitWait(func(string, time.Time) bool { return true })
	var log noticeLog
	c.SetWaitNotice(log.add)
	ctx, cancel := context.WithCancel(context.Background())
	var err error
	done := background(func() { _, err = c.Company(ctx, "00000001") })
	clk.AwaitTimers(t, 1)
	cancel() // the clock stands still: only the cancel can end the wait
	returns(t, done, "the wait")
	if !errors.Is(err, ErrCanceled) || rec.count() != 1 {
		t.Fatalf("err = %v, %d requests", err, rec.count())
	}
	got := log.all()
	if len(got) != 2 || !errors.Is(got[1].Err, ErrCanceled) {
		t.Fatalf("notices = %+v, want a beginning and a cancelled end", got)
	}
	if ahead := got[0].Until.Sub(start); ahead != MaxWait {
		t.Errorf("told the retry goes out in %s, want the cap of %s", ahead, MaxWait)
	}
}

func TestNothingIsToldWhenTheClientDoesNotWait(t *testing.T) {
	t.Parallel()
	t.Run("a 429 the caller chose not to wait for", func(t *testing.T) {
		srv, rec := serve(t, jsonReply(429, `{}`, "Retry-After", "30"))
		clk := testtime.NewClock(start)
		c := newClient(t, srv.URL, onClock(clk))
		c.SetRateLimitWait(func(string, time.Time) bool { return false })
		var log noticeLog
		c.SetWaitNotice(log.add)
		var err error
		withoutWaiting(t, clk, background(func() { _, err = c.Company(context.Background(), "00000001") }), "the request")
		if !errors.Is(err, ErrRateLimited) || rec.count() != 1 {
			t.Fatalf("err = %v after %d requests", err, rec.count())
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
			"X-Ratelimit-Reset", strconv.FormatInt(start.Add(time.Minute).UnixMilli(), 10))(w, r)
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
	clk := testtime.NewClock(start)
	c := newClient(t, srv.URL, onClock(clk))
	c.SetRateLimitWait(func(string, time.Time) bool { return true })
	var log noticeLog
	c.SetWaitNotice(log.add)
	done := background(func() {
		if _, err := c.Company(context.Background(), "00000001"); err != nil {
			t.Error(err)
		}
	})
	fires := clk.AwaitTimers(t, 1)
	got := log.all()
	if len(got) != 1 || got[0].Message(clk.Now()) != "company 00000001: rate limit reached (429); next request in 2s" {
		t.Fatalf("told %+v", got)
	}
	if waits := fires[0].Sub(start); waits != 2*time.Second {
		t.Fatalf("told 2s, waits %s", waits)
	}
	clk.Advance(2*time.Second - time.Nanosecond)
	if rec.count() != 1 {
		t.Fatalf("%d requests before the 2s were up", rec.count())
	}
	clk.Advance(time.Nanosecond)
	returns(t, done, "the retried request")
	if rec.count() != 2 {
		t.Fatalf("%d requests, want the retry after 2s", rec.count())
	}
}
