package stream

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"coview/api"
	"coview/internal/testkit/testtime"
)

// testKey is the streaming key of the tests' streams.
const testKey = "0f0e0d0c-1111-4222-8333-944445555666"

// fakeServer is a stream server the test drives by hand, one connection
// at a time: each request is handed to the test, which says what to
// answer and sends the body byte by byte if it likes. It is how the
// wire's quirks are put to the client exactly.
type fakeServer struct {
	*httptest.Server
	conns chan *fakeConn
	mu    sync.Mutex
	seen  []*http.Request // every request, in order
}

// fakeConn is one request being answered; the test's calls are done by
// the handler's goroutine, in order.
type fakeConn struct {
	req     *http.Request
	actions chan func(http.ResponseWriter) bool // true ends the response
	acted   chan struct{}
}

func newFakeServer(t *testing.T) *fakeServer {
	t.Helper()
	f := &fakeServer{conns: make(chan *fakeConn, 16)}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.seen = append(f.seen, r)
		f.mu.Unlock()
		c := &fakeConn{req: r, actions: make(chan func(http.ResponseWriter) bool), acted: make(chan struct{})}
		f.conns <- c
		for {
			select {
			case act := <-c.actions:
				end := act(w)
				c.acted <- struct{}{}
				if end {
					return
				}
			case <-r.Context().Done():
				return
			}
		}
	}))
	t.Cleanup(f.Close)
	return f
}

// accept is the next request, waited for within the test's deadline.
func (f *fakeServer) accept(t *testing.T) *fakeConn {
	t.Helper()
	select {
	case c := <-f.conns:
		return c
	case <-testtime.Bound(t):
		t.Fatal("no connection came")
	}
	return nil
}

// requests is how many requests the server had.
func (f *fakeServer) requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.seen)
}

// do runs act in the handler and waits until it has; false when the
// client went away first.
func (c *fakeConn) do(t *testing.T, act func(http.ResponseWriter) bool) bool {
	t.Helper()
	select {
	case c.actions <- act:
	case <-c.req.Context().Done():
		return false
	case <-testtime.Bound(t):
		t.Fatal("the handler did not take the action")
	}
	<-c.acted
	return true
}

func (c *fakeConn) timepoint() string { return c.req.URL.Query().Get("timepoint") }

// ok answers 200 and sends the headers.
func (c *fakeConn) ok(t *testing.T) {
	t.Helper()
	c.do(t, func(w http.ResponseWriter) bool {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		return false
	})
}

// send writes each piece as a chunk of its own.
func (c *fakeConn) send(t *testing.T, pieces ...string) {
	t.Helper()
	for _, p := range pieces {
		c.do(t, func(w http.ResponseWriter) bool {
			w.Write([]byte(p))
			w.(http.Flusher).Flush()
			return false
		})
	}
}

// status answers code with body, ending the response.
func (c *fakeConn) status(t *testing.T, code int, contentType, body string, header ...string) {
	t.Helper()
	c.do(t, func(w http.ResponseWriter) bool {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(code)
		w.Write([]byte(body))
		return true
	})
}

// end ends the response: the client reads the end of the stream.
func (c *fakeConn) end(t *testing.T) {
	t.Helper()
	c.do(t, func(http.ResponseWriter) bool { return true })
}

// ev is one line of an event, as the stream sends it.
func ev(kind, id, etag string, tp int64) string {
	data := fmt.Sprintf(`{"company_number":"00006400","etag":%q}`, etag)
	return fmt.Sprintf(`{"resource_kind":%q,"resource_uri":"/company/00006400/x/%s","resource_id":%q,"data":%s,"event":{"timepoint":%d,"published_at":"2026-11-28T08:00:00","type":"changed"}}`+"\n",
		kind, id, id, data, tp)
}

// follow is a follow under test: its own clock, a fake server, and
// channels of what it reports.
type follow struct {
	t       *testing.T
	clk     *testtime.Clock
	srv     *fakeServer
	s       *Streams
	events  chan *api.Event
	notices chan Notice
	waits   chan Wait
	done    chan error
	cancel  context.CancelFunc
	handle  func(*api.Event) error
}

// start0 is when every test's clock starts.
var start0 = time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)

// newFollow makes the Streams (opts changed by change) and starts
// following name from from; handle, if given, is asked first about each
// event, and an error from it is the handler's.
func newFollow(t *testing.T, change func(*Options), name string, from int64, handle ...func(*api.Event) error) *follow {
	t.Helper()
	f := &follow{t: t, clk: testtime.NewClock(start0), srv: newFakeServer(t),
		events: make(chan *api.Event, 1<<12), notices: make(chan Notice, 1<<14), waits: make(chan Wait, 1<<10), done: make(chan error, 1)}
	opts := Options{
		BaseURL: f.srv.URL, Key: testKey, Clock: f.clk,
		Jitter:   func() float64 { return 0 },
		OnWait:   func(w Wait) { f.waits <- w },
		OnNotice: func(n Notice) { f.notices <- n },
	}
	if change != nil {
		change(&opts)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	f.s = s
	if len(handle) > 0 {
		f.handle = handle[0]
	}
	ctx, cancel := context.WithCancel(context.Background())
	f.cancel = cancel
	t.Cleanup(func() {
		cancel()
		select {
		case <-f.done:
		case <-testtime.Bound(t):
			buf := make([]byte, 1<<20)
			t.Errorf("the follow did not end when cancelled:\n%s", buf[:runtime.Stack(buf, true)])
		}
	})
	go func() {
		f.done <- s.Follow(ctx, name, from, func(_ context.Context, e *api.Event) error {
			if f.handle != nil {
				if err := f.handle(e); err != nil {
					return err
				}
			}
			f.events <- e
			return nil
		})
	}()
	return f
}

// event is the next event delivered.
func (f *follow) event() *api.Event {
	f.t.Helper()
	select {
	case e := <-f.events:
		return e
	case err := <-f.done:
		f.done <- err
		f.t.Fatalf("the follow ended: %v", err)
	case <-testtime.Bound(f.t):
		f.t.Fatal("no event came")
	}
	return nil
}

// timepoints are the timepoints of the next n events delivered.
func (f *follow) timepoints(n int) []int64 {
	f.t.Helper()
	var out []int64
	for range n {
		out = append(out, f.event().Timepoint)
	}
	return out
}

// noticeOf is the next notice of kind; those of other kinds on the way
// are passed over, heartbeats and connections aside, unless strict.
func (f *follow) noticeOf(kind NoticeKind) Notice {
	f.t.Helper()
	for {
		select {
		case n := <-f.notices:
			if n.Kind == kind {
				return n
			}
		case <-testtime.Bound(f.t):
			f.t.Fatalf("no notice of kind %d came", kind)
		}
	}
}

// waitFor is the next wait whose What starts with what; others are
// passed over.
func (f *follow) waitFor(what string) Wait {
	f.t.Helper()
	for {
		select {
		case w := <-f.waits:
			if strings.HasPrefix(w.What, what) {
				return w
			}
		case err := <-f.done:
			f.done <- err
			f.t.Fatalf("the follow ended while waiting for %q: %v", what, err)
		case <-testtime.Bound(f.t):
			f.t.Fatalf("no wait for %q came", what)
		}
	}
}

// result is what Follow returned.
func (f *follow) result() error {
	f.t.Helper()
	select {
	case err := <-f.done:
		f.done <- err
		return err
	case <-testtime.Bound(f.t):
		f.t.Fatal("the follow did not end")
	}
	return nil
}

// reconnect moves the clock to the end of the wait before connecting
// again, and returns the new connection.
func (f *follow) reconnect() (*fakeConn, Wait) {
	f.t.Helper()
	w := f.waitFor("to connect again")
	f.clk.Set(w.Until)
	return f.srv.accept(f.t), w
}

// live accepts the follow's next connection and opens it with a 200,
// waiting until the follow reads it.
func (f *follow) live() *fakeConn {
	f.t.Helper()
	c := f.srv.accept(f.t)
	c.ok(f.t)
	f.waitFor("for events")
	return c
}
