package e2e

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testtime"
)

// followWorld is the demo registry and its streams on a clock the test
// moves, with one living company watched and checked once: what a
// watch follow beside the browser is tried against.
type followWorld struct {
	at     time.Time // the company's next change
	clk    *testtime.Clock
	url    string // the registry's
	env    []string
	open   atomic.Int64 // connections to the streams open now
	opened chan struct{}
}

func newFollowWorld(tb testing.TB, number string) *followWorld {
	tb.Helper()
	w := &followWorld{at: livingEventAfter(number, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)), opened: make(chan struct{}, 1)}
	w.clk = testtime.NewClock(w.at.Add(-90 * time.Second))
	w.url = demoBehindKey(tb, goodKey, demo.Options{Now: w.clk.Now}).URL
	sh := demo.NewStreamHandler(demo.StreamOptions{Clock: w.clk, Heartbeat: time.Hour})
	streams := testkit.Serve(tb, http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.open.Add(1)
		defer w.open.Add(-1)
		select {
		case w.opened <- struct{}{}:
		default:
		}
		sh.ServeHTTP(rw, r)
	}))
	w.env = cleanEnv(tb, "COVIEW_API_KEY="+goodKey, "COVIEW_STREAM_URL="+streams.URL, "COVIEW_STREAM_KEY="+demo.StreamKey)
	for _, args := range [][]string{{"watch", "add", number}, {"watch", "check"}} {
		if r := runCoview(tb, w.env, "", append([]string{"--base-url", w.url}, args...)...); r.code != 0 {
			tb.Fatalf("coview %v: %d %s", args, r.code, r.stderr)
		}
	}
	return w
}

// connected waits until a follow holds a connection to each of the six
// streams a watched company needs.
func (w *followWorld) connected(tb testing.TB) {
	tb.Helper()
	for w.open.Load() < 6 {
		select {
		case <-w.opened:
		case <-testtime.Bound(tb):
			tb.Fatalf("the follow did not connect to the six streams (%d)", w.open.Load())
		}
	}
}
