package demo

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// StreamKey is the one streaming key the demo's streams accept. It is not
// Key: the live registry's REST and streaming keys are different keys,
// and the demo's REST key gets the 401 a REST key gets from a stream.
const StreamKey = "5713ea11-7d3b-4c8e-9a61-0de70de7057e"

// StreamOptions tune the demo's streaming API. The zero value behaves as
// the live one is known to: a heartbeat every 30 seconds, three days of
// events kept, every connection closed after a day.
type StreamOptions struct {
	// Clock is its clock; nil is the machine's. What the streams hold
	// is worked out from its time, so a test that pins the clock knows
	// every event and timepoint.
	Clock Clock
	// Heartbeat is how often a blank line is sent, whatever else is: 0
	// is 30 seconds.
	Heartbeat time.Duration
	// Retention is how far back ?timepoint may reach; a timepoint older
	// than the first event kept gets 416. 0 is 72 hours.
	Retention time.Duration
	// CloseAfter ends every connection after this long (0: a day), and
	// CloseAfterEvents after this many events (0: never), as a stream
	// that closes every few seconds or events.
	CloseAfter       time.Duration
	CloseAfterEvents int
	// Chunk, when above 0, sends the body in pieces of at most that many
	// bytes, each flushed on its own: lines and the characters in them
	// are split anywhere, as chunks on the wire are.
	Chunk int
	// Fault, when it gives a status for a request, answers that instead:
	// 429, or 502, 503 and 504 with the HTML pages the gateway sends.
	Fault func(r *http.Request) int
}

// Clock is the time the demo's streams go by: what time it is, and a
// timer that fires when a span of it has passed (api.Clock is one, and so
// is a test's clock).
type Clock interface {
	Now() time.Time
	NewTimer(d time.Duration) (c <-chan time.Time, stop func() bool)
}

// nowClock is the machine's timers on a clock that may read another time
// (Options.Now: a demo pinned to a moment).
type nowClock struct{ now func() time.Time }

func (c nowClock) Now() time.Time {
	if c.now == nil {
		return time.Now()
	}
	return c.now()
}

func (nowClock) NewTimer(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}

// sharedStreamLogs are the streams, the same for every handler.
var sharedStreamLogs = sync.OnceValue(streamLogs)

type streamHandler struct {
	opts StreamOptions
	logs map[string]*streamLog
}

// NewStreamHandler returns the demo's streaming API: a path for each of
// StreamNames, Basic authentication with StreamKey, ?timepoint=N
// replaying from event N (inclusive) and then going live, 400 for a
// timepoint that is not a whole number of at least 0, 416 for one older
// than Retention, events from the living companies and a steady flow of
// incorporations and filings, repeats with new timepoints, deleted
// events with and without data, published_at in its three forms, a
// heartbeat every Heartbeat.
func NewStreamHandler(opts StreamOptions) http.Handler {
	if opts.Clock == nil {
		opts.Clock = nowClock{}
	}
	if opts.Heartbeat <= 0 {
		opts.Heartbeat = 30 * time.Second
	}
	if opts.Retention <= 0 {
		opts.Retention = 72 * time.Hour
	}
	if opts.CloseAfter <= 0 {
		opts.CloseAfter = 24 * time.Hour
	}
	return &streamHandler{opts: opts, logs: sharedStreamLogs()}
}

// gatewayPage is the page the gateway answers a failure with.
func gatewayPage(code int) string {
	switch code {
	case http.StatusTooManyRequests:
		return "<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center></body></html>\n"
	case http.StatusBadGateway:
		return "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n"
	case http.StatusServiceUnavailable:
		return "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n"
	case http.StatusGatewayTimeout:
		return "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>\r\n"
	}
	return "<html><body><h1>" + strconv.Itoa(code) + " " + http.StatusText(code) + "</h1></body></html>\n"
}

func (h *streamHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeFlatError(w, http.StatusMethodNotAllowed, "Method Not Allowed")
		return
	}
	log := h.logs[strings.TrimPrefix(r.URL.Path, "/")]
	if log == nil {
		writeFlatError(w, http.StatusNotFound, "Not Found")
		return
	}
	user, password, ok := r.BasicAuth()
	if !ok || password != "" || subtle.ConstantTimeCompare([]byte(user), []byte(StreamKey)) != 1 {
		writeJSON(w, http.StatusUnauthorized, flatError{Error: errInvalidAuthorization, Type: serviceErrorType})
		return
	}
	if h.opts.Fault != nil {
		if code := h.opts.Fault(r); code != 0 {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(code)
			w.Write([]byte(gatewayPage(code)))
			return
		}
	}
	now := h.opts.Clock.Now()
	cur := log.cursorAfter(now)
	if raw, asked := r.URL.Query()["timepoint"]; asked {
		tp, err := strconv.ParseInt(strings.Join(raw, ""), 10, 64)
		switch {
		case err != nil || tp < 0 || len(raw) != 1:
			writeFlatError(w, http.StatusBadRequest, "timepoint must be a whole number of at least 0")
			return
		case tp < log.tpBefore(now.Add(-h.opts.Retention)):
			writeFlatError(w, http.StatusRequestedRangeNotSatisfiable, "The specified timepoint is invalid or too old")
			return
		}
		cur = log.cursorFrom(tp)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	h.serve(w, r, cur, now)
}

// timerAt fires at next: on a clock that makes timers for an instant (a
// test's), for that instant, so that the clock set forward while the
// events were being written cannot leave the timer counting from after
// it; on another, after next less now.
func (h *streamHandler) timerAt(next, now time.Time) (<-chan time.Time, func() bool) {
	if c, ok := h.opts.Clock.(interface {
		NewTimerAt(time.Time) (<-chan time.Time, func() bool)
	}); ok {
		return c.NewTimerAt(next)
	}
	return h.opts.Clock.NewTimer(next.Sub(now))
}

// serve sends the stream until the client goes, a write fails, or the
// connection has had its time or its events: each event when the clock
// reaches it, and a heartbeat every Heartbeat from the start, not put
// off by events.
func (h *streamHandler) serve(w http.ResponseWriter, r *http.Request, cur *cursor, start time.Time) {
	flusher, _ := w.(http.Flusher)
	write := func(b []byte) bool {
		for len(b) > 0 {
			n := len(b)
			if h.opts.Chunk > 0 {
				n = min(n, h.opts.Chunk)
			}
			if _, err := w.Write(b[:n]); err != nil {
				return false
			}
			if flusher != nil {
				flusher.Flush()
			}
			b = b[n:]
		}
		return true
	}
	if flusher != nil {
		flusher.Flush()
	}
	beat := start.Add(h.opts.Heartbeat)
	closeAt := start.Add(h.opts.CloseAfter)
	sent := 0
	for {
		now := h.opts.Clock.Now()
		var out []byte
		for !cur.none && !cur.at.After(now) {
			for _, line := range cur.take() {
				out = append(out, line...)
				sent++
				if h.opts.CloseAfterEvents > 0 && sent >= h.opts.CloseAfterEvents {
					write(out)
					return
				}
			}
			// A long replay goes out as it is made, and stops being made
			// when the client has gone.
			if len(out) >= 32<<10 {
				if !write(out) || r.Context().Err() != nil {
					return
				}
				out = out[:0]
			}
		}
		if !beat.After(now) {
			out = append(out, '\n')
			for !beat.After(now) { // one line for the beats a jump of the clock passed over
				beat = beat.Add(h.opts.Heartbeat)
			}
		}
		if len(out) > 0 && !write(out) {
			return
		}
		if !closeAt.After(now) {
			return
		}
		next := beat
		if closeAt.Before(next) {
			next = closeAt
		}
		if !cur.none && cur.at.Before(next) {
			next = cur.at
		}
		wake, stop := h.timerAt(next, now)
		select {
		case <-wake:
		case <-r.Context().Done():
			stop()
			return
		}
	}
}
